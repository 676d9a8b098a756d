/**
 * The raw baseline: the least a Node.js server needs to answer three of the store's reads, with `node:http`, `pg`
 * and `jsonwebtoken` and nothing else (no GraphQL, no ORM, no framework, no cache of rows). It reads the same rows
 * with hand-written SQL on every request and sends the same bytes as the store for the bench's operations
 * (bench/lib/queries.mjs), so the benchmark can tell what the store's stack costs on top of this limit:
 *
 * - `ProductsPage`: the /products page's `products`;
 * - `DashboardPage`: `me` with profile, certificates, orders and tickets, for the bearer token's user;
 * - `AdminOrders`: the admin order queue, 20 rows newest first after an optional `after` cursor, admins only.
 *
 * It answers by the request body's `operationName` alone: it never parses the query, so it is only a baseline for
 * those exact selections. The bench checks that its bodies are byte-identical to the store's before measuring.
 *
 * Env: DATABASE_URL, PORT, JWT_SECRET (the store's), FILE_URL_TTL_SECONDS (the store's, default 900 as in
 * server/src/config.ts). Prints `listening <port>` once ready.
 */
import { Buffer } from 'node:buffer';
import { createHmac, createSecretKey } from 'node:crypto';
import http from 'node:http';
import process from 'node:process';
import jwt from 'jsonwebtoken';
import pg from 'pg';

// The app's pool is 20 connections (server/src/db/data-source.ts); the same here.
const db = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });

/**
 * The secret as a KeyObject made once, as the store does (server/src/accounts/access-token.ts): given a string,
 * jsonwebtoken would try it as a PEM key first on every verify, a cost the store does not pay.
 */
const jwtKey = createSecretKey(Buffer.from(process.env.JWT_SECRET ?? ''));

/** The token's user `{ id, roles }`, or null: the store's verifyAccessToken (HS256, `sub`, `roles`). */
function userOf(req) {
  const match = /^Bearer\s+(\S+)$/i.exec((req.headers.authorization ?? '').trim());
  if (!match) return null;
  try {
    const payload = jwt.verify(match[1], jwtKey, { algorithms: ['HS256'] });
    if (typeof payload === 'string' || typeof payload.sub !== 'string') return null;
    return { id: payload.sub, roles: Array.isArray(payload.roles) ? payload.roles : [] };
  } catch {
    return null;
  }
}

// --- Signed file URLs, as server/src/files/signed-url.service.ts makes them ----------------------------------------
const FILE_URL_TTL_SECONDS = Number(process.env.FILE_URL_TTL_SECONDS ?? 900);
const EXPIRY_STEP_SECONDS = 60;
const signingKey = createHmac('sha256', process.env.JWT_SECRET ?? '')
  .update('signed-file-urls')
  .digest();
/**
 * Signatures of the current expiry, as the store memoises them: within a minute every page signs the same files
 * with the same expiry, so the store pays one HMAC per file per minute, and so does the baseline.
 */
let memo = { exp: 0, signatures: new Map() };

/**
 * `/files/<id>?exp=<unix seconds>&sig=<hex>`: the expiry is now + the TTL rounded up to a whole minute, so the store
 * and the baseline sign alike within the same minute (the bench's identity check retries across a minute's turn).
 */
function signFile(fileId) {
  const exp =
    Math.ceil((Math.floor(Date.now() / 1000) + FILE_URL_TTL_SECONDS) / EXPIRY_STEP_SECONDS) * EXPIRY_STEP_SECONDS;
  if (memo.exp !== exp || memo.signatures.size >= 10_000) memo = { exp, signatures: new Map() };
  let sig = memo.signatures.get(fileId);
  if (sig === undefined) {
    sig = createHmac('sha256', signingKey).update(`${fileId}.${exp}`).digest('hex');
    memo.signatures.set(fileId, sig);
  }
  return `/files/${fileId}?exp=${exp}&sig=${sig}`;
}

/** A nullable timestamptz as the store's DateTimeISO scalar sends it (pg parses both alike, to milliseconds). */
const iso = (date) => (date === null ? null : date.toISOString());

// --- ProductsPage ----------------------------------------------------------------------------------------------------
const PRODUCTS_SQL = `
  SELECT id, slug, name, category, description, price, in_stock, features, image
  FROM products WHERE active ORDER BY price ASC, name ASC`;

async function productsPage() {
  const { rows } = await db.query(PRODUCTS_SQL);
  const products = rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    name: row.name,
    category: row.category,
    description: row.description,
    price: Number(row.price),
    inStock: row.in_stock,
    features: row.features,
    image: row.image,
  }));
  return { data: { products } };
}

