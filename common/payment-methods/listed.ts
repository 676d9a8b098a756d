import { defineMethodFacts } from './definition';

/**
 * Methods listed for customers who ask and never accepted ("coming soon", docs/product.md "What the store sells"):
 * no address, no chain, amounts in dollars.
 */
const listed = <const Key extends string, const Value extends string>(
  key: Key,
  value: Value,
  label: string,
  displayOrder: number,
) =>
  defineMethodFacts({
    key,
    value,
    displayOrder,
    label,
    currency: 'USD',
    decimals: 2,
    defaultUsdRate: 1,
    accepted: false,
    chain: null,
    walletUriScheme: null,
    paymentUri: (address: string) => address,
  });

export const PAYPAL = listed('PAYPAL', 'paypal', 'PayPal', 4);
export const SKRILL = listed('SKRILL', 'skrill', 'Skrill', 5);
