/**
 * The refunds module's rule over a recorded payout (server/src/refunds/payout-verdict.ts): paid only by a succeeded
 * transaction sending at least the amount, in the refund's coin, to the claimed address, with the confirmations.
 */
import { hexAddressKey } from '../../server/src/payments/chains/address-key';
import type { ChainTransaction } from '../../server/src/payments/chains/chain-reader';
import {
  judgePayout,
  NOT_FOUND_AFTER_MS,
  PAYOUT_PROBLEMS,
  type PayoutInput,
} from '../../server/src/refunds/payout-verdict';

const CLAIMED = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
const OTHER = '0x000000000000000000000000000000000000beef';
const TOKEN = '0xdac17f958d2ee523a2206206994597c13d831ec7';

const tx = (transfers: ChainTransaction['transfers'], overrides: Partial<ChainTransaction> = {}): ChainTransaction => ({
  txId: `0x${'ab'.repeat(32)}`,
  status: 'succeeded',
  blockNumber: 100,
  blockTime: new Date(),
  transfers,
  ...overrides,
});
const input = (t: ChainTransaction | null, overrides: Partial<PayoutInput> = {}): PayoutInput => ({
  tx: t,
  address: CLAIMED,
  addressKey: hexAddressKey,
  units: 1000n,
  token: null,
  tip: 102,
  requiredConfirmations: 3,
  show: (units) => `${units} wei`,
  recordedForMs: 0,
  ...overrides,
});
const to = (address: string, units: bigint, token: string | null = null) => ({ index: 0, to: address, units, token });

describe('judgePayout', () => {
  it('is paid by at least the amount to the claimed address (any case) with the confirmations', () => {
    expect(judgePayout(input(tx([to(CLAIMED.toLowerCase(), 1000n)])))).toEqual({ kind: 'paid', confirmations: 3 });
    expect(judgePayout(input(tx([to(CLAIMED, 1500n)])))).toEqual({ kind: 'paid', confirmations: 3 });
  });

  it('waits while the chain does not know it, while it is pending and until its confirmations', () => {
    expect(judgePayout(input(null))).toEqual({ kind: 'waiting', confirmations: 0, seen: false });
    const pending = tx([to(CLAIMED, 1000n)], { status: 'pending', blockNumber: null });
    expect(judgePayout(input(pending))).toEqual({ kind: 'waiting', confirmations: 0, seen: true });
    expect(judgePayout(input(tx([to(CLAIMED, 1000n)]), { tip: 101 }))).toEqual({
      kind: 'waiting',
      confirmations: 2,
      seen: true,
    });
  });

  it('gives up on a transaction the chain still does not show an hour after it was recorded (finding 4)', () => {
    expect(judgePayout(input(null, { recordedForMs: NOT_FOUND_AFTER_MS }))).toMatchObject({ kind: 'waiting' });
    expect(judgePayout(input(null, { recordedForMs: NOT_FOUND_AFTER_MS + 1 }))).toEqual({
      kind: 'wrong',
      problem: PAYOUT_PROBLEMS.notFound,
    });
    // One the chain shows, pending or confirming, is judged as usual however long ago it was recorded.
    const pending = tx([to(CLAIMED, 1000n)], { status: 'pending', blockNumber: null });
    expect(judgePayout(input(pending, { recordedForMs: 10 * NOT_FOUND_AFTER_MS }))).toMatchObject({ kind: 'waiting' });
    expect(judgePayout(input(tx([to(CLAIMED, 1000n)]), { recordedForMs: 10 * NOT_FOUND_AFTER_MS }))).toEqual({
      kind: 'paid',
      confirmations: 3,
    });
  });

  it('never pays a refund with a transaction to someone else, however many confirmations it has', () => {
    const verdict = judgePayout(input(tx([to(OTHER, 10_000n)]), { tip: 10_000 }));
    expect(verdict).toEqual({ kind: 'wrong', problem: PAYOUT_PROBLEMS.someoneElse(CLAIMED) });
    // Still wrong while pending: the recipient is known before the block.
    const pending = tx([to(OTHER, 1000n)], { status: 'pending', blockNumber: null });
    expect(judgePayout(input(pending)).kind).toBe('wrong');
  });

  it('refuses too little, another coin, and a reverted transaction', () => {
    expect(judgePayout(input(tx([to(CLAIMED, 999n)])))).toEqual({
      kind: 'wrong',
      problem: PAYOUT_PROBLEMS.tooLittle('999 wei', '1000 wei'),
    });
    // Two transfers to the address in one transaction add up; a token transfer does not count for ether.
    expect(judgePayout(input(tx([to(CLAIMED, 600n), { ...to(CLAIMED, 400n), index: 1 }]))).kind).toBe('paid');
    expect(judgePayout(input(tx([to(CLAIMED, 5000n, TOKEN)])))).toEqual({
      kind: 'wrong',
      problem: PAYOUT_PROBLEMS.otherToken(CLAIMED),
    });
    expect(judgePayout(input(tx([to(CLAIMED, 5000n)]), { token: TOKEN })).kind).toBe('wrong');
    expect(judgePayout(input(tx([to(CLAIMED, 5000n, TOKEN)]), { token: TOKEN })).kind).toBe('paid');
    expect(judgePayout(input(tx([to(CLAIMED, 1000n)], { status: 'failed' })))).toEqual({
      kind: 'wrong',
      problem: PAYOUT_PROBLEMS.failed,
    });
  });
});
