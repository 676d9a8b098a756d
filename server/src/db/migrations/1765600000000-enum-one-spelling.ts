import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One spelling per enum (docs/decisions.md "One spelling per enum"): every enum column stores the GraphQL name
 * (`PENDING`, `USDT_TRC20`) instead of the spec's lower-case value (`pending`, `usdt_trc20`), so no layer converts.
 * For each column: its CHECK list and its DEFAULT in upper case, its rows upper-cased; the CHECKs, partial indexes and
 * the sales rollup's trigger function that name a value are rebuilt with the new spelling; the stored JSON code reads
 * back (the facts of `order.status_changed` and `order.payment_issue` events) is upper-cased too. Webhook deliveries
 * keep their bodies: they are what was sent and signed, already in the API's spelling.
 *
 * The values are written out here, not imported from the enums: a migration says what the schema was at its point in
 * history, whatever the enums become later.
 */

interface EnumColumn {
  table: string;
  column: string;
  /** The whole-column CHECK list, in the lower-case spelling; absent for a column without one. */
  check?: { name: string; values: readonly string[] };
  /** The column's DEFAULT, lower-case. */
  default?: string;
}

const COLUMNS: readonly EnumColumn[] = [
  {
    table: 'products',
    column: 'fulfilment',
    check: list('products_fulfilment_check', 'keys download manual'),
    default: 'manual',
  },
  {
    table: 'orders',
    column: 'payment_method',
    check: list('orders_payment_method_check', 'usdt_trc20 btc eth paypal skrill'),
  },
  {
    table: 'orders',
    column: 'status',
    check: list('orders_status_check', 'pending success not_received processing completed confirmed active cancelled'),
    default: 'pending',
  },
  { table: 'orders', column: 'payment_issue_kind' },
  {
    table: 'order_events',
    column: 'actor_kind',
    check: list('order_events_actor_kind_check', 'customer admin system'),
  },
  { table: 'order_events', column: 'from_status' },
  { table: 'order_events', column: 'to_status' },
  { table: 'order_counts', column: 'status' },
  { table: 'sales_daily', column: 'payment_method' },
  {
    table: 'certificates',
    column: 'status',
    check: list('certificates_status_check', 'active pending expired revoked'),
    default: 'active',
  },
  {
    table: 'support_tickets',
    column: 'category',
    check: list('support_tickets_category_check', 'installation order renewal technical billing other'),
  },
  {
    table: 'support_tickets',
    column: 'priority',
    check: list('support_tickets_priority_check', 'low medium high urgent'),
    default: 'medium',
  },
  {
    table: 'support_tickets',
    column: 'status',
    check: list('support_tickets_status_check', 'open in_progress waiting_on_customer resolved closed'),
    default: 'open',
  },
  {
    table: 'installation_guides',
    column: 'category',
    check: list('installation_guides_category_check', 'hosting_panel web_server other'),
    default: 'other',
  },
  {
    table: 'notifications',
    column: 'kind',
    check: list(
      'notifications_kind_check',
      'order_received payment_confirmed payment_not_received order_delivered ticket_reply payment_issue awaiting_stock',
    ),
  },
  {
    table: 'notifications',
    column: 'status',
    check: list('notifications_status_check', 'queued sent failed not_sent'),
    default: 'queued',
  },
  {
    table: 'webhook_deliveries',
    column: 'status',
    check: list('webhook_deliveries_status_check', 'pending succeeded failed'),
    default: 'pending',
  },
  {
    table: 'product_keys',
    column: 'status',
    check: list('product_keys_status_check', 'available reserved delivered revoked'),
    default: 'available',
  },
  { table: 'chain_payments', column: 'method' },
  {
    table: 'chain_payments',
    column: 'status',
    check: list('chain_payments_status_check', 'detected confirmed failed'),
    default: 'detected',
  },
  {
    table: 'chain_payments',
    column: 'matched_by',
    check: list('chain_payments_matched_by_check', 'amount transaction_id'),
  },
  { table: 'chain_watch_positions', column: 'method' },
  { table: 'block_rules', column: 'kind', check: list('block_rules_kind_check', 'email email_domain ip cidr') },
];

function list(name: string, values: string): { name: string; values: readonly string[] } {
  return { name, values: values.split(' ') };
}

type Spelling = (value: string) => string;
const upper: Spelling = (value) => value.toUpperCase();
const lower: Spelling = (value) => value.toLowerCase();
const quoted = (values: readonly string[], spell: Spelling) => values.map((v) => `'${spell(v)}'`).join(', ');

