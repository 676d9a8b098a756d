/**
 * The order lifecycle through the API (docs/order-lifecycle.md): the customer's cancel and transaction ID, admins'
 * moves and overrides in the audit trail, the payment window closed by a durable job, and the domain events each
 * change records.
 */
import { MESSAGES } from '../../common/validation';
import { eventually } from '../support/eventually';
import { startTestServer, subscribeOnce, type TestServer, type TestUser } from '../support/test-server';

const PLACE_ORDER = `mutation ($input: PlaceOrderInput!) { placeOrder(input: $input) { id status paymentDueAt paymentOverdue } }`;
const CANCEL = `mutation ($id: ID!) { cancelOrder(orderId: $id) { id status } }`;
const SUBMIT_TX = `mutation ($id: ID!, $tx: String!) { submitTransactionId(orderId: $id, transactionId: $tx) { id status transactionId } }`;
const SET_STATUS = `mutation ($id: ID!, $status: OrderStatus!) { setOrderStatus(orderId: $id, status: $status) { id status } }`;
const EVENTS = `query ($id: ID!) { order(id: $id) { status paymentOverdue events { fromStatus toStatus actorKind reason override actorEmail } } }`;

/** Payment window of the server under test: 2 seconds, so the window-closing job runs during the test. */
const WINDOW_HOURS = 2 / 3600;

let server: TestServer;
let owner: TestUser;
let other: TestUser;
let admin: TestUser;
let productId: string;

beforeAll(async () => {
  server = await startTestServer({ env: { PAYMENT_WINDOW_HOURS: String(WINDOW_HOURS) } });
  [owner, other, admin] = await Promise.all([
    server.createUser(),
    server.createUser(),
    server.createUser({ admin: true }),
  ]);
  [{ id: productId }] = await server.sql(`SELECT id FROM products WHERE slug = 'ethereum-classic-key'`);
});
afterAll(() => server.close());

async function placeOrder(user: TestUser, transactionId = ''): Promise<{ id: string; paymentDueAt: string }> {
  const res = await server.gql(
    PLACE_ORDER,
    { input: { productId, quantity: 1, email: user.email, paymentMethod: 'ETH', transactionId } },
    { token: user.token },
  );
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  return res.data!.placeOrder;
}

const eventsOf = async (orderId: string) =>
  (await server.gql(EVENTS, { id: orderId }, { token: admin.token })).data!.order;

