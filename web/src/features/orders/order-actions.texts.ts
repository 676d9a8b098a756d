/**
 * What a customer can do with their own order after checkout (cancel it, add the transaction ID) and the
 * deadline they see, worded once for the dashboard and /verify. Validation and refusal messages come from
 * common/validation's MESSAGES (through the API for refusals).
 */
export const ORDER_ACTION_TEXTS = {
  cancel: 'Cancel order',
  cancelling: 'Cancelling...',
  keep: 'Keep order',
  confirmTitle: 'Cancel this order?',
  confirmText: (shortId: string, productName: string) =>
    `Order #${shortId} (${productName}) will be cancelled. This cannot be undone.`,
  confirmPaidHint: 'If you have already sent the payment, keep the order and contact support instead.',
  cancelled: (shortId: string) => ({ title: 'Order cancelled', description: `Order #${shortId} has been cancelled.` }),
  cancelFailed: 'Failed to cancel the order. Please try again.',
  addTransactionIdTitle: 'Add your transaction ID',
  addTransactionIdText:
    'Already sent the payment? The transaction hash from your wallet helps us find it faster: letters and numbers only.',
  /** For a method whose payments are read from the chain: the ID is optional. */
  addTransactionIdTextOnChain:
    'Optional: we find your payment on the blockchain by its exact amount. If you have already sent it, its transaction hash lets us check it at once: letters and numbers only.',
  /** Underpaid: the rest matches no order's amount, so its ID is how it reaches this order. */
  addTransactionIdTextRest:
    'Sent the rest? Add the transaction hash of that payment: it is how we match it to this order. Letters and numbers only.',
  transactionIdLabel: 'Transaction ID',
  addTransactionId: 'Add transaction ID',
  adding: 'Saving...',
  transactionIdAdded: { title: 'Transaction ID added', description: 'We will use it to find your payment.' },
  transactionIdFailed: 'Failed to save the transaction ID. Please try again.',
  /** "Pay by <deadline>" while the payment window is open. */
  payBy: 'Pay by',
  /** "Payment window ended <deadline>", then what happens next, once it has closed with a proof or ID sent. */
  windowEnded: 'Payment window ended',
  windowEndedNext: 'We are checking the payment details you sent and will update this order.',
} as const;

/** Toast title for a refusal from the API, whose message says what went wrong (docs/product.md "Messages"). */
export const ERROR_TITLE = 'Error';