// --- DashboardPage ---------------------------------------------------------------------------------------------------
const VIEWER_SQL = `
  SELECT u.id, u.email, p.id AS profile_id, p.email AS profile_email, p.full_name, p.company_name, p.phone
  FROM users u LEFT JOIN profiles p ON p.id = u.id WHERE u.id = $1`;
// Newest first, ties by id: OrderService.listForUser, CertificateService.listForUser, TicketService.listByUsers.
const ORDERS_SQL = `
  SELECT o.id, o.status, o.created_at, o.quantity, o.total_price, o.payment_method, o.domain_name,
         o.product_id, pr.name AS product_name
  FROM orders o JOIN products pr ON pr.id = o.product_id
  WHERE o.user_id = $1 ORDER BY o.created_at DESC, o.id DESC`;
const CERTIFICATES_SQL = `
  SELECT c.id, c.status, c.domain_name, pr.name AS product_name, c.issued_at, c.expires_at, c.auto_renew,
         c.certificate_file_id, c.chain_file_id
  FROM certificates c LEFT JOIN products pr ON pr.id = c.product_id
  WHERE c.user_id = $1 ORDER BY c.created_at DESC, c.id DESC`;
const TICKETS_SQL = `
  SELECT id, status, title, description, category, created_at, priority
  FROM support_tickets WHERE user_id = $1 ORDER BY created_at DESC, id DESC`;

async function dashboardPage(user) {
  if (!user) return { data: { me: null } };
  // Four statements at once on the pool: one round trip's latency, as a hand-written server would do it.
  const [viewer, orders, certificates, tickets] = await Promise.all(
    [VIEWER_SQL, ORDERS_SQL, CERTIFICATES_SQL, TICKETS_SQL].map((sql) => db.query(sql, [user.id])),
  );
  const u = viewer.rows[0];
  if (!u) return { data: { me: null } };
  return {
    data: {
      me: {
        id: u.id,
        email: u.email,
        // AccountService.viewer: a user without a profile row gets one made of its id and e-mail.
        profile: u.profile_id
          ? {
              id: u.profile_id,
              email: u.profile_email,
              fullName: u.full_name,
              companyName: u.company_name,
              phone: u.phone,
            }
          : { id: u.id, email: u.email, fullName: null, companyName: null, phone: null },
        certificates: certificates.rows.map((c) => ({
          id: c.id,
          status: c.status.toUpperCase(),
          domainName: c.domain_name,
          productName: c.product_name,
          issuedAt: iso(c.issued_at),
          expiresAt: iso(c.expires_at),
          autoRenew: c.auto_renew,
          certificateFileUrl: c.certificate_file_id ? signFile(c.certificate_file_id) : null,
          chainFileUrl: c.chain_file_id ? signFile(c.chain_file_id) : null,
        })),
        orders: orders.rows.map((o) => ({
          id: o.id,
          status: o.status.toUpperCase(),
          shortId: o.id.slice(0, 8),
          createdAt: o.created_at.toISOString(),
          quantity: o.quantity,
          totalPrice: Number(o.total_price),
          paymentMethod: o.payment_method.toUpperCase(),
          domainName: o.domain_name,
          product: { id: o.product_id, name: o.product_name },
        })),
        tickets: tickets.rows.map((t) => ({
          id: t.id,
          status: t.status.toUpperCase(),
          title: t.title,
          description: t.description,
          category: t.category.toUpperCase(),
          createdAt: t.created_at.toISOString(),
          priority: t.priority.toUpperCase(),
        })),
      },
    },
  };
}

// --- AdminOrders -----------------------------------------------------------------------------------------------------
const PAGE_SIZE = 20;
/**
 * OrderService.adminPage's statement, with the product's name and the amount's rounding (common/pricing.ts
 * formatDecimal with CRYPTO_DECIMALS: half up, BTC 8 decimals, PayPal and Skrill 2, the others 6) done in SQL. The
 * total comes from the trigger-kept `order_counts`, as the store reads it.
 */
