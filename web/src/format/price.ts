/**
 * Catalogue prices as the spec writes them: a $ prefix, thousands separators and no trailing zeros
 * ("$14", "$13.6", "$24.99", "$54,400"). Totals a customer pays use common/pricing's `formatUsd`.
 */
const PRICE = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
});

export function formatPrice(dollars: number): string {
  return PRICE.format(dollars);
}
