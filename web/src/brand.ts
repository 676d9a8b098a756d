/** The store's name as shown in the navigation bar, footer and page titles. */
export const STORE_NAME = 'CryptoCerts';
export const SUPPORT_EMAIL = 'support@cryptocerts.store';
export const SUPPORT_PHONE = '+1 (555) 010-2400';