const adminOrdersSql = (after) => `
  WITH total AS (SELECT coalesce(sum(total), 0) AS total_count FROM order_counts),
  page AS (
    SELECT o.id, o.status, o.created_at,
           to_char(o.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor_ts,
           o.quantity, o.total_price, o.payment_method,
           round(o.payment_amount_crypto, CASE upper(o.payment_method) WHEN 'BTC' THEN 8 WHEN 'PAYPAL' THEN 2
                                          WHEN 'SKRILL' THEN 2 ELSE 6 END)::text AS payment_amount_crypto,
           o.crypto_address, o.transaction_id, o.domain_name, o.payment_proof_file_id,
           o.product_id, pr.name AS product_name, p.full_name AS customer_full_name, p.email AS customer_email
    FROM orders o JOIN products pr ON pr.id = o.product_id LEFT JOIN profiles p ON p.id = o.user_id
    ${after ? 'WHERE (o.created_at, o.id) < ($2::timestamptz, $3::uuid)' : ''}
    ORDER BY o.created_at DESC, o.id DESC
    LIMIT $1
  )
  SELECT total.total_count, page.* FROM total LEFT JOIN page ON true
  ORDER BY page.created_at DESC, page.id DESC`;
const FIRST_PAGE_SQL = adminOrdersSql(false);
const AFTER_PAGE_SQL = adminOrdersSql(true);

/** The store's cursor: base64url of `<created_at with microseconds, UTC>|<id>` (server/src/db/keyset-cursor.ts). */
const encodeCursor = (ts, id) => Buffer.from(`${ts}|${id}`, 'utf8').toString('base64url');
function decodeCursor(cursor) {
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|([0-9a-f-]{36})$/i.exec(
    Buffer.from(cursor, 'base64url').toString('utf8'),
  );
  return match ? { createdAt: match[1], id: match[2].toLowerCase() } : null;
}

async function adminOrders(user, variables) {
  if (!user) return failure('You must be signed in', 'UNAUTHENTICATED', ['adminOrders']);
  if (!user.roles.includes('admin')) {
    return failure("You don't have permission to do this", 'FORBIDDEN', ['adminOrders']);
  }
  const after = variables?.after ? decodeCursor(variables.after) : null;
  if (variables?.after && !after) return failure('Invalid cursor', 'BAD_USER_INPUT', ['adminOrders']);
  const { rows } = after
    ? await db.query(AFTER_PAGE_SQL, [PAGE_SIZE + 1, after.createdAt, after.id])
    : await db.query(FIRST_PAGE_SQL, [PAGE_SIZE + 1]);
  const found = rows[0].id === null ? [] : rows;
  const edges = found.slice(0, PAGE_SIZE).map((o) => ({
    cursor: encodeCursor(o.cursor_ts, o.id),
    node: {
      id: o.id,
      shortId: o.id.slice(0, 8),
      status: o.status.toUpperCase(),
      createdAt: o.created_at.toISOString(),
      quantity: o.quantity,
      totalPrice: Number(o.total_price),
      paymentMethod: o.payment_method.toUpperCase(),
      paymentAmountCrypto: o.payment_amount_crypto,
      cryptoAddress: o.crypto_address,
      transactionId: o.transaction_id,
      domainName: o.domain_name,
      paymentProofUrl: o.payment_proof_file_id ? signFile(o.payment_proof_file_id) : null,
      product: { id: o.product_id, name: o.product_name },
      customer: o.customer_email === null ? null : { fullName: o.customer_full_name, email: o.customer_email },
    },
  }));
  return {
    data: {
      adminOrders: {
        totalCount: Number(rows[0].total_count),
        pageInfo: {
          hasNextPage: found.length > PAGE_SIZE,
          endCursor: edges.length > 0 ? edges[edges.length - 1].cursor : null,
        },
        edges,
      },
    },
  };
}

/** An error answer shaped like the store's (not measured: the bench only sends requests that succeed). */
function failure(message, code, path) {
  return { errors: [{ message, path, extensions: { code } }], data: null };
}

// --- HTTP ------------------------------------------------------------------------------------------------------------
const operations = {
  ProductsPage: () => productsPage(),
  DashboardPage: (req) => dashboardPage(userOf(req)),
  AdminOrders: (req, variables) => adminOrders(userOf(req), variables),
};

/** JSON as Apollo Server sends it (`prettyJSONStringify`: JSON.stringify and a newline), so the bytes match. */
function send(res, status, value) {
  const body = `${JSON.stringify(value)}\n`;
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
}

const server = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', async () => {
    try {
      const { operationName, variables } = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      const operation = operations[operationName];
      if (!operation) {
        send(res, 400, { errors: [{ message: `Unknown operationName ${operationName}` }] });
        return;
      }
      send(res, 200, await operation(req, variables));
    } catch (error) {
      send(res, 500, { errors: [{ message: String(error) }] });
    }
  });
});

server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  process.stdout.write(`listening ${server.address().port}\n`);
});

process.on('SIGTERM', () => {
  server.close();
  void db.end().then(() => process.exit(0));
});
