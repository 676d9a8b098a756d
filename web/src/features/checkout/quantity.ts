import { LIMITS } from '../../../../common/validation';

/**
 * What the quantity input settles on (docs/product.md "Input rules": "the input itself clamps between the minimum and
 * 10000"): whole numbers within [min, LIMITS.quantityInputMax]; anything unreadable becomes the minimum.
 */
export function clampQuantity(text: string, min: number): number {
  const value = Math.floor(Number(text));
  if (text.trim() === '' || !Number.isFinite(value)) return min;
  return Math.min(Math.max(value, min), LIMITS.quantityInputMax);
}
