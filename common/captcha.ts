/**
 * The CAPTCHA's words and names, shared by the server (its refusals) and the web app (its status line). How it works:
 * docs/graphql-api.md "CAPTCHA"; why: docs/decisions.md "Abuse".
 */

/** The input field that carries the solved challenge (SignUpInput, PlaceOrderInput) and that refusals name. */
export const CAPTCHA_FIELD = 'captcha';

/**
 * The longest payload the server reads: a solved challenge is about 600 characters of base64, so anything much
 * longer is not one and is refused before it is decoded.
 */
export const CAPTCHA_PAYLOAD_MAX_LENGTH = 4096;

/** Refusals, each BAD_USER_INPUT on `captcha`. */
export const CAPTCHA_MESSAGES = {
  /** The store asks for one (CAPTCHA=always, or past the adaptive threshold) and none was sent. */
  required: 'Please complete the CAPTCHA to continue',
  /** Not a payload at all, a signature the server did not make, or a wrong solution. */
  invalid: 'The CAPTCHA could not be verified. Please try again.',
  expired: 'The CAPTCHA has expired. Please try again.',
  /** Each solved challenge is accepted once. */
  used: 'This CAPTCHA has already been used. Please try again.',
} as const;

/** The web app's status line while it solves a challenge (an aria-live region beside the submit button). */
export const CAPTCHA_STATUS_TEXTS = {
  solving: 'Checking your browser…',
  solved: 'Browser check complete.',
  failed: 'The browser check could not be completed. Please try again.',
} as const;
