/**
 * Live order updates over graphql-ws (issue item 5): the verify page's `orderUpdated` and the admin
 * list's `adminOrderChanged`, with their permissions.
 */
import { createClient } from 'graphql-ws';
import jwt from 'jsonwebtoken';
import WebSocket from 'ws';
import { EventBus, PgEventBus } from '../../server/src/core/event-bus';
import { failCommitsOfOrdersFor, stopFailingCommits } from '../support/fail-at-commit';
import { allowConnections, refuseConnections } from '../support/database';
import { startTestServer, subscribeOnce, type TestServer, type TestUser } from '../support/test-server';

const ORDER_UPDATED = `subscription ($orderId: ID!) { orderUpdated(orderId: $orderId) { id status paymentAmountCrypto product { slug } } }`;
const ADMIN_ORDER_CHANGED = `subscription { adminOrderChanged { id status quantity customer { fullName email } } }`;
const SET_STATUS = `mutation ($orderId: ID!, $status: OrderStatus!) { setOrderStatus(orderId: $orderId, status: $status) { id } }`;
const PLACE_ORDER = `mutation ($input: PlaceOrderInput!) { placeOrder(input: $input) { id } }`;

let server: TestServer;
let owner: TestUser;
let stranger: TestUser;
let admin: TestUser;
let productId: string;

async function placeOrder(user: TestUser, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await server.gql(
    PLACE_ORDER,
    { input: { productId, quantity: 1, email: user.email, paymentMethod: 'USDT_TRC20', ...extra } },
    { token: user.token },
  );
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  return res.data!.placeOrder.id;
}

async function setStatus(orderId: string, status: string): Promise<void> {
  const res = await server.gql(SET_STATUS, { orderId, status }, { token: admin.token });
  if (res.errors) throw new Error(JSON.stringify(res.errors));
}

const subscriberCount = () => (server.app.container.get(EventBus) as PgEventBus).subscriberCount;

beforeAll(async () => {
  server = await startTestServer();
  owner = await server.createUser({ fullName: 'Olivia Owner' });
  stranger = await server.createUser();
  admin = await server.createUser({ admin: true });
  [{ id: productId }] = await server.sql(`SELECT id FROM products WHERE slug = 'ethereum-classic-key'`);
});
afterAll(() => server.close());

