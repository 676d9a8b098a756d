/**
 * The sales overview (issue 15 part 4): paid revenue and orders per UTC day, per method and per product over a range,
 * exact on orders inserted in SQL (unpaid ones excluded, day boundaries in UTC), bad ranges refused, and the
 * operator counters (orders awaiting review, keyed products low on stock, overdue tickets).
 */
import { SALES_MESSAGES } from '../../common/validation';
import { InventoryService } from '../../server/src/inventory/inventory.service';
import { PAID } from '../../server/src/orders/order-lifecycle';
import { lowStockThreshold, PAID_STATUS_SQL } from '../../server/src/sales/sales-report.service';
import { startTestServer, type TestServer, type TestUser } from '../support/test-server';

const REPORT = /* GraphQL */ `
  query ($from: DateTimeISO!, $to: DateTimeISO!) {
    adminSalesReport(from: $from, to: $to) {
      from
      to
      totalRevenue
      orderCount
      byDay {
        day
        revenue
        orders
      }
      byMethod {
        method
        revenue
        orders
      }
      byProduct {
        productId
        name
        revenue
        orders
        quantity
      }
      counters {
        ordersAwaitingReview
        overdueTickets
        lowStock {
          productId
          name
          available
          threshold
        }
      }
    }
  }
`;

let server: TestServer;
let admin: TestUser;
let customer: TestUser;
let products: { id: string; name: string }[];

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.createUser({ admin: true });
  customer = await server.createUser();
  products = await server.sql(
    `SELECT id, name FROM products WHERE slug IN ('litecoin-keys', 'dv') ORDER BY slug DESC`, // litecoin-keys, dv
  );
});
afterAll(() => server.close());

async function insertOrder(o: {
  at: string;
  total: string;
  status?: string;
  method?: string;
  product?: number;
  quantity?: number;
  transactionId?: string | null;
  issue?: string | null;
}): Promise<void> {
  await server.sql(
    `INSERT INTO orders (user_id, product_id, contact_email, quantity, unit_price, total_price, payment_method,
                         crypto_address, payment_amount_crypto, status, created_at, transaction_id,
                         payment_issue, payment_issue_kind)
     VALUES ($1, $2, 'x@example.com', $3, $4, $4, $5, 'Addr', $4, $6, $7, $8, $9, $9)`,
    [
      customer.id,
      products[o.product ?? 0].id,
      o.quantity ?? 1,
      o.total,
      o.method ?? 'USDT_TRC20',
      o.status ?? 'COMPLETED',
      o.at,
      o.transactionId ?? null,
      o.issue ?? null,
    ],
  );
}

async function report(from: string, to: string) {
  const res = await server.gql(REPORT, { from, to }, { token: admin.token });
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  return res.data!.adminSalesReport;
}

