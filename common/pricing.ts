/**
 * Money and crypto conversion (docs/product.md "Fixed numbers"). Dollars travel as numbers with at most 2 decimals; all
 * arithmetic is done in integer cents so 4000 × $13.6 is exactly $54,400.00.
 */
import { methodTable } from './payment-methods';

export interface PriceTier {
  minQuantity: number;
  unitPrice: number;
}

export interface PricedProduct {
  price: number;
  minQuantity: number;
  priceTiers: PriceTier[];
}

/** Decimals of the amount to send (each method's definition, common/payment-methods/). */
export const CRYPTO_DECIMALS = methodTable((m) => m.decimals);
export type { PaymentMethodKey } from './payment-methods';

export const DEFAULT_USD_RATES = methodTable((m) => m.defaultUsdRate);

export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}

export function fromCents(cents: number): number {
  return cents / 100;
}

/** Unit price in cents for a quantity: the best tier the quantity reaches, else the listed price. */
export function unitPriceCents(product: PricedProduct, quantity: number): number {
  let price = toCents(product.price);
  let bestTier = 0;
  for (const tier of product.priceTiers) {
    if (quantity >= tier.minQuantity && tier.minQuantity >= bestTier) {
      bestTier = tier.minQuantity;
      price = toCents(tier.unitPrice);
    }
  }
  return price;
}

export interface Quote {
  unitPrice: number;
  totalPrice: number;
  totalCents: number;
}

export function quoteTotal(product: PricedProduct, quantity: number): Quote {
  const unit = unitPriceCents(product, quantity);
  const totalCents = unit * quantity;
  return { unitPrice: fromCents(unit), totalPrice: fromCents(totalCents), totalCents };
}

/** Rates are exact to this many decimals (a rate like 3456.789 USD/ETH is used as written). */
export const RATE_DECIMALS = 8;

/**
 * Converts a dollar total (in cents) to a crypto amount string with the method's decimals, rounding
 * half up on exact decimal arithmetic (BigInt), so 54400 USD at 50000 USD/BTC is "1.08800000".
 */
export function cryptoAmount(totalCents: number, usdRate: number, decimals: number): string {
  // The rate as an exact fraction rateUnits / 10^RATE_DECIMALS (toFixed reads the decimal as written).
  const rateUnits = BigInt(usdRate.toFixed(RATE_DECIMALS).replace('.', ''));
  if (rateUnits <= 0n) throw new Error('Rate must be positive');
  const scale = 10n ** BigInt(decimals);
  // amount = (totalCents / 100) / (rateUnits / 10^RATE_DECIMALS), scaled by 10^decimals, rounded half up
  const numerator = BigInt(totalCents) * 10n ** BigInt(RATE_DECIMALS) * scale;
  const denominator = rateUnits * 100n;
  const units = (numerator * 2n + denominator) / (denominator * 2n);
  const whole = units / scale;
  const frac = units % scale;
  return decimals === 0 ? whole.toString() : `${whole}.${frac.toString().padStart(decimals, '0')}`;
}

/** "$54,400.00"-style dollar formatting shared by web pages. */
export function formatUsd(amount: number): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 }).format(
    amount,
  );
}

export { trimZeros } from './decimal';

/**
 * Re-scales an exact decimal string (PostgreSQL numeric, e.g. "54400.00000000") to `decimals`
 * places, rounding half up, without going through a float: ("1.08800000", 8) → "1.08800000",
 * ("54400.00000000", 2) → "54400.00".
 */
export function formatDecimal(value: string, decimals: number): string {
  const match = /^(-?)(?=\.?\d)(\d*)(?:\.(\d*))?$/.exec(value.trim());
  if (!match) throw new Error(`Not a decimal: ${value}`);
  const [, sign, whole = '', fraction = ''] = match;
  const kept = fraction.slice(0, decimals).padEnd(decimals, '0');
  let units = BigInt((whole || '0') + kept);
  if ((fraction[decimals] ?? '0') >= '5') units += 1n;
  const scale = 10n ** BigInt(decimals);
  const text = decimals === 0 ? `${units}` : `${units / scale}.${(units % scale).toString().padStart(decimals, '0')}`;
  return units === 0n ? text : `${sign}${text}`;
}

/** A lower unit price than the listed one that some quantity reaches: the catalogue shows it beside the listed price. */
export interface BulkPrice {
  /** Dollars per unit. */
  unitPrice: number;
  /** The quantity it starts at. */
  fromQuantity: number;
  /** It is what every order pays (the tier starts at or below the product's minimum quantity). */
  atMinimum: boolean;
}

/**
 * The lowest unit price a quantity of the product reaches, when it is below the listed price (the bulk SSL package is
 * listed at $14 but sold at $13.60 from its minimum of 4,000); null when the listed price is the lowest.
 */
export function bulkPrice(product: PricedProduct): BulkPrice | null {
  let best: BulkPrice | null = null;
  const listed = toCents(product.price);
  for (const tier of product.priceTiers) {
    const cents = unitPriceCents(product, Math.max(tier.minQuantity, product.minQuantity));
    if (cents >= listed || (best && cents >= toCents(best.unitPrice))) continue;
    const fromQuantity = Math.max(tier.minQuantity, product.minQuantity);
    best = { unitPrice: fromCents(cents), fromQuantity, atMinimum: fromQuantity <= product.minQuantity };
  }
  return best;
}
