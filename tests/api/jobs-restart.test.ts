/**
 * Jobs survive a crash (docs/jobs-and-events.md): a server killed with SIGKILL while its jobs are queued leaves them
 * in PostgreSQL; the next server runs each of them, once. The jobs here are real: the e-mails of orders placed
 * through the API (their SMTP server refuses them until after the crash, so they wait for a retry) and the orders'
 * payment windows, which end (NOT_RECEIVED by the system) after the restart, with their own e-mails.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase, dropTestDatabase } from '../support/database';
import { processGql, sqlOn, startServerProcess, type ServerProcess } from '../support/server-process';
import { eventually } from '../support/eventually';
import { Inbox } from '../support/inbox';
import { TEST_ADDRESSES } from '../support/test-server';

const WINDOW_SECONDS = 3;
const ORDERS = 5;

let database: { name: string; url: string };
let dataDir: string;
const servers: ServerProcess[] = [];
const inbox = new Inbox();

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-jobs-'));
  await inbox.start();
});

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await inbox.close();
  if (database) await dropTestDatabase(database.name);
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A server process on the test database, with payment windows of WINDOW_SECONDS. */
function startServer(): Promise<ServerProcess> {
  return startServerProcess({
    NODE_ENV: 'test',
    DATABASE_URL: database.url,
    JWT_SECRET: 'jobs-restart-test-secret-of-32-characters-at-least',
    SEED_DEMO_DATA: 'false',
    LOG_LEVEL: 'error',
    DATA_DIR: dataDir,
    PAY_ADDRESS_ETH: TEST_ADDRESSES.ETH,
    PAYMENT_WINDOW_HOURS: String(WINDOW_SECONDS / 3600),
    SMTP_URL: `smtp://127.0.0.1:${inbox.port}`,
  }).then((server) => {
    servers.push(server);
    return server;
  });
}

const gql = processGql;
const sql = <R>(text: string, params: unknown[] = []) => sqlOn<R>(database.url, text, params);

it('runs the jobs a killed server left queued, each once, after the restart', async () => {
  const first = await startServer();
  const email = `restart-${Date.now()}@example.com`;
  inbox.refusals.set(email, Infinity);
  const { signUp } = await gql(first.url, `mutation ($i: SignUpInput!) { signUp(input: $i) { accessToken } }`, {
    i: { email, password: 'Restart1Pass', fullName: 'Restart Tester' },
  });
  const { product } = await gql(first.url, `{ product(slug: "ethereum-classic-key") { id } }`, {});
  const orderIds: string[] = [];
  for (let i = 0; i < ORDERS; i++) {
    const { placeOrder } = await gql(
      first.url,
      `mutation ($input: PlaceOrderInput!) { placeOrder(input: $input) { id } }`,
      { input: { productId: product.id, quantity: 1, email, paymentMethod: 'ETH' } },
      signUp.accessToken,
    );
    orderIds.push(placeOrder.id);
  }

  // Killed once every e-mail to the customer (the sign-up's address confirmation and each order's "received") has
  // been refused once and waits for its retry (no job is running), and before any window ends: the jobs are still
  // waiting for their time.
  const waitingMail = () =>
    sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM graphile_worker.jobs
       WHERE task_identifier = 'mail:send' AND attempts >= 1 AND locked_at IS NULL`,
    );
  for (let i = 0; i < 100 && (await waitingMail())[0].n < ORDERS + 1; i++) await new Promise((r) => setTimeout(r, 50));
  expect((await waitingMail())[0].n).toBe(ORDERS + 1);
  first.child.kill('SIGKILL');
  await new Promise((resolve) => first.child.once('exit', resolve));
  const queued = await sql<{ key: string }>(`SELECT key FROM graphile_worker.jobs WHERE key LIKE 'payment-window:%'`);
  expect(queued.map((job) => job.key).sort()).toEqual(orderIds.map((id) => `payment-window:${id}`).sort());
  const pendingAtCrash = await sql<{ status: string }>(`SELECT status FROM orders WHERE id = ANY($1)`, [orderIds]);
  expect(pendingAtCrash.map((o) => o.status)).toEqual(Array(ORDERS).fill('PENDING'));

  expect(inbox.to(email)).toEqual([]);

  // Past the windows, with the SMTP server accepting again, a new server starts on the same database and runs
  // what was queued.
  inbox.refusals.delete(email);
  await new Promise((r) => setTimeout(r, WINDOW_SECONDS * 1000));
  await startServer();
  await eventually(
    async () => {
      const ended = await sql(`SELECT id FROM orders WHERE id = ANY($1) AND status = 'NOT_RECEIVED'`, [orderIds]);
      return ended.length === ORDERS;
    },
    20_000,
    'every order ended',
  );

  // Each job ran once: one system move per order, and no job left behind.
  const moves = await sql<{ order_id: string; n: number }>(
    `SELECT order_id, count(*)::int AS n FROM order_events WHERE actor_kind = 'SYSTEM' AND order_id = ANY($1)
     GROUP BY order_id`,
    [orderIds],
  );
  expect(moves.map((m) => m.n)).toEqual(Array(ORDERS).fill(1));
  expect(await sql(`SELECT key FROM graphile_worker.jobs WHERE key LIKE 'payment-window:%'`)).toEqual([]);

  // Each e-mail arrived once: the sign-up's address confirmation, and per order one "received" and one "not received".
  await eventually(() => inbox.to(email).length >= 2 * ORDERS + 1, 30_000, 'every e-mail');
  await new Promise((r) => setTimeout(r, 1000)); // a duplicate would arrive now
  const isConfirmation = (subject: string | undefined) => (subject ?? '').startsWith('Confirm your e-mail address');
  expect(inbox.to(email).filter(({ mail }) => isConfirmation(mail.subject))).toHaveLength(1);
  const perOrder = new Map<string, string[]>();
  for (const { mail } of inbox.to(email).filter(({ mail }) => !isConfirmation(mail.subject))) {
    const orderId = orderIds.find((id) => (mail.text ?? '').includes(id));
    expect(orderId).toBeDefined();
    perOrder.set(orderId!, [...(perOrder.get(orderId!) ?? []), mail.subject ?? '']);
  }
  expect([...perOrder.keys()].sort()).toEqual([...orderIds].sort());
  for (const subjects of perOrder.values()) {
    expect(subjects.sort()).toEqual([
      expect.stringMatching(/^Order \w+ received: send /),
      expect.stringMatching(/^Payment not received for order /),
    ]);
  }
  expect(inbox.to(email)).toHaveLength(2 * ORDERS + 1);
}, 120_000);
