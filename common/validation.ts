/**
 * The store's input rules with the spec's exact messages (docs/product.md "Input rules"). Server and web both validate
 * with these schemas, so a message is never typed twice.
 */
import { z } from 'zod';

// Before any schema is built: zod's JIT would probe `new Function` at construction, which the web app's
// CSP (no 'unsafe-eval') reports as a violation; the interpreted parser is fast enough for these forms.
z.config({ jitless: true });

export const LIMITS = {
  email: 255,
  domain: 253,
  transactionId: 100,
  fullName: 100,
  passwordMin: 8,
  passwordMax: 72,
  ticketSubject: 200,
  ticketDescription: 2000,
  quantityMax: 50000,
  /** The quantity input clamps to this; the API accepts up to quantityMax. */
  quantityInputMax: 10000,
  /** Payment proof upload size (the server's multipart limit too). */
  proofBytes: 5 * 1024 * 1024,
  /** An uploaded list of licence keys (the multipart limit: the same as a proof's). */
  keyFileBytes: 5 * 1024 * 1024,
  companyName: 200,
  phone: 40,
  guideSearch: 100,
  /** Certificate and chain files (PEM text) uploaded by an admin. */
  certificateFileBytes: 1024 * 1024,
} as const;

export const MESSAGES = {
  invalidEmail: 'Please enter a valid email address',
  emailTooLong: 'Email must be less than 255 characters',
  domainTooLong: 'Domain must be less than 253 characters',
  invalidDomain: 'Please enter a valid domain (e.g., example.com)',
  quantityMin: 'Quantity must be at least 1',
  quantityMax: 'Quantity cannot exceed 50000',
  invalidProduct: 'Please select a valid product',
  transactionIdTooLong: 'Transaction ID must be less than 100 characters',
  transactionIdChars: 'Transaction ID can only contain letters and numbers',
  transactionIdRequired: 'Enter the transaction ID of your payment',
  onlyPendingCanBeCancelled: 'Only a pending order can be cancelled',
  transactionAlreadyUsed: 'This transaction already paid another order',
  paymentSeenCannotCancel:
    'A payment for this order has been seen on chain, so it can no longer be cancelled. Contact support if you need a refund.',
  onlyPendingTakesTransactionId: 'A transaction ID can only be added while the order is pending',
  proofNotImage: 'Payment proof must be an image file',
  proofTooLarge: 'Payment proof must be 5 MB or smaller',
  uploadFailed: 'Failed to upload payment proof. Please try again.',
  fullNameRequired: 'Full name is required',
  fullNameTooLong: 'Full name must be less than 100 characters',
  passwordMin: 'Password must be at least 8 characters',
  passwordMax: 'Password must be less than 72 characters',
  passwordUpper: 'Password must contain at least one uppercase letter',
  passwordLower: 'Password must contain at least one lowercase letter',
  passwordNumber: 'Password must contain at least one number',
  passwordRequired: 'Password is required',
  subjectRequired: 'Subject is required',
  subjectTooLong: 'Subject must be less than 200 characters',
  descriptionRequired: 'Description is required',
  descriptionTooLong: 'Description must be less than 2000 characters',
  categoryRequired: 'Please select a category',
  invalidPriority: 'Please select a priority',
  companyTooLong: 'Company name must be less than 200 characters',
  phoneInvalid: 'Please enter a valid phone number',
  outOfStockOnSubmit: 'This product is currently out of stock. Please try another product.',
  /** Fewer licence keys in stock than the quantity asked for (but some). */
  onlyLeftInStock: (available: number) => `Only ${available.toLocaleString('en-US')} left in stock`,
  outOfStockDetail:
    'This product is currently out of stock. Please check back later or contact support for availability.',
  outOfStockOpened: 'This product is currently out of stock. Please check back later.',
  outOfStockPicker: 'This product is currently out of stock.',
  paymentMethodUnavailable:
    'This payment method is not available yet. Please contact support and open a ticket to pay with it.',
  /** Not in the spec: sign-up with a taken e-mail (the spec's front end shows backend errors under 'Error'). */
  emailTaken: 'An account with this email already exists',
  /** Not in the spec: one message for an unknown e-mail and a wrong password. */
  invalidCredentials: 'Invalid email or password',
  /** Not in the spec: refreshSession without a usable refresh cookie. */
  sessionExpired: 'Your session has expired. Please sign in again.',
  idempotencyKeyInvalid: 'Idempotency key must be 8 to 100 letters, digits, dashes or underscores',
  guideSearchTooLong: 'Search must be less than 100 characters',
  /** Admin certificate issuing (not in the spec: it does not show how certificates are issued). */
  certificateFileNotPem: 'Certificate files must be PEM text starting with -----BEGIN CERTIFICATE-----',
  certificateFileHasPrivateKey: 'Certificate files must not contain a private key',
  certificateFileTooLarge: 'Certificate files must be 1 MB or smaller',
  certificateUploadFailed: 'Failed to upload the certificate file. Please try again.',
  certificateExpiryBeforeIssue: 'The expiry date must be after the issue date',
  belowMinimumQuantity: (min: number) => `This product is sold in bulk only: the minimum order is ${min}`,
  /** Not in the spec: control characters (a NUL, say) in free text. */
  fullNameCharacters: 'Full name contains characters that are not allowed',
  companyCharacters: 'Company name contains characters that are not allowed',
  subjectCharacters: 'Subject contains characters that are not allowed',
  descriptionCharacters: 'Description contains characters that are not allowed',
  guideSearchCharacters: 'Search contains characters that are not allowed',
  /** Not in the spec: the account's stored payment proofs reached PROOF_STORAGE_PER_USER_MB. */
  proofStorageFull:
    'You have reached the storage limit for payment proofs. Place the order without a proof or contact support.',
} as const;

