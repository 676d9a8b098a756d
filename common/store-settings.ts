/**
 * The shop as its owner names it (docs/product.md "Store settings"): name, contacts and the Terms, Refund and Privacy
 * pages. Stored in the database (server/src/store-settings/, table `store_settings`) and edited in the admin's
 * Settings tab; until the owner saves them, every value is the default below (common/brand.ts's placeholders, and
 * demo texts that say what this store actually does). One schema checks them in the admin's form and in the API.
 */
import { z } from 'zod';
import { STORE_NAME, SUPPORT_EMAIL, SUPPORT_PHONE } from './brand';
import { emailSchema, hasControlCharacter, hasVisibleCharacter, stripBidiControls } from './validation';

export interface StoreSettingsValues {
  storeName: string;
  supportEmail: string;
  /** Empty: no phone support (the support page leaves its card out). */
  supportPhone: string;
  /** When phone support answers, as a person reads it ("Mon-Fri 9AM-5PM"); shown with `timeZone`. */
  supportHours: string;
  /** The IANA time zone the hours are in ("Europe/Berlin", "UTC"). */
  timeZone: string;
  termsText: string;
  refundText: string;
  privacyText: string;
}

/** The legal pages: path, title and which setting holds their text. Footer and checkout link them in this order. */
export const POLICY_PAGES = [
  { path: '/terms', title: 'Terms of Service', field: 'termsText' },
  { path: '/refunds', title: 'Refund Policy', field: 'refundText' },
  { path: '/privacy', title: 'Privacy Policy', field: 'privacyText' },
] as const satisfies readonly { path: string; title: string; field: keyof StoreSettingsValues }[];

export type PolicyPage = (typeof POLICY_PAGES)[number];

export const STORE_SETTINGS_LIMITS = {
  storeName: 60,
  supportPhone: 40,
  supportHours: 60,
  timeZone: 64,
  policyText: 20_000,
} as const;

export const STORE_SETTINGS_MESSAGES = {
  storeNameRequired: 'Please enter the store name',
  storeNameTooLong: `Store name must be at most ${STORE_SETTINGS_LIMITS.storeName} characters`,
  phoneInvalid: 'Please enter a phone number of digits, spaces, +, -, ( and )',
  phoneTooLong: `Phone number must be at most ${STORE_SETTINGS_LIMITS.supportPhone} characters`,
  hoursRequired: 'Please enter the support hours',
  hoursTooLong: `Support hours must be at most ${STORE_SETTINGS_LIMITS.supportHours} characters`,
  timeZoneInvalid: 'Please enter a time zone such as Europe/Berlin or UTC',
  textRequired: 'Please enter the page text',
  textTooLong: `The page text must be at most ${STORE_SETTINGS_LIMITS.policyText.toLocaleString('en-US')} characters`,
  charactersInvalid: 'This field contains characters that are not allowed',
} as const;

const DEFAULT_TERMS = `These terms apply to every order placed in this store.

Orders. An order is a request to buy the listed product at the price shown at checkout. It is confirmed once the payment has been received on chain with the confirmations the checkout names.

Payment. Prices are in US dollars; the amount to send is converted at the rate shown on the payment page and held for the time shown there. Send exactly the amount shown, on the network shown: a payment on another network or to another address cannot be credited.

Delivery. Licence keys and downloads are delivered to your dashboard as soon as the payment is confirmed. Certificates and other products delivered by our team are delivered within the times given on the product page.

Use. Keys and files are for the buyer's own use and may not be resold unless the product page says otherwise.

Contact. Questions about an order: open a support ticket from your dashboard or write to our support address.`;

const DEFAULT_REFUNDS = `Refunds are paid in the cryptocurrency the order was paid in, to an address you give us.

When you can ask for one. An order that cannot be delivered (out of stock, cancelled after payment), a payment that arrived late or was larger than the order, and a key that does not work and cannot be replaced are refunded.

Delivered keys and downloads. Once a key has been shown to you or a file downloaded, the order is not refundable unless the key does not work.

How. Open a support ticket with your order ID. If a refund is offered, your order page asks for the address to pay it to; the refund is sent from our wallet and appears on the order page with its transaction.

Amounts. We refund what the order received on chain, less refunds already paid. Network fees of the refund are paid by us.`;

