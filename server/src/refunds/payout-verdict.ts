/**
 * What a recorded refund transaction is worth (docs/payments.md "Refunds"): the refunds module's rule over what the
 * payments module's chain reader shows of it. Pure: amounts in the method's smallest units on its chain.
 *
 * A refund is paid only by a transaction that succeeded on chain, sends at least the refund's amount of the refund's
 * coin (the method's token, or the chain's own coin) to the address the customer claimed, and has the method's
 * required confirmations. A transaction that sends less, another coin, or to anyone else never pays it, however many
 * confirmations it gets: the admin is told why and records the right one. So is one the chain still does not show an
 * hour after it was recorded (NOT_FOUND_AFTER_MS).
 */
import { confirmationsAt, type ChainTransaction } from '../payments/chains/chain-reader';

export type PayoutVerdict =
  /** Pays the refund: at least the amount to the address, with the confirmations. */
  | { kind: 'paid'; confirmations: number }
  /** May still pay it: not seen yet, pending, or short of its confirmations. */
  | { kind: 'waiting'; confirmations: number; seen: boolean }
  /** Never pays it; `problem` says why, as the admin reads it. */
  | { kind: 'wrong'; problem: string };

export interface PayoutInput {
  /** The transaction as the chain shows it; null while the chain does not know it. */
  tx: ChainTransaction | null;
  /** The claimed address. */
  address: string;
  /** The form two addresses of the method compare in (its definition's addressKey). */
  addressKey: (address: string) => string;
  /** The refund's amount, in the chain's smallest units. */
  units: bigint;
  /** The token contract the refund is in; null for the chain's own coin. */
  token: string | null;
  tip: number;
  requiredConfirmations: number;
  /** Smallest units as the admin reads them: "0.0015 ETH". */
  show: (units: bigint) => string;
  /** How long ago the transaction was recorded as this refund's payout (0 when it is being recorded now). */
  recordedForMs: number;
}

/**
 * A recorded transaction the chain still does not know this long after it was recorded never will, in practice (a
 * mistyped ID, a Bitcoin fee bump that replaced it, a payout dropped from the mempool): the refund takes a new one
 * instead of waiting for good. The same hour as a customer's payment that vanished (chain-payment.service.ts).
 */
export const NOT_FOUND_AFTER_MS = 3_600_000;

export const PAYOUT_PROBLEMS = {
  notFound:
    'The transaction has not appeared on chain in the hour since it was recorded (a mistyped ID, or a transaction ' +
    'replaced or dropped). Check your wallet: record the transaction that paid the refund, or send it and record the ' +
    'new one.',
  failed: 'The transaction failed on chain (reverted): it paid nothing. Send the refund again and record the new one.',
  otherToken: (address: string) =>
    `The transaction sends another coin or token to ${address}, not this refund's. Send the refund again and record ` +
    'the new one.',
  someoneElse: (address: string) =>
    `The transaction pays someone else: it sends nothing to ${address}, the address the customer claimed. Send the ` +
    'refund to that address and record the new transaction.',
  tooLittle: (sent: string, due: string) =>
    `The transaction sends ${sent} to the customer's address, less than the refund's ${due}. Send a transaction of ` +
    'the whole amount and record it.',
} as const;

export function judgePayout(input: PayoutInput): PayoutVerdict {
  const { tx } = input;
  if (!tx) {
    if (input.recordedForMs > NOT_FOUND_AFTER_MS) return { kind: 'wrong', problem: PAYOUT_PROBLEMS.notFound };
    return { kind: 'waiting', confirmations: 0, seen: false };
  }
  if (tx.status === 'failed') return { kind: 'wrong', problem: PAYOUT_PROBLEMS.failed };
  const claimed = input.addressKey(input.address);
  const toCustomer = tx.transfers.filter((t) => input.addressKey(t.to) === claimed && t.units > 0n);
  const inCoin = toCustomer.filter((t) => t.token === input.token);
  if (inCoin.length === 0) {
    return {
      kind: 'wrong',
      problem:
        toCustomer.length > 0 ? PAYOUT_PROBLEMS.otherToken(input.address) : PAYOUT_PROBLEMS.someoneElse(input.address),
    };
  }
  const sent = inCoin.reduce((sum, t) => sum + t.units, 0n);
  if (sent < input.units) {
    return { kind: 'wrong', problem: PAYOUT_PROBLEMS.tooLittle(input.show(sent), input.show(input.units)) };
  }
  const confirmations = confirmationsAt(input.tip, tx.blockNumber);
  if (tx.status === 'pending' || confirmations < input.requiredConfirmations) {
    return { kind: 'waiting', confirmations, seen: true };
  }
  return { kind: 'paid', confirmations };
}