describe('orderUpdated', () => {
  it("delivers the owner's order after an admin sets its status", async () => {
    const orderId = await placeOrder(owner);
    const sub = subscribeOnce(server.ws(owner.token), { query: ORDER_UPDATED, variables: { orderId } });
    expect(await sub.next()).toEqual({
      data: {
        orderUpdated: {
          id: orderId,
          status: 'PENDING',
          paymentAmountCrypto: '48.000001',
          product: { slug: 'ethereum-classic-key' },
        },
      },
    });
    await setStatus(orderId, 'SUCCESS');
    let result = await sub.next();
    // At least once: a late repeat of checkout's own announcement (see the admin's test below) is skipped.
    while (result.data?.orderUpdated.status === 'PENDING') result = await sub.next();
    expect(result.errors).toBeUndefined();
    expect(result.data!.orderUpdated).toMatchObject({
      id: orderId,
      status: 'SUCCESS',
      product: { slug: 'ethereum-classic-key' },
    });

    await setStatus(orderId, 'NOT_RECEIVED');
    expect((await sub.next()).data!.orderUpdated.status).toBe('NOT_RECEIVED');
    sub.dispose();
  });

  it('delivers to an admin watching any order', async () => {
    const orderId = await placeOrder(owner);
    const sub = subscribeOnce(server.ws(admin.token), { query: ORDER_UPDATED, variables: { orderId } });
    expect((await sub.next()).data!.orderUpdated).toMatchObject({ id: orderId, status: 'PENDING' });
    await setStatus(orderId, 'PROCESSING');
    // Delivery is at least once: checkout's own announcement may still reach a subscription made just after it
    // (the subscription starts listening before it reads the order), repeating the state already sent.
    let next = (await sub.next()).data!.orderUpdated;
    while (next.status === 'PENDING') next = (await sub.next()).data!.orderUpdated;
    expect(next).toMatchObject({ id: orderId, status: 'PROCESSING' });
    sub.dispose();
  });

  it("sends only the watched order's changes", async () => {
    const watched = await placeOrder(owner);
    const other = await placeOrder(owner);
    const sub = subscribeOnce(server.ws(owner.token), { query: ORDER_UPDATED, variables: { orderId: watched } });
    expect((await sub.next()).data!.orderUpdated).toMatchObject({ id: watched, status: 'PENDING' });
    await setStatus(other, 'SUCCESS');
    await setStatus(watched, 'COMPLETED');
    expect((await sub.next()).data!.orderUpdated).toMatchObject({ id: watched, status: 'COMPLETED' });
    sub.dispose();
  });

  it('sends the order as it is now first, so a change made before the subscribe arrived is not missed', async () => {
    const orderId = await placeOrder(owner);
    const page = await server.gql(
      `query ($id: ID!) { order(id: $id) { status } }`,
      { id: orderId },
      { token: owner.token },
    );
    expect(page.data!.order.status).toBe('PENDING');
    // The verify page loaded PENDING; the admin acts before the page's subscription reaches the server.
    await setStatus(orderId, 'SUCCESS');
    const sub = subscribeOnce(server.ws(owner.token), { query: ORDER_UPDATED, variables: { orderId } });
    expect((await sub.next()).data!.orderUpdated).toMatchObject({ id: orderId, status: 'SUCCESS' });
    await setStatus(orderId, 'COMPLETED');
    expect((await sub.next()).data!.orderUpdated).toMatchObject({ id: orderId, status: 'COMPLETED' });
    sub.dispose();
  });

  it("fails a stranger's subscribe with NOT_FOUND and sends them nothing", async () => {
    const orderId = await placeOrder(owner);
    const before = subscriberCount();
    const sub = subscribeOnce(server.ws(stranger.token), { query: ORDER_UPDATED, variables: { orderId } });
    const result = await sub.next();
    expect(result.data ?? null).toBeNull();
    expect(result.errors![0]).toMatchObject({ message: 'Order not found', extensions: { code: 'NOT_FOUND' } });
    await setStatus(orderId, 'SUCCESS');
    await expect(sub.next(700)).rejects.toThrow(/No subscription result/);
    // The bus subscription taken before the check is released.
    expect(subscriberCount()).toBe(before);
  });

  it('fails a signed-out subscribe with UNAUTHENTICATED, and an unknown order with NOT_FOUND', async () => {
    const orderId = await placeOrder(owner);
    const anonymous = subscribeOnce(server.ws(null), { query: ORDER_UPDATED, variables: { orderId } });
    expect((await anonymous.next()).errors![0].extensions?.code).toBe('UNAUTHENTICATED');
    for (const bad of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const sub = subscribeOnce(server.ws(admin.token), { query: ORDER_UPDATED, variables: { orderId: bad } });
      expect((await sub.next()).errors![0]).toMatchObject({
        message: 'Order not found',
        extensions: { code: 'NOT_FOUND' },
      });
    }
  });

  it('releases its bus subscription when the client unsubscribes from a quiet order', async () => {
    const orderId = await placeOrder(owner);
    const before = subscriberCount();
    const sub = subscribeOnce(server.ws(owner.token), { query: ORDER_UPDATED, variables: { orderId } });
    await sub.next();
    expect(subscriberCount()).toBe(before + 1);
    sub.dispose();
    await waitFor(() => subscriberCount() === before);
  });
});

