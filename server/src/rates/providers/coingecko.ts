/**
 * CoinGecko's public simple price (https://docs.coingecko.com/reference/simple-price): `GET /api/v3/simple/price?ids=
 * bitcoin,ethereum&vs_currencies=usd` answers `{ "bitcoin": { "usd": <price> }, "ethereum": { "usd": <price> } }`,
 * prices as JSON numbers.
 */
import { excerpt } from '../../payments/chains/chain-reader';
import { fetchRateJson, RateReadError } from '../rate-fetch';
import { failedReadings, field, type MarketCurrency, type RateProvider } from '../rate-provider';

const COIN_IDS: Record<MarketCurrency, string> = { BTC: 'bitcoin', ETH: 'ethereum' };

export const coingeckoProvider: RateProvider<'coingecko'> = {
  name: 'coingecko',
  live: true,
  defaultBaseUrl: 'https://api.coingecko.com',
  async read(currencies, { baseUrl, timeoutMs }) {
    const ids = currencies.map((c) => COIN_IDS[c]).join(',');
    let answer: unknown;
    try {
      answer = await fetchRateJson(`${baseUrl}/api/v3/simple/price?ids=${ids}&vs_currencies=usd`, timeoutMs);
    } catch (error) {
      if (error instanceof RateReadError) return failedReadings(currencies, error.message);
      throw error;
    }
    return currencies.map((currency) => {
      const value = field(answer, COIN_IDS[currency], 'usd');
      return value === undefined
        ? { currency, error: `no ${COIN_IDS[currency]}.usd in the answer: ${excerpt(answer)}` }
        : { currency, value };
    });
  },
};
