/**
 * Payment issues (`PaymentIssueKind`, as the API names them): the short name of each, which the server's sentences
 * start with where they name their kind ("Underpaid: received …") and the admin queue shows as a flag, and how
 * serious each is. One definition for the server (server/src/payments) and the web app (docs/payments.md
 * "Exceptions").
 */

export const PAYMENT_ISSUE_KINDS = [
  'UNDERPAID',
  'OVERPAID',
  'LATE',
  'FAILED',
  'WRONG_RECIPIENT',
  'WRONG_TOKEN',
  'ALREADY_USED',
  'BEFORE_ORDER',
  'NEEDS_REVIEW',
  'NOT_FOUND',
  'REORGED',
] as const;

/** PaymentIssueKind as the API (and both generated web schemas) spell it. */
export type PaymentIssueKindKey = (typeof PAYMENT_ISSUE_KINDS)[number];

/** A short name of each issue, for a flag beside the sentence (admin queue) and the start of the server's sentences. */
export const PAYMENT_ISSUE_LABELS: Readonly<Record<PaymentIssueKindKey, string>> = {
  UNDERPAID: 'Underpaid',
  OVERPAID: 'Overpaid',
  LATE: 'Late payment',
  NOT_FOUND: 'Transaction not found',
  NEEDS_REVIEW: 'Needs an admin',
  FAILED: 'Transaction failed',
  WRONG_RECIPIENT: 'Wrong recipient',
  WRONG_TOKEN: 'Wrong token',
  ALREADY_USED: 'Transaction already used',
  BEFORE_ORDER: 'Sent before the order',
  REORGED: 'Payment reorganised away',
};

/**
 * How an issue is shown (the sentence itself, with the amounts, comes from the API's `paymentIssue`): a warning when
 * the payment may still come right or an admin decides (under-, over-, late payment, a transaction not found yet), an
 * error when the transaction cannot pay the order.
 */
export const PAYMENT_ISSUE_SEVERITY: Readonly<Record<PaymentIssueKindKey, 'warning' | 'error'>> = {
  UNDERPAID: 'warning',
  OVERPAID: 'warning',
  LATE: 'warning',
  NOT_FOUND: 'warning',
  NEEDS_REVIEW: 'warning',
  FAILED: 'error',
  WRONG_RECIPIENT: 'error',
  WRONG_TOKEN: 'error',
  ALREADY_USED: 'error',
  BEFORE_ORDER: 'error',
  REORGED: 'error',
};

/** The severity of an issue; a warning when the kind is unknown (null: the API gave the sentence alone). */
export function paymentIssueSeverity(kind: PaymentIssueKindKey | null | undefined): 'warning' | 'error' {
  return kind ? PAYMENT_ISSUE_SEVERITY[kind] : 'warning';
}
