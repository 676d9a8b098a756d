/**
 * The live-update bus notices a LISTEN connection that dies without closing (issue 32): the bus connects through a
 * TCP proxy (a fixture in this file) that, on command, stops forwarding on the open connections without closing
 * them, as a NAT or load-balancer timeout does. The keepalive round trip times out, the connection is replaced,
 * and the subscriber gets the catch-up event for what it missed.
 */
import net from 'node:net';
import { Client } from 'pg';
import { PgEventBus, type BusEvent } from '../../server/src/core/event-bus';
import { setLogLevel } from '../../server/src/core/logger';
import { createTestDatabase, dropTestDatabase } from '../support/database';

const KEEPALIVE = { intervalMs: 500, timeoutMs: 500 };
/** The bus waits a second before reconnecting; the rest is slack for a loaded machine. */
const RECOVERY_BOUND_MS = KEEPALIVE.intervalMs + KEEPALIVE.timeoutMs + 1000 + 2000;

/** Fixture: a loopback TCP proxy to PostgreSQL whose open connections can be silenced (sockets stay open). */
async function startSilenceableProxy(target: { host: string; port: number }) {
  const pairs: { client: net.Socket; upstream: net.Socket; silent: boolean }[] = [];
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    const pair = { client, upstream, silent: false };
    pairs.push(pair);
    client.on('data', (chunk) => pair.silent || upstream.write(chunk));
    upstream.on('data', (chunk) => pair.silent || client.write(chunk));
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    /** Open connections stop forwarding, both ways, and stay open; new ones forward as before. */
    silence: () => pairs.forEach((pair) => (pair.silent = true)),
    openConnections: () => pairs.filter((pair) => !pair.client.destroyed).length,
    close: async () => {
      pairs.forEach((pair) => (pair.client.destroy(), pair.upstream.destroy()));
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

let database: { name: string; url: string };
let direct: Client;
let proxy: Awaited<ReturnType<typeof startSilenceableProxy>>;
let bus: PgEventBus;
const counted = { reconnected: 0, caughtUp: 0 };

beforeAll(async () => {
  setLogLevel('error'); // the replacement's warning is expected here
  database = await createTestDatabase();
  direct = new Client({ connectionString: database.url });
  await direct.connect();
  const url = new URL(database.url);
  proxy = await startSilenceableProxy({ host: url.hostname, port: Number(url.port || 5432) });
  const viaProxy = new URL(database.url);
  viaProxy.hostname = '127.0.0.1';
  viaProxy.port = String(proxy.port);
  bus = await PgEventBus.connect(viaProxy.toString(), (sql, params) => direct.query(sql, params), {
    keepalive: KEEPALIVE,
    observer: { reconnected: () => counted.reconnected++, caughtUp: () => counted.caughtUp++ },
  });
});
afterAll(async () => {
  await bus?.close();
  await proxy?.close();
  await direct?.end();
  await dropTestDatabase(database.name);
});

async function nextWithin(iterator: AsyncIterableIterator<BusEvent>, ms: number): Promise<BusEvent> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no event within ${ms} ms`)), ms);
  });
  try {
    return (await Promise.race([iterator.next(), timeout])).value as BusEvent;
  } finally {
    clearTimeout(timer);
  }
}

it('replaces a LISTEN connection that went silent and hands subscribers the catch-up', async () => {
  const orders = bus.subscribe('orders');
  await bus.publish({ topic: 'orders', id: 'before' });
  expect(await nextWithin(orders, 2000)).toEqual({ topic: 'orders', id: 'before' });
  expect(bus.listening).toBe(true);

  proxy.silence();
  const silencedAt = Date.now();
  // Published after the stall: its NOTIFY never reaches this process on the silent connection.
  await bus.publish({ topic: 'orders', id: 'during' });

  const caughtUp = await nextWithin(orders, RECOVERY_BOUND_MS);
  expect(Date.now() - silencedAt).toBeLessThan(RECOVERY_BOUND_MS);
  expect(caughtUp).toEqual({ topic: 'orders', id: '', missedSince: expect.any(String) });
  // The re-read window starts before the stall, so the lost change is inside it.
  expect(Date.parse(caughtUp.missedSince!)).toBeLessThan(silencedAt);
  expect(bus.listening).toBe(true);
  expect(bus.reconnects).toBe(1);
  expect(counted).toEqual({ reconnected: 1, caughtUp: 1 });

  // The new connection delivers as before, and the silent one was let go.
  await bus.publish({ topic: 'orders', id: 'after' });
  expect(await nextWithin(orders, 2000)).toEqual({ topic: 'orders', id: 'after' });
  expect(proxy.openConnections()).toBe(1);
  await orders.return!();
});

it('keeps a healthy connection: round trips that answer replace nothing', async () => {
  const before = bus.reconnects;
  await new Promise((r) => setTimeout(r, KEEPALIVE.intervalMs * 4));
  expect(bus.reconnects).toBe(before);
  expect(bus.listening).toBe(true);
});
