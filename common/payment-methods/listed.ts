import { defineMethodFacts } from './definition';

/**
 * Methods listed for customers who ask and never accepted ("coming soon", docs/product.md "What the store sells"):
 * no address, no chain, amounts in dollars.
 */
const listed = <const Key extends string>(key: Key, label: string, displayOrder: number) =>
  defineMethodFacts({
    key,
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

export const PAYPAL = listed('PAYPAL', 'PayPal', 5);
export const SKRILL = listed('SKRILL', 'Skrill', 6);
