/**
 * PostgreSQL away for a moment (a restart, a failover, a connection killed): a read tried again a few seconds later
 * succeeds. Used where an error would end something the client does not retry by itself, such as the first read of a
 * live subscription (live-rows.ts).
 */

/**
 * SQLSTATEs of a database that is going away or not back yet: connection exceptions (class 08), the server shutting
 * down or killing the session (57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now: starting up or
 * shutting down), a database not accepting connections for a moment (55000 as ALLOW_CONNECTIONS false answers it).
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '55000']);
/** Socket errors of a server that is not listening, or that dropped the connection. */
const SOCKET_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT']);

/** Whether `error` says the database was unreachable, not that the query was wrong. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  // TypeORM's QueryFailedError copies the driver error's fields (code) onto itself.
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (code.startsWith('08') || UNAVAILABLE_STATES.has(code) || SOCKET_ERRORS.has(code))) {
    return true;
  }
  // node-postgres ends a client whose socket closed with these messages, and no code.
  return /^Connection terminated/.test(error.message);
}

/**
 * Runs `read`, and again every `retryMs` while it fails because the database is unavailable, for at most `forMs`
 * (then its last error is thrown). Any other error is thrown at once.
 */
export async function whileDatabaseUnavailable<T>(
  read: () => Promise<T>,
  { forMs = 15_000, retryMs = 500 }: { forMs?: number; retryMs?: number } = {},
): Promise<T> {
  const until = Date.now() + forMs;
  for (;;) {
    try {
      return await read();
    } catch (error) {
      if (!isDatabaseUnavailable(error) || Date.now() + retryMs > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, retryMs));
    }
  }
}
