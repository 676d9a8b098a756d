/**
 * Coinbase's public spot price (https://docs.cdp.coinbase.com/coinbase-app/track-apis/prices "Get Spot Price"):
 * `GET /v2/prices/BTC-USD/spot` answers `{ "data": { "amount": "<price>", "base": "BTC", "currency": "USD" } }`,
 * one request per currency.
 */
import { excerpt } from '../../payments/chains/chain-reader';
import { fetchRateJson, RateReadError } from '../rate-fetch';
import type { ProviderReading, RateProvider } from '../rate-provider';
import { field } from '../rate-provider';

export const coinbaseProvider: RateProvider<'coinbase'> = {
  name: 'coinbase',
  live: true,
  defaultBaseUrl: 'https://api.coinbase.com',
  read(currencies, { baseUrl, timeoutMs }) {
    return Promise.all(
      currencies.map(async (currency): Promise<ProviderReading> => {
        try {
          const answer = await fetchRateJson(`${baseUrl}/v2/prices/${currency}-USD/spot`, timeoutMs);
          const quoted = field(answer, 'data', 'currency');
          if (quoted !== undefined && quoted !== 'USD') {
            return { currency, error: `answered a price in ${excerpt(quoted)}, not USD` };
          }
          const value = field(answer, 'data', 'amount');
          return value === undefined
            ? { currency, error: `no data.amount in the answer: ${excerpt(answer)}` }
            : { currency, value };
        } catch (error) {
          if (error instanceof RateReadError) return { currency, error: error.message };
          throw error;
        }
      }),
    );
  },
};
