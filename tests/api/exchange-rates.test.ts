/**
 * The rate engine end to end (docs/payments.md "How prices are made"): a store reading Kraken, Coinbase and Binance
 * (fixture servers on loopback answering the real APIs' shapes, tests/fixtures/rates/) every second in its job, and
 * what a customer and an admin see: the median after spread, no price while the providers disagree or are stale (and
 * checkout refused), the price back when they answer again, the history recorded, a second API process on the same
 * database quoting the same rate.
 */
import { startChainStore, type ChainStore } from '../support/chain-fixtures/chain-store';
import { eventually } from '../support/eventually';
import { startRateFixtures, type RateFixtures } from '../support/rate-fixtures';
import { startTestServer, type TestServer, type TestUser } from '../support/test-server';

const RATES = `{ exchangeRates { currency usd source fetchedAt } }`;
const ADMIN_RATES = `{
  adminRates {
    currencies { currency rate { usd source } unavailableReason divergencePercent methods }
    providers { provider currency usd error answeredAt ageSeconds fresh lastAcceptedUsd }
    settings { providers refreshSeconds maxAgeSeconds maxDivergencePercent spreadPercent }
  }
}`;
const PLACE_ORDER = `mutation ($input: PlaceOrderInput!) { placeOrder(input: $input) { id paymentAmountCrypto } }`;

let fixtures: RateFixtures;
let store: ChainStore;
let server: TestServer;
let admin: TestUser;
let productId: string;

type Rate = { currency: string; usd: string; source: string; fetchedAt: string };

async function rates(on: TestServer = server): Promise<Rate[]> {
  const res = await on.gql<{ exchangeRates: Rate[] }>(RATES);
  expect(res.errors).toBeUndefined();
  return res.data!.exchangeRates;
}

async function btcRate(on: TestServer = server): Promise<Rate | undefined> {
  return (await rates(on)).find((r) => r.currency === 'BTC');
}

async function adminRates() {
  const res = await server.gql(ADMIN_RATES, {}, { token: admin.token });
  expect(res.errors).toBeUndefined();
  return res.data!.adminRates;
}

function placeBtcOrder() {
  return server.gql(
    PLACE_ORDER,
    { input: { productId, quantity: 1, email: store.customer.email, paymentMethod: 'BTC' } },
    { token: store.customer.token },
  );
}

beforeAll(async () => {
  fixtures = await startRateFixtures();
  store = await startChainStore({
    method: 'BTC',
    slug: 'rates-product',
    env: {
      RATE_PROVIDERS: 'kraken,coinbase,binance',
      RATE_KRAKEN_URL: fixtures.url,
      RATE_COINBASE_URL: fixtures.url,
      RATE_BINANCE_URL: fixtures.url,
      RATE_REFRESH_SECONDS: '1',
      RATE_MAX_AGE_SECONDS: '3',
      RATE_SPREAD_PERCENT: '1',
    },
  });
  server = store.server;
  admin = await server.createUser({ admin: true });
  [{ id: productId }] = await server.sql<{ id: string }>(`SELECT id FROM products WHERE slug = 'rates-product'`);
});

afterAll(async () => {
  await store?.close();
  await fixtures?.close();
});

afterEach(() => {
  for (const provider of ['kraken', 'coinbase', 'binance'] as const) fixtures.break(provider, null);
});

it('prices BTC at the median of the providers after the spread, USDT at 1', async () => {
  // Kraken 91234.5, Coinbase 91250.01, Binance 91240 (the recorded answers): median 91240, less 1%.
  const btc = await eventually(btcRate, 15_000, 'a BTC rate');
  expect(btc).toMatchObject({ usd: (91240 / 1.01).toFixed(8), source: 'median(kraken,coinbase,binance)' });
  expect(Date.now() - Date.parse(btc.fetchedAt)).toBeLessThan(3000);
  expect((await rates()).map((r) => r.currency)).toEqual(['BTC', 'ETH', 'USDT']);
  expect((await rates()).find((r) => r.currency === 'USDT')).toMatchObject({ usd: '1.00000000', source: 'fixed' });

  const res = await placeBtcOrder();
  expect(res.errors).toBeUndefined();
  // $10 at 90336.63366337 USD per BTC.
  expect(res.data!.placeOrder.paymentAmountCrypto).toMatch(/^0\.0001107/);
});

it('records every answer and the rate used, as history', async () => {
  await eventually(btcRate, 15_000, 'a BTC rate');
  const observed = await server.sql<{ provider: string; currency: string; usd: string; error: string | null }>(
    `SELECT DISTINCT provider, currency FROM rate_observations WHERE usd IS NOT NULL ORDER BY provider, currency`,
  );
  expect(observed).toEqual([
    { provider: 'binance', currency: 'BTC' },
    { provider: 'binance', currency: 'ETH' },
    { provider: 'coinbase', currency: 'BTC' },
    { provider: 'coinbase', currency: 'ETH' },
    { provider: 'kraken', currency: 'BTC' },
    { provider: 'kraken', currency: 'ETH' },
  ]);
  const [used] = await server.sql<{ usd: string; source: string }>(
    `SELECT usd::text, source FROM exchange_rates WHERE currency = 'BTC' ORDER BY computed_at DESC LIMIT 1`,
  );
  expect(used).toEqual({ usd: (91240 / 1.01).toFixed(8), source: 'median(kraken,coinbase,binance)' });
});

