/**
 * Seeds the benchmark database at scale with set-based SQL (generate_series), on top of what the app's
 * own start-up created (schema, demo catalogue, guides): `customers` users with profiles, `orders`
 * orders spread evenly over them (so each customer has orders/customers of them), with a year's spread
 * of created_at (microsecond precision, as checkout writes it), weighted statuses and payment methods,
 * their audit events, a proof file per customer shared by a third of its orders, and two certificates
 * and two support tickets per customer. Ids are md5-derived, so a run is reproducible.
 */

import { Buffer } from 'node:buffer';

/**
 * Enum values as the bench database stores them: the GraphQL names (`PENDING`, `USDT_TRC20`) since migration
 * 1765600000000 (docs/decisions.md "One spelling per enum"), the spec's lower-case values in a build from before it
 * (run with --server-dist). The bench names values as the API does and writes them through this: `value('PENDING')`,
 * or `sql('OPEN', 'IN_PROGRESS')` for quoted SQL literals.
 */
export async function storedSpelling(client) {
  const { rows } = await client.query(
    `SELECT column_default FROM information_schema.columns WHERE table_name = 'orders' AND column_name = 'status'`,
  );
  const lowerCase = /'pending'/.test(rows[0]?.column_default ?? '');
  const value = (name) => (lowerCase ? name.toLowerCase() : name);
  return { value, sql: (...names) => names.map((name) => `'${value(name)}'`).join(', ') };
}

export const PAY_ADDRESSES = {
  usdt_trc20: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
  btc: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  eth: '0x742d35Cc6634C0532925a3b844Bc454e4438f44e',
};

/** 1×1 PNG: the stored proofs of seeded orders (the checkout benchmark uploads real 200 kB ones). */
const PNG_1X1_HEX =
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
  '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082';

export const customerId = (n) => `md5('bench-customer-' || ${n})::uuid`;

/**
 * @param client a connected pg Client on the bench database
 * @param options { orders, customers, passwordHash, rates: { USDT_TRC20, BTC, ETH } }
 * @returns { adminId }
 */
