/**
 * A rate provider (docs/payments.md "How prices are made"): one definition per source of prices, registered once in
 * ./providers/index.ts, as payment methods are. A provider names itself, says whether it reads a market over the
 * network, and reads what one coin of each market-priced currency is worth in US dollars now. It returns the raw
 * value it read (a string or a number as the API gives it); the checks every answer goes through (numeric, positive,
 * no 10× jump) are the engine's, in rate-rules.ts, so they are written once.
 */

/** The currencies whose dollar price moves with a market. USDT (and USD itself, PayPal and Skrill) are 1 USD. */
export const MARKET_CURRENCIES = ['BTC', 'ETH'] as const;
export type MarketCurrency = (typeof MARKET_CURRENCIES)[number];

/** What a provider read for one currency: the raw value, or why it could not read one. */
export type ProviderReading =
  { currency: MarketCurrency; value: unknown } | { currency: MarketCurrency; error: string };

/** What a provider needs to ask: its base URL (RATE_<NAME>_URL), the configured fixed rates, a timeout. */
export interface ProviderContext {
  baseUrl: string;
  fixedRates: Readonly<Record<MarketCurrency, number>>;
  timeoutMs: number;
}

export interface RateProvider<Name extends string = string> {
  readonly name: Name;
  /** False for `fixed`: its answers are the configuration, always fresh and never fetched. */
  readonly live: boolean;
  /** The URL it reads when no RATE_<NAME>_URL is set (the real public API). */
  readonly defaultBaseUrl: string | null;
  /** One reading per currency it was asked for; a failure of the whole request is an error for each. */
  read(currencies: readonly MarketCurrency[], context: ProviderContext): Promise<ProviderReading[]>;
}

/** Every currency marked with the same error (one request that answered nothing usable). */
export function failedReadings(currencies: readonly MarketCurrency[], error: string): ProviderReading[] {
  return currencies.map((currency) => ({ currency, error }));
}

/** A field of a parsed JSON answer by path, or undefined when any step is missing or not an object. */
export function field(value: unknown, ...path: (string | number)[]): unknown {
  let at = value;
  for (const step of path) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<string | number, unknown>)[step];
  }
  return at;
}
