/**
 * A second store for the browser tests that need settings of their own (CAPTCHA=always): the build the main e2e
 * server already made (dist/server/src/main.js, web/dist), started by the spec on a fresh database of its own, so the
 * other specs keep theirs. With DATABASE_URL a new database on that server; without, a new embedded PostgreSQL.
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { TEST_ADDRESSES } from '../../support/fixtures';
import { freePort } from '../../support/free-port';
import { startServerProcess, type ServerProcess } from '../../support/server-process';

export interface SecondStore {
  url: string;
  stop(): Promise<void>;
}

const root = path.resolve(__dirname, '../../..');

async function scratchDatabase(serverUrl: string, name: string): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** Starts the built store with `env` on top of the e2e server's settings; resolves once it answers /healthz. */
export async function startSecondStore(env: Record<string, string>): Promise<SecondStore> {
  const name = `store_e2e_second_${Date.now().toString(36)}_${process.pid}`;
  const database: Record<string, string> = {};
  let cleanup: () => Promise<void>;
  if (process.env.DATABASE_URL) {
    const scratch = await scratchDatabase(process.env.DATABASE_URL, name);
    database.DATABASE_URL = scratch.url;
    cleanup = scratch.drop;
  } else {
    const dataDir = path.join(root, '.test-data', name);
    database.DATA_DIR = dataDir;
    database.EMBEDDED_PG_PORT = String(await freePort());
    cleanup = async () => fs.rmSync(dataDir, { recursive: true, force: true });
  }
  let server: ServerProcess;
  try {
    server = await startServerProcess(
      {
        HOME: process.env.HOME ?? '',
        NODE_ENV: 'development',
        LOG_LEVEL: 'warn',
        PAY_ADDRESS_USDT_TRC20: TEST_ADDRESSES.USDT_TRC20,
        PAY_ADDRESS_BTC: TEST_ADDRESSES.BTC,
        PAY_ADDRESS_ETH: TEST_ADDRESSES.ETH,
        ...database,
        ...env,
      },
      { healthTimeoutMs: 180_000 },
    );
  } catch (error) {
    await cleanup();
    throw error;
  }
  return {
    url: server.url,
    async stop() {
      await server.stop();
      await cleanup();
    },
  };
}
