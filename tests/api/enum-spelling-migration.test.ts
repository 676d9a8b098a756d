/**
 * Migration 1765600000000 (one spelling per enum, docs/decisions.md "One spelling per enum"): rows written in the
 * spec's lower-case values move to the GraphQL names (`pending` → `PENDING`, `usdt_trc20` → `USDT_TRC20`) in every
 * enum column, in the stored event facts consumers read back, and in the order counts and sales rollup (each order
 * counted once, not moved between statuses); the CHECK lists, defaults, partial indexes and the rollup's trigger take
 * the new spelling; webhook bodies stay as they were sent; `down` puts the old spelling back.
 */
import { Client } from 'pg';
import type { QueryRunner } from 'typeorm';
import { EnumOneSpelling1765600000000 } from '../../server/src/db/migrations/1765600000000-enum-one-spelling';
import { createTestDatabase, dropTestDatabase } from '../support/database';

let database: { name: string; url: string };
let client: Client;

beforeAll(async () => {
  database = await createTestDatabase();
  client = new Client({ connectionString: database.url });
  await client.connect();
}, 30_000);

afterAll(async () => {
  await client?.end();
  if (database) await dropTestDatabase(database.name);
});

const rows = async (sql: string, params: unknown[] = []) => (await client.query(sql, params)).rows;
const one = async (sql: string, params: unknown[] = []) => (await rows(sql, params))[0];

/** The order counts and the sales rollup, without rows that count nothing. */
async function rollups() {
  return {
    counts: await rows(`SELECT status, total::int FROM order_counts WHERE total <> 0 ORDER BY status`),
    sales: await rows(
      `SELECT payment_method, sum(orders)::int AS orders, sum(revenue)::text AS revenue FROM sales_daily
       WHERE orders <> 0 GROUP BY payment_method ORDER BY payment_method`,
    ),
  };
}

