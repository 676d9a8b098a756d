/**
 * `fixed`: the configured rates (RATE_BTC_USD, RATE_ETH_USD, each method's definition), the default provider, so the
 * demo and the tests price orders offline. Its answers are the configuration, read without a request.
 */
import type { RateProvider } from '../rate-provider';

export const fixedProvider: RateProvider<'fixed'> = {
  name: 'fixed',
  live: false,
  defaultBaseUrl: null,
  read: (currencies, { fixedRates }) =>
    Promise.resolve(currencies.map((currency) => ({ currency, value: fixedRates[currency] }))),
};
