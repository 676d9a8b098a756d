/** Which errors mean "the database is away for a moment" (core/database-unavailable.ts), and the retry around them. */
import {
  isDatabaseUnavailable,
  MAX_WAITING_READS,
  MAX_WAITING_READS_PER_KEY,
  whileDatabaseUnavailable,
} from '../../server/src/core/database-unavailable';
import { NotFoundError } from '../../server/src/core/errors';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['57P01', 'terminating connection due to administrator command'],
    ['57P03', 'the database system is shutting down'],
    ['57P03', 'the database system is starting up'],
    ['55000', 'database "store" is not currently accepting connections'],
    ['08006', 'connection failure'],
    ['ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'],
  ])('is true for %s (%s)', (code, message) => {
    expect(isDatabaseUnavailable(withCode(code, message))).toBe(true);
  });

  it("is true for node-postgres's ended connection, which has no code", () => {
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
  });

  it.each([
    ['42P01', 'relation "orders" does not exist'],
    ['23505', 'duplicate key value violates unique constraint'],
    ['22P02', 'invalid input syntax for type uuid'],
    ['08P01', 'bind message supplies 1 parameters, but prepared statement requires 2'],
    ['55000', 'currval of sequence "orders_seq" is not yet defined in this session'],
  ])('is false for a query the database answered: %s', (code, message) => {
    expect(isDatabaseUnavailable(withCode(code, message))).toBe(false);
  });

  it('is false for what is not an error', () => {
    expect(isDatabaseUnavailable('57P03')).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});

describe('whileDatabaseUnavailable', () => {
  it('reads again until the database answers', async () => {
    let calls = 0;
    const value = await whileDatabaseUnavailable(
      async () => {
        calls++;
        if (calls < 3) throw withCode('57P03');
        return 'row';
      },
      { key: 'a', retryMs: 10 },
    );
    expect({ value, calls }).toEqual({ value: 'row', calls: 3 });
  });

  it.each([
    ['a query error', withCode('42P01')],
    ["the read's own refusal", new NotFoundError('Order')],
  ])('throws %s at once', async (_what, thrown) => {
    let calls = 0;
    const read = async () => {
      calls++;
      throw thrown;
    };
    await expect(whileDatabaseUnavailable(read, { key: 'a', retryMs: 10 })).rejects.toBe(thrown);
    expect(calls).toBe(1);
  });

  /** A read that fails as if the database were away, until `back()`. */
  function outage() {
    let up = false;
    return {
      away: async () => {
        if (!up) throw withCode('57P03');
        return 'row';
      },
      back: () => (up = true),
    };
  }

  async function refusedAtOnce(key: string): Promise<void> {
    let calls = 0;
    const one = async () => {
      calls++;
      throw withCode('57P03', 'still away');
    };
    await expect(whileDatabaseUnavailable(one, { key, retryMs: 20, forMs: 10_000 })).rejects.toThrow('still away');
    expect(calls).toBe(1);
  }

  it(`lets at most ${MAX_WAITING_READS} reads wait at once; the next one fails at once`, async () => {
    const db = outage();
    // Spread over keys, each under its own limit.
    const waiting = Array.from({ length: MAX_WAITING_READS }, (_, i) =>
      whileDatabaseUnavailable(db.away, { key: `client-${i % 100}`, retryMs: 20, forMs: 10_000 }),
    );
    // Every waiting read has failed once and is counted.
    await new Promise((resolve) => setTimeout(resolve, 5));
    await refusedAtOnce('someone-else');
    db.back();
    expect(new Set(await Promise.all(waiting))).toEqual(new Set(['row']));
    // Once they are done, a read may wait again.
    let again = 0;
    const recovers = async () => {
      if (++again < 2) throw withCode('57P03');
      return 'row';
    };
    await expect(whileDatabaseUnavailable(recovers, { key: 'a', retryMs: 10 })).resolves.toBe('row');
  });

  it(`lets one key have at most ${MAX_WAITING_READS_PER_KEY} waiting reads; another key still waits`, async () => {
    const db = outage();
    const waiting = Array.from({ length: MAX_WAITING_READS_PER_KEY }, () =>
      whileDatabaseUnavailable(db.away, { key: 'greedy', retryMs: 20, forMs: 10_000 }),
    );
    await new Promise((resolve) => setTimeout(resolve, 5));
    await refusedAtOnce('greedy');
    const other = whileDatabaseUnavailable(db.away, { key: 'polite', retryMs: 20, forMs: 10_000 });
    db.back();
    expect(await other).toBe('row');
    expect(new Set(await Promise.all(waiting))).toEqual(new Set(['row']));
  });

  it('gives up after its time with the last error', async () => {
    let calls = 0;
    const started = Date.now();
    const read = async () => {
      calls++;
      throw withCode('57P03', `attempt ${calls}`);
    };
    const error = await whileDatabaseUnavailable(read, { key: 'a', forMs: 100, retryMs: 20 }).catch((e: Error) => e);
    expect(error.message).toBe(`attempt ${calls}`);
    expect(calls).toBeGreaterThanOrEqual(2);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
