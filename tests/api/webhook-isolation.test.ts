/**
 * Webhooks cannot hold up the store's own work (docs/jobs-and-events.md "Runners"), tested as the review's attacker
 * ran it: an admin's endpoint that accepts connections and never answers, subscribed to order events, 40 throwaway
 * orders queueing a delivery each, then a paid order whose licence key must still be delivered within seconds.
 * Webhook deliveries run on a runner of their own (WEBHOOK_CONCURRENCY at once), so they never occupy the workers
 * that deliver keys; and each attempt, answer included, ends after WEBHOOK_TIMEOUT_MS.
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { WEBHOOK_TIMEOUT_MS } from '../../server/src/webhooks/webhook-sender';
import { eventually } from '../support/eventually';
import { startTestServer, type TestServer, type TestUser } from '../support/test-server';

const WEBHOOK_CONCURRENCY = 2;
const THROWAWAY_ORDERS = 40;

/**
 * An endpoint that never answers: every other request gets nothing at all, the others a status line, headers and the
 * start of a body that never ends (a deadline on the headers alone would not stop those).
 */
interface HangingReceiver {
  url: string;
  /** Connections open now, and the most ever open at once. */
  open: number;
  maxOpen: number;
  requests: number;
  close(): Promise<void>;
}

async function startHangingReceiver(): Promise<HangingReceiver> {
  const sockets = new Set<Socket>();
  const receiver: HangingReceiver = { url: '', open: 0, maxOpen: 0, requests: 0, close: async () => undefined };
  const server = http.createServer((_req, res) => {
    receiver.requests += 1;
    if (receiver.requests % 2 === 0) {
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': '1000' });
      res.write('accepted, more to come');
    }
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    receiver.open = sockets.size;
    receiver.maxOpen = Math.max(receiver.maxOpen, sockets.size);
    socket.on('close', () => {
      sockets.delete(socket);
      receiver.open = sockets.size;
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  receiver.close = () =>
    new Promise((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return receiver;
}

let server: TestServer;
let admin: TestUser;
let customer: TestUser;
let hook: HangingReceiver;

beforeAll(async () => {
  server = await startTestServer({ env: { LOG_LEVEL: 'silent', WEBHOOK_CONCURRENCY: String(WEBHOOK_CONCURRENCY) } });
  [admin, customer] = await Promise.all([server.createUser({ admin: true }), server.createUser()]);
  hook = await startHangingReceiver();
});
afterAll(async () => {
  // The receiver first: its hanging attempts then end at once instead of holding the server's shutdown.
  await hook?.close();
  await server?.close();
});

async function productId(slug: string): Promise<string> {
  const [row] = await server.sql<{ id: string }>(`SELECT id FROM products WHERE slug = $1`, [slug]);
  return row.id;
}

async function placeOrder(product: string): Promise<string> {
  const res = await server.gql(
    `mutation ($input: PlaceOrderInput!) { placeOrder(input: $input) { id } }`,
    { input: { productId: product, quantity: 1, email: customer.email, paymentMethod: 'ETH' } },
    { token: customer.token },
  );
  expect(res.errors).toBeUndefined();
  return res.data!.placeOrder.id;
}

it('delivers a paid order’s key within seconds while an endpoint that never answers has 40 deliveries queued', async () => {
  const created = await server.gql(
    `mutation ($input: WebhookEndpointInput!) { createWebhookEndpoint(input: $input) { endpoint { id } } }`,
    { input: { url: hook.url, events: ['order.created', 'order.status_changed', 'order.paid', 'order.delivered'] } },
    { token: admin.token },
  );
  expect(created.errors).toBeUndefined();

  // The throwaway orders (sold by hand, so they take no keys), each with its delivery to the hanging endpoint.
  const manual = await productId('ethereum-classic-key');
  await Promise.all(Array.from({ length: THROWAWAY_ORDERS }, () => placeOrder(manual)));
  await eventually(
    async () => {
      const [{ n }] = await server.sql<{ n: number }>(`SELECT count(*)::int AS n FROM webhook_deliveries`);
      return n >= THROWAWAY_ORDERS;
    },
    15_000,
    'the deliveries',
  );
  // Every webhook worker is stuck on the endpoint now; a moment more lets any free worker take a delivery too.
  await eventually(() => hook.open >= WEBHOOK_CONCURRENCY, 10_000, 'attempts hanging');
  await new Promise((resolve) => setTimeout(resolve, 500));

  const orderId = await placeOrder(await productId('monero-classic-key'));
  const started = performance.now();
  const paid = await server.gql(
    `mutation ($id: ID!) { setOrderStatus(orderId: $id, status: SUCCESS) { id } }`,
    { id: orderId },
    { token: admin.token },
  );
  expect(paid.errors).toBeUndefined();
  const delivered = await eventually(
    async () => {
      const res = await server.gql(
        `query ($id: ID!) { order(id: $id) { status keys { value deliveredAt } } }`,
        { id: orderId },
        { token: customer.token },
      );
      const order = res.data?.order;
      return order?.status === 'COMPLETED' && order;
    },
    15_000,
    'the key delivered',
  );
  const latencyMs = performance.now() - started;
  expect(delivered.keys).toHaveLength(1);
  expect(delivered.keys[0].deliveredAt).not.toBeNull();
  // Measured on a 2-core machine: 0.26-0.29 s; 99.5 s with webhooks on the same workers (the review: 98 s).
  expect(latencyMs).toBeLessThan(3000);

  // Never more attempts at once than the webhook runner's workers, however many deliveries wait.
  expect(hook.maxOpen).toBe(WEBHOOK_CONCURRENCY);

  // Each attempt ends at the deadline, whether the endpoint sent nothing or a body that never ends, and says so.
  const attempts = await eventually(
    async () => {
      const rows = await server.sql<{ last_error: string; last_duration_ms: number }>(
        `SELECT last_error, last_duration_ms FROM webhook_deliveries WHERE attempts > 0 AND last_error IS NOT NULL`,
      );
      return rows.length >= WEBHOOK_CONCURRENCY && rows;
    },
    WEBHOOK_TIMEOUT_MS + 5_000,
    'attempts timed out',
  );
  expect(hook.requests).toBeGreaterThanOrEqual(2);
  for (const attempt of attempts) {
    expect(attempt.last_error).toBe(`No answer from 127.0.0.1 within ${WEBHOOK_TIMEOUT_MS / 1000} s`);
    expect(attempt.last_duration_ms).toBeGreaterThanOrEqual(WEBHOOK_TIMEOUT_MS - 50);
    expect(attempt.last_duration_ms).toBeLessThan(WEBHOOK_TIMEOUT_MS + 1_000);
  }
}, 45_000);
