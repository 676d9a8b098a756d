/**
 * Two API processes on one database see each other's order changes (issue item 5; docs/architecture.md
 * "Scaling past one machine"): process A is the test server, process B a real `node dist/…/main.js`
 * child. Live updates travel through PostgreSQL LISTEN/NOTIFY, not through process memory.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient, type Client as WsClient } from 'graphql-ws';
import WebSocket from 'ws';
import { startTestServer, subscribeOnce, TEST_ADDRESSES, type TestServer, type TestUser } from '../support/test-server';
import { freePort } from '../support/free-port';

const MAIN = path.resolve(__dirname, '../../dist/server/src/main.js');

const ORDER_UPDATED = `subscription ($orderId: ID!) { orderUpdated(orderId: $orderId) { id status } }`;
const ADMIN_ORDER_CHANGED = `subscription { adminOrderChanged { id status customer { email } } }`;
const SET_STATUS = `mutation ($orderId: ID!, $status: OrderStatus!) { setOrderStatus(orderId: $orderId, status: $status) { id status } }`;
const PLACE_ORDER = `mutation ($input: PlaceOrderInput!) { placeOrder(input: $input) { id } }`;

let a: TestServer;
let child: ChildProcess;
let childOutput = '';
let bUrl: string;
let dataDir: string;
const bClients: WsClient[] = [];
let owner: TestUser;
let admin: TestUser;
let productId: string;

async function waitForHealth(url: string, timeoutMs = 30_000): Promise<void> {
  const start = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Process B exited with ${child.exitCode}:\n${childOutput}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() - start > timeoutMs) throw new Error(`Process B did not become healthy:\n${childOutput}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A GraphQL request to process B. */
async function gqlB(query: string, variables: Record<string, unknown>, token: string) {
  const res = await fetch(`${bUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  return (await res.json()) as { data?: any; errors?: any[] };
}

function wsB(token: string): WsClient {
  const client = createClient({
    url: bUrl.replace(/^http/, 'ws') + '/graphql',
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${token}` },
    retryAttempts: 0,
    lazy: true,
  });
  bClients.push(client);
  return client;
}

beforeAll(async () => {
  if (!fs.existsSync(MAIN)) throw new Error(`${MAIN} is missing: run \`npm run build:server\` (npm test does)`);
  a = await startTestServer();
  owner = await a.createUser();
  admin = await a.createUser({ admin: true });
  [{ id: productId }] = await a.sql(`SELECT id FROM products WHERE slug = 'ethereum-classic-key'`);

  const port = await freePort();
  bUrl = `http://127.0.0.1:${port}`;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-process-b-'));
  child = spawn(process.execPath, [MAIN], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      DATABASE_URL: a.databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      JWT_SECRET: a.config.jwtSecret,
      SEED_DEMO_DATA: 'false',
      LOG_LEVEL: 'error',
      DATA_DIR: dataDir,
      PAY_ADDRESS_USDT_TRC20: TEST_ADDRESSES.USDT_TRC20,
      PAY_ADDRESS_BTC: TEST_ADDRESSES.BTC,
      PAY_ADDRESS_ETH: TEST_ADDRESSES.ETH,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => (childOutput += chunk));
  child.stderr!.on('data', (chunk) => (childOutput += chunk));
  await waitForHealth(bUrl);
}, 60_000);

