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

/** The statuses an admin may still cancel: nothing was sent yet. */
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
  noChain: (label: string) => `${label} has no chain to refund on: refund it outside the store`,
  addressRequired: 'Enter the address to send the refund to',
  addressTooLong: 'This is too long to be an address',
  addressProblem: (chainName: string, problem: string) => `This address ${problem}. Enter your ${chainName} address.`,
  notClaimable: 'This refund was already claimed or is no longer offered',
  txIdRequired: 'Enter the transaction ID of the refund payment',
  txIdInvalid: 'This is not a transaction ID (64 hexadecimal digits, 0x first on Ethereum)',
  notClaimedYet: 'The customer has not claimed this refund yet: there is no address to pay',
  alreadyRecorded: 'A payment is already recorded for this refund',
  alreadyPaid: 'This refund is already paid',
  cancelled: 'This refund was cancelled',
  txUsedByRefund: 'This transaction is already recorded for another refund',
  txIsCustomerPayment: "This transaction is a customer's payment to the store, not a refund",
  notCancellable: 'Only a refund that was not sent yet can be cancelled',
} as const;
