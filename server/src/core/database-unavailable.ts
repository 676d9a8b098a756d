/**
 * PostgreSQL away for a moment (a restart, a failover, a connection killed): a read tried again a few seconds later
 * succeeds. Used where an error would end something the client does not retry by itself: a WebSocket's connection
 * checks and a live subscription's first read (graphql/ws-server.ts, core/live-rows.ts).
 */

/**
 * SQLSTATEs of a database that is going away or not back yet: the connection exceptions a client sees when its
 * connection fails (08000, 08001, 08003, 08004, 08006; not 08P01, a protocol violation, which is a bug), the server
 * shutting down or ending the session (57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now).
 */
const UNAVAILABLE_STATES = new Set(['08000', '08001', '08003', '08004', '08006', '57P01', '57P02', '57P03']);
/** Socket errors of a server that is not listening, or that dropped the connection. */
const SOCKET_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT']);

/** Whether `error` says the database was unreachable, not that the query was wrong. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  // TypeORM's QueryFailedError copies the driver error's fields (code) onto itself; a failed connect is pg's own.
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_STATES.has(code) || SOCKET_ERRORS.has(code))) return true;
  // 55000 is a catch-all ("object not in prerequisite state"): only its refused connection counts (a database whose
  // ALLOW_CONNECTIONS is false for a moment).
  if (code === '55000') return /is not currently accepting connections/.test(error.message);
  // node-postgres ends a client whose socket closed with these messages, and no code.
  return /^Connection terminated/.test(error.message);
}

/**
 * At most this many reads of the process wait for the database at once, and at most MAX_WAITING_READS_PER_KEY of
 * one key (a client's address); beyond them a read fails at once, as it did before it could wait. A client that
 * subscribes and completes over and over during an outage cannot pile up waits, nor take every other client's.
 */
export const MAX_WAITING_READS = 1000;
export const MAX_WAITING_READS_PER_KEY = 30;
let waiting = 0;
const waitingByKey = new Map<string, number>();

export interface WaitOptions {
  /** How long to keep trying (ms); default 15 s. */
  forMs?: number;
  /** The pause between tries (ms); default 0.5 s. */
  retryMs?: number;
  /** Whose wait this is, for MAX_WAITING_READS_PER_KEY: the client's address. */
  key: string;
}

/**
 * Runs `read`, and again every `retryMs` while it fails because the database is unavailable, for up to `forMs`
 * (then its last error is thrown). Any other error is thrown at once. (An attempt that
 * hangs is bounded by the connection's own timeouts, not by `forMs`.)
 */
export async function whileDatabaseUnavailable<T>(read: () => Promise<T>, options: WaitOptions): Promise<T> {
  const { forMs = 15_000, retryMs = 500, key } = options;
  const until = Date.now() + forMs;
  let counted = false;
  try {
    for (;;) {
      try {
        return await read();
      } catch (error) {
        if (!isDatabaseUnavailable(error) || Date.now() + retryMs > until) throw error;
        if (!counted) {
          const ofKey = waitingByKey.get(key) ?? 0;
          if (waiting >= MAX_WAITING_READS || ofKey >= MAX_WAITING_READS_PER_KEY) throw error;
          waiting++;
          waitingByKey.set(key, ofKey + 1);
          counted = true;
        }
        await new Promise((resolve) => setTimeout(resolve, retryMs));
      }
    }
  } finally {
    if (counted) {
      waiting--;
      const ofKey = waitingByKey.get(key)! - 1;
      if (ofKey === 0) waitingByKey.delete(key);
      else waitingByKey.set(key, ofKey);
    }
  }
}
