import type { AlertColor } from '@mui/material/Alert';

/** PaymentIssueKind as both generated schemas (web/src/gql and web/src/gql/admin) spell it. */
export type PaymentIssueKindValue =
  | 'UNDERPAID'
  | 'OVERPAID'
  | 'LATE'
  | 'FAILED'
  | 'WRONG_RECIPIENT'
  | 'WRONG_TOKEN'
  | 'ALREADY_USED'
  | 'BEFORE_ORDER'
  | 'NEEDS_REVIEW'
  | 'NOT_FOUND';

/**
 * How a payment issue is shown (the sentence itself, with the amounts, comes from the API's `paymentIssue`): a
 * warning when the payment may still come right or an admin decides (under-, over-, late payment, a transaction not
 * found yet), an error when the transaction cannot pay the order.
 */
export const PAYMENT_ISSUE_SEVERITY: Record<PaymentIssueKindValue, Extract<AlertColor, 'warning' | 'error'>> = {
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
};

/** A short name of each issue, for a flag beside the sentence (admin queue). */
export const PAYMENT_ISSUE_LABELS: Record<PaymentIssueKindValue, string> = {
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
};

/** The severity of an issue; a warning when the kind is unknown (null: the API gave the sentence alone). */
export function paymentIssueSeverity(kind: PaymentIssueKindValue | null | undefined): 'warning' | 'error' {
  return kind ? PAYMENT_ISSUE_SEVERITY[kind] : 'warning';
}

/** ChainPayment.status as the customer and the admin read it. */
export const CHAIN_PAYMENT_STATUS_LABELS = { DETECTED: 'Detected', CONFIRMED: 'Confirmed', FAILED: 'Failed' } as const;
export type ChainPaymentStatusValue = keyof typeof CHAIN_PAYMENT_STATUS_LABELS;
/** A payment seen on chain, as /verify and the admin queue show it (the API's `ChainPayment`). */
export interface ChainPaymentView {
  txId: string;
  /** Exact, in the method's currency ("0.013601"). */
  amount: string;
  confirmations: number;
  requiredConfirmations: number;
  status: ChainPaymentStatusValue;
  explorerUrl: string;
}

export const CHAIN_PAYMENT_STATUS_COLOURS = { DETECTED: 'info', CONFIRMED: 'success', FAILED: 'error' } as const;

/** "Payment detected — 3 of 12 confirmations" (at most the required number). */
export function detectedLine(payment: { confirmations: number; requiredConfirmations: number }): string {
  return `Payment detected — ${Math.min(payment.confirmations, payment.requiredConfirmations)} of ${payment.requiredConfirmations} confirmations`;
}

/** "3 of 12 confirmations". */
export function confirmationsOf(payment: { confirmations: number; requiredConfirmations: number }): string {
  return `${Math.min(payment.confirmations, payment.requiredConfirmations)} of ${payment.requiredConfirmations} confirmations`;
}

/** A long transaction hash shortened in the middle ("0xabc3def1…abcdef"); show the full one as its title. */
export function shortHash(value: string): string {
  return value.length > 18 ? `${value.slice(0, 10)}…${value.slice(-6)}` : value;
}