afterAll(async () => {
  await Promise.all(bClients.map((c) => c.dispose()));
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
  await a?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function placeOrderOnA(): Promise<string> {
  const res = await a.gql(
    PLACE_ORDER,
    { input: { productId, quantity: 1, email: owner.email, paymentMethod: 'ETH' } },
    { token: owner.token },
  );
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  return res.data!.placeOrder.id;
}

it('process B serves the same database (an order placed on A is readable on B)', async () => {
  const orderId = await placeOrderOnA();
  const res = await gqlB(`query ($id: ID!) { order(id: $id) { id status } }`, { id: orderId }, owner.token);
  expect(res.data!.order).toEqual({ id: orderId, status: 'PENDING' });
});

it('delivers orderUpdated on B when an admin sets the status on A', async () => {
  const orderId = await placeOrderOnA();
  const sub = subscribeOnce(wsB(owner.token), { query: ORDER_UPDATED, variables: { orderId } });
  expect((await sub.next(10_000)).data!.orderUpdated).toEqual({ id: orderId, status: 'PENDING' });
  const set = await a.gql(SET_STATUS, { orderId, status: 'SUCCESS' }, { token: admin.token });
  expect(set.errors).toBeUndefined();
  const result = await sub.next(10_000);
  expect(result.errors).toBeUndefined();
  expect(result.data!.orderUpdated).toEqual({ id: orderId, status: 'SUCCESS' });
  sub.dispose();
});

it('delivers orderUpdated on A when an admin sets the status on B', async () => {
  const orderId = await placeOrderOnA();
  const sub = subscribeOnce(a.ws(owner.token), { query: ORDER_UPDATED, variables: { orderId } });
  expect((await sub.next(10_000)).data!.orderUpdated).toEqual({ id: orderId, status: 'PENDING' });
  const set = await gqlB(SET_STATUS, { orderId, status: 'NOT_RECEIVED' }, admin.token);
  expect(set.errors).toBeUndefined();
  expect((await sub.next(10_000)).data!.orderUpdated).toEqual({ id: orderId, status: 'NOT_RECEIVED' });
  sub.dispose();
});

it('delivers adminOrderChanged on A for an order placed and changed on B', async () => {
  const sub = subscribeOnce(a.ws(admin.token), { query: ADMIN_ORDER_CHANGED });
  await sub.ready;
  const placed = await gqlB(
    PLACE_ORDER,
    { input: { productId, quantity: 2, email: owner.email, paymentMethod: 'USDT_TRC20' } },
    owner.token,
  );
  expect(placed.errors).toBeUndefined();
  const orderId = placed.data!.placeOrder.id;
  expect((await sub.next(10_000)).data!.adminOrderChanged).toEqual({
    id: orderId,
    status: 'PENDING',
    customer: { email: owner.email },
  });

  await gqlB(SET_STATUS, { orderId, status: 'COMPLETED' }, admin.token);
  expect((await sub.next(10_000)).data!.adminOrderChanged).toMatchObject({ id: orderId, status: 'COMPLETED' });
  sub.dispose();
});

it('delivers adminOrderChanged on B for an order placed on A', async () => {
  const sub = subscribeOnce(wsB(admin.token), { query: ADMIN_ORDER_CHANGED });
  await sub.ready;
  const orderId = await placeOrderOnA();
  expect((await sub.next(10_000)).data!.adminOrderChanged).toMatchObject({ id: orderId, status: 'PENDING' });
  sub.dispose();
});

it("refuses a stranger's subscribe on B just as on A", async () => {
  const orderId = await placeOrderOnA();
  const stranger = await a.createUser();
  const sub = subscribeOnce(wsB(stranger.token), { query: ORDER_UPDATED, variables: { orderId } });
  expect((await sub.next(10_000)).errors![0]).toMatchObject({
    message: 'Order not found',
    extensions: { code: 'NOT_FOUND' },
  });
});

it("shows products created and edited on A on B's storefront at once, and tells B's admins (productChanged)", async () => {
  const publicProduct = `query ($slug: String!) { product(slug: $slug) { id price } }`;
  const save = `mutation ($id: ID!, $input: ProductInput!) { updateProduct(id: $id, input: $input) { price } }`;
  const input = {
    name: 'Two Process',
    slug: 'two-process-edit',
    category: 'scripts',
    description: 'x',
    fulfilment: 'MANUAL',
  };
  /** B's answer once it differs from `before`, read again for up to 5 s (B caches its catalogue for a minute unless told). */
  const nextOnB = async (before: unknown) => {
    const started = Date.now();
    let product = before;
    while (JSON.stringify(product) === JSON.stringify(before) && Date.now() - started < 5_000) {
      product = (await gqlB(publicProduct, { slug: input.slug }, owner.token)).data.product;
    }
    return product;
  };
  // B has its catalogue cached already (the orders above read it).
  expect((await gqlB(publicProduct, { slug: input.slug }, owner.token)).data).toEqual({ product: null });

  const created = await a.gql(
    `mutation ($input: ProductInput!) { createProduct(input: $input) { id } }`,
    { input: { ...input, price: 10 } },
    { token: admin.token },
  );
  const id: string = created.data!.createProduct.id;
  expect(await nextOnB(null)).toEqual({ id, price: 10 });

  const sub = subscribeOnce(wsB(admin.token), { query: `subscription { productChanged { id price } }` });
  await sub.ready;
  const updated = await a.gql(save, { id, input: { ...input, price: 11.5 } }, { token: admin.token });
  expect(updated.errors).toBeUndefined();
  expect((await sub.next(10_000)).data).toEqual({ productChanged: { id, price: 11.5 } });
  expect(await nextOnB({ id, price: 10 })).toEqual({ id, price: 11.5 });
  sub.dispose();
});

it('refuses an API key on B at once when it is revoked on A (the key cache is dropped through the bus)', async () => {
  const created = await a.gql(
    `mutation { createApiKey(name: "Two processes", permissions: [ORDERS_READ]) { secret apiKey { id } } }`,
    {},
    { token: admin.token },
  );
  expect(created.errors).toBeUndefined();
  const { secret, apiKey } = created.data!.createApiKey;
  const orders = `{ adminOrders(first: 1) { totalCount } }`;
  // B looks the key up and keeps it in its cache.
  expect((await gqlB(orders, {}, secret)).errors).toBeUndefined();
  expect((await gqlB(orders, {}, secret)).errors).toBeUndefined();
  const revoked = await a.gql(
    `mutation ($id: ID!) { revokeApiKey(id: $id) }`,
    { id: apiKey.id },
    { token: admin.token },
  );
  expect(revoked.data!.revokeApiKey).toBe(true);
  // A drops it at commit; B when the NOTIFY sent at that commit arrives (milliseconds), not when a cache expires.
  expect((await a.gql(orders, {}, { token: secret })).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  const started = Date.now();
  for (;;) {
    const res = await gqlB(orders, {}, secret);
    if (res.errors?.[0].extensions?.code === 'UNAUTHENTICATED') break;
    expect(res.errors).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(2000);
    await new Promise((r) => setTimeout(r, 20));
  }
  expect((await gqlB(orders, {}, secret)).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
});
