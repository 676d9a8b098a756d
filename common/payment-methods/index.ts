/**
 * The payment methods, each defined once in its own file (docs/adding-a-payment-method.md); every
 * per-method table of common/ (labels, currencies, decimals, default rates, payment URIs) and of the server is built
 * from this list. Registration order is the order the server checks their settings in; customers see them in
 * `displayOrder`.
 */
import { BTC } from './btc';
import type { PaymentMethodFacts } from './definition';
import { ETH } from './eth';
import { PAYPAL, SKRILL } from './listed';
import { USDT_ERC20 } from './usdt-erc20';
import { USDT_TRC20 } from './usdt-trc20';

export type { ChainNetwork, PaymentMethodFacts } from './definition';
export { networkWarning } from './definition';

const REGISTERED = [ETH, USDT_TRC20, BTC, USDT_ERC20, PAYPAL, SKRILL] as const;

type Registered = (typeof REGISTERED)[number];
/** A method's name, in the API and the database alike: "USDT_TRC20" | "BTC" | … */
export type PaymentMethodKey = Registered['key'];

/** Every method, in the order the checkout lists them. */
export const PAYMENT_METHODS: readonly PaymentMethodFacts<PaymentMethodKey>[] = [...REGISTERED].sort(
  (a, b) => a.displayOrder - b.displayOrder,
);

/** Every method in registration order (the server checks their settings in this order). */
export const REGISTERED_PAYMENT_METHODS: readonly PaymentMethodFacts<PaymentMethodKey>[] = REGISTERED;

const byKey = new Map<string, PaymentMethodFacts<PaymentMethodKey>>(REGISTERED.map((m) => [m.key, m]));

/** A method's facts by its name ("USDT_TRC20"). */
export function paymentMethodFacts(method: PaymentMethodKey): PaymentMethodFacts {
  const facts = byKey.get(method);
  if (!facts) throw new Error(`Unknown payment method: ${method}`);
  return facts;
}

/** One fact of every method, keyed by GraphQL name: `methodTable((m) => m.label)` → { USDT_TRC20: 'USDT (TRC-20)', … }. */
export function methodTable<T>(fact: (method: PaymentMethodFacts) => T): Readonly<Record<PaymentMethodKey, T>> {
  return Object.freeze(Object.fromEntries(REGISTERED.map((m) => [m.key, fact(m)]))) as Record<PaymentMethodKey, T>;
}

/**
 * The schemes of payment URIs a wallet opens ("bitcoin", "ethereum"), each once (ETH and USDT on Ethereum share
 * theirs): the only links the web app makes of one.
 */
export const WALLET_URI_SCHEMES: readonly string[] = [
  ...new Set(REGISTERED.flatMap((m) => (m.walletUriScheme === null ? [] : [m.walletUriScheme]))),
];
