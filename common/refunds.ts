/**
 * Refunds paid on chain (docs/payments.md "Refunds"): the statuses as the API names them, the limits and the messages
 * the server's refusals and the web app's forms share, so a message is typed once.
 */

/** RefundStatus as the API (and both generated web schemas) spell it, in the order a refund moves through them. */
export const REFUND_STATUSES = ['OFFERED', 'CLAIMED', 'SENT', 'PAID', 'CANCELLED'] as const;
export type RefundStatusKey = (typeof REFUND_STATUSES)[number];

export const REFUND_STATUS_LABELS: Readonly<Record<RefundStatusKey, string>> = {
  OFFERED: 'Offered: waiting for your address',
  CLAIMED: 'Claimed: the store will send it',
  SENT: 'Sent: waiting for confirmations',
  PAID: 'Paid',
  CANCELLED: 'Cancelled',
};

/**
 * The statuses an admin may still cancel: nothing was recorded as sent. A CLAIMED one only with the admin's statement
 * that it was not paid (`cancelRefund(notPaid: true)`): its address is known, so it may have been paid already.
 */
export const CANCELLABLE_REFUND_STATUSES: readonly RefundStatusKey[] = ['OFFERED', 'CLAIMED'];

export const REFUND_LIMITS = {
  /** A sentence or two for the customer; the database CHECK holds the same bound. */
  reason: 500,
  /** Longer than any chain's address (a bech32m taproot address is 62 characters). */
  address: 200,
  /** Transaction ids are 64 hex digits (66 with ETH's 0x). */
  txId: 100,
} as const;

export const REFUND_MESSAGES = {
  reasonRequired: 'Enter the reason for the refund (the customer reads it)',
  reasonTooLong: `The reason must be at most ${REFUND_LIMITS.reason} characters`,
  reasonCharacters: 'The reason cannot contain control characters',
  amountInvalid: 'Enter the amount as a number, e.g. 0.0015',
  amountPositive: 'The amount must be more than zero',
  amountDecimals: (decimals: number, currency: string) => `${currency} amounts have at most ${decimals} decimals`,
  amountTooLarge: (available: string, currency: string) =>
    `At most ${available} ${currency} can be refunded for this order: what was received on chain, less the refunds ` +
    'already offered',
  nothingReceived: 'Nothing was received on chain for this order, so there is nothing to refund',
  /** Appended to the two above when payments tied only by a typed transaction ID were left out. */
  typedLeftOut: (amount: string, currency: string) =>
    ` (${amount} ${currency} tied to it only by a transaction ID the customer typed is not counted until an admin ` +
    "confirms the order's payment)",
  noChain: (label: string) => `${label} has no chain to refund on: refund it outside the store`,
  addressRequired: 'Enter the address to send the refund to',
  addressTooLong: 'This is too long to be an address',
  addressProblem: (chainName: string, problem: string) => `This address ${problem}. Enter your ${chainName} address.`,
  storeAddress: (chainName: string) =>
    `This is one of the store's own receiving addresses: a refund sent there would come back to the store. Enter your ` +
    `own ${chainName} address.`,
  notClaimable: 'This refund was already claimed or is no longer offered',
  txIdRequired: 'Enter the transaction ID of the refund payment',
  txIdInvalid: 'This is not a transaction ID (64 hexadecimal digits, 0x first on Ethereum)',
  notClaimedYet: 'The customer has not claimed this refund yet: there is no address to pay',
  alreadyRecorded: 'A payment is already recorded for this refund',
  alreadyPaid: 'This refund is already paid',
  cancelled: 'This refund was cancelled',
  cancelledAndReoffered: (available: string, currency: string) =>
    `This refund was cancelled and its amount no longer fits what is left to refund (${available} ${currency}): ` +
    'record the payout against the refund offered in its place',
  txUsedByRefund: 'This transaction is already recorded for another refund',
  txIsCustomerPayment: "This transaction is a customer's payment to the store, not a refund",
  notCancellable: 'Only a refund that was not sent yet can be cancelled',
  claimedNotPaid:
    'The customer claimed this refund, so it may already have been paid: check your wallet, and cancel it only if ' +
    'you did not send it (confirm "not paid")',
} as const;
