/**
 * `GET /metrics` (issue 32; docs/deployment.md "Health and metrics"): Prometheus text behind METRICS_TOKEN, with
 * prom-client's default process metrics and every `store_` family, each moving after the traffic that should move it:
 * HTTP requests, GraphQL operations, live subscriptions, jobs, chain polls, rate-provider answers (fixture servers on
 * loopback: tests/support/rate-fixtures.ts, the Esplora fixture) and the bus's reconnects and catch-ups.
 */
import { startEsploraFixture, type EsploraFixture } from '../support/chain-fixtures/esplora-fixture';
import { eventually } from '../support/eventually';
import { startRateFixtures, type RateFixtures } from '../support/rate-fixtures';
import { startTestServer, subscribeOnce, type TestServer } from '../support/test-server';

const TOKEN = 'metrics-test-token-0123456789';

let server: TestServer;
let fixtures: RateFixtures;
let esplora: EsploraFixture;

beforeAll(async () => {
  fixtures = await startRateFixtures();
  esplora = await startEsploraFixture();
  server = await startTestServer({
    env: {
      METRICS_TOKEN: TOKEN,
      RATE_PROVIDERS: 'kraken',
      RATE_KRAKEN_URL: fixtures.url,
      RATE_REFRESH_SECONDS: '1',
      BTC_API_URL: esplora.url,
      PAYMENT_POLL_SECONDS: '0.5',
    },
  });
});
afterAll(async () => {
  await server?.close();
  await fixtures?.close();
  await esplora?.close();
});

async function scrape(): Promise<string> {
  const res = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.text();
}

/** The value of one sample (`name{labels} value`), labels matched as a subset; undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => have[key] === value)) return Number(match[3]);
  }
  return undefined;
}

it('is refused without the token, and absent when no METRICS_TOKEN is configured', async () => {
  const bare = await fetch(`${server.url}/metrics`);
  expect(bare.status).toBe(401);
  expect(bare.headers.get('www-authenticate')).toBe('Bearer');
  const wrong = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}x` } });
  expect(wrong.status).toBe(401);

  const open = await startTestServer();
  try {
    expect((await fetch(`${open.url}/metrics`)).status).toBe(404);
  } finally {
    await open.close();
  }
});

it('shows the default and store_ families, each moving after traffic', async () => {
  const before = await scrape();
  for (const family of [
    'process_cpu_user_seconds_total',
    'nodejs_heap_size_used_bytes',
    'nodejs_eventloop_lag_seconds',
  ]) {
    expect(sample(before, family)).toBeGreaterThanOrEqual(0);
  }
  const healthz = { route: '/healthz', method: 'GET', status: '200' };
  const healthzBefore = sample(before, 'store_http_requests_total', healthz) ?? 0;

  // HTTP and GraphQL: three health checks, one operation that succeeds and one that fails.
  for (let i = 0; i < 3; i++) await fetch(`${server.url}/healthz`);
  expect((await server.gql(`query Rates { exchangeRates { currency } }`)).errors).toBeUndefined();
  const denied = await server.gql(`query MyOrder { order(id: "00000000-0000-0000-0000-000000000000") { id } }`);
  expect(denied.errors).toBeDefined();

  // A live subscription, then a dropped LISTEN connection: the bus reconnects and catches up.
  const admin = await server.createUser({ admin: true });
  const live = subscribeOnce(server.ws(admin.token), { query: `subscription { productChanged { id } }` });
  await live.ready;
  await server.sql(
    `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND application_name = 'crypto-store-events'`,
    [server.databaseName],
  );
  // A provider that breaks: its answers are refused from then on.
  await eventually(async () =>
    sample(await scrape(), 'store_rate_answers_total', { provider: 'kraken', outcome: 'accepted' }),
  );
  fixtures.break('kraken', { status: 500, body: 'down' });

  const after = await eventually(
    async () => {
      const text = await scrape();
      return (sample(text, 'store_bus_catch_ups_total') ?? 0) >= 1 &&
        (sample(text, 'store_rate_answers_total', { provider: 'kraken', outcome: 'refused' }) ?? 0) >= 1 &&
        (sample(text, 'store_chain_polls_total', { method: 'BTC', outcome: 'ok' }) ?? 0) >= 1
        ? text
        : null;
    },
    20_000,
    'bus catch-up, refused rate answer and chain poll in /metrics',
  );

  expect(sample(after, 'store_http_requests_total', healthz)).toBeGreaterThanOrEqual(healthzBefore + 3);
  expect(sample(after, 'store_http_request_duration_seconds_count', healthz)).toBeGreaterThanOrEqual(healthzBefore + 3);
  expect(
    sample(after, 'store_http_request_duration_seconds_bucket', { ...healthz, le: '+Inf' }),
  ).toBeGreaterThanOrEqual(3);
  expect(
    sample(after, 'store_http_requests_total', { route: '/graphql', method: 'POST', status: '200' }),
  ).toBeGreaterThanOrEqual(2);
  expect(sample(after, 'store_graphql_operations_total', { operation: 'Rates', outcome: 'ok' })).toBe(1);
  expect(sample(after, 'store_graphql_operations_total', { operation: 'MyOrder', outcome: 'error' })).toBe(1);
  expect(sample(after, 'store_live_subscriptions')).toBeGreaterThanOrEqual(1);
  expect(sample(after, 'store_websocket_connections')).toBeGreaterThanOrEqual(1);
  expect(sample(after, 'store_jobs_total', { task: 'rates:refresh', outcome: 'success' })).toBeGreaterThanOrEqual(1);
  expect(sample(after, 'store_jobs_total', { task: 'payments:poll', outcome: 'success' })).toBeGreaterThanOrEqual(1);
  expect(sample(after, 'store_jobs_ready')).toBeGreaterThanOrEqual(0);
  expect(sample(after, 'store_jobs_queue_lag_seconds')).toBeGreaterThanOrEqual(0);
  expect(sample(after, 'store_bus_reconnects_total')).toBe(1);
  expect(sample(after, 'store_bus_catch_ups_total')).toBe(1);
  live.dispose();
});
