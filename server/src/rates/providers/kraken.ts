/**
 * Kraken's public ticker (https://docs.kraken.com/rest/ "Get Ticker Information"): `GET /0/public/Ticker?pair=XBTUSD,
 * ETHUSD` answers `{ "error": [], "result": { "XXBTZUSD": { "c": ["<last trade price>", "<lot volume>"], … } } }`.
 * The result is keyed by Kraken's own pair names (XXBTZUSD for XBTUSD, XETHZUSD for ETHUSD), so both spellings are
 * looked up; `c[0]` is the price of the last trade.
 */
import { excerpt } from '../../payments/chains/chain-reader';
import { fetchRateJson, RateReadError } from '../rate-fetch';
import { failedReadings, field, type MarketCurrency, type RateProvider } from '../rate-provider';

const PAIRS: Record<MarketCurrency, { asked: string; keys: string[] }> = {
  BTC: { asked: 'XBTUSD', keys: ['XXBTZUSD', 'XBTUSD'] },
  ETH: { asked: 'ETHUSD', keys: ['XETHZUSD', 'ETHUSD'] },
};

export const krakenProvider: RateProvider<'kraken'> = {
  name: 'kraken',
  live: true,
  defaultBaseUrl: 'https://api.kraken.com',
  async read(currencies, { baseUrl, timeoutMs }) {
    const pairs = currencies.map((c) => PAIRS[c].asked).join(',');
    let answer: unknown;
    try {
      answer = await fetchRateJson(`${baseUrl}/0/public/Ticker?pair=${pairs}`, timeoutMs);
    } catch (error) {
      if (error instanceof RateReadError) return failedReadings(currencies, error.message);
      throw error;
    }
    const errors = field(answer, 'error');
    if (Array.isArray(errors) && errors.length > 0) {
      return failedReadings(currencies, `answered with errors: ${excerpt(errors)}`);
    }
    return currencies.map((currency) => {
      const key = PAIRS[currency].keys.find((k) => field(answer, 'result', k) !== undefined);
      const value = key === undefined ? undefined : field(answer, 'result', key, 'c', 0);
      return value === undefined
        ? { currency, error: `no result.${PAIRS[currency].keys[0]}.c[0] in the answer: ${excerpt(answer)}` }
        : { currency, value };
    });
  },
};
