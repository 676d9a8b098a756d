/**
 * The rate providers' parsers on their recorded answers (tests/fixtures/rates/, served by a loopback fixture server at
 * the real APIs' paths), every class of answer that is refused, and the rules that make a rate of the answers
 * (median, divergence, age, spread). Pure functions and real HTTP; no database.
 */
import { binanceProvider } from '../../server/src/rates/providers/binance';
import { coinbaseProvider } from '../../server/src/rates/providers/coinbase';
import { coingeckoProvider } from '../../server/src/rates/providers/coingecko';
import { fixedProvider } from '../../server/src/rates/providers/fixed';
import { krakenProvider } from '../../server/src/rates/providers/kraken';
import type { ProviderReading, RateProvider } from '../../server/src/rates/rate-provider';
import { loadConfig } from '../../server/src/config';
import { afterSpread, checkReading, combineRate, median } from '../../server/src/rates/rate-rules';
import { startRateFixtures, type FixtureProvider, type RateFixtures } from '../support/rate-fixtures';

let fixtures: RateFixtures;
beforeAll(async () => {
  fixtures = await startRateFixtures();
});
afterAll(() => fixtures.close());

const PROVIDERS: [FixtureProvider, RateProvider][] = [
  ['kraken', krakenProvider],
  ['coinbase', coinbaseProvider],
  ['binance', binanceProvider],
  ['coingecko', coingeckoProvider],
];

function read(provider: RateProvider, timeoutMs = 2000): Promise<ProviderReading[]> {
  return provider.read(['BTC', 'ETH'], { baseUrl: fixtures.url, fixedRates: { BTC: 50000, ETH: 2500 }, timeoutMs });
}

/** What the engine makes of each reading: the accepted price, or the reason it was refused. */
async function checked(provider: RateProvider, previous: number | null = null) {
  return (await read(provider)).map((r) => ('error' in r ? { error: r.error } : checkReading(r.value, previous)));
}

describe('each provider reads its recorded answer', () => {
  it.each([
    ['kraken', krakenProvider, 91234.5, 3012.45],
    ['coinbase', coinbaseProvider, 91250.01, 3013.1],
    ['binance', binanceProvider, 91240, 3012.8],
    ['coingecko', coingeckoProvider, 91245, 3012.9],
  ])('%s', async (_name, provider, btc, eth) => {
    expect(await checked(provider)).toEqual([{ usd: btc }, { usd: eth }]);
  });

  it('asks the real paths', () => {
    expect(fixtures.requests).toEqual(
      expect.arrayContaining([
        'GET /0/public/Ticker?pair=XBTUSD,ETHUSD',
        'GET /v2/prices/BTC-USD/spot',
        'GET /v2/prices/ETH-USD/spot',
        'GET /api/v3/ticker/price?symbol=BTCUSDT',
        'GET /api/v3/ticker/price?symbol=ETHUSDT',
        'GET /api/v3/simple/price?ids=bitcoin,ethereum&vs_currencies=usd',
      ]),
    );
  });

  it('fixed answers the configured rates without a request', async () => {
    const before = fixtures.requests.length;
    expect(await checked(fixedProvider)).toEqual([{ usd: 50000 }, { usd: 2500 }]);
    expect(fixtures.requests.length).toBe(before);
  });
});

