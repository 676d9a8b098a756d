import { VALIDATION_ERROR_TITLE } from '../../components/validation-title';
import { confirmationsLabel } from '../../format/crypto';
import { PAYMENT_REQUEST_TEXTS } from '../verify/payment-request.texts';

/**
 * The checkout's toast and screen texts (docs/product.md "Checkout", "Messages"), each typed once. Validation messages
 * themselves come from common/validation's MESSAGES.
 */
export const CHECKOUT_TEXTS = {
  authRequired: 'Please sign in to continue with checkout',
  verifyingAuth: 'Verifying authentication...',
  loadingProducts: 'Loading products...',
  validationError: VALIDATION_ERROR_TITLE,
  productUnavailable: 'Product Unavailable',
  uploadFailed: 'Upload Failed',
  genericError: { title: 'Error', description: 'Failed to submit order. Please try again.' },
  success: { title: 'Order submitted successfully!', description: 'Redirecting to payment verification...' },
  addressCopied: { title: 'Address Copied', description: 'The payment address is on your clipboard.' },
  amountCopied: PAYMENT_REQUEST_TEXTS.amountCopied,
  copyFailed: PAYMENT_REQUEST_TEXTS.copyFailed,
  continueToPayment: 'Continue to Payment',
  submitNoProof: "I've Sent the Payment",
  /** A method confirmed on chain: the payment is found by its amount, so there is nothing to add but the order. */
  submitOnChain: 'Place Order',
  submitWithProof: 'Submit Payment Proof',
  submitting: 'Submitting...',
  selectProduct: 'Select a product to continue',
  /** Step 2 shows the held quote: the order's exact amount, unique to it (docs/payments.md "The quote lock"). */
  amountLabel: 'Amount to send',
  exactAmountNote:
    'Send exactly this amount: its last digits are unique to your order and tell us the payment is yours.',
  copyAmount: 'Copy amount',
  copyAddress: 'Copy address',
  /** The QR code of a wallet payment request (bitcoin:, ethereum:) carries the amount; a bare address does not. */
  qrAltRequest: (methodLabel: string) => `QR code of the ${methodLabel} payment request, with the amount`,
  qrAltAddress: (methodLabel: string) => `QR code of the ${methodLabel} payment address`,
  /** "1 BTC = 50,000.00 USD · source kraken": the rate the amount was priced at. */
  rateLabel: 'Exchange rate',
  /** Before the page has mounted the clock is not read (server rendering): the countdown's place says only this. */
  priceHeld: 'Price held',
  priceHeldFor: (time: string) => `Price held for ${time}`,
  priceExpired: 'The held price has expired. Refresh it for the amount to send now.',
  refreshPrice: 'Refresh price',
  quoteLoading: 'Holding your price',
  quoteFailed: "We couldn't calculate the amount to send. Please go back and try again.",
  onChainNote: (methodLabel: string, confirmations: number | null) =>
    `${methodLabel} payments are found on the blockchain and confirmed automatically${
      confirmations ? ` after ${confirmationsLabel(confirmations)}` : ''
    }: no transaction ID or screenshot is needed.`,
  addExtras: 'Add a transaction ID or screenshot (optional)',
  /** After the API's 'Only 5 left in stock' (fewer licence keys than the quantity). */
  lowerQuantity: 'Go back and lower the quantity.',
} as const;

/** Wait before leaving for the verify page, so the success toast can be read (docs/product.md "Fixed numbers"). */
export const REDIRECT_AFTER_ORDER_MS = 1500;