describe('adminSalesReport', () => {
  beforeAll(async () => {
    // 2025-03-01 .. 2025-03-04 (UTC), across days, methods, products and statuses.
    await insertOrder({ at: '2025-03-01T00:00:00Z', total: '10.00' }); // first instant of the 1st
    await insertOrder({ at: '2025-03-01T23:59:59.999Z', total: '5.50', method: 'BTC', status: 'SUCCESS' });
    await insertOrder({ at: '2025-03-01T12:00:00Z', total: '1000.00', status: 'PENDING' }); // unpaid
    await insertOrder({ at: '2025-03-01T12:00:00Z', total: '2000.00', status: 'CANCELLED' }); // unpaid
    await insertOrder({ at: '2025-03-02T00:00:00Z', total: '3000.00', status: 'NOT_RECEIVED' }); // unpaid
    await insertOrder({ at: '2025-03-03T08:00:00Z', total: '20.25', method: 'ETH', status: 'PROCESSING', product: 1 });
    await insertOrder({ at: '2025-03-03T09:00:00Z', total: '40.00', product: 1, quantity: 4 });
    await insertOrder({ at: '2025-03-04T00:00:00Z', total: '77.00' }); // the range's end: excluded
    await insertOrder({ at: '2025-02-28T23:59:59.999Z', total: '88.00' }); // before the range
  });

  it('sums paid orders per UTC day (empty days as zeros), method and product', async () => {
    const r = await report('2025-03-01T00:00:00Z', '2025-03-04T00:00:00Z');
    expect(r.from).toBe('2025-03-01T00:00:00.000Z');
    expect(r.totalRevenue).toBe(75.75);
    expect(r.orderCount).toBe(4);
    expect(r.byDay).toEqual([
      { day: '2025-03-01', revenue: 15.5, orders: 2 },
      { day: '2025-03-02', revenue: 0, orders: 0 },
      { day: '2025-03-03', revenue: 60.25, orders: 2 },
    ]);
    expect(r.byMethod).toEqual([
      { method: 'USDT_TRC20', revenue: 50, orders: 2 },
      { method: 'ETH', revenue: 20.25, orders: 1 },
      { method: 'BTC', revenue: 5.5, orders: 1 },
    ]);
    expect(r.byProduct).toEqual([
      { productId: products[1].id, name: products[1].name, revenue: 60.25, orders: 2, quantity: 5 },
      { productId: products[0].id, name: products[0].name, revenue: 15.5, orders: 2, quantity: 2 },
    ]);
  });

  it('cuts days in UTC: a range starting mid-day counts from that instant, on that UTC day', async () => {
    const r = await report('2025-03-01T12:00:00Z', '2025-03-03T08:30:00Z');
    expect(r.byDay).toEqual([
      { day: '2025-03-01', revenue: 5.5, orders: 1 },
      { day: '2025-03-02', revenue: 0, orders: 0 },
      { day: '2025-03-03', revenue: 20.25, orders: 1 },
    ]);
    // Within one day (no whole day in it): read from the orders alone.
    const within = await report('2025-03-01T00:00:00Z', '2025-03-01T23:00:00Z');
    expect(within.byDay).toEqual([{ day: '2025-03-01', revenue: 10, orders: 1 }]);
  });

  it('answers a range without sales with zeros on every day', async () => {
    const r = await report('2024-01-01T00:00:00Z', '2024-01-08T00:00:00Z');
    expect(r).toMatchObject({ totalRevenue: 0, orderCount: 0, byMethod: [], byProduct: [] });
    expect(r.byDay).toHaveLength(7);
    expect(r.byDay.every((d: { revenue: number; orders: number }) => d.revenue === 0 && d.orders === 0)).toBe(true);
  });

  it('refuses a reversed, empty or too long range with a field error', async () => {
    const bad = async (from: string, to: string) =>
      (await server.gql(REPORT, { from, to }, { token: admin.token })).errors?.[0];
    expect(await bad('2025-03-04T00:00:00Z', '2025-03-01T00:00:00Z')).toMatchObject({
      message: SALES_MESSAGES.rangeOrder,
      extensions: { code: 'BAD_USER_INPUT', fieldErrors: [{ field: 'to', message: SALES_MESSAGES.rangeOrder }] },
    });
    expect(await bad('2025-03-01T00:00:00Z', '2025-03-01T00:00:00Z')).toMatchObject({
      message: SALES_MESSAGES.rangeOrder,
    });
    expect(await bad('2024-01-01T00:00:00Z', '2025-01-02T00:00:01Z')).toMatchObject({
      message: SALES_MESSAGES.rangeTooLong,
      extensions: { code: 'BAD_USER_INPUT' },
    });
    // 366 days exactly (a leap year) is allowed.
    expect((await report('2024-01-01T00:00:00Z', '2025-01-01T00:00:00Z')).byDay).toHaveLength(366);
  });

  it("reads partial days through the paid orders' partial index; index and rollup trigger use the lifecycle's PAID", async () => {
    const [index] = await server.sql(`SELECT pg_get_indexdef('orders_paid_created_idx'::regclass) AS def`);
    for (const status of PAID) expect(index.def).toContain(`'${status}'::text`);
    const [trigger] = await server.sql(`SELECT prosrc FROM pg_proc WHERE proname = 'sales_daily_apply'`);
    expect(trigger.prosrc).toContain(`status IN (${PAID.map((status) => `'${status}'`).join(', ')})`);
    expect(PAID_STATUS_SQL).toBe(`status IN ('SUCCESS', 'PROCESSING', 'COMPLETED')`);
    // Seq scans off for this one transaction: on a table this small the planner would rightly prefer one.
    const plan: { 'QUERY PLAN': string }[] = await server.app.db.transaction(async (manager) => {
      await manager.query(`SET LOCAL enable_seqscan = off`);
      return manager.query(
        `EXPLAIN SELECT created_at, total_price FROM orders WHERE ${PAID_STATUS_SQL} AND created_at >= now() - interval '1 year'`,
      );
    });
    expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toContain('orders_paid_created_idx');
  });
});

