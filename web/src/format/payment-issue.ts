/**
 * Payments seen on chain as the customer and the admin read them. The payment issues' names and severities are in
 * common/payment-issues.ts, shared with the server.
 */

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
