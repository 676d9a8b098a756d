/**
 * Live updates survive the event bus losing its LISTEN connection: PostgreSQL drops it
 * (`pg_terminate_backend`), changes are made while it reconnects (their NOTIFYs reach nobody), and
 * every live subscription still catches up once the bus is back: the owner's `orderUpdated`, the
 * admin's `adminOrderChanged` and `adminOrderFeed`, and `productChanged`.
 */
import { startTestServer, subscribeOnce, type TestServer, type TestUser } from '../support/test-server';

const PLACE_ORDER = `mutation ($input: PlaceOrderInput!) { placeOrder(input: $input) { id } }`;
const SET_STATUS = `mutation ($orderId: ID!, $status: OrderStatus!) { setOrderStatus(orderId: $orderId, status: $status) { id status } }`;
const SET_STOCK = `mutation ($productId: ID!, $inStock: Boolean!) { setProductStock(productId: $productId, inStock: $inStock) { id inStock } }`;

let server: TestServer;
let owner: TestUser;
let admin: TestUser;
let productId: string;

beforeAll(async () => {
  server = await startTestServer();
  owner = await server.createUser();
  admin = await server.createUser({ admin: true });
  [{ id: productId }] = await server.sql(`SELECT id FROM products WHERE slug = 'ethereum-classic-key'`);
});
afterAll(() => server.close());

const listeners = () =>
  server.sql<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND application_name = 'crypto-store-events'`,
    [server.databaseName],
  );

/** Drops the bus's LISTEN connection and waits until the process has noticed (no listener left). */
async function dropBusConnection(): Promise<void> {
  await server.sql(
    `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND application_name = 'crypto-store-events'`,
    [server.databaseName],
  );
  for (let i = 0; i < 100 && (await listeners())[0].n > 0; i++) await new Promise((r) => setTimeout(r, 10));
  expect((await listeners())[0].n).toBe(0);
}

it('every live subscription catches up with changes made while the bus reconnected', async () => {
  const placed = await server.gql(
    PLACE_ORDER,
    { input: { productId, quantity: 1, email: owner.email, paymentMethod: 'ETH' } },
    { token: owner.token },
  );
  const orderId = placed.data!.placeOrder.id as string;

  const ownerLive = subscribeOnce(server.ws(owner.token), {
    query: `subscription ($orderId: ID!) { orderUpdated(orderId: $orderId) { id status } }`,
    variables: { orderId },
  });
  expect((await ownerLive.next()).data!.orderUpdated).toEqual({ id: orderId, status: 'PENDING' });
  const adminClient = server.ws(admin.token);
  const adminChanged = subscribeOnce(adminClient, { query: `subscription { adminOrderChanged { id status } }` });
  const adminFeed = subscribeOnce(adminClient, {
    query: `subscription { adminOrderFeed { ready order { id status } } }`,
  });
  expect((await adminFeed.next()).data!.adminOrderFeed).toEqual({ ready: true, order: null });
  const products = subscribeOnce(adminClient, { query: `subscription { productChanged { id inStock } }` });
  await Promise.all([adminChanged.ready, products.ready]);

  await dropBusConnection();
  // Made while nobody listens: these NOTIFYs are lost.
  expect((await server.gql(SET_STATUS, { orderId, status: 'SUCCESS' }, { token: admin.token })).errors).toBeUndefined();
  expect((await server.gql(SET_STOCK, { productId, inStock: false }, { token: admin.token })).errors).toBeUndefined();

  // The bus reconnects (after about a second) and every subscriber re-reads what it may have missed.
  expect((await ownerLive.next(10_000)).data!.orderUpdated).toEqual({ id: orderId, status: 'SUCCESS' });
  expect((await adminChanged.next(10_000)).data!.adminOrderChanged).toEqual({ id: orderId, status: 'SUCCESS' });
  expect((await adminFeed.next(10_000)).data!.adminOrderFeed).toEqual({
    ready: false,
    order: { id: orderId, status: 'SUCCESS' },
  });
  // Products changed since shortly before the drop are re-sent (the template's seed may be among them).
  let product = (await products.next(10_000)).data!.productChanged;
  while (product.id !== productId) product = (await products.next()).data!.productChanged;
  expect(product).toEqual({ id: productId, inStock: false });
  expect((await listeners())[0].n).toBe(1);

  // And live updates flow as before.
  await server.gql(SET_STATUS, { orderId, status: 'COMPLETED' }, { token: admin.token });
  expect((await ownerLive.next()).data!.orderUpdated).toEqual({ id: orderId, status: 'COMPLETED' });
  expect((await adminChanged.next()).data!.adminOrderChanged).toEqual({ id: orderId, status: 'COMPLETED' });
  await server.gql(SET_STOCK, { productId, inStock: true }, { token: admin.token });
  let restocked = (await products.next()).data!.productChanged;
  while (restocked.id !== productId || !restocked.inStock) restocked = (await products.next()).data!.productChanged;
  expect(restocked).toEqual({ id: productId, inStock: true });
});

it("a customer's catch-up never carries another customer's order", async () => {
  const other = await server.createUser();
  const [mine, theirs] = await Promise.all(
    [owner, other].map(async (user) => {
      const res = await server.gql(
        PLACE_ORDER,
        { input: { productId, quantity: 1, email: user.email, paymentMethod: 'ETH' } },
        { token: user.token },
      );
      return res.data!.placeOrder.id as string;
    }),
  );
  const ownerLive = subscribeOnce(server.ws(owner.token), {
    query: `subscription ($orderId: ID!) { orderUpdated(orderId: $orderId) { id status } }`,
    variables: { orderId: mine },
  });
  expect((await ownerLive.next()).data!.orderUpdated.id).toBe(mine);
  await dropBusConnection();
  await server.gql(SET_STATUS, { orderId: theirs, status: 'SUCCESS' }, { token: admin.token });
  await server.gql(SET_STATUS, { orderId: mine, status: 'CANCELLED' }, { token: admin.token });
  expect((await ownerLive.next(10_000)).data!.orderUpdated).toEqual({ id: mine, status: 'CANCELLED' });
  await expect(ownerLive.next(1500)).rejects.toThrow(/No subscription result/);
});
