/**
 * What an order's payments are worth against its dollar total (docs/payments.md "The quote lock" and "Payment
 * tolerance"): the orders module's rule, which PaymentSettlement applies to what the chain watcher reports. Pure: amounts in the
 * method's smallest shown units, times in epoch milliseconds.
 *
 * A payment sent before the quote lock ends is worth its share of the order's amount (paying the amount pays the
 * total, whatever the market did since). One sent later is re-quoted: worth what it buys at the current rate (USD per
 * coin, after the spread). The order is paid when the payments are worth the total, less the payment tolerance.
 */

/** Value unit: a hundred-millionth of a cent, so shares and rates stay exact in integers. */
const NANO_CENTS_PER_CENT = 10n ** 8n;

export interface VerdictInput {
  /** The order's amount (what the quote asked for). */
  due: bigint;
  totalCents: number;
  decimals: number;
  /** When the quote lock ends; null: payments are judged at the amount whenever they come (orders before rates). */
  lockEndsAt: number | null;
  payments: readonly { units: bigint; sentAt: number }[];
  /** The current rate (decimal USD per coin) for what comes after the lock; null when there is no price now. */
  currentUsdRate: string | null;
  tolerancePercent: number;
  now: number;
}

export interface Verdict {
  /** Worth the total, less the tolerance. */
  covered: boolean;
  /** A payment came after the lock: valued at the current rate. */
  requoted: boolean;
  /** A payment came after the lock and there is no price now to value it: an admin decides. */
  rateMissing: boolean;
  /** Dollar cents the payments are short of the total (0 when they cover it in full). */
  shortCents: number;
  /** Whole dollar cents the payments are worth beyond the total (0 when not). */
  excessCents: number;
  /** What is still to send to cover the total in full, in smallest units (0 when covered in full); null: no price. */
  amountDue: bigint | null;
}

/** A decimal string as an integer of `scale` decimals, cut. */
function scaled(decimal: string, scale: number): bigint {
  const [whole, fraction = ''] = decimal.split('.');
  return BigInt(whole + fraction.slice(0, scale).padEnd(scale, '0'));
}

const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;

export function judgePayments(input: VerdictInput): Verdict {
  const need = BigInt(input.totalCents) * NANO_CENTS_PER_CENT;
  const coin = 10n ** BigInt(input.decimals);
  const late = (sentAt: number) => input.lockEndsAt !== null && sentAt > input.lockEndsAt;
  const requoted = input.payments.some((p) => late(p.sentAt));
  // Nano-cents one smallest unit buys at the current rate, times 10^decimals (kept whole: rate8 × 100).
  const rate8 = input.currentUsdRate === null ? null : scaled(input.currentUsdRate, 8);
  const perCoin = rate8 === null ? null : rate8 * 100n;

  if (requoted && perCoin === null) {
    return { covered: false, requoted, rateMissing: true, shortCents: 0, excessCents: 0, amountDue: null };
  }
  let value = 0n;
  let lockedUnits = 0n;
  for (const p of input.payments) {
    if (late(p.sentAt)) value += (p.units * (perCoin as bigint)) / coin;
    else lockedUnits += p.units;
  }
  if (input.due > 0n) value += (lockedUnits * need) / input.due;
  else value += need;

  const toleranceBp = BigInt(Math.round(input.tolerancePercent * 100));
  const covered = value * 10_000n >= need * (10_000n - toleranceBp);
  const short = value >= need ? 0n : need - value;
  const shortCents = Number(ceilDiv(short, NANO_CENTS_PER_CENT));

  let amountDue: bigint | null;
  if (short === 0n) amountDue = 0n;
  else if (!requoted && (input.lockEndsAt === null || input.now <= input.lockEndsAt)) {
    // Still locked: what is left of the amount, exactly.
    amountDue = input.due > lockedUnits ? input.due - lockedUnits : 0n;
  } else if (perCoin === null) amountDue = null;
  else amountDue = ceilDiv(short * coin, perCoin);
  const excessCents = value > need ? Number((value - need) / NANO_CENTS_PER_CENT) : 0;
  return { covered, requoted, rateMissing: false, shortCents, excessCents, amountDue };
}
