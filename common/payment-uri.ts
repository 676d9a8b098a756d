/**
 * The payment request a wallet reads from a QR code or a link (docs/payments.md "Unique amounts"): the address and
 * the exact amount, so the customer's wallet fills both in. Each method's form (BIP-21, EIP-681, TRON's bare
 * address) is in its definition (common/payment-methods/).
 */
import { paymentMethodFacts, type PaymentMethodKey } from './payment-methods';

export { etherToWei } from './payment-methods/eth';

export function paymentUri(method: PaymentMethodKey, address: string, amount: string): string {
  return paymentMethodFacts(method).paymentUri(address, amount);
}
