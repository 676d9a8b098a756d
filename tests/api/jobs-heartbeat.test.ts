/**
 * A process killed in the middle of a job does not stop the store's jobs for graphile-worker's 4-hour lock timeout
 * (docs/jobs-and-events.md "Heartbeats"). The job here is the one that hurts most: `payments:poll`, which runs in a
 * named queue, so while a dead process holds it no payment is confirmed at all. A server process is SIGKILLed while
 * its poll waits on the chain (a TronGrid fixture behind a gate that holds requests); a second process on the same
 * database frees what the dead one held once its heartbeat is JOBS_DEAD_WORKER_SECONDS old, and confirms a payment.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { decimalToUnits } from '../../server/src/payments/chains/chain-reader';
import { startTronFixture, type TronFixture } from '../support/chain-fixtures/tron-fixture';
import { createTestDatabase, dropTestDatabase } from '../support/database';
import { eventually } from '../support/eventually';
import { processGql, sqlOn, startServerProcess, type ServerProcess } from '../support/server-process';

const DEAD_WORKER_SECONDS = 6;
/** Tether's USDT contract on TRON mainnet, and the store's receiving address. */
const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const STORE = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';

/** The chain's API as the store reaches it: passed through to the fixture, or held unanswered while `holding`. */
interface Gate {
  url: string;
  holding: boolean;
  held: number;
  /** Stops holding and drops the held requests (the process that sent them is gone). */
  open(): void;
  close(): Promise<void>;
}

async function startGate(target: string): Promise<Gate> {
  const heldSockets = new Set<Socket>();
  const gate: Gate = {
    url: '',
    holding: true,
    held: 0,
    open() {
      gate.holding = false;
      for (const socket of heldSockets) socket.destroy();
    },
    close: async () => undefined,
  };
  const server = http.createServer((req, res) => {
    if (gate.holding) {
      gate.held += 1;
      heldSockets.add(req.socket);
      return;
    }
    const forward = http.request(
      new URL(req.url ?? '/', target),
      { method: req.method, headers: { ...req.headers, host: new URL(target).host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  gate.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  gate.close = () =>
    new Promise((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return gate;
}

let database: { name: string; url: string };
let dataDir: string;
let tron: TronFixture;
let gate: Gate;
const servers: ServerProcess[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-heartbeat-'));
  tron = await startTronFixture({ contract: USDT });
  gate = await startGate(tron.url);
});

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await gate?.close();
  await tron?.close();
  if (database) await dropTestDatabase(database.name);
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function startServer(): Promise<ServerProcess> {
  const server = await startServerProcess({
    NODE_ENV: 'test',
    DATABASE_URL: database.url,
    JWT_SECRET: 'jobs-heartbeat-test-secret-of-32-characters-at-least',
    SEED_DEMO_DATA: 'false',
    LOG_LEVEL: 'error',
    DATA_DIR: dataDir,
    TRON_API_URL: gate.url,
    PAY_ADDRESS_USDT_TRC20: STORE,
    USDT_TRC20_CONTRACT: USDT,
    CONFIRMATIONS_TRON: '1',
    PAYMENT_POLL_SECONDS: '0.5',
    JOBS_DEAD_WORKER_SECONDS: String(DEAD_WORKER_SECONDS),
  });
  servers.push(server);
  return server;
}

const gql = processGql;
const sql = <R>(text: string, params: unknown[] = []) => sqlOn<R>(database.url, text, params);

it('confirms payments within seconds after a process died in the middle of a payments poll', async () => {
  const [{ id: productId }] = await sql<{ id: string }>(
    `INSERT INTO products (slug, name, category, description, price, fulfilment, min_quantity)
     VALUES ('heartbeat-test', 'Heartbeat test', 'crypto_keys', 'Test', 10, 'MANUAL', 1) RETURNING id`,
  );
  const first = await startServer();
  const { signUp } = await gql(first.url, `mutation ($i: SignUpInput!) { signUp(input: $i) { accessToken } }`, {
    i: { email: `heartbeat-${Date.now()}@example.com`, password: 'Heartbeat1Pass', fullName: 'Heartbeat Tester' },
  });
  const { placeOrder: order } = await gql(
    first.url,
    `mutation ($input: PlaceOrderInput!) { placeOrder(input: $input) { id paymentAmountCrypto } }`,
    { input: { productId, quantity: 1, email: 'heartbeat@example.com', paymentMethod: 'USDT_TRC20' } },
    signUp.accessToken,
  );

  // Killed while its poll waits for the chain: the poll job and its queue stay locked by a worker that is gone.
  await eventually(() => gate.held > 0, 10_000, 'a poll waiting on the chain');
  first.child.kill('SIGKILL');
  await new Promise((resolve) => first.child.once('exit', resolve));
  const killedAt = Date.now();
  const locked = await sql<{ locked_by: string }>(
    `SELECT locked_by FROM graphile_worker.jobs WHERE task_identifier = 'payments:poll' AND locked_by IS NOT NULL`,
  );
  expect(locked).toHaveLength(1);
  const deadWorker = locked[0].locked_by;
  const [queue] = await sql<{ locked_by: string }>(
    `SELECT locked_by FROM graphile_worker._private_job_queues WHERE queue_name = 'payments-poll'`,
  );
  expect(queue.locked_by).toBe(deadWorker);

  // The customer pays; the chain answers again; a second process starts on the same database.
  gate.open();
  tron.transfer({ to: STORE, value: decimalToUnits(order.paymentAmountCrypto, 6) });
  tron.solidify();
  await startServer();

  await eventually(
    async () => {
      const [row] = await sql<{ status: string }>(`SELECT status FROM orders WHERE id = $1`, [order.id]);
      return row.status === 'SUCCESS';
    },
    40_000,
    'the payment confirmed',
  );
  const confirmedAfterMs = Date.now() - killedAt;
  // The dead worker counts as dead DEAD_WORKER_SECONDS after its last beat; then a poll or two. Measured: 8-10 s.
  expect(confirmedAfterMs).toBeLessThan(DEAD_WORKER_SECONDS * 1000 + 12_000);

  // Nothing is locked by the dead worker any more, and its heartbeat is gone.
  expect(
    await sql(
      `SELECT id FROM graphile_worker.jobs WHERE locked_by = $1
       UNION ALL SELECT id FROM graphile_worker._private_job_queues WHERE locked_by = $1`,
      [deadWorker],
    ),
  ).toEqual([]);
  expect(await sql(`SELECT worker_id FROM job_worker_heartbeats WHERE worker_id = $1`, [deadWorker])).toEqual([]);
}, 90_000);
