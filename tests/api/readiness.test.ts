/**
 * `GET /readyz` (issue 32; docs/deployment.md "Health and metrics"): 200 while the replica can serve, 503 with the
 * failing checks while it cannot (here: the live-update bus reconnecting), and 200 again once it is back.
 * `/healthz` (liveness) answers throughout.
 */
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function readyz(): Promise<{ status: number; body: unknown; cacheControl: string | null }> {
  const res = await fetch(`${server.url}/readyz`);
  return { status: res.status, body: await res.json(), cacheControl: res.headers.get('cache-control') };
}

it('is ready when the database answers, migrations are done and the bus listens', async () => {
  expect(await readyz()).toEqual({ status: 200, body: { ready: true }, cacheControl: 'no-store' });
});

it('answers 503 naming the bus while it reconnects, and 200 once it listens again', async () => {
  await server.sql(
    `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND application_name = 'crypto-store-events'`,
    [server.databaseName],
  );
  // The bus notices the drop at once and reconnects after about a second.
  let answer = await readyz();
  for (let i = 0; i < 50 && answer.status === 200; i++) {
    await new Promise((r) => setTimeout(r, 10));
    answer = await readyz();
  }
  expect(answer).toEqual({ status: 503, body: { ready: false, failing: ['bus'] }, cacheControl: 'no-store' });
  expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

  for (let i = 0; i < 100 && answer.status !== 200; i++) {
    await new Promise((r) => setTimeout(r, 100));
    answer = await readyz();
  }
  expect(answer.status).toBe(200);
});

it('answers 503 naming the migrations when this version knows one the database has not run', async () => {
  await server.sql(`UPDATE migrations SET name = name || '-renamed' WHERE name = 'AccountTokens1765900000000'`);
  try {
    expect(await readyz()).toEqual({
      status: 503,
      body: { ready: false, failing: ['migrations'] },
      cacheControl: 'no-store',
    });
  } finally {
    await server.sql(`UPDATE migrations SET name = 'AccountTokens1765900000000' WHERE name LIKE 'AccountTokens%'`);
  }
  expect((await readyz()).status).toBe(200);
});
