/**
 * zod fields shared by server/src/config.ts and the environment fragments it composes (each payment method's, in
 * server/src/payments/methods/): kept apart so a fragment can use them without importing config.ts, which imports the
 * fragments.
 */
import { z } from 'zod';
import { RATE_DECIMALS } from '../../common/pricing';

export const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

/** An optional absolute URL whose scheme is one of `schemes` (e.g. smtp:, smtps:). */
export function optionalUrl(schemes: readonly string[]) {
  return optionalString.refine(
    (v) => v === undefined || (URL.canParse(v) && schemes.includes(new URL(v).protocol)),
    `must be a URL starting with ${schemes.map((s) => `${s}//`).join(' or ')}`,
  );
}

/** A USD rate: positive at the precision prices are converted with (RATE_DECIMALS), e.g. at least 0.00000001. */
export function usdRate(defaultRate: number) {
  const smallest = 10 ** -RATE_DECIMALS;
  return z.coerce
    .number()
    .min(smallest, `must be at least ${smallest.toFixed(RATE_DECIMALS)}`)
    .default(defaultRate);
}

/** Blocks on top of (and including) a payment's block before it counts as paid. */
export function confirmations(defaultCount: number) {
  return z.coerce.number().int().min(1).max(1000).default(defaultCount);
}
