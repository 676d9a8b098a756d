/**
 * An exact amount string from the API ("54400.00", "1.08800000") with thousands separators and its
 * currency: "54,400.00 USDT". The digits are never parsed into a float, so nothing is rounded.
 */
export function formatCryptoAmount(amount: string, currency: string): string {
  const [whole, fraction] = amount.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${fraction === undefined ? grouped : `${grouped}.${fraction}`} ${currency}`;
}