it('refuses a price while the providers diverge, and checkout says rates are unavailable', async () => {
  fixtures.setPrice('coinbase', 'BTC', '95000.00');
  fixtures.setPrice('binance', 'BTC', '96000.00000000');
  await eventually(async () => (await btcRate()) === undefined, 15_000, 'BTC without a price');

  const res = await placeBtcOrder();
  expect(res.errors?.[0].extensions?.code).toBe('PAYMENT_METHOD_UNAVAILABLE');
  expect(res.errors?.[0].message).toBe(
    'Exchange rates for BTC are unavailable right now, so we cannot price this payment. Please try again in a few minutes or choose another payment method.',
  );
  const view = await adminRates();
  const btc = view.currencies.find((c: { currency: string }) => c.currency === 'BTC');
  expect(btc).toMatchObject({ rate: null, methods: ['BTC'] });
  expect(btc.unavailableReason).toMatch(/differ by 5\.\d\d%, more than 3% \(RATE_MAX_DIVERGENCE_PERCENT\)/);
  // ETH is still priced: one currency's trouble is its own.
  expect((await rates()).map((r) => r.currency)).toEqual(['ETH', 'USDT']);

  fixtures.setPrice('coinbase', 'BTC', '91250.01');
  fixtures.setPrice('binance', 'BTC', '91240.00000000');
  await eventually(btcRate, 15_000, 'the BTC price back');
});

it('a provider that fails is skipped, and with every provider stale there is no price until one answers again', async () => {
  fixtures.break('kraken', { status: 502, body: '<html><body>Bad gateway</body></html>', contentType: 'text/html' });
  await eventually(
    async () => (await btcRate())?.source === 'median(coinbase,binance)',
    15_000,
    'the median of the two that answer',
  );
  const view = await adminRates();
  expect(
    view.providers.find((p: { provider: string; currency: string }) => p.provider === 'kraken' && p.currency === 'BTC'),
  ).toMatchObject({ usd: null, error: expect.stringContaining('HTML page') });

  // (A provider that never answers holds the whole refresh for its 5 s timeout: tests/unit/rate-providers.test.ts.)
  fixtures.break('coinbase', { status: 429, body: '{"errors":[{"id":"rate_limit_exceeded"}]}' });
  fixtures.break('binance', { status: 500, body: '{"code":-1000}' });
  await eventually(async () => (await btcRate()) === undefined, 20_000, 'BTC stale');
  expect((await placeBtcOrder()).errors?.[0].extensions?.code).toBe('PAYMENT_METHOD_UNAVAILABLE');
  expect((await adminRates()).currencies[0].unavailableReason).toBe(
    'no answer younger than 3 s (RATE_MAX_AGE_SECONDS)',
  );

  fixtures.break('binance', null);
  const back = await eventually(btcRate, 15_000, 'the BTC price back');
  expect(back.source).toBe('binance');
  expect((await placeBtcOrder()).errors).toBeUndefined();
});

it('refuses a 10× jump of one provider and prices from the others', async () => {
  fixtures.setPrice('kraken', 'BTC', '912345.0');
  await eventually(
    async () => {
      const view = await adminRates();
      return view.providers
        .find((p: { provider: string; currency: string }) => p.provider === 'kraken' && p.currency === 'BTC')
        ?.error?.includes('10× or more');
    },
    15_000,
    "kraken's jump refused",
  );
  expect((await btcRate())?.usd).toBe((91245.005 / 1.01).toFixed(8));
  fixtures.setPrice('kraken', 'BTC', '91234.50000');
});

it('shows the admin the settings in force, and only the admin', async () => {
  expect((await adminRates()).settings).toEqual({
    providers: ['kraken', 'coinbase', 'binance'],
    refreshSeconds: 1,
    maxAgeSeconds: 3,
    maxDivergencePercent: 3,
    spreadPercent: 1,
  });
  const res = await server.gql(ADMIN_RATES, {}, { token: store.customer.token });
  expect(res.errors?.[0].extensions?.code).toBe('FORBIDDEN');
});

it('a second API process on the same database quotes the new rate without reading the providers', async () => {
  const second = await startTestServer({
    database: { name: server.databaseName, url: server.databaseUrl },
    env: {
      JOBS_IN_PROCESS: 'false',
      LOG_LEVEL: 'silent',
      RATE_PROVIDERS: 'kraken,coinbase,binance',
      // Nowhere: only the first process's job reads the providers.
      RATE_KRAKEN_URL: 'http://127.0.0.1:9',
      RATE_COINBASE_URL: 'http://127.0.0.1:9',
      RATE_BINANCE_URL: 'http://127.0.0.1:9',
      RATE_REFRESH_SECONDS: '60',
      RATE_MAX_AGE_SECONDS: '600',
      RATE_SPREAD_PERCENT: '1',
    },
  });
  try {
    await eventually(async () => (await btcRate(second))?.usd === (91240 / 1.01).toFixed(8), 15_000, 'the rate');
    for (const provider of ['kraken', 'coinbase', 'binance'] as const) fixtures.setPrice(provider, 'BTC', '92000');
    // Its timer reloads only every 60 s: the job's `rates` event on the bus brings the new rate.
    await eventually(async () => (await btcRate(second))?.usd === (92000 / 1.01).toFixed(8), 15_000, 'the new rate');
  } finally {
    await second.close();
    fixtures.setPrice('kraken', 'BTC', '91234.50000');
    fixtures.setPrice('coinbase', 'BTC', '91250.01');
    fixtures.setPrice('binance', 'BTC', '91240.00000000');
  }
});
