/**
 * Binance's public ticker (https://developers.binance.com/docs/binance-spot-api-docs/rest-api "Symbol price ticker"):
 * `GET /api/v3/ticker/price?symbol=BTCUSDT` answers `{ "symbol": "BTCUSDT", "price": "<price>" }`, one request per
 * currency. Binance quotes in USDT, which the store counts as 1 USD (as it prices USDT orders); the divergence guard
 * refuses a price should USDT ever part from the dollar by more than RATE_MAX_DIVERGENCE_PERCENT.
 */
import { excerpt } from '../../payments/chains/chain-reader';
import { fetchRateJson, RateReadError } from '../rate-fetch';
import type { ProviderReading, RateProvider } from '../rate-provider';
import { field } from '../rate-provider';

export const binanceProvider: RateProvider<'binance'> = {
  name: 'binance',
  live: true,
  defaultBaseUrl: 'https://api.binance.com',
  read(currencies, { baseUrl, timeoutMs }) {
    return Promise.all(
      currencies.map(async (currency): Promise<ProviderReading> => {
        const symbol = `${currency}USDT`;
        try {
          const answer = await fetchRateJson(`${baseUrl}/api/v3/ticker/price?symbol=${symbol}`, timeoutMs);
          const answered = field(answer, 'symbol');
          if (answered !== symbol) {
            return { currency, error: `answered for symbol ${excerpt(answered)}, not ${symbol}: ${excerpt(answer)}` };
          }
          const value = field(answer, 'price');
          return value === undefined
            ? { currency, error: `no price in the answer: ${excerpt(answer)}` }
            : { currency, value };
        } catch (error) {
          if (error instanceof RateReadError) return { currency, error: error.message };
          throw error;
        }
      }),
    );
  },
};