describe('answers that are refused, per provider', () => {
  afterEach(() => {
    for (const [name] of PROVIDERS) fixtures.break(name, null);
  });

  it.each(PROVIDERS)('%s: an HTTP error', async (name, provider) => {
    fixtures.break(name, { status: 503, body: '{"message":"maintenance"}' });
    const [btc] = await checked(provider);
    expect(btc).toEqual({ error: expect.stringContaining('answered 503') });
  });

  it.each(PROVIDERS)('%s: an HTML error page, even with status 200', async (name, provider) => {
    fixtures.break(name, {
      status: 200,
      body: '<html><body>Attention Required!</body></html>',
      contentType: 'text/html',
    });
    const [btc] = await checked(provider);
    expect(btc).toEqual({ error: expect.stringContaining('HTML page') });
  });

  it.each(PROVIDERS)('%s: something other than JSON', async (name, provider) => {
    fixtures.break(name, { status: 200, body: 'price: 91234', contentType: 'text/plain' });
    const [btc] = await checked(provider);
    expect(btc).toEqual({ error: expect.stringContaining('other than JSON') });
  });

  it.each(PROVIDERS)('%s: JSON without the price field', async (name, provider) => {
    fixtures.break(name, { status: 200, body: '{"result":{},"data":{}}' });
    const [btc] = await checked(provider);
    expect(btc).toEqual({ error: expect.stringMatching(/^no .* in the answer|answered for symbol/) });
  });

  it.each(PROVIDERS)('%s: no answer within the timeout', async (name, provider) => {
    fixtures.break(name, 'hang');
    const started = Date.now();
    const [btc] = (await read(provider, 300)).map((r) => ('error' in r ? r.error : r.value));
    expect(btc).toBe('no answer within 0.3 s');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it.each([
    ['a zero price', '0.00000000', 'zero price'],
    ['a negative price', '-91234.5', 'negative price'],
    ['a non-numeric price', 'NaN', 'not a price'],
    ['an empty price', '', 'not a price'],
    ['an object for a price', { value: 1 }, 'not a price'],
    ['an exponent', '9.1e4', 'not a price'],
  ])('%s (on every provider)', async (_what, value, message) => {
    for (const [name, provider] of PROVIDERS) {
      fixtures.setPrice(name, 'BTC', value);
      const [btc, eth] = await checked(provider);
      expect(btc).toEqual({ error: expect.stringContaining(message) });
      // The other currency of the same answer is still read.
      expect(eth).toEqual({ usd: expect.any(Number) });
    }
  });

  it('a redirect, never followed, and an answer too large to be a ticker', async () => {
    fixtures.break('kraken', { status: 302, body: '' });
    expect((await checked(krakenProvider))[0]).toEqual({
      error: 'answered 302, a redirect: redirects are not followed',
    });
    fixtures.break('kraken', { status: 200, body: JSON.stringify({ padding: 'x'.repeat(70_000) }) });
    expect((await checked(krakenProvider))[0]).toEqual({ error: 'answered more than 64 KiB: not a ticker' });
  });

  it('Kraken with its error list set', async () => {
    fixtures.break('kraken', { status: 200, body: '{"error":["EService:Unavailable"],"result":{}}' });
    expect(await checked(krakenProvider)).toEqual([
      { error: 'answered with errors: ["EService:Unavailable"]' },
      { error: 'answered with errors: ["EService:Unavailable"]' },
    ]);
  });

  it('a number too large to be a price (CoinGecko writes numbers), even as the first answer', async () => {
    fixtures.setPrice('coingecko', 'BTC', 1e300);
    expect((await checked(coingeckoProvider))[0]).toEqual({ error: 'implausible price 1e+300' });
    fixtures.setPrice('coingecko', 'BTC', 91245);
  });

  it('a jump of 10× or more against the last accepted value, up or down', () => {
    expect(checkReading('912345', 91234.5)).toEqual({ error: expect.stringContaining('10× or more') });
    expect(checkReading('9123.45', 91234.5)).toEqual({ error: expect.stringContaining('10× or more') });
    expect(checkReading('182469', 91234.5)).toEqual({ usd: 182469 });
    expect(checkReading(91234.5, null)).toEqual({ usd: 91234.5 });
  });
});

describe('the rate of a currency', () => {
  const now = new Date('2026-11-27T03:00:00Z');
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);
  const settings = { maxAgeSeconds: 600, maxDivergencePercent: 3, spreadPercent: 0 };

  it('is the median of the fresh answers, named by its sources', () => {
    const result = combineRate(
      [
        { provider: 'kraken', usd: 91000, at: ago(30) },
        { provider: 'coinbase', usd: 91500, at: ago(10) },
        { provider: 'binance', usd: 92000, at: ago(20) },
      ],
      now,
      settings,
    );
    expect(result).toEqual({
      rate: expect.objectContaining({
        usd: '91500.00000000',
        source: 'median(kraken,coinbase,binance)',
        fetchedAt: ago(30),
      }),
    });
    expect(median([1, 4, 2, 3])).toBe(2.5);
  });

  it('counts RATE_SPREAD_PERCENT against the customer: a coin counts for less, so more crypto is sent', () => {
    expect(afterSpread(50000, 1)).toBe('49504.95049505');
    const result = combineRate([{ provider: 'kraken', usd: 50000, at: ago(1) }], now, {
      ...settings,
      spreadPercent: 1,
    });
    expect(result).toEqual({ rate: expect.objectContaining({ usd: '49504.95049505', source: 'kraken' }) });
  });

  it('is none when fresh answers diverge by more than RATE_MAX_DIVERGENCE_PERCENT', () => {
    const result = combineRate(
      [
        { provider: 'kraken', usd: 90000, at: ago(5) },
        { provider: 'coinbase', usd: 93000, at: ago(5) },
      ],
      now,
      settings,
    );
    expect(result).toEqual({
      none: {
        reason: expect.stringContaining('differ by 3.33%, more than 3%'),
        divergencePercent: expect.closeTo(3.33, 2),
      },
    });
  });

  it('leaves out old answers, and is none when none is fresh', () => {
    const stale = { provider: 'coinbase', usd: 99000, at: ago(601) };
    expect(combineRate([{ provider: 'kraken', usd: 91000, at: ago(5) }, stale], now, settings)).toEqual({
      rate: expect.objectContaining({ usd: '91000.00000000', source: 'kraken' }),
    });
    expect(combineRate([stale], now, settings)).toEqual({
      none: { reason: 'no answer younger than 600 s (RATE_MAX_AGE_SECONDS)', divergencePercent: null },
    });
    expect(combineRate([], now, settings)).toEqual({
      none: { reason: 'no provider has answered yet', divergencePercent: null },
    });
  });
});

describe('the rate settings', () => {
  it('default to the fixed provider and the real APIs', () => {
    expect(loadConfig({}).rates).toEqual({
      providers: ['fixed'],
      refreshSeconds: 60,
      maxAgeSeconds: 600,
      maxDivergencePercent: 3,
      spreadPercent: 0,
      baseUrls: {
        kraken: 'https://api.kraken.com',
        coinbase: 'https://api.coinbase.com',
        binance: 'https://api.binance.com',
        coingecko: 'https://api.coingecko.com',
      },
    });
  });

  it('refuse an unknown or repeated provider, and a maximum age no longer than the refresh', () => {
    expect(() => loadConfig({ RATE_PROVIDERS: 'kraken,bitstamp' })).toThrow(
      'RATE_PROVIDERS: must be a comma list of fixed, kraken, coinbase, binance, coingecko',
    );
    expect(() => loadConfig({ RATE_PROVIDERS: 'kraken,Kraken' })).toThrow('RATE_PROVIDERS: names a provider twice');
    expect(() => loadConfig({ RATE_REFRESH_SECONDS: '600' })).toThrow(
      'RATE_MAX_AGE_SECONDS must be longer than RATE_REFRESH_SECONDS',
    );
    expect(
      loadConfig({ RATE_PROVIDERS: ' Kraken , coinbase ', RATE_KRAKEN_URL: 'http://127.0.0.1:9/' }).rates,
    ).toMatchObject({
      providers: ['kraken', 'coinbase'],
      baseUrls: { kraken: 'http://127.0.0.1:9' },
    });
  });
});
