/**
 * Stock as customers read it, for products stocked by licence keys (KEYS and DOWNLOAD): how many can be bought now,
 * with thousands separators ("12,500 in stock"). MANUAL products have no count (`availableQuantity` is null).
 */
const COUNT = new Intl.NumberFormat('en-US');

/** A whole number with thousands separators ("12,500"). */
export function formatCount(value: number): string {
  return COUNT.format(value);
}

/**
 * "12,500 in stock" for a product that can be bought now and has a known count; null otherwise (out of stock keeps
 * its own display, and MANUAL products show none).
 */
export function stockCountLabel(product: { inStock: boolean; availableQuantity: number | null }): string | null {
  if (!product.inStock || product.availableQuantity === null || product.availableQuantity <= 0) return null;
  return `${formatCount(product.availableQuantity)} in stock`;
}