describe('the per-day rollup sales_daily', () => {
  /** What the rollup should hold: the paid orders grouped by UTC day, method and product (zero cells left out). */
  const direct = () =>
    server.sql(
      `SELECT (created_at AT TIME ZONE 'UTC')::date::text AS day, payment_method, product_id,
              sum(total_price)::text AS revenue, count(*)::int AS orders, sum(quantity)::int AS quantity
       FROM orders WHERE status IN ('SUCCESS', 'PROCESSING', 'COMPLETED') GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
    );
  const rollup = () =>
    server.sql(
      `SELECT day::text, payment_method, product_id, revenue::text, orders::int, quantity::int
       FROM sales_daily WHERE orders <> 0 ORDER BY 1, 2, 3`,
    );

  it('follows inserts, status changes in and out of the paid set, edits and deletes, statement by statement', async () => {
    await insertOrder({ at: '2025-05-01T10:00:00Z', total: '30.00', status: 'PENDING' });
    await insertOrder({ at: '2025-05-01T11:00:00Z', total: '12.00', status: 'SUCCESS' });
    await insertOrder({ at: '2025-05-02T11:00:00Z', total: '8.00', status: 'COMPLETED', method: 'BTC' });
    expect(await rollup()).toEqual(await direct());
    // Paid → paid (no change), pending → paid, paid → cancelled, a total corrected, in several statements.
    await server.sql(
      `UPDATE orders SET status = 'PROCESSING' WHERE status = 'SUCCESS' AND created_at = '2025-05-01T11:00:00Z'`,
    );
    await server.sql(`UPDATE orders SET status = 'SUCCESS' WHERE created_at = '2025-05-01T10:00:00Z'`);
    await server.sql(`UPDATE orders SET status = 'CANCELLED' WHERE created_at = '2025-05-02T11:00:00Z'`);
    await server.sql(`UPDATE orders SET total_price = 31.5, quantity = 3 WHERE created_at = '2025-05-01T10:00:00Z'`);
    expect(await rollup()).toEqual(await direct());
    // One statement touching many orders, then a delete.
    await server.sql(
      `UPDATE orders SET status = CASE WHEN status = 'COMPLETED' THEN 'PROCESSING' ELSE status END
       WHERE created_at >= '2025-03-01' AND created_at < '2025-06-01'`,
    );
    await server.sql(`DELETE FROM orders WHERE created_at = '2025-05-01T11:00:00Z'`);
    expect(await rollup()).toEqual(await direct());
    const r = await report('2025-05-01T00:00:00Z', '2025-05-03T00:00:00Z');
    expect(r.byDay).toEqual([
      { day: '2025-05-01', revenue: 31.5, orders: 1 },
      { day: '2025-05-02', revenue: 0, orders: 0 },
    ]);
    expect(r.byMethod).toEqual([{ method: 'USDT_TRC20', revenue: 31.5, orders: 1 }]);
  });

  it('follows status changes made through the API (setOrderStatus)', async () => {
    const placed = await server.gql(
      `mutation ($input: PlaceOrderInput!) { placeOrder(input: $input) { id totalPrice createdAt } }`,
      { input: { productId: products[0].id, quantity: 2, email: customer.email, paymentMethod: 'ETH' } },
      { token: customer.token },
    );
    const order = placed.data!.placeOrder;
    const day = order.createdAt.slice(0, 10);
    const dayReport = async () => {
      const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString();
      return (await report(`${day}T00:00:00Z`, next)).byMethod.find((m: { method: string }) => m.method === 'ETH');
    };
    expect(await dayReport()).toBeUndefined();
    const set = (status: string) =>
      server.gql(
        `mutation ($id: ID!, $s: OrderStatus!) { setOrderStatus(orderId: $id, status: $s) { status } }`,
        { id: order.id, s: status },
        { token: admin.token },
      );
    await set('SUCCESS');
    expect(await dayReport()).toEqual({ method: 'ETH', revenue: order.totalPrice, orders: 1 });
    await set('NOT_RECEIVED');
    expect(await dayReport()).toBeUndefined();
    expect(await rollup()).toEqual(await direct());
  });
});

describe('the operator counters', () => {
  it('count the tickets whose customer has waited more than 24 hours for staff, as the Tickets tab does', async () => {
    const open = async (title: string) => {
      const res = await server.gql(
        `mutation ($input: CreateTicketInput!) { createTicket(input: $input) { id } }`,
        { input: { title, description: 'Still waiting', category: 'ORDER' } },
        customer,
      );
      expect(res.errors).toBeUndefined();
      return (res.data as { createTicket: { id: string } }).createTicket.id;
    };
    const before = (await report('2025-03-01T00:00:00Z', '2025-03-02T00:00:00Z')).counters.overdueTickets;
    const late = await open('Late one');
    const answeredLate = await open('Answered late');
    const resolvedLate = await open('Resolved late');
    await open('Fresh one'); // asked just now: not overdue yet
    await server.sql(
      `UPDATE support_tickets SET awaiting_staff_since = now() - interval '25 hours' WHERE id = ANY($1::uuid[])`,
      [[late, answeredLate, resolvedLate]],
    );
    const reply = await server.gql(
      `mutation ($t: ID!) { replyToTicket(ticketId: $t, body: "Sorry for the wait") { id } }`,
      { t: answeredLate },
      admin,
    );
    expect(reply.errors).toBeUndefined();
    const resolved = await server.gql(
      `mutation ($t: ID!) { setTicketStatus(ticketId: $t, status: RESOLVED) { id } }`,
      { t: resolvedLate },
      admin,
    );
    expect(resolved.errors).toBeUndefined();

    const counters = (await report('2025-03-01T00:00:00Z', '2025-03-02T00:00:00Z')).counters;
    expect(counters.overdueTickets).toBe(before + 1);
    const queue = await server.gql(`{ adminTickets(first: 1) { overdueCount } }`, {}, admin);
    expect((queue.data as { adminTickets: { overdueCount: number } }).adminTickets.overdueCount).toBe(
      counters.overdueTickets,
    );
  });

  it("count the orders waiting for a person, as the queue's 'Awaiting review' filter lists them, and list keyed products low on keys", async () => {
    const before = (await report('2025-03-01T00:00:00Z', '2025-03-02T00:00:00Z')).counters.ordersAwaitingReview;
    await insertOrder({ at: '2026-01-01T00:00:00Z', total: '1', status: 'PENDING', transactionId: 'abc123' });
    await insertOrder({ at: '2026-01-01T00:00:00Z', total: '1', status: 'PENDING', issue: 'NEEDS_REVIEW' });
    await insertOrder({ at: '2026-01-01T00:00:00Z', total: '1', status: 'PENDING', issue: 'UNDERPAID' });
    await insertOrder({ at: '2026-01-01T00:00:00Z', total: '1', status: 'PENDING' }); // nothing sent yet, in its window
    await insertOrder({ at: '2026-01-01T00:00:00Z', total: '1', status: 'SUCCESS', transactionId: 'def456' }); // done
    await insertOrder({ at: '2026-01-01T00:00:00Z', total: '1', status: 'CANCELLED', issue: 'LATE' }); // ended
    // Past its payment window and still PENDING: the sweep leaves it to a person.
    await insertOrder({ at: '2026-01-01T00:00:00Z', total: '1.23', status: 'PENDING' });
    await server.sql(`UPDATE orders SET payment_due_at = now() - interval '1 minute' WHERE total_price = 1.23`);
    const [{ n }] = await server.sql(
      `SELECT count(*)::int AS n FROM orders
       WHERE status = 'PENDING' AND (payment_proof_file_id IS NOT NULL OR transaction_id IS NOT NULL
                                     OR payment_issue_kind IS NOT NULL OR payment_due_at <= now())`,
    );
    const counters = (await report('2025-03-01T00:00:00Z', '2025-03-02T00:00:00Z')).counters;
    expect(counters.ordersAwaitingReview).toBe(n);
    expect(counters.ordersAwaitingReview).toBe(before + 4);
    // The Orders tab's "Awaiting review" lists exactly the orders the counter counts.
    const queue = await server.gql<{ adminOrders: { totalCount: number; edges: unknown[] } }>(
      `{ adminOrders(awaitingReview: true, first: 100) { totalCount edges { node { id } } } }`,
      {},
      { token: admin.token },
    );
    expect(queue.data!.adminOrders.totalCount).toBe(counters.ordersAwaitingReview);
    expect(queue.data!.adminOrders.edges).toHaveLength(counters.ordersAwaitingReview);

    // A keyed product down to 5 keys is listed, with its threshold; a well-stocked one is not.
    const [low] = await server.sql(`SELECT id, name, min_quantity FROM products WHERE slug = 'zcash-keys'`);
    await server.sql(`DELETE FROM product_keys WHERE product_id = $1 AND status = 'AVAILABLE'`, [low.id]);
    await server.app.container.get(InventoryService).importKeys(low.id, 'Z-1\nZ-2\nZ-3\nZ-4\nZ-5');
    const after = (await report('2025-03-01T00:00:00Z', '2025-03-02T00:00:00Z')).counters;
    expect(after.lowStock).toContainEqual({
      productId: low.id,
      name: low.name,
      available: 5,
      threshold: lowStockThreshold(low.min_quantity),
    });
    const expected = await server.sql(
      `SELECT p.id FROM products p
       WHERE p.active AND p.fulfilment <> 'MANUAL'
         AND (SELECT count(*) FROM product_keys k WHERE k.product_id = p.id AND k.status = 'AVAILABLE')
             < greatest(3 * p.min_quantity, 20)`,
    );
    expect(after.lowStock.map((p: { productId: string }) => p.productId).sort()).toEqual(
      expected.map((row) => row.id).sort(),
    );
  });
});
