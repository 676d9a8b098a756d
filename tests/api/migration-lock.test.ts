/**
 * Replicas starting together on an empty database all come up (issue 32): start-up preparation runs under a
 * PostgreSQL advisory lock (server/src/db/migration-lock.ts), so one process migrates and seeds while the others
 * wait, then find nothing left to do. Without the lock two of three processes usually exit with a duplicate
 * `pg_type` key from a migration run twice at once.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrations } from '../../server/src/db/data-source';
import { databaseUrl, withServerClient } from '../support/database';
import { sqlOn, startServerProcess, type ServerProcess } from '../support/server-process';
import { TEST_ADDRESSES } from '../support/test-server';

const name = `store_lock_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
const dataDirs: string[] = [];
let servers: ServerProcess[] = [];

beforeAll(() => withServerClient((client) => client.query(`CREATE DATABASE ${name}`)));
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await withServerClient((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

it('three processes started at once on an empty database all become healthy, and each migration ran once', async () => {
  const start = () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-lock-'));
    dataDirs.push(dataDir);
    return startServerProcess(
      {
        NODE_ENV: 'production',
        DATABASE_URL: databaseUrl(name),
        JWT_SECRET: 'production-test-secret-of-at-least-32-characters',
        KEYS_ENCRYPTION_KEY: Buffer.alloc(32, 9).toString('base64'),
        // The seed runs under the same lock: three processes seeding at once would triple the catalogue.
        SEED_DEMO_DATA: 'true',
        LOG_LEVEL: 'error',
        DATA_DIR: dataDir,
        PAY_ADDRESS_USDT_TRC20: TEST_ADDRESSES.USDT_TRC20,
        PAY_ADDRESS_ETH: TEST_ADDRESSES.ETH,
      },
      { healthTimeoutMs: 90_000 },
    );
  };
  const started = await Promise.allSettled([start(), start(), start()]);
  servers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failures = started.flatMap((result) => (result.status === 'rejected' ? [String(result.reason)] : []));
  expect(failures).toEqual([]);

  const ran = await sqlOn<{ name: string; n: number }>(
    databaseUrl(name),
    `SELECT name, count(*)::int AS n FROM migrations GROUP BY name ORDER BY name`,
  );
  expect(ran).toEqual(
    migrations.map((migration) => ({ name: migration.name, n: 1 })).sort((a, b) => a.name.localeCompare(b.name)),
  );
  // One demo catalogue, not three: every slug once.
  const [{ products, slugs }] = await sqlOn<{ products: number; slugs: number }>(
    databaseUrl(name),
    `SELECT count(*)::int AS products, count(DISTINCT slug)::int AS slugs FROM products`,
  );
  expect(products).toBeGreaterThan(0);
  expect(products).toBe(slugs);
  for (const server of servers) expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
}, 180_000);
