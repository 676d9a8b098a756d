/**
 * A payment method as the server knows it (docs/adding-a-payment-method.md): its facts from common/ (label,
 * currency, decimals, URI, explorer), plus what only the server needs: its environment variables (a zod fragment that
 * server/src/config.ts composes), the checks of its addresses, how its addresses compare, how far a block's clock may
 * be off, and its chain reader. One definition per method, registered once in ./index.ts.
 */
import type { z } from 'zod';
import type { PaymentMethodFacts, PaymentMethodKey } from '../../../../common/payment-methods';

/** A registered method's facts. */
type Facts = PaymentMethodFacts<PaymentMethodKey>;
import type { PaymentMethod } from '../../core/enums';
import type { ChainReader } from '../chains/chain-reader';

/** A setting that fails its chain's checks: [variable, value, problem] ("fails its EIP-55 checksum"). */
export type SettingProblem = [variable: string, value: string, problem: string];

/**
 * Addresses derived one per order from an extended public key (BTC_XPUB, docs/payments.md "An address per Bitcoin
 * order"): which key, and its receive address number `index`.
 */
export interface AddressDerivation {
  /** The key's fingerprint: each key counts its addresses from 0 (a new key is a new account). */
  readonly account: string;
  address(index: number): string;
}

/** What the environment says about one method, as config.ts keeps it. */
export interface MethodSettings {
  /** Where customers pay; undefined: the method is shown unavailable and refused, unless it derives addresses. */
  readonly address: string | undefined;
  /** Set: each order gets an address of its own, derived from this key (`address` is then not handed out). */
  readonly derivation?: AddressDerivation | null;
  readonly usdRate: number;
  /** Confirmations a payment needs; null for a method without a chain. */
  readonly confirmations: number | null;
  /** How its chain is read (the definition's own shape); null: no API set, so an admin confirms its payments. */
  readonly chain: unknown;
  /**
   * The token contract its payments are in (USDT_ERC20_CONTRACT), whether or not its chain is read: its payment URI
   * names it. Null (or absent) for a chain's own coin, and where the URI does not name the token (TRON's bare address).
   */
  readonly token?: string | null;
}

/** How one method is read from its chain. */
export interface ChainWatchSpec {
  reader: ChainReader;
  /** The token a payment must be in (TRC-20: the USDT contract); null for the chain's own coin. */
  token: string | null;
  requiredConfirmations: number;
}

export interface ServerPaymentMethod {
  readonly facts: Facts;
  /** The PaymentMethod value, its facts' key (what the API shows and the database stores). */
  readonly method: PaymentMethod;
  /** Its environment variables, composed into config.ts's schema. */
  readonly env: z.ZodRawShape;
  /** Its settings from the parsed environment, and the problems of the addresses in them. */
  configure(
    env: Record<string, unknown>,
    context: { production: boolean },
  ): {
    settings: MethodSettings;
    problems: SettingProblem[];
    /** Settings taken but worth a look, logged at start (an Ethereum address without its EIP-55 checksum). */
    warnings: SettingProblem[];
  };
  /** The form in which two of its addresses compare (a payment's recipient with the store's address). */
  addressKey(address: string): string;
  /**
   * How far a block's time may be before an order's creation and still pay it: block times are set by miners (BTC's
   * may lag real time by up to two hours), ETH's and TRON's follow the clock within seconds.
   */
  readonly clockSkewMs: number;
  /** Its chain reader from its settings, or null when its payments are confirmed by an admin. */
  watch(settings: MethodSettings): ChainWatchSpec | null;
  /**
   * The problem of an address a customer gives to be paid on this method's chain (a refund's), by the rules its own
   * receiving address is checked with at start; null: fine. Null for a method without a chain (nothing to send to).
   */
  readonly payoutAddressProblem: ((address: string, context: { production: boolean }) => string | null) | null;
  /**
   * What the demo (`npm start` outside production, scripts/start.mjs) sets when the variable is unset, so a newcomer
   * sees every method the store has: a well-known burn address nobody's wallet would take for a real one, which the
   * start checks validate like any other. Empty for a method with nothing to configure.
   */
  readonly demoEnv: Readonly<Record<string, string>>;
}

/**
 * A server definition, typed by its own environment fragment and chain settings; the registry keeps it erased
 * (`ServerPaymentMethod`), and only the definition ever reads its `chain` settings back.
 */
export function defineServerMethod<Shape extends z.ZodRawShape, Chain>(definition: {
  facts: Facts;
  env: Shape;
  configure(
    env: z.infer<z.ZodObject<Shape>>,
    context: { production: boolean },
  ): {
    address: string | undefined;
    derivation?: AddressDerivation | null;
    usdRate: number;
    confirmations: number | null;
    chain: Chain | null;
    token?: string | null;
    problems: SettingProblem[];
    warnings?: SettingProblem[];
  };
  addressKey(address: string): string;
  clockSkewMs: number;
  reader(chain: Chain, settings: MethodSettings): ChainWatchSpec;
  payoutAddressProblem: ServerPaymentMethod['payoutAddressProblem'];
  demoEnv: Readonly<Record<string, string>>;
}): ServerPaymentMethod {
  const { configure, reader, ...rest } = definition;
  return Object.freeze({
    ...rest,
    method: definition.facts.key,
    configure(env: Record<string, unknown>, context: { production: boolean }) {
      const { problems, warnings = [], ...settings } = configure(env as z.infer<z.ZodObject<Shape>>, context);
      return { settings: Object.freeze(settings), problems, warnings };
    },
    watch(settings: MethodSettings) {
      return settings.chain === null ? null : reader(settings.chain as Chain, settings);
    },
  });
}

/** The problem of `value` (one of its settings) under `check`, as a list of zero or one. */
export function problemsOf(
  checks: [variable: string, value: string | undefined, check: (value: string) => string | null][],
): SettingProblem[] {
  return checks.flatMap(([variable, value, check]) => {
    const problem = value === undefined ? null : check(value);
    return problem === null ? [] : [[variable, value!, problem] satisfies SettingProblem];
  });
}
