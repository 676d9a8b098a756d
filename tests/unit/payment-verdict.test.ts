/**
 * What an order's payments are worth against its dollar total (server/src/orders/payment-verdict.ts): the quote lock,
 * re-quotes after it and the payment tolerance, on a $68.00 order of 0.00136000 BTC locked at 50,000 USD per BTC.
 */
import { judgePayments, type VerdictInput } from '../../server/src/orders/payment-verdict';

const LOCK_ENDS = 1_000_000;
const before = LOCK_ENDS - 1;
const after = LOCK_ENDS + 1;
const btc = (amount: string) => BigInt(Math.round(Number(amount) * 1e8));

const order = (overrides: Partial<VerdictInput>): VerdictInput => ({
  due: btc('0.00136'),
  totalCents: 6800,
  decimals: 8,
  lockEndsAt: LOCK_ENDS,
  payments: [],
  currentUsdRate: '50000.00000000',
  tolerancePercent: 0,
  now: after,
  ...overrides,
});

describe('the quote lock', () => {
  it('judges a payment sent before the lock ends at the locked amount, whatever the market did since', () => {
    const verdict = judgePayments(
      order({ payments: [{ units: btc('0.00136'), sentAt: before }], currentUsdRate: '25000' }),
    );
    expect(verdict).toEqual({
      covered: true,
      requoted: false,
      rateMissing: false,
      shortCents: 0,
      excessCents: 0,
      amountDue: 0n,
    });
  });

  it('says what is left of the locked amount, exactly, while the lock holds', () => {
    const verdict = judgePayments(
      order({ payments: [{ units: btc('0.001'), sentAt: before }], now: before, currentUsdRate: '99999' }),
    );
    expect(verdict.covered).toBe(false);
    expect(verdict.amountDue).toBe(btc('0.00036'));
    expect(verdict.shortCents).toBe(1800);
  });

  it('re-quotes a payment sent after the lock: paid when the coin rose', () => {
    const verdict = judgePayments(
      order({ payments: [{ units: btc('0.00136'), sentAt: after }], currentUsdRate: '51000' }),
    );
    // 0.00136 BTC at 51,000 is $69.36: $1.36 beyond the total.
    expect(verdict).toMatchObject({ covered: true, requoted: true, shortCents: 0, excessCents: 136, amountDue: 0n });
  });

  it('re-quotes a payment sent after the lock: short when the coin fell, with the dollars and the coin still due', () => {
    // 0.00136 BTC at 40,000 is $54.40: $13.60 short, which is 0.00034 BTC at 40,000.
    const verdict = judgePayments(
      order({ payments: [{ units: btc('0.00136'), sentAt: after }], currentUsdRate: '40000' }),
    );
    expect(verdict).toEqual({
      covered: false,
      requoted: true,
      rateMissing: false,
      shortCents: 1360,
      excessCents: 0,
      amountDue: btc('0.00034'),
    });
  });

  it('values the part sent before the lock at the lock and the rest at the current rate', () => {
    // Half before ($34 whatever the rate), the rest after at 40,000: 0.00085 BTC buys $34.
    const verdict = judgePayments(
      order({
        payments: [
          { units: btc('0.00068'), sentAt: before },
          { units: btc('0.00085'), sentAt: after },
        ],
        currentUsdRate: '40000',
      }),
    );
    expect(verdict).toMatchObject({ covered: true, requoted: true, shortCents: 0 });
  });

  it('never guesses a price: a late payment without a current rate is for an admin', () => {
    const verdict = judgePayments(
      order({ payments: [{ units: btc('0.00136'), sentAt: after }], currentUsdRate: null }),
    );
    expect(verdict).toMatchObject({ covered: false, rateMissing: true, amountDue: null });
  });

  it('judges orders without a lock (placed before rates) at their amount forever', () => {
    const verdict = judgePayments(
      order({ lockEndsAt: null, payments: [{ units: btc('0.00136'), sentAt: after }], currentUsdRate: '1' }),
    );
    expect(verdict).toMatchObject({ covered: true, requoted: false });
  });
});

describe('the payment tolerance', () => {
  const short = (units: bigint, tolerancePercent: number) =>
    judgePayments(order({ payments: [{ units, sentAt: before }], tolerancePercent, now: before }));

  it('accepts a payment short by at most the tolerance, and says by how much', () => {
    // 0.5% of $68.00 is $0.34: 0.0013532 BTC is worth $67.66.
    expect(short(btc('0.0013532'), 0.5)).toMatchObject({ covered: true, shortCents: 34 });
  });

  it('refuses one short by more, with the rest to send', () => {
    expect(short(btc('0.0013531'), 0.5)).toMatchObject({ covered: false, amountDue: btc('0.0000069') });
  });

  it('accepts nothing short without a tolerance', () => {
    expect(short(btc('0.00135999'), 0)).toMatchObject({ covered: false, amountDue: 1n, shortCents: 1 });
  });
});
