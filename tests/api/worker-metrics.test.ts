/**
 * `npm run worker` counts the jobs it runs in its own registry (issue 32, item 4; docs/deployment.md "Health and
 * metrics"): with WORKER_METRICS_PORT and METRICS_TOKEN it serves `GET /metrics` itself, behind the same token as the
 * API's. The jobs here are the ones every job process queues at start (rates refresh, payment poll, sweeps).
 */
import { createTestDatabase, dropTestDatabase } from '../support/database';
import { eventually } from '../support/eventually';
import { startServerProcess, type ServerProcess } from '../support/server-process';

const TOKEN = 'worker-metrics-test-token-0123';

let database: { name: string; url: string };
let worker: ServerProcess;

beforeAll(async () => {
  database = await createTestDatabase();
  worker = await startServerProcess(
    {
      NODE_ENV: 'test',
      DATABASE_URL: database.url,
      JWT_SECRET: 'worker-metrics-test-secret-of-32-characters',
      LOG_LEVEL: 'error',
      METRICS_TOKEN: TOKEN,
    },
    { entry: 'worker.js', portVariable: 'WORKER_METRICS_PORT' },
  );
});

afterAll(async () => {
  await worker?.stop();
  if (database) await dropTestDatabase(database.name);
});

it('serves the jobs it ran at /metrics, with the token only', async () => {
  expect((await fetch(`${worker.url}/metrics`)).status).toBe(401);
  const wrong = await fetch(`${worker.url}/metrics`, { headers: { authorization: 'Bearer wrong-token-0123456789' } });
  expect(wrong.status).toBe(401);
  const text = await eventually(
    async () => {
      const res = await fetch(`${worker.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.status).toBe(200);
      const body = await res.text();
      return /^store_jobs_total\{task="[^"]+",outcome="success"\} [1-9]/m.test(body) && body;
    },
    20_000,
    'a job counted by the worker',
  );
  expect(text).toMatch(/^process_resident_memory_bytes \d/m);
  expect(text).toMatch(/^store_jobs_ready \d/m);
});
