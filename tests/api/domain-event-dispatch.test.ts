/**
 * The dispatch of domain events (docs/jobs-and-events.md "Dispatch"): events committed by many requests at once reach
 * every consumer once, whatever number of dispatchers race for them; a batch with a bad event is split into per-event
 * jobs, so the good events go out and the bad one is retried on its own, visibly.
 */
import { DomainEventDispatcher } from '../../server/src/core/domain-events';
import { eventually } from '../support/eventually';
import { startTestServer, TEST_ADDRESSES, type TestServer, type TestUser } from '../support/test-server';

const PLACE_ORDER = `mutation ($input: PlaceOrderInput!) { placeOrder(input: $input) { id } }`;

async function productId(server: TestServer): Promise<string> {
  const res = await server.gql<{ product: { id: string } }>(`{ product(slug: "ethereum-classic-key") { id } }`);
  return res.data!.product.id;
}

async function placeOrders(server: TestServer, user: TestUser, count: number): Promise<string[]> {
  const id = await productId(server);
  const results = await Promise.all(
    Array.from({ length: count }, () =>
      server.gql<{ placeOrder: { id: string } }>(
        PLACE_ORDER,
        { input: { productId: id, quantity: 1, email: user.email, paymentMethod: 'ETH' } },
        { token: user.token },
      ),
    ),
  );
  return results.map((res) => {
    expect(res.errors).toBeUndefined();
    return res.data!.placeOrder.id;
  });
}

/** Per order: its outbox messages, its payment-window jobs and whether its events are dispatched. */
async function outcomeOf(server: TestServer, orderIds: string[]) {
  const [row] = await server.sql<{ mails: number; windows: number; pending: number; orders: number }>(
    `SELECT
       (SELECT count(*)::int FROM notifications WHERE order_id = ANY($1::uuid[]) AND kind = 'ORDER_RECEIVED') AS mails,
       (SELECT count(DISTINCT order_id)::int FROM notifications WHERE order_id = ANY($1::uuid[])) AS orders,
       (SELECT count(*)::int FROM graphile_worker.jobs
         WHERE key = ANY (SELECT 'payment-window:' || unnest($1::text[]))) AS windows,
       (SELECT count(*)::int FROM domain_events
         WHERE payload->>'orderId' = ANY($1::text[]) AND dispatched_at IS NULL) AS pending`,
    [orderIds],
  );
  return row;
}

describe('events recorded while no process dispatches them', () => {
  let server: TestServer;
  beforeAll(async () => {
    // No job runner here: the events wait, and the test runs the dispatchers itself.
    server = await startTestServer({ env: { JOBS_IN_PROCESS: 'false', PAY_ADDRESS_ETH: TEST_ADDRESSES.ETH } });
  });
  afterAll(() => server.close());

  it('reach each consumer once when five dispatchers race for 450 of them', async () => {
    const user = await server.createUser();
    // More than two batches' worth, committed by concurrent checkouts.
    const orderIds = (await Promise.all([1, 2, 3].map(() => placeOrders(server, user, 150)))).flat();
    expect(await outcomeOf(server, orderIds)).toEqual({ mails: 0, orders: 0, windows: 0, pending: 450 });

    const dispatcher = server.app.container.get(DomainEventDispatcher);
    const counts = await Promise.all([1, 2, 3, 4, 5].map(() => dispatcher.dispatchPending()));
    // Each dispatcher stops after a short batch, so between them they may leave a few for the next wake-up.
    const rest = await dispatcher.dispatchPending();
    expect(counts.reduce((a, b) => a + b, 0) + rest).toBe(450);
    expect(await outcomeOf(server, orderIds)).toEqual({ mails: 450, orders: 450, windows: 450, pending: 0 });

    // Dispatched events are not dispatched again.
    expect(await dispatcher.dispatchPending()).toBe(0);
    expect(await outcomeOf(server, orderIds)).toEqual({ mails: 450, orders: 450, windows: 450, pending: 0 });
  }, 60_000);

  it('go out when a process that runs jobs starts (their wake-up was lost with the process that wrote them)', async () => {
    const user = await server.createUser();
    const orderIds = await placeOrders(server, user, 3);
    expect(await outcomeOf(server, orderIds)).toMatchObject({ mails: 0, pending: 3 });
    const worker = await startTestServer({
      env: { PAY_ADDRESS_ETH: TEST_ADDRESSES.ETH },
      database: { name: server.databaseName, url: server.databaseUrl },
    });
    try {
      await eventually(async () => (await outcomeOf(server, orderIds)).pending === 0, 15_000, 'the dispatch at start');
      expect(await outcomeOf(server, orderIds)).toEqual({ mails: 3, orders: 3, windows: 3, pending: 0 });
    } finally {
      await worker.close();
    }
  }, 30_000);
});

describe('a batch with an event its consumers cannot handle', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { PAY_ADDRESS_ETH: TEST_ADDRESSES.ETH } });
  });
  afterAll(() => server.close());

  it('is split into per-event jobs: the good events go out, the bad one is retried on its own with its error', async () => {
    const user = await server.createUser();
    const id = await productId(server);
    // Orders placed and their events written in one transaction with a corrupt event (an order id that is no
    // uuid, as a hand-written row might carry), so all of them land in one batch.
    const orderIds: string[] = await server.app.db.transaction(async (manager) => {
      const rows: { id: string }[] = await manager.query(
        `INSERT INTO orders (user_id, product_id, contact_email, quantity, unit_price, total_price, payment_method,
                             crypto_address, payment_amount_crypto, status)
         SELECT $1, $2, $3, 1, 10, 10, 'ETH', $4, '0.003', 'PENDING' FROM generate_series(1, 3)
         RETURNING id`,
        [user.id, id, user.email, TEST_ADDRESSES.ETH],
      );
      await manager.query(
        `INSERT INTO domain_events (type, payload)
         SELECT 'order.created', jsonb_build_object('orderId', o) FROM unnest($1::text[] || '{not-a-uuid}') o`,
        [rows.map((r) => r.id)],
      );
      return rows.map((r) => r.id);
    });

    await eventually(
      async () => (await outcomeOf(server, orderIds)).mails === 3,
      15_000,
      'the good events dispatched by their own jobs',
    );
    expect(await outcomeOf(server, orderIds)).toMatchObject({ mails: 3, orders: 3, pending: 0 });

    const [bad] = await server.sql<{ id: string }>(
      `SELECT id FROM domain_events WHERE payload->>'orderId' = 'not-a-uuid'`,
    );
    const failing = await eventually(async () => {
      const [job] = await server.sql<{ attempts: number; last_error: string | null }>(
        `SELECT attempts, last_error FROM graphile_worker.jobs WHERE key = $1`,
        [`events:dispatch:${bad.id}`],
      );
      return job && job.attempts >= 1 && job.last_error ? job : undefined;
    }, 15_000);
    expect(failing.last_error).toMatch(/invalid input syntax for type uuid/);
    // The good events' jobs finished and are gone; the bad one's stays for its retries.
    await eventually(async () => {
      const [{ left }] = await server.sql<{ left: number }>(
        `SELECT count(*)::int AS left FROM graphile_worker.jobs WHERE task_identifier = 'events:dispatch'`,
      );
      return left === 1;
    }, 15_000);
  }, 30_000);
});