export async function seedAtScale(client, { orders, customers, passwordHash, rates }) {
  const q = (sql, params) => client.query(sql, params);
  const e = (await storedSpelling(client)).sql;
  const {
    rows: [{ n: products }],
  } = await q(`SELECT count(*)::int AS n FROM products`);
  // Every seeded order is of one of the catalogue's products: without any, the seed would insert no orders and the
  // sections would fail later on an empty queue.
  if (!products) throw new Error('The bench database has no products: start the store with SEED_DEMO_DATA=true');
  await q('BEGIN');
  await q(
    `INSERT INTO users (id, email, password_hash, created_at)
     SELECT md5('bench-customer-' || c)::uuid, 'customer' || c || '@bench.test', $2,
            now() - interval '400 days' + c * interval '1 second'
     FROM generate_series(1, $1::int) c`,
    [customers, passwordHash],
  );
  await q(
    `INSERT INTO profiles (id, full_name, email, company_name, phone, created_at, updated_at)
     SELECT md5('bench-customer-' || c)::uuid, 'Customer ' || c, 'customer' || c || '@bench.test',
            CASE WHEN c % 4 = 0 THEN 'Company ' || c END, CASE WHEN c % 2 = 0 THEN '+1555' || lpad(c::text, 7, '0') END,
            now() - interval '400 days', now() - interval '400 days'
     FROM generate_series(1, $1::int) c`,
    [customers],
  );
  const [{ id: adminId }] = (
    await q(
      `INSERT INTO users (id, email, password_hash) VALUES (md5('bench-admin')::uuid, 'admin@bench.test', $1) RETURNING id`,
      [passwordHash],
    )
  ).rows;
  await q(`INSERT INTO profiles (id, full_name, email) VALUES ($1, 'Bench Admin', 'admin@bench.test')`, [adminId]);
  // OWNER since staff roles (migration 1766300000000, with staff_invitations); 'admin' in a build from before them.
  const {
    rows: [{ staffRoles }],
  } = await q(`SELECT to_regclass('staff_invitations') IS NOT NULL AS "staffRoles"`);
  await q(`INSERT INTO user_roles (user_id, role) VALUES ($1, $2)`, [adminId, staffRoles ? 'OWNER' : 'admin']);

  await q(
    `INSERT INTO stored_files (id, owner_id, kind, filename, mime, size, sha256, bytes, created_at)
     SELECT md5('bench-proof-' || c)::uuid, md5('bench-customer-' || c)::uuid, 'payment_proof',
            md5('bench-proof-' || c) || '.png', 'image/png', length(b), encode(sha256(b), 'hex'), b,
            now() - interval '366 days'
     FROM generate_series(1, $1::int) c, (SELECT decode($2, 'hex') AS b) png`,
    [customers, PNG_1X1_HEX],
  );

  // Hash-derived "random" columns: deterministic, and independent per column.
  await q(
    `WITH p AS (SELECT array_agg(id ORDER BY slug) AS ids, count(*)::int AS n FROM products),
     o AS (
       SELECT g, ((g - 1) % $2::int) + 1 AS c,
              p.ids[1 + (abs(hashint4(g)) % p.n)] AS product_id,
              abs(hashint4(g + 1000003)) % 100 AS s,
              abs(hashint4(g * 31 + 7)) % 100 AS m,
              abs(hashint4(g * 17 + 3)) % (365 * 86400) AS age_s,
              abs(hashint4(g * 13 + 5)) % 1000000 AS age_us,
              abs(hashint4(g * 7 + 11)) % 5 AS extra
       FROM generate_series(1, $1::int) g, p
     ),
     statuses(status, lo, hi) AS (VALUES
       (${e('PENDING')}, 0, 8), (${e('SUCCESS')}, 8, 12), (${e('NOT_RECEIVED')}, 12, 15), (${e('PROCESSING')}, 15, 21),
       (${e('COMPLETED')}, 21, 76), (${e('CONFIRMED')}, 76, 84), (${e('ACTIVE')}, 84, 97), (${e('CANCELLED')}, 97, 100)),
     methods(method, lo, hi, address, rate) AS (VALUES
       (${e('USDT_TRC20')}, 0, 55, $3, $6::numeric), (${e('BTC')}, 55, 80, $4, $7::numeric),
       (${e('ETH')}, 80, 100, $5, $8::numeric))
     INSERT INTO orders (id, user_id, product_id, contact_email, domain_name, quantity, unit_price, total_price,
                         payment_method, crypto_address, payment_amount_crypto, transaction_id,
                         payment_proof_file_id, status, created_at, updated_at)
     SELECT md5('bench-order-' || o.g)::uuid, md5('bench-customer-' || o.c)::uuid, o.product_id,
            'customer' || o.c || '@bench.test',
            CASE WHEN pr.category = 'ssl_certificates' THEN 'site' || o.g || '.example.com' END,
            qty.quantity, price.unit, round(price.unit * qty.quantity, 2),
            m.method, m.address, round(price.unit * qty.quantity / m.rate, 8),
            CASE WHEN o.m % 3 <> 0 THEN 'tx' || substr(md5('tx' || o.g), 1, 24) END,
            CASE WHEN o.g % 3 = 0 THEN md5('bench-proof-' || o.c)::uuid END,
            st.status, t.created_at,
            CASE WHEN st.status = ${e('PENDING')} THEN t.created_at
                 ELSE t.created_at + (o.age_s % 259200) * interval '1 second' END
     FROM o
     JOIN products pr ON pr.id = o.product_id
     JOIN statuses st ON o.s >= st.lo AND o.s < st.hi
     JOIN methods m ON o.m >= m.lo AND o.m < m.hi
     CROSS JOIN LATERAL (SELECT pr.min_quantity + o.extra AS quantity) qty
     CROSS JOIN LATERAL (
       SELECT coalesce((SELECT (tier->>'unitPrice')::numeric FROM jsonb_array_elements(pr.price_tiers) tier
                        WHERE (tier->>'minQuantity')::int <= qty.quantity
                        ORDER BY (tier->>'minQuantity')::int DESC LIMIT 1), pr.price) AS unit) price
     CROSS JOIN LATERAL (
       SELECT now() - o.age_s * interval '1 second' - o.age_us * interval '1 microsecond' AS created_at) t`,
    [
      orders,
      customers,
      PAY_ADDRESSES.usdt_trc20,
      PAY_ADDRESSES.btc,
      PAY_ADDRESSES.eth,
      rates.USDT_TRC20,
      rates.BTC,
      rates.ETH,
    ],
  );
  // The audit trail checkout and setOrderStatus write: "Order placed", then the admin's change. Builds from before
  // the order engine (run with --server-dist) have no actor_kind column.
  const {
    rows: [{ n: withActorKind }],
  } = await q(
    `SELECT count(*)::int AS n FROM information_schema.columns
     WHERE table_name = 'order_events' AND column_name = 'actor_kind'`,
  );
  const kind = (value) => (withActorKind ? `${e(value)}, ` : '');
  await q(
    `INSERT INTO order_events (order_id, actor_id, ${withActorKind ? 'actor_kind, ' : ''}from_status, to_status, note, created_at)
     SELECT id, user_id, ${kind('CUSTOMER')}NULL, ${e('PENDING')}, 'Order placed', created_at FROM orders ORDER BY created_at`,
  );
  await q(
    `INSERT INTO order_events (order_id, actor_id, ${withActorKind ? 'actor_kind, ' : ''}from_status, to_status, note, created_at)
     SELECT id, $1, ${kind('ADMIN')}${e('PENDING')}, status, NULL, updated_at FROM orders WHERE status <> ${e('PENDING')}
     ORDER BY updated_at`,
    [adminId],
  );

  await q(
    `INSERT INTO certificates (user_id, order_id, product_id, domain_name, status, issued_at, expires_at, auto_renew,
                               created_at)
     SELECT md5('bench-customer-' || c)::uuid, o.id, o.product_id, 'c' || c || '-' || k || '.example.com',
            (ARRAY[${e('ACTIVE', 'ACTIVE', 'ACTIVE', 'PENDING', 'EXPIRED', 'REVOKED')}])[1 + (c + k) % 6],
            o.created_at + interval '1 day', o.created_at + interval '366 days', (c + k) % 2 = 0,
            o.created_at + interval '1 day'
     FROM generate_series(1, $1::int) c, generate_series(1, 2) k,
          LATERAL (SELECT id, product_id, created_at FROM orders
                   WHERE user_id = md5('bench-customer-' || c)::uuid
                   ORDER BY created_at DESC, id DESC OFFSET k - 1 LIMIT 1) o`,
    [customers],
  );
  await q(
    `INSERT INTO support_tickets (user_id, title, description, category, priority, status, created_at, updated_at)
     SELECT md5('bench-customer-' || c)::uuid, 'Question ' || k || ' from customer ' || c,
            'I need help with my order, please have a look. Ticket ' || k || ' of customer ' || c || '.',
            (ARRAY[${e('INSTALLATION', 'ORDER', 'RENEWAL', 'TECHNICAL', 'BILLING', 'OTHER')}])[1 + (c * 3 + k) % 6],
            (ARRAY[${e('LOW', 'MEDIUM', 'MEDIUM', 'HIGH', 'URGENT')}])[1 + (c + k * 7) % 5],
            (ARRAY[${e('OPEN', 'IN_PROGRESS', 'RESOLVED', 'CLOSED')}])[1 + (c * 5 + k) % 4],
            now() - ((c * 7919 + k * 104729) % (300 * 86400)) * interval '1 second',
            now() - ((c * 7919 + k * 104729) % (300 * 86400)) * interval '1 second'
     FROM generate_series(1, $1::int) c, generate_series(1, 2) k`,
    [customers],
  );
  await q('COMMIT');
  // A store that has run for a year has been vacuumed and analysed by autovacuum.
  await q('VACUUM (ANALYZE)');
  return { adminId };
}

/** The admin queue cursor of the row `offset` rows into the queue, encoded as OrderService encodes it. */
export async function cursorAfter(client, offset) {
  const { rows } = await client.query(
    `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS ts, id
     FROM orders ORDER BY created_at DESC, id DESC OFFSET $1 LIMIT 1`,
    [offset - 1],
  );
  if (!rows.length) throw new Error(`The admin queue has fewer than ${offset} orders`);
  return Buffer.from(`${rows[0].ts}|${rows[0].id}`, 'utf8').toString('base64url');
}
