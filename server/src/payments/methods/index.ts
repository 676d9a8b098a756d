/**
 * Every payment method the server knows, registered once (docs/adding-a-payment-method.md). Config,
 * checkout, the chain watch and the API read their per-method facts from here; nothing else lists methods.
 */
import { REGISTERED_PAYMENT_METHODS, type PaymentMethodKey } from '../../../../common/payment-methods';
import type { PaymentMethod } from '../../core/enums';
import type { MethodSettings, ServerPaymentMethod, SettingProblem } from './definition';
import { btcMethod } from './btc';
import { ethMethod } from './eth';
import { paypalMethod, skrillMethod } from './listed';
import { usdtErc20Method } from './usdt-erc20';
import { usdtTrc20Method } from './usdt-trc20';

export type { ChainWatchSpec, MethodSettings, ServerPaymentMethod } from './definition';

const DEFINITIONS: readonly ServerPaymentMethod[] = [
  ethMethod,
  usdtTrc20Method,
  btcMethod,
  usdtErc20Method,
  paypalMethod,
  skrillMethod,
];

// One server definition per method of common/, in its order: a method defined on one side only fails at start.
if (DEFINITIONS.map((d) => d.facts.key).join() !== REGISTERED_PAYMENT_METHODS.map((m) => m.key).join()) {
  throw new Error('server/src/payments/methods: every method of common/payment-methods needs one definition here');
}

const byValue = new Map<string, ServerPaymentMethod>(DEFINITIONS.map((d) => [d.method, d]));

/** Every method in the order the checkout lists them. */
export const PAYMENT_METHOD_DEFINITIONS: readonly ServerPaymentMethod[] = [...DEFINITIONS].sort(
  (a, b) => a.facts.displayOrder - b.facts.displayOrder,
);

/** A method's definition by its enum value. */
export function methodDefinition(method: PaymentMethod): ServerPaymentMethod {
  const definition = byValue.get(method);
  if (!definition) throw new Error(`Unknown payment method: ${method}`);
  return definition;
}

/**
 * The demo's payment settings (scripts/start.mjs outside production): every method's `demoEnv`, so `npm start` shows
 * the whole store; a variable the environment sets keeps its value.
 */
export function demoPaymentEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    DEFINITIONS.flatMap((d) => Object.entries(d.demoEnv)).filter(([variable]) => env[variable] === undefined),
  );
}

/** Every method's environment variables, for config.ts's schema. */
export const PAYMENT_METHOD_ENV = Object.assign({}, ...DEFINITIONS.map((d) => d.env)) as Record<
  string,
  ServerPaymentMethod['env'][string]
>;

/**
 * Every method's settings from the parsed environment, the problems of their addresses (which stop the start) and
 * their warnings (logged at start), in registration order.
 */
export function configureMethods(
  env: Record<string, unknown>,
  context: { production: boolean },
): {
  settings: Readonly<Record<PaymentMethodKey, MethodSettings>>;
  problems: SettingProblem[];
  warnings: SettingProblem[];
} {
  const configured = DEFINITIONS.map((d) => [d.facts.key, d.configure(env, context)] as const);
  return {
    settings: Object.freeze(Object.fromEntries(configured.map(([key, c]) => [key, c.settings]))) as Record<
      PaymentMethodKey,
      MethodSettings
    >,
    problems: configured.flatMap(([, c]) => c.problems),
    warnings: configured.flatMap(([, c]) => c.warnings),
  };
}
