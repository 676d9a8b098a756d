/**
 * Every rate provider, registered once (docs/payments.md "How prices are made"). RATE_PROVIDERS names some of them;
 * a new provider is one file beside these and one line here (its base URL variable, RATE_<NAME>_URL, follows).
 */
import type { RateProvider } from '../rate-provider';
import { binanceProvider } from './binance';
import { coinbaseProvider } from './coinbase';
import { coingeckoProvider } from './coingecko';
import { fixedProvider } from './fixed';
import { krakenProvider } from './kraken';

export const RATE_PROVIDERS = [fixedProvider, krakenProvider, coinbaseProvider, binanceProvider, coingeckoProvider];

export type RateProviderName = (typeof RATE_PROVIDERS)[number]['name'];

export const RATE_PROVIDER_NAMES = RATE_PROVIDERS.map((p) => p.name) as RateProviderName[];

const byName = new Map<string, RateProvider>(RATE_PROVIDERS.map((p) => [p.name, p]));

/** A provider by its name (one of RATE_PROVIDER_NAMES). */
export function rateProvider(name: RateProviderName): RateProvider {
  return byName.get(name)!;
}

/** The providers that read a market over the network, each with its base URL variable. */
export const LIVE_RATE_PROVIDERS = RATE_PROVIDERS.filter((p) => p.live);