/** The CHECKs, partial indexes and trigger function that name values, in one spelling (dropped before, rebuilt after). */
function valueDependents(spell: Spelling): { drop: string; create: string } {
  const v = (value: string) => `'${spell(value)}'`;
  const paid = `(${v('success')}, ${v('processing')}, ${v('completed')})`;
  // The rollup's trigger function (1764800000000-customers-and-sales) with its paid statuses in this spelling.
  const salesRows = (rows: string, sign: string) =>
    `SELECT (created_at AT TIME ZONE 'UTC')::date, payment_method, product_id, ${sign}sum(total_price), ${sign}count(*),
                   ${sign}sum(quantity)
            FROM ${rows} WHERE status IN ${paid}
            GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`;
  const onConflict = `ON CONFLICT (day, payment_method, product_id) DO UPDATE SET revenue = s.revenue + EXCLUDED.revenue,
              orders = s.orders + EXCLUDED.orders, quantity = s.quantity + EXCLUDED.quantity`;
  return {
    drop: `
      ALTER TABLE product_keys DROP CONSTRAINT product_keys_order_check, DROP CONSTRAINT product_keys_delivered_check;
      ALTER TABLE chain_payments DROP CONSTRAINT chain_payments_confirmed_check;
      DROP INDEX product_keys_available_idx, orders_open_payment_amount, orders_typed_transaction_idx,
        support_tickets_awaiting_idx, orders_paid_created_idx, chain_payments_unconfirmed_idx;`,
    create: `
      ALTER TABLE product_keys
        ADD CONSTRAINT product_keys_order_check
          CHECK ((order_id IS NOT NULL) = (status IN (${v('reserved')}, ${v('delivered')}))),
        ADD CONSTRAINT product_keys_delivered_check CHECK ((delivered_at IS NOT NULL) = (status = ${v('delivered')}));
      ALTER TABLE chain_payments
        ADD CONSTRAINT chain_payments_confirmed_check CHECK ((confirmed_at IS NOT NULL) = (status = ${v('confirmed')}));
      CREATE INDEX product_keys_available_idx ON product_keys (product_id, created_at) WHERE status = ${v('available')};
      CREATE UNIQUE INDEX orders_open_payment_amount ON orders (payment_method, crypto_address, payment_amount_crypto)
        WHERE status = ${v('pending')} AND payment_offset IS NOT NULL;
      CREATE INDEX orders_typed_transaction_idx ON orders (payment_method, payment_due_at)
        WHERE status = ${v('pending')} AND transaction_id IS NOT NULL;
      CREATE INDEX support_tickets_awaiting_idx ON support_tickets (awaiting_staff_since)
        WHERE awaiting_staff_since IS NOT NULL AND status IN (${v('open')}, ${v('in_progress')});
      CREATE INDEX orders_paid_created_idx ON orders (created_at) INCLUDE (total_price, payment_method, product_id, quantity)
        WHERE status IN ${paid};
      CREATE INDEX chain_payments_unconfirmed_idx ON chain_payments (method) WHERE status = ${v('detected')};

      CREATE OR REPLACE FUNCTION sales_daily_apply() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'TRUNCATE' THEN
          DELETE FROM sales_daily;
        ELSIF TG_OP = 'INSERT' THEN
          INSERT INTO sales_daily AS s (day, payment_method, product_id, revenue, orders, quantity)
            ${salesRows('new_rows', '')}
            ${onConflict};
        ELSIF TG_OP = 'DELETE' THEN
          INSERT INTO sales_daily AS s (day, payment_method, product_id, revenue, orders, quantity)
            ${salesRows('old_rows', '-')}
            ${onConflict};
        ELSE
          INSERT INTO sales_daily AS s (day, payment_method, product_id, revenue, orders, quantity)
            SELECT day, payment_method, product_id, sum(revenue), sum(orders), sum(quantity) FROM (
              SELECT (created_at AT TIME ZONE 'UTC')::date AS day, payment_method, product_id,
                     total_price AS revenue, 1 AS orders, quantity
              FROM new_rows WHERE status IN ${paid}
              UNION ALL
              SELECT (created_at AT TIME ZONE 'UTC')::date, payment_method, product_id, -total_price, -1, -quantity
              FROM old_rows WHERE status IN ${paid}
            ) d
            GROUP BY 1, 2, 3
            HAVING sum(orders) <> 0 OR sum(revenue) <> 0 OR sum(quantity) <> 0
            ORDER BY 1, 2, 3
            ${onConflict};
        END IF;
        RETURN NULL;
      END
      $$;`,
  };
}

/** Every enum column, its CHECK, its DEFAULT and the stored event facts, rewritten from one spelling to the other. */
async function respell(q: QueryRunner, from: Spelling, to: Spelling, sqlFunction: 'upper' | 'lower'): Promise<void> {
  await q.query(valueDependents(from).drop);
  // The rows of `orders` change spelling, not status: the count and sales triggers would book each one as a move out
  // of its old status and into a new one (the sales rollup counting paid orders twice), so they are paused and their
  // tables re-spelled alongside.
  await q.query(`ALTER TABLE orders DISABLE TRIGGER orders_count_update, DISABLE TRIGGER orders_sales_update`);
  for (const { table, column, check, default: defaultValue } of COLUMNS) {
    if (check) await q.query(`ALTER TABLE ${table} DROP CONSTRAINT ${check.name}`);
    await q.query(
      `UPDATE ${table} SET ${column} = ${sqlFunction}(${column}) WHERE ${column} <> ${sqlFunction}(${column})`,
    );
    if (check) {
      await q.query(
        `ALTER TABLE ${table} ADD CONSTRAINT ${check.name} CHECK (${column} IN (${quoted(check.values, to)}))`,
      );
    }
    if (defaultValue) await q.query(`ALTER TABLE ${table} ALTER COLUMN ${column} SET DEFAULT '${to(defaultValue)}'`);
  }
  await q.query(`ALTER TABLE orders ENABLE TRIGGER orders_count_update, ENABLE TRIGGER orders_sales_update`);
  // The facts consumers read back from recorded events: a status change's statuses and actor, a payment issue's kind.
  await q.query(`
    UPDATE domain_events SET payload = payload || jsonb_build_object('from', ${sqlFunction}(payload->>'from'),
      'to', ${sqlFunction}(payload->>'to'), 'actorKind', ${sqlFunction}(payload->>'actorKind'))
    WHERE type = 'order.status_changed';
    UPDATE domain_events SET payload = payload || jsonb_build_object('kind', ${sqlFunction}(payload->>'kind'))
    WHERE type = 'order.payment_issue';
  `);
  await q.query(valueDependents(to).create);
}

export class EnumOneSpelling1765600000000 implements MigrationInterface {
  name = 'EnumOneSpelling1765600000000';

  async up(q: QueryRunner): Promise<void> {
    await respell(q, lower, upper, 'upper');
  }

  async down(q: QueryRunner): Promise<void> {
    await respell(q, upper, lower, 'lower');
  }
}