it('moves every enum column, event fact, count and index to the GraphQL names, and goes back down', async () => {
  const migration = new EnumOneSpelling1765600000000();
  const runner = { query: (sql: string) => client.query(sql) } as unknown as QueryRunner;

  // The data as the store wrote it before: lower-case values everywhere.
  await migration.down(runner);
  const { id: userId } = await one(
    `INSERT INTO users (email, password_hash) VALUES ('old@example.com', 'x') RETURNING id`,
  );
  const { id: productId } = await one(`SELECT id FROM products WHERE fulfilment = 'keys' ORDER BY slug LIMIT 1`);
  const order = async (status: string, method: string, amount: string) =>
    (
      await one(
        `INSERT INTO orders (user_id, product_id, contact_email, quantity, unit_price, total_price, payment_method,
                             crypto_address, payment_amount_crypto, payment_offset, status)
         VALUES ($1, $2, 'old@example.com', 1, 25, 25, $3, 'TAddr', $4, 1, $5) RETURNING id`,
        [userId, productId, method, amount, status],
      )
    ).id as string;
  const pendingId = await order('pending', 'usdt_trc20', '25.000001');
  const paidId = await order('success', 'btc', '0.00025001');
  await client.query(
    `UPDATE orders SET payment_issue = 'Short by 1 USDT', payment_issue_kind = 'underpaid' WHERE id = $1`,
    [pendingId],
  );
  await client.query(
    `INSERT INTO order_events (order_id, actor_kind, from_status, to_status)
     VALUES ($1, 'customer', NULL, 'pending'), ($2, 'system', 'pending', 'success')`,
    [pendingId, paidId],
  );
  await client.query(
    `INSERT INTO domain_events (type, payload, dispatched_at) VALUES
       ('order.status_changed', jsonb_build_object('orderId', $2::text, 'from', 'pending', 'to', 'success',
                                                   'actorKind', 'system', 'reason', NULL), now()),
       ('order.payment_issue', jsonb_build_object('orderId', $1::text, 'kind', 'underpaid', 'issue', 'Short'), now()),
       ('order.created', jsonb_build_object('orderId', $1::text), now())`,
    [pendingId, paidId],
  );
  await client.query(
    `INSERT INTO product_keys (product_id, secret, fingerprint, status, order_id, delivered_at) VALUES
       ($1, '\\x01', '\\x01', 'reserved', $2, NULL), ($1, '\\x02', '\\x02', 'delivered', $3, now())`,
    [productId, pendingId, paidId],
  );
  await client.query(
    `INSERT INTO chain_payments (method, tx_id, output_index, to_address, amount, order_id, matched_by, status,
                                 required_confirmations, confirmed_at)
     VALUES ('usdt_trc20', 'aa', 0, 'TAddr', 1, $1, 'transaction_id', 'confirmed', 1, now())`,
    [pendingId],
  );
  await client.query(`INSERT INTO chain_watch_positions (method, address, position) VALUES ('btc', 'bc1qold', 7)`);
  const { id: ticketId } = await one(
    `INSERT INTO support_tickets (user_id, title, description, category, status)
     VALUES ($1, 'Help', 'Please', 'billing', 'waiting_on_customer') RETURNING id`,
    [userId],
  );
  await client.query(
    `INSERT INTO certificates (user_id, order_id, domain_name, status) VALUES ($1, $2, 'old.example', 'expired')`,
    [userId, paidId],
  );
  await client.query(
    `INSERT INTO notifications (kind, to_address, subject, text_body, html_body, status)
     VALUES ('payment_issue', 'old@example.com', 'S', 'T', 'H', 'not_sent')`,
  );
  await client.query(`INSERT INTO block_rules (kind, value) VALUES ('email_domain', 'old.example')`);
  const sentBody = { id: 'e1', type: 'order.status_changed', data: { from: 'PENDING', to: 'SUCCESS' } };
  const { id: endpointId } = await one(
    `INSERT INTO webhook_endpoints (url, events, secret) VALUES ('https://hooks.example/x', '{order.paid}', 's') RETURNING id`,
  );
  await client.query(
    `INSERT INTO webhook_deliveries (endpoint_id, event_id, event_type, payload, status)
     SELECT $1, id, type, $2, 'failed' FROM domain_events WHERE type = 'order.status_changed'`,
    [endpointId, sentBody],
  );
  const before = await rollups();
  expect(before.sales).toEqual([{ payment_method: 'btc', orders: 1, revenue: '25.00' }]);

  await migration.up(runner);

  expect(
    await rows(`SELECT status, payment_method, payment_issue_kind FROM orders WHERE user_id = $1 ORDER BY status`, [
      userId,
    ]),
  ).toEqual([
    { status: 'PENDING', payment_method: 'USDT_TRC20', payment_issue_kind: 'UNDERPAID' },
    { status: 'SUCCESS', payment_method: 'BTC', payment_issue_kind: null },
  ]);
  expect(
    await rows(
      `SELECT actor_kind, from_status, to_status FROM order_events WHERE order_id = ANY($1) ORDER BY to_status`,
      [[pendingId, paidId]],
    ),
  ).toEqual([
    { actor_kind: 'CUSTOMER', from_status: null, to_status: 'PENDING' },
    { actor_kind: 'SYSTEM', from_status: 'PENDING', to_status: 'SUCCESS' },
  ]);
  expect(await rows(`SELECT type, payload FROM domain_events ORDER BY type`)).toEqual([
    { type: 'order.created', payload: { orderId: pendingId } },
    { type: 'order.payment_issue', payload: { orderId: pendingId, kind: 'UNDERPAID', issue: 'Short' } },
    {
      type: 'order.status_changed',
      payload: { orderId: paidId, from: 'PENDING', to: 'SUCCESS', actorKind: 'SYSTEM', reason: null },
    },
  ]);
  // Each order counted once, under its new spelling: nothing moved out of one status and into another.
  const upper = (list: Record<string, unknown>[], key: string) =>
    list.map((row) => ({ ...row, [key]: String(row[key]).toUpperCase() }));
  expect(await rollups()).toEqual({
    counts: upper(before.counts, 'status'),
    sales: upper(before.sales, 'payment_method'),
  });
  expect(await rows(`SELECT status FROM product_keys WHERE order_id IS NOT NULL ORDER BY status`)).toEqual([
    { status: 'DELIVERED' },
    { status: 'RESERVED' },
  ]);
  expect(await one(`SELECT method, matched_by, status FROM chain_payments`)).toEqual({
    method: 'USDT_TRC20',
    matched_by: 'TRANSACTION_ID',
    status: 'CONFIRMED',
  });
  expect(await one(`SELECT method FROM chain_watch_positions WHERE address = 'bc1qold'`)).toEqual({ method: 'BTC' });
  expect(await one(`SELECT category, priority, status FROM support_tickets WHERE id = $1`, [ticketId])).toEqual({
    category: 'BILLING',
    priority: 'MEDIUM',
    status: 'WAITING_ON_CUSTOMER',
  });
  expect(await one(`SELECT status FROM certificates WHERE domain_name = 'old.example'`)).toEqual({ status: 'EXPIRED' });
  expect(await one(`SELECT kind, status FROM notifications`)).toEqual({ kind: 'PAYMENT_ISSUE', status: 'NOT_SENT' });
  expect(await one(`SELECT kind FROM block_rules WHERE value = 'old.example'`)).toEqual({ kind: 'EMAIL_DOMAIN' });
  expect(await rows(`SELECT DISTINCT fulfilment FROM products ORDER BY 1`)).toEqual([
    { fulfilment: 'DOWNLOAD' },
    { fulfilment: 'KEYS' },
    { fulfilment: 'MANUAL' },
  ]);
  expect(await rows(`SELECT DISTINCT category FROM installation_guides ORDER BY 1`)).toEqual([
    { category: 'HOSTING_PANEL' },
    { category: 'OTHER' },
    { category: 'WEB_SERVER' },
  ]);
  // What was sent stays as sent (it is signed); its status is an enum like any other.
  expect(await one(`SELECT payload, status FROM webhook_deliveries`)).toEqual({ payload: sentBody, status: 'FAILED' });

  // Defaults, CHECKs and partial indexes in the new spelling.
  const { id: newTicket } = await one(
    `INSERT INTO support_tickets (user_id, title, description, category) VALUES ($1, 'New', 'Hi', 'OTHER') RETURNING id`,
    [userId],
  );
  expect(await one(`SELECT priority, status FROM support_tickets WHERE id = $1`, [newTicket])).toEqual({
    priority: 'MEDIUM',
    status: 'OPEN',
  });
  await expect(order('pending', 'usdt_trc20', '25.000009')).rejects.toThrow(/orders_payment_method_check/);
  await expect(order('pending', 'USDT_TRC20', '25.000009')).rejects.toThrow(/orders_status_check/);
  // A second open order on the same amount, method and address is refused: the unique partial index reads PENDING.
  await expect(order('PENDING', 'USDT_TRC20', '25.000001')).rejects.toThrow(/orders_open_payment_amount/);
  await expect(
    client.query(`UPDATE product_keys SET status = 'AVAILABLE' WHERE order_id = $1`, [pendingId]),
  ).rejects.toThrow(/product_keys_order_check/);
  // The rollup's trigger counts a newly paid order under the new spelling.
  await client.query(`UPDATE orders SET status = 'SUCCESS' WHERE id = $1`, [pendingId]);
  expect((await rollups()).sales).toEqual([
    { payment_method: 'BTC', orders: 1, revenue: '25.00' },
    { payment_method: 'USDT_TRC20', orders: 1, revenue: '25.00' },
  ]);
  await client.query(`UPDATE orders SET status = 'PENDING' WHERE id = $1`, [pendingId]);
  await client.query(`DELETE FROM support_tickets WHERE id = $1`, [newTicket]);

  // Down: the old spelling back, counted once.
  await migration.down(runner);
  expect(
    await rows(`SELECT status, payment_method, payment_issue_kind FROM orders WHERE user_id = $1 ORDER BY status`, [
      userId,
    ]),
  ).toEqual([
    { status: 'pending', payment_method: 'usdt_trc20', payment_issue_kind: 'underpaid' },
    { status: 'success', payment_method: 'btc', payment_issue_kind: null },
  ]);
  expect(await one(`SELECT payload FROM domain_events WHERE type = 'order.status_changed'`)).toEqual({
    payload: { orderId: paidId, from: 'pending', to: 'success', actorKind: 'system', reason: null },
  });
  expect(await rollups()).toEqual(before);
  expect(await one(`SELECT category, priority, status FROM support_tickets WHERE id = $1`, [ticketId])).toEqual({
    category: 'billing',
    priority: 'medium',
    status: 'waiting_on_customer',
  });
  await expect(order('PENDING', 'usdt_trc20', '25.000009')).rejects.toThrow(/orders_status_check/);
  await migration.up(runner);
});
