import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { MESSAGES, type FieldError } from '../../../../common/validation';
import { CHECKOUT_TEXTS } from './checkout.texts';

/** A ToastInput (components/toast), spelled out so this module stays free of React for its unit test. */
export interface PlaceOrderToast {
  title: string;
  description: string;
  severity: 'error';
}

/** The API's 'Only N left in stock' around its number: fewer licence keys are left than the quantity asked for. */
const [ONLY_LEFT_BEFORE, ONLY_LEFT_AFTER] = MESSAGES.onlyLeftInStock(0).split('0');

/**
 * A PRODUCT_UNAVAILABLE message as the checkout shows it: 'Only 5 left in stock' says what to do about it (the quantity
 * is chosen on step 1); any other message (out of stock) is kept as it is.
 */
export function withStockHint(message: string): string {
  const short = message.startsWith(ONLY_LEFT_BEFORE) && message.endsWith(ONLY_LEFT_AFTER);
  return short ? `${message}. ${CHECKOUT_TEXTS.lowerQuantity}` : message;
}

/** The server's `proof` field: its refusals name the file, not the order (payment-proof.ts). */
const PROOF_FIELD = 'proof';

/**
 * The toast for a failed placeOrder (docs/product.md "Messages"), from the API's codes (docs/graphql-api.md "Errors"):
 * - PRODUCT_UNAVAILABLE: 'Product Unavailable' with the server's message (e.g. out of stock on submit; 'Only 5 left
 *   in stock' with what to do about it);
 * - the proof could not be read, or the request carrying a proof never got an answer: 'Upload Failed';
 * - any other BAD_USER_INPUT (including a proof that is not an image): 'Validation Error' with the message;
 * - anything else: 'Error' / 'Failed to submit order. Please try again.', or the server's own words for
 *   the API's other deliberate refusals (method unavailable, too many orders).
 */
export function placeOrderErrorToast(error: unknown, withProof: boolean): PlaceOrderToast {
  if (!CombinedGraphQLErrors.is(error)) {
    // No GraphQL answer at all: the network or the multipart request failed.
    return withProof
      ? { title: CHECKOUT_TEXTS.uploadFailed, description: MESSAGES.uploadFailed, severity: 'error' }
      : { ...CHECKOUT_TEXTS.genericError, severity: 'error' };
  }
  const first = error.errors[0];
  const code = first?.extensions?.code;
  const message = first?.message ?? '';
  switch (code) {
    case 'PRODUCT_UNAVAILABLE':
      return { title: CHECKOUT_TEXTS.productUnavailable, description: withStockHint(message), severity: 'error' };
    case 'BAD_USER_INPUT': {
      const fieldErrors = (first?.extensions?.fieldErrors ?? []) as FieldError[];
      const proofUnreadable = fieldErrors.some((f) => f.field === PROOF_FIELD && f.message === MESSAGES.uploadFailed);
      if (withProof && proofUnreadable) {
        return { title: CHECKOUT_TEXTS.uploadFailed, description: MESSAGES.uploadFailed, severity: 'error' };
      }
      return { title: CHECKOUT_TEXTS.validationError, description: message, severity: 'error' };
    }
    case 'PAYMENT_METHOD_UNAVAILABLE':
    case 'RATE_LIMITED':
      return { title: CHECKOUT_TEXTS.genericError.title, description: message, severity: 'error' };
    default:
      return { ...CHECKOUT_TEXTS.genericError, severity: 'error' };
  }
}

/** The server's `quoteId` field (PlaceOrderInput.quoteId): the held quote expired, is gone, or was another purchase's. */
const QUOTE_FIELD = 'quoteId';

/**
 * The sentence placeOrder gave for refusing the held quote (BAD_USER_INPUT on `quoteId`: MESSAGES.quoteExpired,
 * quoteNotFound, quoteMismatch), which step 2 shows above the new amount; null for any other failure.
 */
export function quoteRefusal(error: unknown): string | null {
  if (!CombinedGraphQLErrors.is(error)) return null;
  const first = error.errors[0];
  if (first?.extensions?.code !== 'BAD_USER_INPUT') return null;
  const fieldErrors = (first.extensions.fieldErrors ?? []) as FieldError[];
  return fieldErrors.find((f) => f.field === QUOTE_FIELD)?.message ?? null;
}

/** Whether the server answered (so no order was created and a new attempt may use a new key). */
export function isDefiniteRefusal(error: unknown): boolean {
  return CombinedGraphQLErrors.is(error);
}