/** A lower-case host name such as example.com or shop.example.co.uk. */
const DOMAIN_PATTERN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ALPHANUMERIC = /^[A-Za-z0-9]*$/;

// Control characters are matched on purpose here (eslint's no-control-regex is about accidental ones).
/* eslint-disable no-control-regex */
/** C0 controls, DEL and C1 controls: never part of a name or a subject, and PostgreSQL refuses NUL in text. */
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;
/** The same, except tab, line feed and carriage return, which multi-line text may hold. */
const CONTROL_CHARACTERS_EXCEPT_LINE_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/* eslint-enable no-control-regex */

/** Whether `text` holds a control character (C0, DEL, C1). */
export function hasControlCharacter(text: string): boolean {
  return CONTROL_CHARACTERS.test(text);
}

/** `text` with every control character but tab and line breaks replaced by U+FFFD: storable and showable. */
export function replaceControlCharacters(text: string): string {
  return text.replace(new RegExp(CONTROL_CHARACTERS_EXCEPT_LINE_BREAKS.source, 'g'), '\ufffd');
}

/** `text` cut to at most `max` characters, an ellipsis marking the cut. */
export function clipText(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
/**
 * Bidirectional embeddings, overrides, isolates and marks (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F,
 * U+061C): in a name or a subject they only serve to show text reversed or out of order in the admin's lists.
 */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
/**
 * A character that shows something: not white space, not a control or format character (zero-width
 * space and joiners, bidi controls), not a combining mark on its own, not one of the code points Unicode
 * says render as nothing (Hangul fillers and the like), and not the blank braille pattern.
 */
const VISIBLE_CHARACTER = /[^\p{White_Space}\p{Cc}\p{Cf}\p{M}\p{Default_Ignorable_Code_Point}\u2800]/u;

/** `text` without bidi control characters. */
export function stripBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, '');
}

/** Whether `text` has at least one character a reader can see. */
export function hasVisibleCharacter(text: string): boolean {
  return VISIBLE_CHARACTER.test(text);
}

/**
 * A one-line text field as a person types it: bidi controls stripped, trimmed, and refused with
 * `charactersMessage` (and no further message) when it holds a control character.
 */
