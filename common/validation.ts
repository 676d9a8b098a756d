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
  unpaidKeysLimit: (held: number, limit: number) => {
    const left = Math.max(0, limit - held);
    const count = (n: number) => n.toLocaleString('en-US');
    return (
      `Your unpaid orders already hold ${count(held)} of the ${count(limit)} licence keys an account may reserve at once. ` +
      (left > 0
        ? `You can order up to ${count(left)} more now; pay or cancel an open order to order more.`
        : 'Pay or cancel an open order to order more.')
    );
  },
  outOfStockDetail:
    'This product is currently out of stock. Please check back later or contact support for availability.',
  outOfStockOpened: 'This product is currently out of stock. Please check back later.',
  outOfStockPicker: 'This product is currently out of stock.',
  paymentMethodUnavailable:
    'This payment method is not available yet. Please contact support and open a ticket to pay with it.',
  /** Not in the spec: a method whose currency has no price right now (docs/payments.md "How prices are made"). */
  ratesUnavailable: (currency: string) =>
    `Exchange rates for ${currency} are unavailable right now, so we cannot price this payment. Please try again in a few minutes or choose another payment method.`,
  /** Not in the spec: the price lock of a held quote (docs/payments.md "The quote lock"). */
  quoteExpired: 'This price has expired. Check the new amount below before you send a payment.',
  quoteNotFound: 'This price is no longer held. Check the amount below before you send a payment.',
  quoteMismatch: 'This price was held for another product, quantity or payment method. Check the amount below.',
  quotePriceChanged: "This product's price has changed since the amount was held. Check the new amount below.",
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

/** The TicketCategory and TicketPriority values (the GraphQL names, also stored), in the ticket form's order. */
export const TICKET_CATEGORIES = ['INSTALLATION', 'ORDER', 'RENEWAL', 'TECHNICAL', 'BILLING', 'OTHER'] as const;
export const TICKET_PRIORITIES = ['LOW', 'MEDIUM', 'HIGH', 'URGENT'] as const;