describe('cancelOrder', () => {
  it('lets the owner cancel a pending order, recorded as the customer with a reason and announced live', async () => {
    const order = await placeOrder(owner, 'tx1');
    const live = subscribeOnce(server.ws(owner.token), {
      query: `subscription ($id: ID!) { orderUpdated(orderId: $id) { status } }`,
      variables: { id: order.id },
    });
    expect((await live.next()).data!.orderUpdated.status).toBe('PENDING');
    const res = await server.gql(CANCEL, { id: order.id }, { token: owner.token });
    expect(res.data!.cancelOrder).toEqual({ id: order.id, status: 'CANCELLED' });
    expect((await live.next()).data!.orderUpdated.status).toBe('CANCELLED');
    const { events } = await eventsOf(order.id);
    expect(events.at(-1)).toEqual({
      fromStatus: 'PENDING',
      toStatus: 'CANCELLED',
      actorKind: 'CUSTOMER',
      reason: 'Cancelled by the customer',
      override: false,
      actorEmail: owner.email,
    });
  });

  it('refuses an order that is no longer pending, saying why, and changes nothing', async () => {
    const order = await placeOrder(owner);
    await server.gql(SET_STATUS, { id: order.id, status: 'SUCCESS' }, { token: admin.token });
    const res = await server.gql(CANCEL, { id: order.id }, { token: owner.token });
    expect(res.errors?.[0]).toMatchObject({
      message: MESSAGES.onlyPendingCanBeCancelled,
      extensions: { code: 'BAD_USER_INPUT' },
    });
    expect((await eventsOf(order.id)).status).toBe('SUCCESS');
  });

  it("answers NOT_FOUND for someone else's order, an admin's cancel of a customer's order, and unknown ids", async () => {
    const order = await placeOrder(owner);
    for (const [id, user] of [
      [order.id, other],
      [order.id, admin],
      ['6f1e0c2a-0000-4000-8000-000000000000', owner],
      ['not-a-uuid', owner],
    ] as const) {
      const res = await server.gql(CANCEL, { id }, { token: user.token });
      expect(res.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    }
    expect((await eventsOf(order.id)).status).toBe('PENDING');
  });

  it('cancels once when the owner sends it twice at the same time', async () => {
    const order = await placeOrder(owner, 'tx2');
    const results = await Promise.all([1, 2].map(() => server.gql(CANCEL, { id: order.id }, { token: owner.token })));
    expect(results.filter((r) => !r.errors)).toHaveLength(1);
    const { events } = await eventsOf(order.id);
    expect(events.filter((e: { toStatus: string }) => e.toStatus === 'CANCELLED')).toHaveLength(1);
  });
});

describe('submitTransactionId', () => {
  it('stores the transaction ID of a pending order and shows it live', async () => {
    const order = await placeOrder(owner);
    const res = await server.gql(SUBMIT_TX, { id: order.id, tx: '  0xabc123DEF  ' }, { token: owner.token });
    expect(res.data!.submitTransactionId).toEqual({ id: order.id, status: 'PENDING', transactionId: '0xabc123DEF' });
  });

  it("refuses with the checkout's messages and for orders past PENDING", async () => {
    const order = await placeOrder(owner);
    const messageOf = async (tx: string) =>
      (await server.gql(SUBMIT_TX, { id: order.id, tx }, { token: owner.token })).errors?.[0].message;
    expect(await messageOf('')).toBe(MESSAGES.transactionIdRequired);
    expect(await messageOf('abc-123')).toBe(MESSAGES.transactionIdChars);
    expect(await messageOf('a'.repeat(101))).toBe(MESSAGES.transactionIdTooLong);
    await server.gql(SET_STATUS, { id: order.id, status: 'NOT_RECEIVED' }, { token: admin.token });
    expect(await messageOf('abc123')).toBe(MESSAGES.onlyPendingTakesTransactionId);
    const stranger = await server.gql(SUBMIT_TX, { id: order.id, tx: 'abc123' }, { token: other.token });
    expect(stranger.errors?.[0].extensions?.code).toBe('NOT_FOUND');
  });
});

describe('admin moves', () => {
  it('records regular moves plainly and moves off the regular path as overrides, with the admin', async () => {
    const order = await placeOrder(owner, 'tx3');
    for (const status of ['SUCCESS', 'COMPLETED', 'PENDING']) {
      expect((await server.gql(SET_STATUS, { id: order.id, status }, { token: admin.token })).errors).toBeUndefined();
    }
    const { events } = await eventsOf(order.id);
    expect(events.map((e: any) => [e.fromStatus, e.toStatus, e.actorKind, e.override, e.actorEmail])).toEqual([
      [null, 'PENDING', 'CUSTOMER', false, owner.email],
      ['PENDING', 'SUCCESS', 'ADMIN', false, admin.email],
      ['SUCCESS', 'COMPLETED', 'ADMIN', false, admin.email],
      ['COMPLETED', 'PENDING', 'ADMIN', true, admin.email],
    ]);
  });

  it('records the domain events of each change in its transaction', async () => {
    const order = await placeOrder(owner, 'tx4');
    await server.gql(SET_STATUS, { id: order.id, status: 'SUCCESS' }, { token: admin.token });
    await server.gql(SET_STATUS, { id: order.id, status: 'COMPLETED' }, { token: admin.token });
    const rows = await server.sql<{ type: string; payload: any }>(
      `SELECT type, payload FROM domain_events WHERE payload->>'orderId' = $1 ORDER BY occurred_at, type`,
      [order.id],
    );
    expect(rows.map((r) => r.type).sort()).toEqual(
      ['order.created', 'order.delivered', 'order.paid', 'order.status_changed', 'order.status_changed'].sort(),
    );
    expect(rows.find((r) => r.type === 'order.status_changed' && r.payload.to === 'COMPLETED')!.payload).toEqual({
      orderId: order.id,
      from: 'SUCCESS',
      to: 'COMPLETED',
      actorKind: 'ADMIN',
      reason: null,
    });
  });

  it('records nothing when the status does not change', async () => {
    const order = await placeOrder(owner, 'tx5');
    await server.gql(SET_STATUS, { id: order.id, status: 'PENDING' }, { token: admin.token });
    expect((await eventsOf(order.id)).events).toHaveLength(1);
    const [{ n }] = await server.sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM domain_events WHERE payload->>'orderId' = $1`,
      [order.id],
    );
    expect(n).toBe(1);
  });
});

describe('the payment window (PAYMENT_WINDOW_HOURS)', () => {
  it('ends a pending order with no proof and no transaction ID: NOT_RECEIVED by the system, with the reason', async () => {
    const order = await placeOrder(owner);
    expect(new Date(order.paymentDueAt).getTime() - Date.now()).toBeLessThanOrEqual(2000);
    const after = await eventually(async () => {
      const o = await eventsOf(order.id);
      return o.status === 'NOT_RECEIVED' && o;
    }, 15_000);
    expect(after.status).toBe('NOT_RECEIVED');
    expect(after.events.at(-1)).toEqual({
      fromStatus: 'PENDING',
      toStatus: 'NOT_RECEIVED',
      actorKind: 'SYSTEM',
      reason: 'The payment window ended with no payment, proof or transaction ID',
      override: false,
      actorEmail: null,
    });
  });

  it('leaves an order with a transaction ID pending for an admin, shown as overdue', async () => {
    const order = await placeOrder(owner, 'abc123');
    expect((await eventsOf(order.id)).paymentOverdue).toBe(false);
    // The window's job was queued (by the dispatch of order.created), ran and finished.
    await eventually(async () => {
      const [{ runs }] = await server.sql<{ runs: number }>(
        `SELECT count(*)::int AS runs FROM graphile_worker.jobs WHERE key = $1`,
        [`payment-window:${order.id}`],
      );
      return runs === 1;
    }, 15_000);
    await eventually(async () => {
      const jobs = await server.sql(`SELECT id FROM graphile_worker.jobs WHERE key = $1`, [
        `payment-window:${order.id}`,
      ]);
      return jobs.length === 0;
    }, 15_000);
    const after = await eventsOf(order.id);
    expect(after).toMatchObject({ status: 'PENDING', paymentOverdue: true });
    expect(after.events).toHaveLength(1);
  });

  it('leaves an order alone that moved on before its window ended', async () => {
    const order = await placeOrder(owner);
    const windowJobs = async () =>
      (
        await server.sql<{ n: number }>(`SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE key = $1`, [
          `payment-window:${order.id}`,
        ])
      )[0].n;
    // Moved on while its window's job waits, which then runs and leaves it.
    await eventually(async () => (await windowJobs()) === 1, 15_000, 'the window job');
    await server.gql(SET_STATUS, { id: order.id, status: 'SUCCESS' }, { token: admin.token });
    await eventually(async () => (await windowJobs()) === 0, 15_000, 'the window job to run');
    const after = await eventsOf(order.id);
    expect(after.status).toBe('SUCCESS');
    expect(after.events).toHaveLength(2);
  });
});
