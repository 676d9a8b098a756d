import { VALIDATION_ERROR_TITLE } from '../../components/validation-toast';
import { confirmationsLabel } from '../../format/crypto';

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
  copyFailed: { title: 'Copy Failed', description: 'Please select the address and copy it yourself.' },
  continueToPayment: 'Continue to Payment',
  submitNoProof: "I've Sent the Payment",
  /** A method confirmed on chain: the exact amount to send is known once the order is placed. */
  submitOnChain: 'Place Order',
  submitWithProof: 'Submit Payment Proof',
  submitting: 'Submitting...',
  selectProduct: 'Select a product to continue',
  /** Step 2's amount is the quote; the order's exact amount (a few units more) comes with the order. */
  quoteLabel: (currency: string) => `Order total in ${currency}`,
  exactAmountNote: (example: string) =>
    `The exact amount to send is shown right after you place the order, on the next page: a few units more than this (e.g. ${example}). Those last digits tell us the payment is yours.`,
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
