import { LIMITS } from '../../../../common/validation';

/**
 * The most the quantity input offers for a product (docs/product.md "Input rules"): 10000, or fewer when the product
 * is stocked by licence keys and fewer keys are in stock (`availableQuantity`; null for MANUAL products). Never below
 * the minimum: a product with fewer keys than its minimum is out of stock and not offered at all.
 */
export function maxQuantity(product: { minQuantity: number; availableQuantity: number | null } | null): number {
  if (!product) return LIMITS.quantityInputMax;
  const inStock = product.availableQuantity ?? LIMITS.quantityInputMax;
  return Math.max(product.minQuantity, Math.min(LIMITS.quantityInputMax, inStock));
}

/**
 * What the quantity input settles on (docs/product.md "Input rules": "the input itself clamps between the minimum and
 * 10000", or the keys in stock when fewer): whole numbers within [min, max]; anything unreadable becomes the minimum.
 */
export function clampQuantity(text: string, min: number, max: number = LIMITS.quantityInputMax): number {
  const value = Math.floor(Number(text));
  if (text.trim() === '' || !Number.isFinite(value)) return min;
  return Math.min(Math.max(value, min), max);
}
