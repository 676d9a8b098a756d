/**
 * How a price is made from providers' answers (docs/payments.md "How prices are made"), as pure functions: which
 * answers are accepted, and the rate of a currency from the fresh ones (median, divergence guard, spread). No
 * database, no clock of their own: the service passes `now`.
 */
import { RATE_DECIMALS } from '../../../common/pricing';
import { excerpt } from '../payments/chains/chain-reader';

/** An answer this many times above or below the provider's last accepted one is a broken answer, not a market move. */
export const MAX_JUMP_FACTOR = 10;

/**
 * Past this a price is no price (a broken feed, or a number no column stores): larger than any coin's whole market,
 * and the most digits a decimal string may have below.
 */
export const MAX_PRICE_USD = 1e15;

/** A plain decimal, as the APIs write prices ("91234.5", "0.1"): no sign, no exponent, no spaces. */
const DECIMAL = /^\d{1,15}(\.\d{1,18})?$/;

/**
 * A provider's raw value as a dollar price, or why it is refused: not a number (or a decimal string), zero, negative,
 * or a jump of MAX_JUMP_FACTOR× or more against `previous`, the provider's last accepted value for that currency.
 */
export function checkReading(value: unknown, previous: number | null): { usd: number } | { error: string } {
  let usd: number;
  if (typeof value === 'number') usd = value;
  else if (typeof value === 'string' && DECIMAL.test(value)) usd = Number(value);
  else if (typeof value === 'string' && /^-\d/.test(value.trim())) return { error: `negative price ${excerpt(value)}` };
  else return { error: `not a price: ${excerpt(value)}` };
  if (!Number.isFinite(usd)) return { error: `not a price: ${excerpt(value)}` };
  if (usd < 0) return { error: `negative price ${usd}` };
  if (usd < 10 ** -RATE_DECIMALS) return { error: `zero price ${excerpt(value)}` };
  if (usd >= MAX_PRICE_USD) return { error: `implausible price ${excerpt(value)}` };
  if (previous !== null && (usd >= previous * MAX_JUMP_FACTOR || usd * MAX_JUMP_FACTOR <= previous)) {
    return {
      error: `price ${usd} is ${MAX_JUMP_FACTOR}× or more away from its last accepted ${previous}: refused as a broken answer`,
    };
  }
  return { usd };
}

/** One accepted answer of one provider for one currency. */
export interface AcceptedAnswer {
  provider: string;
  usd: number;
  at: Date;
}

export interface RateSettings {
  maxAgeSeconds: number;
  maxDivergencePercent: number;
  spreadPercent: number;
}

/** What the store uses for one currency: the dollar value of one coin after spread, where it came from, and when. */
export interface CombinedRate {
  usd: string;
  source: string;
  fetchedAt: Date;
  /** The median before spread. */
  marketUsd: number;
  /** How far apart the fresh answers were, in percent of the lowest; 0 with one answer. */
  divergencePercent: number;
  /** The providers whose answers made it. */
  providers: string[];
}

export interface NoRate {
  reason: string;
  /** Null when there were fewer than two fresh answers to compare. */
  divergencePercent: number | null;
}

/** The median of the values (the mean of the middle two for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** How far apart the values are, in percent of the lowest. */
export function divergencePercent(values: readonly number[]): number {
  const low = Math.min(...values);
  const high = Math.max(...values);
  return ((high - low) / low) * 100;
}

/**
 * The dollar value of one coin the store uses, from the market price: the customer sends `spreadPercent` more crypto,
 * so a coin counts for market / (1 + spread). At RATE_DECIMALS places, as `cryptoAmount` reads rates.
 */
export function afterSpread(marketUsd: number, spreadPercent: number): string {
  return (marketUsd / (1 + spreadPercent / 100)).toFixed(RATE_DECIMALS);
}

/**
 * The rate of one currency from its providers' latest accepted answers (in the configured order) at `now`: the median
 * of those younger than maxAgeSeconds, after spread. No fresh answer, or fresh answers further apart than
 * maxDivergencePercent: no rate, with the reason. A price is never guessed: an old answer is never used, and of two
 * disagreeing providers neither is picked.
 */
export function combineRate(
  answers: readonly AcceptedAnswer[],
  now: Date,
  settings: RateSettings,
): { rate: CombinedRate } | { none: NoRate } {
  const oldest = now.getTime() - settings.maxAgeSeconds * 1000;
  const fresh = answers.filter((a) => a.at.getTime() > oldest);
  if (fresh.length === 0) {
    return {
      none: {
        reason:
          answers.length === 0
            ? 'no provider has answered yet'
            : `no answer younger than ${settings.maxAgeSeconds} s (RATE_MAX_AGE_SECONDS)`,
        divergencePercent: null,
      },
    };
  }
  const values = fresh.map((a) => a.usd);
  const divergence = divergencePercent(values);
  if (fresh.length >= 2 && divergence > settings.maxDivergencePercent) {
    return {
      none: {
        reason:
          `${fresh.map((a) => `${a.provider} ${a.usd}`).join(', ')} differ by ${divergence.toFixed(2)}%, more than ` +
          `${settings.maxDivergencePercent}% (RATE_MAX_DIVERGENCE_PERCENT)`,
        divergencePercent: divergence,
      },
    };
  }
  const marketUsd = median(values);
  const providers = fresh.map((a) => a.provider);
  return {
    rate: {
      usd: afterSpread(marketUsd, settings.spreadPercent),
      source: providers.length === 1 ? providers[0] : `median(${providers.join(',')})`,
      // The oldest answer used: the rate is no younger than that.
      fetchedAt: new Date(Math.min(...fresh.map((a) => a.at.getTime()))),
      marketUsd,
      divergencePercent: divergence,
      providers,
    },
  };
}