function singleLineText(charactersMessage: string) {
  return z
    .string()
    .overwrite(stripBidiControls)
    .trim()
    .refine((v) => !CONTROL_CHARACTERS.test(v), { message: charactersMessage, abort: true });
}

/** Multi-line text: trimmed; line breaks and tabs allowed, other control characters refused with `charactersMessage`. */
function multiLineText(charactersMessage: string) {
  return z
    .string()
    .trim()
    .refine((v) => !CONTROL_CHARACTERS_EXCEPT_LINE_BREAKS.test(v), { message: charactersMessage, abort: true });
}

/** Whether `value` is a uuid in text form. Ids from clients are checked with it before they reach SQL's uuid type. */
export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}

export const emailSchema = z
  .string()
  .trim()
  .max(LIMITS.email, MESSAGES.emailTooLong)
  .pipe(z.email(MESSAGES.invalidEmail));

/** Optional domain: empty, or a lower-case host name (bidi controls stripped first). Empty becomes null. */
export const domainSchema = z
  .string()
  .overwrite(stripBidiControls)
  .trim()
  .max(LIMITS.domain, MESSAGES.domainTooLong)
  .refine((v) => v === '' || DOMAIN_PATTERN.test(v), MESSAGES.invalidDomain)
  .transform((v) => (v === '' ? null : v));

export const quantitySchema = z
  .number(MESSAGES.quantityMin)
  .int(MESSAGES.quantityMin)
  .min(1, MESSAGES.quantityMin)
  .max(LIMITS.quantityMax, MESSAGES.quantityMax);

export const productIdSchema = z.string().regex(UUID_PATTERN, MESSAGES.invalidProduct);

export const transactionIdSchema = z
  .string()
  .trim()
  .max(LIMITS.transactionId, MESSAGES.transactionIdTooLong)
  .regex(ALPHANUMERIC, MESSAGES.transactionIdChars)
  .transform((v) => (v === '' ? null : v));

/** A transaction ID given after checkout (`submitTransactionId`): the checkout's rules, and not empty. */
export const submitTransactionIdSchema = z.object({
  transactionId: transactionIdSchema.refine((v) => v !== null, MESSAGES.transactionIdRequired),
});

export const idempotencyKeySchema = z.string().regex(/^[A-Za-z0-9_-]{8,100}$/, MESSAGES.idempotencyKeyInvalid);

/** Checkout step 1 (docs/product.md "Input rules"). */
export const checkoutDetailsSchema = z.object({
  productId: productIdSchema,
  quantity: quantitySchema,
  // prefault, not default: zod 4 returns a default as is, skipping the '' → null transform.
  domainName: domainSchema.optional().prefault(''),
  email: emailSchema,
});

/** Checkout step 2 (docs/product.md "Input rules"); the proof's image check runs on its bytes on the server. */
export const checkoutPaymentSchema = z.object({
  transactionId: transactionIdSchema.optional().prefault(''),
});

export const passwordSchema = z
  .string()
  .min(LIMITS.passwordMin, MESSAGES.passwordMin)
  .max(LIMITS.passwordMax, MESSAGES.passwordMax)
  .regex(/[A-Z]/, MESSAGES.passwordUpper)
  .regex(/[a-z]/, MESSAGES.passwordLower)
  .regex(/[0-9]/, MESSAGES.passwordNumber);

/** Required: a name of only invisible characters (zero-width, bidi controls, blanks) is as good as empty. */
export const fullNameSchema = singleLineText(MESSAGES.fullNameCharacters)
  .refine(hasVisibleCharacter, MESSAGES.fullNameRequired)
  .max(LIMITS.fullName, MESSAGES.fullNameTooLong);

export const signUpSchema = z.object({
  fullName: fullNameSchema,
  email: emailSchema,
  password: passwordSchema,
});

export const signInSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, MESSAGES.passwordRequired),
});