const DEFAULT_PRIVACY = `We keep only what running your orders needs.

What we store. Your e-mail address and name, your orders with their payment addresses, amounts and transactions, your support tickets, and the IP address of requests for abuse protection.

What we do not store. Card or bank details (we accept only cryptocurrency) and private keys of any wallet.

Who sees it. Our staff, to deliver orders and answer tickets. We do not sell or share your data; e-mails are sent through our mail provider.

How long. Orders are kept as long as the law requires for accounting records; you can ask us to delete your account and everything not needed for that.

Your rights. Ask for a copy of your data, a correction or a deletion by writing to our support address.`;

/** Every value until the owner saves their own: the placeholders the code shipped with, and demo texts. */
export const DEFAULT_STORE_SETTINGS: Readonly<StoreSettingsValues> = Object.freeze({
  storeName: STORE_NAME,
  supportEmail: SUPPORT_EMAIL,
  supportPhone: SUPPORT_PHONE,
  supportHours: 'Mon-Fri 9AM-5PM',
  timeZone: 'UTC',
  termsText: DEFAULT_TERMS,
  refundText: DEFAULT_REFUNDS,
  privacyText: DEFAULT_PRIVACY,
});

/** Whether the runtime knows `zone` as an IANA time zone (Intl refuses an unknown one with a RangeError). */
export function isTimeZone(zone: string): boolean {
  if (zone === '' || zone.length > STORE_SETTINGS_LIMITS.timeZone) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Control characters but tab and line breaks (multi-line text). */
// eslint-disable-next-line no-control-regex
const CONTROL_EXCEPT_LINE_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

function line(required: string, max: number, tooLong: string) {
  return z
    .string(required)
    .overwrite(stripBidiControls)
    .trim()
    .refine((v) => !hasControlCharacter(v), { message: STORE_SETTINGS_MESSAGES.charactersInvalid, abort: true })
    .refine(hasVisibleCharacter, { message: required, abort: true })
    .max(max, tooLong);
}

function policyText() {
  return z
    .string(STORE_SETTINGS_MESSAGES.textRequired)
    .overwrite((v) => v.replace(/\r\n?/g, '\n'))
    .trim()
    .refine((v) => !CONTROL_EXCEPT_LINE_BREAKS.test(v), {
      message: STORE_SETTINGS_MESSAGES.charactersInvalid,
      abort: true,
    })
    .refine(hasVisibleCharacter, { message: STORE_SETTINGS_MESSAGES.textRequired, abort: true })
    .max(STORE_SETTINGS_LIMITS.policyText, STORE_SETTINGS_MESSAGES.textTooLong);
}

/** The owner's settings as the admin's form and `updateStoreSettings` send them: every field, replaced together. */
export const storeSettingsSchema = z.object({
  storeName: line(
    STORE_SETTINGS_MESSAGES.storeNameRequired,
    STORE_SETTINGS_LIMITS.storeName,
    STORE_SETTINGS_MESSAGES.storeNameTooLong,
  ),
  supportEmail: emailSchema,
  supportPhone: z
    .string(STORE_SETTINGS_MESSAGES.phoneInvalid)
    .trim()
    .max(STORE_SETTINGS_LIMITS.supportPhone, { message: STORE_SETTINGS_MESSAGES.phoneTooLong, abort: true })
    .regex(/^(\+?[\d ()-]*\d[\d ()-]*)?$/, STORE_SETTINGS_MESSAGES.phoneInvalid),
  supportHours: line(
    STORE_SETTINGS_MESSAGES.hoursRequired,
    STORE_SETTINGS_LIMITS.supportHours,
    STORE_SETTINGS_MESSAGES.hoursTooLong,
  ),
  timeZone: z.string(STORE_SETTINGS_MESSAGES.timeZoneInvalid).trim().refine(isTimeZone, {
    message: STORE_SETTINGS_MESSAGES.timeZoneInvalid,
  }),
  termsText: policyText(),
  refundText: policyText(),
  privacyText: policyText(),
});

/** A phone number as a `tel:` link takes it: "+1 (555) 010-2400" → "+15550102400". */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^+\d]/g, '')}`;
}

/** A policy text's paragraphs (separated by blank lines), as the pages render them. */
export function paragraphsOf(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
}
