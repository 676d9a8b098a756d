/**
 * The payment request a wallet reads from a QR code or a link (docs/payments.md "Unique amounts"): the address and
 * the exact amount, so the customer's wallet fills both in.
 * - BTC: BIP 21, `bitcoin:<address>?amount=<BTC>`.
 * - ETH: EIP-681, `ethereum:<address>?value=<wei>`.
 * - USDT TRC-20: the address alone. TRON has no payment-URI standard that wallets agree on, and several refuse a
 *   QR code that is not a bare address; the amount is shown beside the code instead.
 */
import { trimZeros, type PaymentMethodKey } from './pricing';

export function paymentUri(method: PaymentMethodKey, address: string, amount: string): string {
  if (method === 'BTC') return `bitcoin:${address}?amount=${trimZeros(amount)}`;
  if (method === 'ETH') return `ethereum:${address}?value=${etherToWei(amount)}`;
  return address;
}

/** "0.004001" ETH → "4001000000000000" wei, exactly. */
export function etherToWei(amount: string): string {
  const [whole, fraction = ''] = amount.split('.');
  return (BigInt(whole) * 10n ** 18n + BigInt(fraction.padEnd(18, '0').slice(0, 18) || '0')).toString();
}