/** Edit Profile (a departure: the spec shows the button without behaviour). Empty optional fields clear. */
export const profileSchema = z.object({
  fullName: fullNameSchema,
  companyName: singleLineText(MESSAGES.companyCharacters)
    .max(LIMITS.companyName, MESSAGES.companyTooLong)
    .transform((v) => (v === '' ? null : v)),
  phone: z
    .string()
    .trim()
    .refine((v) => v === '' || /^\+?[0-9 ()./-]{5,40}$/.test(v), MESSAGES.phoneInvalid)
    .transform((v) => (v === '' ? null : v)),
});

export const TICKET_CATEGORIES = ['installation', 'order', 'renewal', 'technical', 'billing', 'other'] as const;
export const TICKET_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;

export const ticketSchema = z.object({
  // Like a name, a subject of only invisible characters is an empty one.
  title: singleLineText(MESSAGES.subjectCharacters)
    .refine(hasVisibleCharacter, MESSAGES.subjectRequired)
    .max(LIMITS.ticketSubject, MESSAGES.subjectTooLong),
  description: multiLineText(MESSAGES.descriptionCharacters)
    .min(1, MESSAGES.descriptionRequired)
    .max(LIMITS.ticketDescription, MESSAGES.descriptionTooLong),
  category: z.enum(TICKET_CATEGORIES, MESSAGES.categoryRequired),
  priority: z.enum(TICKET_PRIORITIES, MESSAGES.invalidPriority).default('medium'),
});

/** The guides page's search box: trimmed; empty means no filter. */
export const guideSearchSchema = singleLineText(MESSAGES.guideSearchCharacters)
  .max(LIMITS.guideSearch, MESSAGES.guideSearchTooLong)
  .transform((v) => (v === '' ? null : v));

/** A certificate's domain: a lower-case host name, optionally a wildcard (*.example.com). */
export const certificateDomainSchema = z
  .string()
  .overwrite(stripBidiControls)
  .trim()
  .max(LIMITS.domain, MESSAGES.domainTooLong)
  .refine((v) => DOMAIN_PATTERN.test(v.startsWith('*.') ? v.slice(2) : v), MESSAGES.invalidDomain);

/** Admin: issuing a certificate for an order. */
export const issueCertificateSchema = z
  .object({
    domainName: certificateDomainSchema,
    issuedAt: z.date(),
    expiresAt: z.date(),
  })
  .refine((v) => v.expiresAt.getTime() > v.issuedAt.getTime(), {
    path: ['expiresAt'],
    message: MESSAGES.certificateExpiryBeforeIssue,
  });

export interface FieldError {
  field: string;
  message: string;
}

/** Flattens a zod error into the API's fieldErrors, in the order the fields failed. */
export function toFieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message }));
}

// --- The operator console's customers and sales overview (docs/product.md "Customers", "Sales overview") ---

/** Not in the spec: what a blocked customer is told (sign-in with the right password, refresh, checkout). */
export const CUSTOMER_MESSAGES = {
  accountBlocked: 'This account has been blocked. Please contact support if you think this is a mistake.',
  cannotBlockAdmin: 'An admin cannot be blocked. Revoke the admin role first.',
  cannotBlockYourself: 'You cannot block your own account',
} as const;

/** The admin's customer search box: the guides' search rules (trimmed, ≤ 100 characters); empty means everyone. */
export const customerSearchSchema = guideSearchSchema;

/** The longest sales report: a year, leap day included. */
export const SALES_REPORT_MAX_DAYS = 366;

export const SALES_MESSAGES = {
  rangeOrder: 'The start of the range must be before its end',
  rangeTooLong: `The range can be at most ${SALES_REPORT_MAX_DAYS} days`,
} as const;

/** A sales report's range: `from` inclusive, `to` exclusive, at most SALES_REPORT_MAX_DAYS long. */
export const salesRangeSchema = z
  .object({ from: z.date(), to: z.date() })
  .refine((v) => v.from.getTime() < v.to.getTime(), { path: ['to'], message: SALES_MESSAGES.rangeOrder, abort: true })
  .refine((v) => v.to.getTime() - v.from.getTime() <= SALES_REPORT_MAX_DAYS * 86_400_000, {
    path: ['to'],
    message: SALES_MESSAGES.rangeTooLong,
  });