describe('adminOrderChanged', () => {
  it('delivers a new order and then its status change to an admin, with the customer', async () => {
    const sub = subscribeOnce(server.ws(admin.token), { query: ADMIN_ORDER_CHANGED });
    await sub.ready;
    const orderId = await placeOrder(owner, { quantity: 4 });
    const created = await sub.next();
    expect(created.errors).toBeUndefined();
    expect(created.data!.adminOrderChanged).toEqual({
      id: orderId,
      status: 'PENDING',
      quantity: 4,
      customer: { fullName: 'Olivia Owner', email: owner.email },
    });
    await setStatus(orderId, 'SUCCESS');
    expect((await sub.next()).data!.adminOrderChanged).toMatchObject({ id: orderId, status: 'SUCCESS' });
    sub.dispose();
  });

  it('announces nothing for an order that was refused or rolled back', async () => {
    const sub = subscribeOnce(server.ws(admin.token), { query: ADMIN_ORDER_CHANGED });
    await sub.ready;
    const refused = await server.gql(
      PLACE_ORDER,
      { input: { productId, quantity: 0, email: owner.email, paymentMethod: 'USDT_TRC20' } },
      { token: owner.token },
    );
    expect(refused.errors![0].extensions?.code).toBe('BAD_USER_INPUT');
    // Fails at COMMIT, after the order, its event and both notifications were written.
    await failCommitsOfOrdersFor(server, 'fail.example.com');
    try {
      const failed = await server.gql(
        PLACE_ORDER,
        {
          input: {
            productId,
            quantity: 1,
            email: owner.email,
            paymentMethod: 'USDT_TRC20',
            domainName: 'fail.example.com',
          },
        },
        { token: owner.token },
      );
      expect(failed.errors![0].extensions?.code).toBe('INTERNAL_SERVER_ERROR');
    } finally {
      await stopFailingCommits(server);
    }
    const placed = await placeOrder(owner);
    expect((await sub.next()).data!.adminOrderChanged.id).toBe(placed);
    sub.dispose();
  });

  it('refuses a customer with FORBIDDEN and a signed-out visitor with UNAUTHENTICATED', async () => {
    const customer = subscribeOnce(server.ws(owner.token), { query: ADMIN_ORDER_CHANGED });
    expect((await customer.next()).errors![0].extensions?.code).toBe('FORBIDDEN');
    const anonymous = subscribeOnce(server.ws(null), { query: ADMIN_ORDER_CHANGED });
    expect((await anonymous.next()).errors![0].extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('refuses a customer the admin-only customer field inside orderUpdated', async () => {
    const orderId = await placeOrder(owner);
    const sub = subscribeOnce(server.ws(owner.token), {
      query: `subscription ($orderId: ID!) { orderUpdated(orderId: $orderId) { id customer { email } } }`,
      variables: { orderId },
    });
    const initial = await sub.next();
    expect(initial.data!.orderUpdated).toEqual({ id: orderId, customer: null });
    expect(initial.errors![0].extensions?.code).toBe('FORBIDDEN');
    await setStatus(orderId, 'SUCCESS');
    const result = await sub.next();
    expect(result.data!.orderUpdated).toEqual({ id: orderId, customer: null });
    expect(result.errors![0].extensions?.code).toBe('FORBIDDEN');
    sub.dispose();
  });
});

describe('one execution per event for admins with the same query', () => {
  const FULL = `subscription { adminOrderChanged { id status customer { email } events { toStatus actorEmail } } }`;

  it('gives every admin the result of its own query, the same whoever owns the order', async () => {
    const ownerAdmin = await server.createUser({ admin: true });
    const other = subscribeOnce(server.ws(admin.token), { query: FULL });
    const owning = subscribeOnce(server.ws(ownerAdmin.token), { query: FULL });
    const narrow = subscribeOnce(server.ws(admin.token), { query: ADMIN_ORDER_CHANGED });
    await Promise.all([other.ready, owning.ready, narrow.ready]);
    const orderId = await placeOrder(ownerAdmin);
    const expected = {
      id: orderId,
      status: 'PENDING',
      customer: { email: ownerAdmin.email },
      events: [{ toStatus: 'PENDING', actorEmail: ownerAdmin.email }],
    };
    expect(await other.next()).toEqual({ data: { adminOrderChanged: expected } });
    expect(await owning.next()).toEqual({ data: { adminOrderChanged: expected } });
    expect((await narrow.next()).data!.adminOrderChanged).toEqual({
      id: orderId,
      status: 'PENDING',
      quantity: 1,
      customer: { fullName: ownerAdmin.fullName, email: ownerAdmin.email },
    });
    for (const sub of [other, owning, narrow]) sub.dispose();
  });

  it("does not share one member's bought keys with another of a role without KEYS (review 30, F9)", async () => {
    const buyer = await server.createUser({ staffRole: 'SUPPORT' });
    const colleague = await server.createUser({ staffRole: 'SUPPORT' });
    const query = `subscription Watch { adminOrderChanged { id status keys { value } } }`;
    const asBuyer = subscribeOnce(server.ws(buyer.token), { query });
    const asColleague = subscribeOnce(server.ws(colleague.token), { query });
    await Promise.all([asBuyer.ready, asColleague.ready]);
    const value = `LIVE-SHARED-${Date.now()}`;
    const imported = await server.gql(
      `mutation ($id: ID!, $k: [String!]) { importProductKeys(productId: $id, keys: $k) { added } }`,
      { id: productId, k: [value] },
      { token: admin.token },
    );
    expect(imported.errors).toBeUndefined();
    const orderId = await placeOrder(buyer);
    // Delivered, as the delivery job would; then a status change announces the order.
    await server.sql(`UPDATE orders SET status = 'COMPLETED' WHERE id = $1`, [orderId]);
    await server.sql(
      `UPDATE product_keys SET status = 'DELIVERED', delivered_at = now(), order_id = $1
        WHERE id = (SELECT id FROM product_keys WHERE product_id = $2 AND status = 'AVAILABLE'
                     ORDER BY created_at DESC LIMIT 1)`,
      [orderId, productId],
    );
    await setStatus(orderId, 'SUCCESS');
    const announced = async (sub: typeof asBuyer) => {
      for (;;) {
        const event = (await sub.next()).data!.adminOrderChanged;
        if (event.id === orderId && event.status === 'SUCCESS') return event.keys;
      }
    };
    expect(await announced(asBuyer)).toEqual([{ value }]);
    expect(await announced(asColleague)).toEqual([]);
    asBuyer.dispose();
    asColleague.dispose();
  });

  it("does not give an admin's result to the owner watching the same order with the same query", async () => {
    const orderId = await placeOrder(owner);
    const query = `subscription ($orderId: ID!) { orderUpdated(orderId: $orderId) { id customer { email } } }`;
    const asAdmin = subscribeOnce(server.ws(admin.token), { query, variables: { orderId } });
    const asOwner = subscribeOnce(server.ws(owner.token), { query, variables: { orderId } });
    await Promise.all([asAdmin.next(), asOwner.next()]); // the order as it is now
    await setStatus(orderId, 'SUCCESS');
    expect(await asAdmin.next()).toEqual({ data: { orderUpdated: { id: orderId, customer: { email: owner.email } } } });
    const ownersView = await asOwner.next();
    expect(ownersView.data!.orderUpdated).toEqual({ id: orderId, customer: null });
    expect(ownersView.errors![0].extensions?.code).toBe('FORBIDDEN');
    asAdmin.dispose();
    asOwner.dispose();
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 3000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error('Condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('token expiry', () => {
  it('closes the socket (4401) when the access token it connected with expires', async () => {
    const orderId = await placeOrder(owner);
    const shortLived = jwt.sign({ roles: [] }, server.config.jwtSecret, {
      algorithm: 'HS256',
      subject: owner.id,
      expiresIn: 2,
    });
    const closed = new Promise<number>((resolve) => {
      const client = createClient({
        url: server.wsUrl,
        webSocketImpl: WebSocket,
        connectionParams: { authorization: `Bearer ${shortLived}` },
        retryAttempts: 0,
        on: { closed: (event) => resolve((event as { code: number }).code) },
      });
      client.subscribe(
        { query: ORDER_UPDATED, variables: { orderId } },
        { next: () => undefined, error: () => undefined, complete: () => undefined },
      );
    });
    expect(await closed).toBe(4401);
  });
});

const WATCH_TOKEN = 'order-live-metrics-token-0123456789';

describe('a subscribe while the database restarts', () => {
  // A server of its own, without jobs in process: the outage below would stop its job runner too, which other tests
  // here do not expect, and graphile-worker reports that on stderr.
  let restarting: TestServer;
  afterAll(() => restarting?.close());

  async function orderOf(customer: TestUser): Promise<string> {
    const placed = await restarting.gql(
      PLACE_ORDER,
      { input: { productId, quantity: 1, email: customer.email, paymentMethod: 'USDT_TRC20' } },
      { token: customer.token },
    );
    return placed.data!.placeOrder.id as string;
  }

  it('waits for the database: a subscribe on an open socket, and a socket opened during the outage', async () => {
    restarting = await startTestServer({ env: { JOBS_IN_PROCESS: 'false', METRICS_TOKEN: WATCH_TOKEN } });
    const [customer, late, gone, staff] = [
      await restarting.createUser(),
      await restarting.createUser(),
      await restarting.createUser(),
      await restarting.createUser({ admin: true }),
    ];
    const [orderId, lateOrderId] = [await orderOf(customer), await orderOf(late)];
    // One socket is open and signed in before the outage (its subscribe is what waits); the other customer's socket
    // opens during it, so its connection checks and its subscribe's context read the database then, with nothing
    // cached for that account in this process.
    const open = restarting.ws(customer.token);
    const first = subscribeOnce(open, { query: ORDER_UPDATED, variables: { orderId } });
    expect((await first.next()).data?.orderUpdated.status).toBe('PENDING');

    try {
      await refuseConnections(restarting.databaseName);
      const second = subscribeOnce(open, { query: ORDER_UPDATED, variables: { orderId } });
      const opened = subscribeOnce(restarting.ws(late.token), {
        query: ORDER_UPDATED,
        variables: { orderId: lateOrderId },
      });
      // A third customer's tab opens a socket during the outage and is closed before the database is back.
      const goneSocket = new WebSocket(restarting.wsUrl, 'graphql-transport-ws');
      await new Promise((resolve) => goneSocket.once('open', resolve));
      goneSocket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${gone.token}` } }));
      await new Promise((resolve) => setTimeout(resolve, 500));
      goneSocket.terminate();
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await allowConnections(restarting.databaseName);

      const expected = (id: string, status: string) => ({
        data: {
          orderUpdated: {
            id,
            status,
            paymentAmountCrypto: expect.any(String),
            product: { slug: 'ethereum-classic-key' },
          },
        },
      });
      expect(await second.next(15_000)).toEqual(expected(orderId, 'PENDING'));
      expect(await opened.next(15_000)).toEqual(expected(lateOrderId, 'PENDING'));
      // And both go on: a change after the outage reaches them.
      for (const [id, sub] of [
        [orderId, second],
        [lateOrderId, opened],
      ] as const) {
        const res = await restarting.gql(SET_STATUS, { orderId: id, status: 'CANCELLED' }, { token: staff.token });
        expect(res.errors).toBeUndefined();
        // The bus's LISTEN connection came back too, and its catch-up may send the order as it was once more first.
        let update = await sub.next(10_000);
        while (update.data?.orderUpdated.status === 'PENDING') update = await sub.next(10_000);
        expect(update).toEqual(expected(id, 'CANCELLED'));
      }
      // The closed socket's connection checks stopped with it: only the two open sockets are watched for blocks.
      const scrape = await fetch(`${restarting.url}/metrics`, { headers: { authorization: `Bearer ${WATCH_TOKEN}` } });
      expect((await scrape.text()).match(/^store_websocket_watched_sockets (\d+)$/m)?.[1]).toBe('2');
    } finally {
      await allowConnections(restarting.databaseName);
    }
  }, 40_000);
});
