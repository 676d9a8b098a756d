/**
 * An exact amount string from the API ("54400.00", "1.08800000") with thousands separators and its
 * currency: "54,400.00 USDT". The digits are never parsed into a float, so nothing is rounded.
 */
export function formatCryptoAmount(amount: string, currency: string): string {
  const [whole, fraction] = amount.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${fraction === undefined ? grouped : `${grouped}.${fraction}`} ${currency}`;
}

/**
 * Decimals a quote keeps at least, per currency: USDT is priced in cents, so a quote of "102.000000" reads
 * "102.00 USDT"; BTC and ETH quotes keep all theirs (8 and 6). Only the exact amount of a placed order, with its
 * per-order offset, needs every decimal of USDT ("102.000001 USDT").
 */
const QUOTE_MIN_DECIMALS: Readonly<Record<string, number>> = { USDT: 2 };

/** Drops trailing zero decimals beyond `keep` ("102.000000" → "102.00" with 2); never rounds. */
export function trimDecimals(amount: string, keep: number): string {
  const [whole, fraction] = amount.split('.');
  if (fraction === undefined) return amount;
  const trimmed = fraction.replace(/0+$/, '').padEnd(keep, '0');
  return trimmed ? `${whole}.${trimmed}` : whole;
}

/** A quote (before the order's own offset) as the checkout shows it: "102.00 USDT", "1.08800000 BTC". */
export function formatQuoteAmount(amount: string, currency: string): string {
  const keep = QUOTE_MIN_DECIMALS[currency];
  return formatCryptoAmount(keep === undefined ? amount : trimDecimals(amount, keep), currency);
}

/**
 * The quote plus one smallest unit at its own decimals: what a placed order's exact amount looks like at the
 * least ("102.000000" → "102.000001"), for telling the customer what to expect.
 */
export function nextSmallestUnit(amount: string): string {
  const [whole, fraction = ''] = amount.split('.');
  if (!fraction) return String(BigInt(whole) + 1n);
  const units = BigInt(`${whole}${fraction}`) + 1n;
  const digits = units.toString().padStart(fraction.length + 1, '0');
  return `${digits.slice(0, -fraction.length)}.${digits.slice(-fraction.length)}`;
}

/** "1 confirmation", "12 confirmations". */
export function confirmationsLabel(count: number): string {
  return `${count} ${count === 1 ? 'confirmation' : 'confirmations'}`;
}
