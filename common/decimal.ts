/**
 * Exact decimal strings without floats, for the payment methods' definitions (common/payment-methods/), which
 * pricing.ts itself reads (its per-method tables are built from them), so they cannot import pricing.ts.
 */

/** An exact decimal without its trailing zeros: "1.500000" → "1.5", "2.000" → "2". */
export function trimZeros(value: string): string {
  return value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
}

/** An exact decimal to the integer of its `decimals`-th part, extra digits cut: ("0.004001", 18) → "4001000000000000". */
export function decimalToInteger(amount: string, decimals: number): string {
  const [whole, fraction = ''] = amount.split('.');
  return (
    BigInt(whole) * 10n ** BigInt(decimals) +
    BigInt(fraction.padEnd(decimals, '0').slice(0, decimals) || '0')
  ).toString();
}
