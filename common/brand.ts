/** The store's name and contacts, shared by the web app (navigation, footer) and the server (e-mails). */
export const STORE_NAME = 'CryptoCerts';
export const SUPPORT_EMAIL = 'support@cryptocerts.store';
export const SUPPORT_PHONE = '+1 (555) 010-2400';
