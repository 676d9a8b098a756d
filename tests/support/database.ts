/**
 * Test databases: one migrated and seeded template per test run, and a fresh copy of it per test file
 * (CREATE DATABASE … TEMPLATE), so files run in parallel without seeing each other's rows.
 */
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

/** Connection URL of the PostgreSQL server (its `postgres` database), set by global-setup. */
export function serverUrl(): string {
  const url = process.env.TEST_PG_SERVER_URL;
  if (!url) throw new Error('TEST_PG_SERVER_URL is not set: run tests through jest (global-setup)');
  return url;
}

export function templateName(): string {
  const name = process.env.TEST_TEMPLATE_DB;
  if (!name) throw new Error('TEST_TEMPLATE_DB is not set: run tests through jest (global-setup)');
  return name;
}

/** The URL of database `name` on the same server. */
export function databaseUrl(name: string, base = serverUrl()): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function withServerClient<T>(fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: serverUrl() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A fresh database copied from the template; returns its name and URL. */
export async function createTestDatabase(): Promise<{ name: string; url: string }> {
  const name = `store_test_${randomBytes(6).toString('hex')}`;
  await withServerClient(async (client) => {
    for (let attempt = 0; ; attempt++) {
      try {
        await client.query(`CREATE DATABASE ${name} TEMPLATE ${templateName()}`);
        return;
      } catch (error) {
        // Two copies of one template at the same instant can collide; retry briefly.
        if (attempt >= 20 || !String(error).includes('being accessed by other users')) throw error;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
  });
  return { name, url: databaseUrl(name) };
}

export async function dropTestDatabase(name: string): Promise<void> {
  await withServerClient((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}

/**
 * Database `name` as during a restart: its connections ended and new ones refused (ALLOW_CONNECTIONS false) until
 * `allowConnections(name)`.
 */
export async function refuseConnections(name: string): Promise<void> {
  await withServerClient(async (client) => {
    await client.query(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS false`);
    await client.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`,
      [name],
    );
  });
}

export async function allowConnections(name: string): Promise<void> {
  await withServerClient((client) => client.query(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS true`));
}