export const ticketSchema = z.object({
  // Like a name, a subject of only invisible characters is an empty one.
  title: singleLineText(MESSAGES.subjectCharacters)
    .refine(hasVisibleCharacter, MESSAGES.subjectRequired)
    .max(LIMITS.ticketSubject, MESSAGES.subjectTooLong),
  description: multiLineText(MESSAGES.descriptionCharacters)
    .min(1, MESSAGES.descriptionRequired)
    .max(LIMITS.ticketDescription, MESSAGES.descriptionTooLong),
  category: z.enum(TICKET_CATEGORIES, MESSAGES.categoryRequired),
  priority: z.enum(TICKET_PRIORITIES, MESSAGES.invalidPriority).default('MEDIUM'),
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

// ---- Support desk (docs/product.md "Support desk") ----

export const TICKET_DESK_LIMITS = {
  /** A reply in a ticket's thread. */
  replyBody: 5000,
  /** The store promises an answer within this many hours of the customer's unanswered message. */
  replyWithinHours: 24,
} as const;

export const TICKET_DESK_MESSAGES = {
  replyRequired: 'Write a reply',
  replyTooLong: `A reply must be at most ${TICKET_DESK_LIMITS.replyBody.toLocaleString('en-US')} characters`,
  replyCharacters: 'The reply contains characters that are not allowed',
  ticketClosed: 'This ticket is closed and takes no more replies. Open a new ticket if you still need help.',
  orderNotYours: 'Choose one of your own orders',
} as const;

/** A reply's body: trimmed, required (something visible), at most 5,000 characters; line breaks kept. */
export const ticketReplySchema = z.object({
  body: multiLineText(TICKET_DESK_MESSAGES.replyCharacters)
    .refine(hasVisibleCharacter, { message: TICKET_DESK_MESSAGES.replyRequired, abort: true })
    .max(TICKET_DESK_LIMITS.replyBody, TICKET_DESK_MESSAGES.replyTooLong),
});
// ---- Catalogue editor (admin: createProduct, updateProduct; docs/product.md "Catalogue editor") ----

export const PRODUCT_LIMITS = {
  name: 120,
  slug: 80,
  description: 300,
  longDescription: 5000,
  /** The highest listed or tier price: far above any real product, far below what cents or numeric(12,2) hold. */
  priceMax: 100_000,
  priceTiers: 10,
  features: 20,
  feature: 120,
  /** The same cap as a proof's (one multipart limit); JPEG, PNG, WebP or GIF by their bytes. */
  imageBytes: 5 * 1024 * 1024,
} as const;

/** The store's categories, in the order the editor offers them (labels in common/labels.ts). */
export const PRODUCT_CATEGORIES = ['ssl_certificates', 'crypto_keys', 'trading_bots', 'scripts'] as const;

export const PRODUCT_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${PRODUCT_LIMITS.name} characters`,
  nameCharacters: 'Name contains characters that are not allowed',
  slugRequired: 'Slug is required',
  slugTooLong: `Slug must be at most ${PRODUCT_LIMITS.slug} characters`,
  slugFormat: 'Slug can only contain lower-case letters, digits and single hyphens between them (e.g. bitcoin-bot)',
  slugTaken: 'This slug is already taken by another product',
  categoryInvalid: 'Please select a category',
  descriptionRequired: 'Description is required',
  descriptionTooLong: `Description must be at most ${PRODUCT_LIMITS.description} characters`,
  descriptionCharacters: 'Description contains characters that are not allowed',
  longDescriptionTooLong: `Long description must be at most ${PRODUCT_LIMITS.longDescription} characters`,
  longDescriptionCharacters: 'Long description contains characters that are not allowed',
  priceRequired: 'Enter a price in dollars, e.g. 19.99',
  pricePositive: 'Price must be greater than 0',
  priceDecimals: 'Price can have at most 2 decimals',
  priceTooHigh: `Price cannot exceed $${PRODUCT_LIMITS.priceMax.toLocaleString('en-US')}`,
  minQuantityInvalid: 'Minimum quantity must be a whole number of at least 1',
  minQuantityTooHigh: `Minimum quantity cannot exceed ${LIMITS.quantityMax}`,
  tooManyTiers: `At most ${PRODUCT_LIMITS.priceTiers} price tiers`,
  tierQuantityInvalid: 'Tier quantity must be a whole number of at least 1',
  tierQuantityTooHigh: `Tier quantity cannot exceed ${LIMITS.quantityMax}`,
  tierBelowMinimum: 'Tier quantity must be at least the minimum quantity',
  tiersNotAscending: 'Tier quantities must be unique and in ascending order',
  tierPriceRequired: 'Enter the tier unit price in dollars, e.g. 9.50',
  tierPricePositive: 'Tier unit price must be greater than 0',
  tierPriceDecimals: 'Tier unit price can have at most 2 decimals',
  tierPriceTooHigh: `Tier unit price cannot exceed $${PRODUCT_LIMITS.priceMax.toLocaleString('en-US')}`,
  tooManyFeatures: `At most ${PRODUCT_LIMITS.features} features`,
  featureRequired: 'A feature cannot be empty: fill it in or remove it',
  featureTooLong: `A feature must be at most ${PRODUCT_LIMITS.feature} characters`,
  featureCharacters: 'A feature contains characters that are not allowed',
  imageNotImage: 'Product image must be a JPEG, PNG, WebP or GIF image',
  imageTooLarge: 'Product image must be 5 MB or smaller',
  imageUploadFailed: 'Failed to upload the product image. Please try again.',
  /** Changing a product to MANUAL while open orders hold its keys would strand those keys (docs/inventory.md). */
  fulfilmentKeysReserved: (count: number) =>
    `${count.toLocaleString('en-US')} licence key${count === 1 ? ' is' : 's are'} reserved by open orders of this ` +
    'product: deliver or cancel those orders before switching it to manual delivery',
} as const;

/** Lower-case words of letters and digits joined by single hyphens: bitcoin-bot, bundle-10. */
const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Whether a dollar amount has at most two decimals (within float noise: 19.99 * 100 is 1998.9999999999998). */
function hasCents(value: number): boolean {
  return Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
}

function dollars(messages: { required: string; positive: string; decimals: string; tooHigh: string }) {
  return z
    .number(messages.required)
    .refine((v) => Number.isFinite(v), { message: messages.required, abort: true })
    .refine((v) => v > 0, { message: messages.positive, abort: true })
    .refine(hasCents, { message: messages.decimals, abort: true })
    .refine((v) => v <= PRODUCT_LIMITS.priceMax, messages.tooHigh)
    .transform((v) => Math.round(v * 100) / 100);
}

function wholeQuantity(invalid: string, tooHigh: string) {
  return z.number(invalid).int(invalid).min(1, invalid).max(LIMITS.quantityMax, tooHigh);
}

/**
 * A product as the admin's editor sends it (`ProductInput` without `fulfilment`, an enum GraphQL checks itself).
 * Every field is replaced on update; an empty long description becomes null.
 */
export const productInputSchema = z
  .object({
    name: singleLineText(PRODUCT_MESSAGES.nameCharacters)
      .refine(hasVisibleCharacter, PRODUCT_MESSAGES.nameRequired)
      .max(PRODUCT_LIMITS.name, PRODUCT_MESSAGES.nameTooLong),
    slug: z
      .string(PRODUCT_MESSAGES.slugRequired)
      .trim()
      .min(1, { message: PRODUCT_MESSAGES.slugRequired, abort: true })
      .max(PRODUCT_LIMITS.slug, { message: PRODUCT_MESSAGES.slugTooLong, abort: true })
      .regex(SLUG_PATTERN, PRODUCT_MESSAGES.slugFormat),
    category: z.enum(PRODUCT_CATEGORIES, PRODUCT_MESSAGES.categoryInvalid),
    description: multiLineText(PRODUCT_MESSAGES.descriptionCharacters)
      .refine(hasVisibleCharacter, PRODUCT_MESSAGES.descriptionRequired)
      .max(PRODUCT_LIMITS.description, PRODUCT_MESSAGES.descriptionTooLong),
    longDescription: multiLineText(PRODUCT_MESSAGES.longDescriptionCharacters)
      .max(PRODUCT_LIMITS.longDescription, PRODUCT_MESSAGES.longDescriptionTooLong)
      .nullish()
      .transform((v) => (v ? v : null)),
    price: dollars({
      required: PRODUCT_MESSAGES.priceRequired,
      positive: PRODUCT_MESSAGES.pricePositive,
      decimals: PRODUCT_MESSAGES.priceDecimals,
      tooHigh: PRODUCT_MESSAGES.priceTooHigh,
    }),
    minQuantity: wholeQuantity(PRODUCT_MESSAGES.minQuantityInvalid, PRODUCT_MESSAGES.minQuantityTooHigh),
    priceTiers: z
      .array(
        z.object({
          minQuantity: wholeQuantity(PRODUCT_MESSAGES.tierQuantityInvalid, PRODUCT_MESSAGES.tierQuantityTooHigh),
          unitPrice: dollars({
            required: PRODUCT_MESSAGES.tierPriceRequired,
            positive: PRODUCT_MESSAGES.tierPricePositive,
            decimals: PRODUCT_MESSAGES.tierPriceDecimals,
            tooHigh: PRODUCT_MESSAGES.tierPriceTooHigh,
          }),
        }),
      )
      .max(PRODUCT_LIMITS.priceTiers, PRODUCT_MESSAGES.tooManyTiers)
      .nullish()
      .transform((v) => v ?? []),
    features: z
      .array(
        singleLineText(PRODUCT_MESSAGES.featureCharacters)
          .refine(hasVisibleCharacter, PRODUCT_MESSAGES.featureRequired)
          .max(PRODUCT_LIMITS.feature, PRODUCT_MESSAGES.featureTooLong),
      )
      .max(PRODUCT_LIMITS.features, PRODUCT_MESSAGES.tooManyFeatures)
      .nullish()
      .transform((v) => v ?? []),
    active: z.boolean().default(true),
  })
  .superRefine((product, ctx) => {
    // Tiers against each other and the minimum: only when the fields they compare are valid themselves.
    product.priceTiers.forEach((tier, index) => {
      if (tier.minQuantity < product.minQuantity) {
        ctx.addIssue({
          code: 'custom',
          path: ['priceTiers', index, 'minQuantity'],
          message: PRODUCT_MESSAGES.tierBelowMinimum,
        });
      } else if (index > 0 && tier.minQuantity <= product.priceTiers[index - 1].minQuantity) {
        ctx.addIssue({
          code: 'custom',
          path: ['priceTiers', index, 'minQuantity'],
          message: PRODUCT_MESSAGES.tiersNotAscending,
        });
      }
    });
  });

export type ProductInputValues = z.input<typeof productInputSchema>;
export type ParsedProductInput = z.output<typeof productInputSchema>;
// --- The operator console's customers and sales overview (docs/product.md "Customers", "Sales overview") ---

/** Not in the spec: what a blocked customer is told (sign-in with the right password, refresh, checkout). */
export const CUSTOMER_MESSAGES = {
  accountBlocked: 'This account has been blocked. Please contact support if you think this is a mistake.',
  cannotBlockAdmin: 'A staff member cannot be blocked. Remove their staff role first (Staff tab).',
  cannotBlockYourself: 'You cannot block your own account',
} as const;

/** The admin's customer search box: the guides' search rules (trimmed, ≤ 100 characters); empty means everyone. */
export const customerSearchSchema = guideSearchSchema;

/** The admin's order search box (an order ID prefix, an e-mail or name, an exact amount, a transaction ID): the same rules. */
export const orderSearchSchema = guideSearchSchema;

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

// --- Account recovery: password reset, e-mail verification and changes, sessions (docs/decisions.md "Accounts and sessions") ---

/** Not in the spec: what the account recovery pages and the dashboard's Security section say. */
export const ACCOUNT_MESSAGES = {
  tokenInvalid: 'This link is not valid. Please ask for a new one.',
  tokenExpired: 'This link has expired. Please ask for a new one.',
  tokenUsed: 'This link has already been used.',
  tokenRequired: 'The link is missing its token',
  wrongPassword: 'The current password is not correct',
  samePassword: 'The new password must differ from the current one',
  sameEmail: 'This is already your e-mail address',
  /** The browser's own check of a password typed twice (reset, change); the API takes it once. */
  passwordsDiffer: 'The passwords do not match',
} as const;

/** A token from an e-mailed link: opaque, URL-safe; anything else is not one of ours. */
export const accountTokenSchema = z
  .string()
  .trim()
  .min(1, ACCOUNT_MESSAGES.tokenRequired)
  .regex(/^[A-Za-z0-9_-]{20,100}$/, ACCOUNT_MESSAGES.tokenInvalid);

export const resetPasswordSchema = z.object({ token: accountTokenSchema, password: passwordSchema });

/** The account's current password, asked again: no password was ever longer, so a longer one costs no hash. */
const currentPasswordSchema = z
  .string()
  .min(1, MESSAGES.passwordRequired)
  .max(LIMITS.passwordMax, MESSAGES.passwordMax);

export const changePasswordSchema = z.object({
  currentPassword: currentPasswordSchema,
  newPassword: passwordSchema,
});

export const emailChangeSchema = z.object({
  newEmail: emailSchema,
  password: currentPasswordSchema,
});
