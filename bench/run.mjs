#!/usr/bin/env node
/**
 * `npm run bench [-- --quick]`: starts the real server (dist/server/src/main.js, NODE_ENV=production)
 * on a fresh database seeded at scale, measures it and prints one markdown table. See README
 * "Performance".
 *
 * Baselines: the catalogue, the dashboard and the admin queue are measured against bench/baseline-server.mjs
 * (`node:http` + `pg`, hand-written SQL), and the cached reads (catalogue, product page) against
 * bench/memory-server.mjs (the store's own bytes from memory); each baseline's answer is checked to be the store's,
 * byte for byte, before either is measured.
 *
 * Options: --quick (smoke run: 2 s loads, 2,000 orders over 200 customers, 200 WS clients),
 * --orders N, --customers N, --duration SECONDS, --clients N (fan-out), --admins N, --skip-web,
 * --only catalogue,product,dashboard,admin,tickets,customers,checkout,inventory,payments,fanout,pages,web,lighthouse (some
 * sections only; `pages`: server-rendered pages, a kept one and those a visitor can vary, see benchPages),
 * --tickets N (the support queue's size at least, for the tickets section: default 10,000; the seed already has two
 * tickets per customer),
 * --server-dist DIR (run another build of the server, e.g. a copy of dist from before a change),
 * --server-env "KEY=VALUE KEY2=VALUE2" (extra environment for the server, e.g. JOBS_CONCURRENCY=2),
 * --compare-dist DIR (a second server from another build, e.g. the build before the order engine, on a database of
 * its own on the same server, seeded alike; the catalogue, dashboard, admin-queue and checkout rows alternate between
 * the two, --rounds N times each (default 3), and the table gives each build's median round and this build's
 * throughput as a share of the other's),
 * --only soak --duration SECONDS (not in the default run: an hour of mixed load with jobs, mail and chain watchers,
 * RSS and heap sampled every minute; bench/lib/soak.mjs),
 * --no-jobs (the server runs no jobs, JOBS_IN_PROCESS=false: they queue up, so the run measures the request path
 * without the e-mail and webhook work that follows each checkout),
 * --node-args "FLAGS" (Node.js flags for the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" for a V8
 * CPU profile written when it stops, or "--trace-gc").
 * DATABASE_URL set: a new database on that server (dropped afterwards); else an embedded PostgreSQL
 * in a temporary directory.
 */
import { Buffer } from 'node:buffer';
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import process from 'node:process';
import { clearTimeout } from 'node:timers';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import jwt from 'jsonwebtoken';
import pg from 'pg';
import { freePort, isStale, SERVER_SOURCES, WEB_SOURCES } from '../scripts/lib/dev-tools.mjs';
import { countsSince, loadChainFixtures, startCountingProxy } from './lib/chain-fixtures.mjs';
import { benchCustomersAndSales } from './lib/customers-sales.mjs';
import { createBenchDatabase } from './lib/database.mjs';
import { runFanout } from './lib/fanout.mjs';
import { keepAliveAgent, postMultipart } from './lib/multipart-post.mjs';
import { noisePng } from './lib/png.mjs';
import { postgresCpuSeconds, rssMb, startCpuMeter } from './lib/process-stats.mjs';
import { ADMIN_ORDERS, DASHBOARD, PLACE_ORDER, PRODUCT, PRODUCTS } from './lib/queries.mjs';
import { assertSameText, persistedQueryUrl, rawPostOk, rawRequest } from './lib/raw-http.mjs';
import { customerId, cursorAfter, PAY_ADDRESSES, seedAtScale, storedSpelling } from './lib/seed.mjs';
import { fmt, percentile, sleep } from './lib/stats.mjs';
import { lighthouseTable, runLighthouse } from './lib/lighthouse.mjs';
import { runSoak, soakLines } from './lib/soak.mjs';
import { measureWebSize } from './lib/web-size.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    orders: { type: 'string' },
    customers: { type: 'string' },
    duration: { type: 'string' },
    clients: { type: 'string' },
    admins: { type: 'string' },
    tickets: { type: 'string' },
    'skip-web': { type: 'boolean', default: false },
    only: { type: 'string' },
    'server-dist': { type: 'string' },
    'compare-dist': { type: 'string' },
    rounds: { type: 'string' },
    'no-jobs': { type: 'boolean' },
    'server-env': { type: 'string' },
    'node-args': { type: 'string' },
  },
});
const SECTIONS = [
  'catalogue',
  'product',
  'dashboard',
  'admin',
  'tickets',
  'customers',
  'checkout',
  'inventory',
  'payments',
  'fanout',
  'pages',
  'web',
  'lighthouse',
];
/** Sections run only when named in --only: `soak` (an hour by default, bench/lib/soak.mjs). */
const ON_REQUEST = ['soak'];
const only = args.only ? args.only.split(',') : SECTIONS;
for (const name of only) {
  if (!SECTIONS.includes(name) && !ON_REQUEST.includes(name)) throw new Error(`--only: unknown section ${name}`);
}
const want = (section) =>
  only.includes(section) && (!['web', 'lighthouse', 'pages'].includes(section) || !args['skip-web']);
/** Another build of the server (e.g. a copy of dist from before a change) for before/after comparisons. */
const serverDist = args['server-dist'] ? path.resolve(args['server-dist']) : null;
/** The build the benchmark runs and loads its helpers from (hashPassword, the default rates). */
const serverBuild = serverDist ?? path.join(root, 'dist');
const compareDist = args['compare-dist'] ? path.resolve(args['compare-dist']) : null;
const quick = args.quick;
const settings = {
  orders: Number(args.orders ?? (quick ? 2_000 : 100_000)),
  customers: Number(args.customers ?? (quick ? 200 : 10_000)),
  duration: Number(args.duration ?? (quick ? 2 : 10)),
  clients: Number(args.clients ?? (quick ? 200 : 5_000)),
  admins: Number(args.admins ?? (quick ? 20 : 200)),
  connections: 50,
  adminConnections: 10,
  pageConnections: 10,
  checkoutConnections: 10,
  fanoutConcurrency: 10,
  rounds: Number(args.rounds ?? (quick ? 1 : 3)),
};
// The soak's length: --duration is the whole run there (an hour by default), not one load's.
settings.soakSeconds = Number(args.duration ?? (quick ? 120 : 3600));
settings.deepOffset = Math.floor(settings.orders * 0.9);
settings.tickets = Number(args.tickets ?? (quick ? 1_000 : 10_000));
if (settings.clients > settings.customers) throw new Error('--clients cannot exceed --customers');

const log = (message) => process.stderr.write(`${message}\n`);
/** --server-env as an object: for the store, and for the raw baseline where it must sign alike (FILE_URL_TTL_SECONDS). */
const extraServerEnv = Object.fromEntries(
  (args['server-env'] ?? '')
    .split(' ')
    .filter(Boolean)
    .map((kv) => kv.split(/=(.*)/s, 2)),
);

// ---------------------------------------------------------------------------------------------------
// File descriptors: the fan-out opens one socket per client on each side. Raise the soft limit to the
// hard one by re-running under `ulimit -n` (the server child inherits it).
const neededFds = settings.clients + settings.admins + 1000;
const softLimit = Number(spawnSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).stdout.trim());
if (Number.isFinite(softLimit) && softLimit < neededFds && !process.env.BENCH_ULIMIT_RAISED) {
  const result = spawnSync(
    'sh',
    ['-c', 'ulimit -n "$(ulimit -Hn)" && exec "$0" "$@"', process.execPath, ...process.argv.slice(1)],
    { stdio: 'inherit', env: { ...process.env, BENCH_ULIMIT_RAISED: '1' } },
  );
  process.exit(result.status ?? 1);
}

// ---------------------------------------------------------------------------------------------------
function runOrFail(command, commandArgs, env = process.env) {
  const result = spawnSync(command, commandArgs, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'], env });
  if (result.status !== 0) throw new Error(`${command} ${commandArgs.join(' ')} failed`);
}

/** Builds the server with tsc when dist is older than its sources (as `npm start` does). */
function buildServer() {
  const entry = path.join(root, 'dist/server/src/main.js');
  if (!isStale(root, entry, SERVER_SOURCES)) return;
  log('Building the server (tsc -p tsconfig.build.json)…');
  runOrFail('npx', ['tsc', '-p', 'tsconfig.build.json']);
  fs.utimesSync(entry, new Date(), new Date());
}

/** Builds the web app into its own folder (with Vite's manifest) when older than its sources. */
function buildWeb(distDir) {
  const index = path.join(distDir, 'index.html');
  const manifest = path.join(distDir, '.vite', 'manifest.json');
  const ssrEntry = path.join(distDir, '.ssr', 'entry-server.cjs');
  if (fs.existsSync(manifest) && !isStale(root, index, WEB_SOURCES) && !isStale(root, ssrEntry, WEB_SOURCES)) return;
  log(`Building the web app into ${path.relative(root, distDir)} (vite build --manifest, then --ssr)…`);
  const env = { ...process.env, WEB_DIST_DIR: distDir };
  runOrFail('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--manifest', '--logLevel', 'warn'], env);
  runOrFail('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--ssr', '--logLevel', 'warn'], env);
}

// ---------------------------------------------------------------------------------------------------
/** Starts a Node.js child and resolves once `ready()` says so; its output is kept for error reports. */
async function startChild(label, file, env, ready, nodeArgs = []) {
  const child = spawn(process.execPath, [...nodeArgs, file], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (data) => {
    output = (output + data.toString()).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = performance.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${label} exited (${child.exitCode}):\n${output}`);
    if (await ready(output).catch(() => false)) break;
    if (performance.now() > deadline) throw new Error(`${label} did not start:\n${output}`);
    await sleep(100);
  }
  return {
    pid: child.pid,
    output: () => output,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

async function postJson(url, body, headers = {}) {
  const response = await globalThis.fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return response.json();
}

/** One GraphQL request that must succeed; returns its data (used to check each scenario first). */
async function gqlOk(url, query, variables, token) {
  const body = await postJson(url, { query, variables }, token ? { authorization: `Bearer ${token}` } : {});
  if (body.errors || !body.data)
    throw new Error(`${query.slice(0, 60)}… failed: ${JSON.stringify(body).slice(0, 500)}`);
  return body.data;
}

/**
 * autocannon on one request, a POST of `body` or a GET of `url` (no body): a short warm-up, then the measured run.
 * GraphQL errors count as failures, and so does any status but 2xx, or, with `expectStatus` (e.g. 304 for a
 * conditional GET, which autocannon counts as non-2xx), any status but that one.
 */
async function load({ url, method = 'POST', body, headers = {}, connections, duration, pid, expectStatus, path }) {
  const options = {
    url,
    method,
    headers: method === 'GET' ? headers : { 'content-type': 'application/json', ...headers },
    ...(method === 'GET' ? {} : { body: JSON.stringify(body) }),
    // `path()`: a new path for every request (a GET), e.g. a made-up URL each time.
    ...(path ? { requests: [{ setupRequest: (request) => ({ ...request, path: path() }) }] } : {}),
    connections,
  };
  await autocannon({ ...options, duration: Math.max(1, duration / 5) });
  const cpu = startCpuMeter(pid);
  const result = await autocannon({
    ...options,
    duration,
    // A 200 with `errors` is a failure too (Apollo answers most errors with 200).
    verifyBody: (text) => !text.includes('"errors"'),
  });
  // errors include timeouts.
  const failures = expectStatus
    ? result.requests.total - (result.statusCodeStats[expectStatus]?.count ?? 0) + result.errors + result.mismatches
    : result.non2xx + result.errors + result.timeouts + (result.mismatches ?? 0);
  return {
    cpu: cpu(result.requests.total),
    rps: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    failures,
    connections,
  };
}

/** placeOrder over multipart with a fresh idempotency key per request, `connections` in flight. */
async function checkoutLoad({ url, tokens, productId, png, connections, duration, pid }) {
  const latencies = [];
  let ok = 0;
  let failed = 0;
  let firstError = null;
  const run = `b${randomBytes(4).toString('hex')}`;
  const agent = keepAliveAgent(connections);
  const file = { name: 'proof.png', type: 'image/png', bytes: png };
  const once = async (worker, seq) => {
    const input = {
      productId,
      quantity: 1,
      email: `customer${worker + 1}@bench.test`,
      paymentMethod: 'USDT_TRC20',
      transactionId: `tx${run}${worker}x${seq}`,
      idempotencyKey: `${run}-${worker}-${seq}`,
    };
    const started = performance.now();
    const { body } = await postMultipart(url, {
      agent,
      headers: { authorization: `Bearer ${tokens[worker]}`, 'apollo-require-preflight': 'true' },
      operations: { query: PLACE_ORDER, variables: { input, proof: null } },
      fileVariable: 'proof',
      file,
    });
    return { ms: performance.now() - started, ok: !!body.data?.placeOrder?.id, body };
  };
  // Warm-up, not counted.
  await Promise.all(tokens.map((_, worker) => once(worker, -1)));
  const cpu = startCpuMeter(pid);
  const start = performance.now();
  const end = start + duration * 1000;
  await Promise.all(
    tokens.slice(0, connections).map(async (_, worker) => {
      for (let seq = 0; performance.now() < end; seq++) {
        const result = await once(worker, seq);
        latencies.push(result.ms);
        if (result.ok) ok++;
        else {
          failed++;
          firstError ??= JSON.stringify(result.body).slice(0, 300);
        }
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  const cpuPerOrder = cpu(ok + failed);
  agent.destroy();
  return {
    cpu: cpuPerOrder,
    rps: ok / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    total: ok,
    failures: failed,
    firstError,
    connections,
  };
}

/**
 * Two products like a crypto key, $10, minimum 1: `bench-manual` delivered by hand (no keys) and `bench-keys` stocked
 * by licence keys (none yet). Created once per database; a build from before licence keys gets the manual one only
 * (its products have no fulfilment).
 */
async function addBenchProducts(db) {
  const insert = (slug) =>
    db.query(
      `INSERT INTO products (slug, name, category, description, price, min_quantity)
       VALUES ($1, $1, 'crypto_keys', 'Benchmark product', 10, 1)
       ON CONFLICT DO NOTHING`,
      [slug],
    );
  await insert('bench-manual');
  await insert('bench-keys');
  const hasFulfilment = (
    await db.query(
      `SELECT 1 FROM information_schema.columns WHERE table_name = 'products' AND column_name = 'fulfilment'`,
    )
  ).rowCount;
  if (hasFulfilment) {
    const { value } = await storedSpelling(db);
    await db.query(`UPDATE products SET fulfilment = $1 WHERE slug = 'bench-keys'`, [value('KEYS')]);
  }
  const { rows } = await db.query(`SELECT slug, id FROM products WHERE slug IN ('bench-manual', 'bench-keys')`);
  const ids = Object.fromEntries(rows.map((row) => [row.slug, row.id]));
  return { manual: ids['bench-manual'], keys: ids['bench-keys'] };
}

/** One POST of a GraphQL request, timed; resolves with the milliseconds and the parsed body. */
/** The Tickets tab's query (web/src/features/admin/tickets/ticketQueries.ts), 20 rows. */
const ADMIN_TICKETS = `query AdminTickets($status: TicketStatus, $after: String) {
  adminTickets(status: $status, first: 20, after: $after) {
    totalCount overdueCount
    pageInfo { hasNextPage endCursor }
    edges {
      cursor
      node { id title status priority category createdAt lastActivityAt replyDueAt overdue customer { fullName email } }
    }
  }
}`;

/**
 * Makes the support queue `count` tickets (at least): the seed's tickets (two per customer, bench/lib/seed.mjs) get
 * what the support desk's migration gives existing tickets (last activity = creation, the reply clock running while
 * open), then tickets are added up to `count` (every status, priority and category; activity spread over months, a
 * fifth of them waiting for staff). Each has its opening message, and those past OPEN a staff reply. Returns the
 * queue's size and the cursors of the deep pages: after 90% of the queue, and after half of the OPEN tickets.
 */
async function benchTicketQueue(db, count) {
  const e = (await storedSpelling(db)).sql;
  await db.query(
    `UPDATE support_tickets SET last_activity_at = created_at,
            awaiting_staff_since = CASE WHEN status IN (${e('OPEN', 'IN_PROGRESS')}) THEN created_at END`,
  );
  const [{ n: seeded }] = (await db.query(`SELECT count(*)::int AS n FROM support_tickets`)).rows;
  await db.query(
    `INSERT INTO support_tickets (user_id, title, description, category, priority, status, last_activity_at,
                                  awaiting_staff_since, created_at, updated_at)
     SELECT ${customerId(`1 + (i % ${settings.customers})`)}, 'Bench ticket ' || i, 'Bench ticket description ' || i,
            (ARRAY[${e('INSTALLATION', 'ORDER', 'RENEWAL', 'TECHNICAL', 'BILLING', 'OTHER')}])[1 + i % 6],
            (ARRAY[${e('LOW', 'MEDIUM', 'HIGH', 'URGENT')}])[1 + i % 4],
            (ARRAY[${e('OPEN', 'IN_PROGRESS', 'WAITING_ON_CUSTOMER', 'RESOLVED', 'CLOSED')}])[1 + i % 5],
            now() - make_interval(secs => i * 97),
            CASE WHEN i % 5 IN (0, 1) THEN now() - make_interval(secs => i * 97) END,
            now() - make_interval(secs => i * 97 + 3600), now() - make_interval(secs => i * 97)
     FROM generate_series(1, $1::int) AS i`,
    [Math.max(0, count - seeded)],
  );
  await db.query(
    `INSERT INTO ticket_messages (ticket_id, author_id, from_staff, body, created_at)
     SELECT id, user_id, false, description, created_at FROM support_tickets
     UNION ALL
     SELECT id, NULL, true, 'Staff reply', last_activity_at FROM support_tickets WHERE status <> ${e('OPEN')}`,
  );
  await db.query('VACUUM (ANALYZE) support_tickets, ticket_messages');
  const cursorAt = async (where, offset) => {
    const { rows } = await db.query(
      `SELECT to_char(last_activity_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS ts, id
       FROM support_tickets ${where} ORDER BY last_activity_at DESC, id DESC OFFSET $1 LIMIT 1`,
      [offset - 1],
    );
    return Buffer.from(`${rows[0].ts}|${rows[0].id}`, 'utf8').toString('base64url');
  };
  const [{ n: open }] = (await db.query(`SELECT count(*)::int AS n FROM support_tickets WHERE status = ${e('OPEN')}`))
    .rows;
  const [{ n: total }] = (await db.query(`SELECT count(*)::int AS n FROM support_tickets`)).rows;
  return {
    total,
    deepCursor: await cursorAt('', Math.floor(total * 0.9)),
    openHalfCursor: await cursorAt(`WHERE status = ${e('OPEN')}`, Math.floor(open / 2)),
  };
}

async function timedGql(url, query, variables, token) {
  const started = performance.now();
  const body = await postJson(url, { query, variables }, { authorization: `Bearer ${token}` });
  return { ms: performance.now() - started, body };
}

/**
 * Licence-key inventory (docs/inventory.md): an import of 100,000 keys through `importProductKeys` (a real multipart
 * upload), 4,000-key checkouts (the reservation's share of the checkout and the reservation statement alone), and
 * 1-key checkout throughput with keys against the same checkout of a product without keys, in alternating rounds.
 */
async function benchInventory({ gqlUrl, client, pid, customerIds, token, adminToken }) {
  const products = await addBenchProducts(client);
  const keyCount = 100_000;
  const keys = globalThis.Buffer.from(
    Array.from({ length: keyCount }, (_, i) => `BENCH-${randomBytes(8).toString('hex').toUpperCase()}-${i}`).join('\n'),
  );
  const agent = keepAliveAgent(1);
  const importStarted = performance.now();
  const imported = await postMultipart(gqlUrl, {
    agent,
    headers: { authorization: `Bearer ${adminToken()}`, 'apollo-require-preflight': 'true' },
    operations: {
      query: `mutation ($p: ID!, $file: Upload) { importProductKeys(productId: $p, file: $file) { added } }`,
      variables: { p: products.keys, file: null },
    },
    fileVariable: 'file',
    file: { name: 'keys.txt', type: 'text/plain', bytes: keys },
  });
  const importSeconds = (performance.now() - importStarted) / 1000;
  agent.destroy();
  if (imported.body.data?.importProductKeys?.added !== keyCount) {
    throw new Error(`The key import failed: ${JSON.stringify(imported.body).slice(0, 300)}`);
  }
  log(`  imported ${fmt(keyCount, 0)} keys in ${fmt(importSeconds, 2)} s`);

  // 4,000-key orders, each against the same order of a product without keys; medians of five.
  const bigOrder = (productId, i) =>
    timedGql(
      gqlUrl,
      PLACE_ORDER,
      { input: { productId, quantity: 4000, email: `big${i}@bench.test`, paymentMethod: 'USDT_TRC20' } },
      token(customerIds[i]),
    );
  const big = { keys: [], manual: [] };
  for (let i = 0; i < 5; i++) {
    for (const kind of ['manual', 'keys']) {
      const { ms, body } = await bigOrder(products[kind], i);
      if (!body.data?.placeOrder?.id)
        throw new Error(`A 4,000-key checkout failed: ${JSON.stringify(body).slice(0, 300)}`);
      big[kind].push(ms);
    }
  }
  // The reservation statement alone, as checkout writes it, on an order of the seed, rolled back each time.
  const { reserveKeysSql } = require(path.join(serverBuild, 'server/src/inventory/order-keys.service.js'));
  const {
    rows: [anyOrder],
  } = await client.query(`SELECT id FROM orders LIMIT 1`);
  const statement = [];
  for (let i = 0; i < 5; i++) {
    await client.query('BEGIN');
    const started = performance.now();
    const { rowCount } = await client.query(
      `WITH target AS (SELECT $1::uuid AS id), taken AS (${reserveKeysSql('target', 'target.id', '$2', '$3')})
       SELECT id FROM taken`,
      [anyOrder.id, products.keys, 4000],
    );
    statement.push(performance.now() - started);
    await client.query('ROLLBACK');
    if (rowCount !== 4000) throw new Error(`The reservation statement took ${rowCount} keys, not 4,000`);
  }

  // 1-key checkouts (with a 200 kB proof, as in the checkout section), alternating rounds.
  const rounds = { keys: [], manual: [] };
  for (let round = 1; round <= settings.rounds; round++) {
    for (const kind of ['manual', 'keys']) {
      const result = await checkoutLoad({
        url: gqlUrl,
        tokens: customerIds.slice(0, settings.checkoutConnections).map((id) => token(id)),
        productId: products[kind],
        png: noisePng(),
        connections: settings.checkoutConnections,
        duration: settings.duration,
        pid,
      });
      if (result.firstError) log(`  first checkout failure: ${result.firstError}`);
      rounds[kind].push(result);
      log(`  round ${round}, ${kind === 'keys' ? 'with keys' : 'without keys'}: ${fmt(result.rps, 1)} orders/s`);
      await sleep(2000);
    }
  }
  const medianBy = (list, key) => [...list].sort((a, b) => a[key] - b[key])[Math.floor((list.length - 1) / 2)];
  const medianMs = (list) =>
    medianBy(
      list.map((ms) => ({ ms })),
      'ms',
    ).ms;
  return {
    keyCount,
    importSeconds,
    bigKeysMs: medianMs(big.keys),
    bigManualMs: medianMs(big.manual),
    statementMs: medianMs(statement),
    withKeys: { ...medianBy(rounds.keys, 'rps'), rounds: rounds.keys.map((r) => r.rps) },
    withoutKeys: { ...medianBy(rounds.manual, 'rps'), rounds: rounds.manual.map((r) => r.rps) },
  };
}

/** Tether's USDT contract on TRON mainnet (the store's default USDT_TRC20_CONTRACT): the TRON fixture's token. */
const USDT_CONTRACT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
/** BIP-84's test account key (bitcoin/bips, bip-0084.mediawiki): the payments store derives BTC orders' own addresses. */
const BENCH_XPUB =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';

/**
 * The methods the payments section watches: the pay address (bench/lib/seed.mjs) and an open order's amount in the
 * method's smallest shown unit, `base + offset`: the $10 bench product at the default rates (10 USDT, 0.0002 BTC,
 * 0.004 ETH) plus the order's unique offset; `chainUnits` is one shown unit in the chain's units (ETH: 10^12 wei).
 */
const WATCHED = [
  { method: 'USDT_TRC20', address: PAY_ADDRESSES.usdt_trc20, base: 10_000_000, decimals: 6, chainUnits: 1n },
  { method: 'BTC', address: PAY_ADDRESSES.btc, base: 20_000, decimals: 8, chainUnits: 1n },
  { method: 'ETH', address: PAY_ADDRESSES.eth, base: 4_000, decimals: 6, chainUnits: 10n ** 12n },
];
const POLL_TASK = 'payments:poll';

/**
 * Payment confirmation on chain (docs/payments.md): what one `payments:poll` cycle costs while 100, then 10,000 open
 * orders per method wait for a payment. The tests' chain fixtures (bench/lib/chain-fixtures.mjs: TronGrid and Esplora
 * stand-ins, anvil) each behind a counting proxy; a store of this build on a database of its own (seeded like the
 * main one) reads them, with PAYMENT_POLL_SECONDS=3600 so that it polls only when the bench adds the job. 20
 * payments per chain are in flight, each paying an open order's exact amount and left unconfirmed: TRON transfers
 * not solidified (re-read by id each poll), BTC 10 in a block (1 of 3 confirmations) and 10 in the mempool (re-read
 * by id), ETH in one block, one more block mined before each measured cycle (CONFIRMATIONS_ETH=30 is not reached in
 * the three scenarios' 18 cycles).
 * Each scenario: a warm-up cycle, then CYCLES measured ones; the 10,000 scenario adds 9,900 orders per method to
 * the same store and chains, so only the number of open orders differs. The store has BTC_XPUB too (docs/payments.md
 * "An address per Bitcoin order"), which changes nothing while no order has an address of its own; the last scenario
 * adds OWN_ADDRESS_ORDERS open BTC orders each at its own address, which the poll reads at most 50 a cycle.
 */
async function benchPayments({ startStore, seeded, database, cleanups }) {
  const CYCLES = 5;
  const IN_FLIGHT = 20;
  const SCENARIOS = [100, 10_000];
  const OWN_ADDRESS_ORDERS = 1_000;

  log('  compiling the chain fixtures (bench/tsconfig.fixtures.json)…');
  const { startTronFixture, startEsploraFixture, startAnvil } = loadChainFixtures(root);
  const tron = await startTronFixture({ contract: USDT_CONTRACT });
  cleanups.unshift(() => tron.close());
  const esplora = await startEsploraFixture();
  cleanups.unshift(() => esplora.close());
  const anvil = await startAnvil();
  cleanups.unshift(() => anvil.close());
  const proxies = {
    TRON: await startCountingProxy(tron.url),
    BTC: await startCountingProxy(esplora.url),
    ETH: await startCountingProxy(anvil.url, { rpc: true }),
  };
  for (const proxy of Object.values(proxies)) cleanups.unshift(() => proxy.close());

  const storeDatabase = await database.sibling();
  cleanups.push(() => storeDatabase.drop());
  const store = await startStore('The payments server', serverBuild, await freePort(), storeDatabase.url, {
    TRON_API_URL: proxies.TRON.url,
    BTC_API_URL: proxies.BTC.url,
    ETH_RPC_URL: proxies.ETH.url,
    USDT_TRC20_CONTRACT: USDT_CONTRACT,
    CONFIRMATIONS_TRON: '1',
    CONFIRMATIONS_BTC: '3',
    CONFIRMATIONS_ETH: '30',
    PAYMENT_POLL_SECONDS: '3600',
    BTC_XPUB: BENCH_XPUB,
  });
  log(`  payments server up (pid ${store.pid}); seeding its database…`);
  const { client } = await seeded(storeDatabase.url);
  const hasChainPayments = (
    await client.query(
      `SELECT 1 FROM information_schema.columns WHERE table_name = 'orders' AND column_name = 'payment_offset'`,
    )
  ).rowCount;
  if (!hasChainPayments) throw new Error('--only payments needs a build with payment confirmation on chain');
  const productId = (await addBenchProducts(client)).manual;
  // The seed's pending orders (up to a year old) carry made-up transaction ids ("tx…", not a chain's). The poll
  // re-reads the oldest 100 typed ids per chain not found yet on every cycle (TYPED_PER_POLL, without a request for
  // ids of the wrong shape): a bound of its own, not the one measured here, so this store's history has none.
  const { value, sql: e } = await storedSpelling(client);
  const untyped = await client.query(
    `UPDATE orders SET transaction_id = NULL WHERE status = ${e('PENDING')} AND transaction_id IS NOT NULL`,
  );
  log(`  typed transaction ids of ${fmt(untyped.rowCount, 0)} seeded pending orders cleared`);

  /** Open orders `from`…`to` of each method: offset g, amount base + g shown units, due in 24 hours. */
  const addOpenOrders = async (from, to) => {
    for (const w of WATCHED) {
      await client.query(
        `INSERT INTO orders (user_id, product_id, contact_email, quantity, unit_price, total_price, payment_method,
                             crypto_address, payment_amount_crypto, payment_offset, status, payment_due_at, created_at,
                             updated_at)
         SELECT md5('bench-customer-' || c)::uuid, $1, 'customer' || c || '@bench.test', 1, 10, 10, $2, $3,
                round(($4::bigint + g) / power(10::numeric, $5::int), 8), g, $9, now() + interval '24 hours',
                now() - interval '1 hour' + g * interval '100 microseconds',
                now() - interval '1 hour' + g * interval '100 microseconds'
         FROM generate_series($6::int, $7::int) g, LATERAL (SELECT 1 + g % $8::int AS c) customer`,
        [productId, value(w.method), w.address, w.base, w.decimals, from, to, settings.customers, value('PENDING')],
      );
    }
    await client.query('ANALYZE orders');
  };
  await addOpenOrders(1, SCENARIOS[0]);

  // The payments in flight: exact amounts of the open orders with offsets 1…IN_FLIGHT, none confirmed.
  const units = (w, offset) => BigInt(w.base + offset) * w.chainUnits;
  const [usdt, btc, eth] = WATCHED;
  for (let i = 1; i <= IN_FLIGHT; i++) tron.transfer({ to: usdt.address, value: units(usdt, i) });
  for (let i = 1; i <= IN_FLIGHT; i++) {
    esplora.send([{ address: btc.address, sats: units(btc, i) }]);
    if (i === IN_FLIGHT / 2) esplora.mine(1);
  }
  await anvil.setAutomine(false);
  let lastHash;
  for (let i = 1; i <= IN_FLIGHT; i++) {
    lastHash = await anvil.send(anvil.accounts[1], eth.address.toLowerCase(), units(eth, i));
  }
  await anvil.mine(1);
  await anvil.mined(lastHash);

  const pollState = async () =>
    (
      await client.query(
        `SELECT count(*) FILTER (WHERE locked_at IS NOT NULL OR (run_at <= now() AND attempts < max_attempts))::int AS busy,
                count(*) FILTER (WHERE key = $1 AND run_at > now() + interval '10 minutes')::int AS scheduled,
                max(last_error) AS error
         FROM graphile_worker.jobs WHERE task_identifier = $1`,
        [POLL_TASK],
      )
    ).rows[0];
  /**
   * Done: no poll job running or due, and the next one scheduled PAYMENT_POLL_SECONDS ahead (the poll adds it
   * before it ends; its own job is deleted when it ends).
   */
  const pollDone = async () => {
    const deadline = performance.now() + 120_000;
    for (;;) {
      const state = await pollState();
      if (state.error) throw new Error(`The ${POLL_TASK} job failed: ${state.error}`);
      if (state.busy === 0 && state.scheduled === 1) return;
      if (performance.now() > deadline)
        throw new Error(`The ${POLL_TASK} job did not finish: ${JSON.stringify(state)}`);
      await sleep(10);
    }
  };
  /** CPU seconds of each of the store's PostgreSQL backends (not this client's); null if they cannot be read. */
  const backendsCpu = async () => {
    const { rows } = await client.query(
      `SELECT pid FROM pg_stat_activity
       WHERE datname = current_database() AND backend_type = 'client backend' AND pid <> pg_backend_pid()`,
    );
    const cpu = new Map(rows.map(({ pid }) => [pid, postgresCpuSeconds(pid)]));
    return [...cpu.values()].some((s) => s === null) ? null : cpu;
  };
  const chainReadErrors = () => (store.output().match(/could not be read/g) ?? []).length;

  await pollDone(); // the poll the store runs at start
  /**
   * One poll cycle: adds the job (due now; the job key replaces the scheduled one) and waits until it has run. The
   * minutely crontab line re-adds a poll that is running, so a cycle starts only with 15 s left in the minute, and
   * one that crossed into the next minute anyway is run again.
   */
  const cycle = async () => {
    for (let attempt = 1; ; attempt++) {
      const second = (Date.now() % 60_000) / 1000;
      if (second > 45) await sleep((63 - second) * 1000);
      const before = Object.fromEntries(Object.entries(proxies).map(([chain, proxy]) => [chain, proxy.counts()]));
      const pgBefore = await backendsCpu();
      const cpu = startCpuMeter(store.pid);
      const minute = Math.floor(Date.now() / 60_000);
      const started = performance.now();
      await client.query(
        `SELECT graphile_worker.add_job($1, '{}'::json, queue_name := 'payments-poll', job_key := $1, run_at := now(), job_key_mode := 'replace')`,
        [POLL_TASK],
      );
      await pollDone();
      const wallMs = performance.now() - started;
      const used = cpu(1);
      const pgAfter = await backendsCpu();
      if (chainReadErrors() > 0) throw new Error(`A chain could not be read:\n${store.output().slice(-2000)}`);
      if (Math.floor(Date.now() / 60_000) !== minute && attempt < 3) {
        log('  the cycle crossed a minute boundary (the crontab may have added a poll); running it again');
        continue;
      }
      const requests = Object.fromEntries(
        Object.entries(proxies).map(([chain, proxy]) => [chain, countsSince(before[chain], proxy.counts())]),
      );
      const pgMs =
        pgBefore && pgAfter
          ? [...pgAfter].reduce((sum, [pid, seconds]) => sum + (seconds - (pgBefore.get(pid) ?? 0)), 0) * 1000
          : Number.NaN;
      return { wallMs, cpu: used, pgMs, requests };
    }
  };

  /** OWN_ADDRESS_ORDERS open BTC orders, each at the next receive address of BENCH_XPUB, for the quote itself. */
  const addOwnAddressOrders = async () => {
    const require = createRequire(import.meta.url);
    const { parseBtcXpub } = require(path.join(serverBuild, 'server/src/payments/methods/btc/xpub.js'));
    const account = parseBtcXpub(BENCH_XPUB, { production: true });
    const btcOrders = WATCHED.find((w) => w.method === 'BTC');
    await client.query(
      `INSERT INTO orders (user_id, product_id, contact_email, quantity, unit_price, total_price, payment_method,
                           crypto_address, address_index, payment_amount_crypto, payment_offset, status,
                           payment_due_at, created_at, updated_at)
       SELECT md5('bench-customer-' || c)::uuid, $1, 'customer' || c || '@bench.test', 1, 10, 10, $2, a.address,
              a.n - 1, round($3::bigint / power(10::numeric, 8), 8), 0, $4, now() + interval '24 hours',
              now() - interval '1 hour', now() - interval '1 hour'
       FROM unnest($5::text[]) WITH ORDINALITY a (address, n), LATERAL (SELECT 1 + a.n % $6::int AS c) customer`,
      [
        productId,
        value('BTC'),
        btcOrders.base,
        value('PENDING'),
        Array.from({ length: OWN_ADDRESS_ORDERS }, (_, i) => account.address(i)),
        settings.customers,
      ],
    );
    await client.query('ANALYZE orders');
  };
  const hasOwnAddresses = (
    await client.query(
      `SELECT 1 FROM information_schema.columns WHERE table_name = 'orders' AND column_name = 'address_index'`,
    )
  ).rowCount;

  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
  const scenarios = [];
  const runs = [...SCENARIOS.map((openOrders) => ({ openOrders, ownAddresses: 0 }))];
  if (hasOwnAddresses) runs.push({ openOrders: SCENARIOS.at(-1), ownAddresses: OWN_ADDRESS_ORDERS });
  for (const [index, { openOrders, ownAddresses }] of runs.entries()) {
    if (ownAddresses > 0) {
      log(`  adding ${fmt(ownAddresses, 0)} open BTC orders at addresses of their own (BTC_XPUB)…`);
      await addOwnAddressOrders();
    } else if (index > 0) {
      log(`  adding open orders up to ${fmt(openOrders, 0)} per method…`);
      await addOpenOrders(SCENARIOS[index - 1] + 1, openOrders);
    }
    await cycle(); // warm-up: the first cycle records the payments in flight; later ones find nothing new
    const cycles = [];
    for (let i = 0; i < CYCLES; i++) {
      await anvil.mine(1); // one more ETH confirmation per cycle, as blocks come in between polls
      cycles.push(await cycle());
      await sleep(500);
    }
    const chains = Object.fromEntries(
      Object.keys(proxies).map((chain) => {
        const counts = cycles.map((c) => c.requests[chain]);
        const requests = counts.map((c) => c.requests);
        return [
          chain,
          {
            requests: median(requests),
            min: Math.min(...requests),
            max: Math.max(...requests),
            calls: median(counts.map((c) => c.calls)),
            endpoints: counts[0].endpoints,
          },
        ];
      }),
    );
    const cpu = Object.fromEntries(
      Object.keys(cycles[0].cpu).map((key) => [key, median(cycles.map((c) => c.cpu[key]))]),
    );
    const scenario = {
      openOrders,
      ownAddresses,
      cycles: cycles.length,
      wallMs: median(cycles.map((c) => c.wallMs)),
      cpu,
      pgMs: median(cycles.map((c) => c.pgMs)),
      chains,
    };
    scenarios.push(scenario);
    log(
      `  ${fmt(openOrders, 0)} open orders per method${ownAddresses ? ` + ${fmt(ownAddresses, 0)} BTC at own addresses` : ''}: ${fmt(scenario.wallMs)} ms a cycle, server CPU ` +
        `${fmt(cpu.server, 1)} ms, PostgreSQL ${fmt(scenario.pgMs, 1)} ms (cycles: ` +
        `${cycles.map((c) => `${fmt(c.wallMs, 0)} ms/${fmt(c.cpu.server, 0)} ms`).join(', ')})`,
    );
    for (const [chain, c] of Object.entries(chains)) {
      const list = Object.entries(c.endpoints)
        .map(([endpoint, n]) => `${endpoint} ${n}`)
        .join(', ');
      log(`    ${chain}: ${c.requests} requests (${c.calls} calls) a cycle: ${list}`);
    }
  }

  // Nothing may have changed but the confirmations: every payment still attributed and unconfirmed, no issue raised.
  const {
    rows: [check],
  } = await client.query(
    `SELECT count(*)::int AS payments, count(*) FILTER (WHERE p.status = ${e('DETECTED')} AND o.status = ${e('PENDING')}
              AND o.payment_issue IS NULL)::int AS as_expected
     FROM chain_payments p LEFT JOIN orders o ON o.id = p.order_id`,
  );
  if (check.payments !== IN_FLIGHT * WATCHED.length || check.as_expected !== check.payments) {
    throw new Error(`The payments in flight did not stay as set up: ${JSON.stringify(check)}`);
  }
  await store.stop();
  return { inFlight: IN_FLIGHT, scenarios };
}

/**
 * Server-rendered public pages (docs/architecture.md "Web rendering") as a browser asks for them (HTML, brotli): a
 * product page, and the two an anonymous visitor can vary at will, an unknown product (a new made-up slug on every
 * request: the 404 page) and /guides with a new query string on every request. Server CPU per page is what one request
 * can make the server spend. Each page is checked first to be server-rendered (content in its root element).
 */
async function benchPages({ url, pid }) {
  const run = randomBytes(3).toString('hex');
  let n = 0;
  const pages = [
    { key: 'kept', path: () => '/products/ethereum-classic-key', status: 200 },
    { key: 'unknown', path: () => `/products/no-such-${run}-${n++}`, status: 404 },
    { key: 'guides', path: () => `/guides?utm_source=${run}-${n++}`, status: 200 },
  ];
  const results = {};
  for (const page of pages) {
    const first = await rawRequest(url + page.path(), { headers: { accept: 'text/html' } });
    if (first.status !== page.status || !first.text.includes('<div id="root"><')) {
      throw new Error(`${page.path()} answered ${first.status}, not a server-rendered ${page.status} page`);
    }
    log(`Rendered pages: ${page.key} (${fmt(first.text.length / 1024, 0)} kB)…`);
    results[page.key] = await load({
      url,
      method: 'GET',
      headers: { accept: 'text/html', 'accept-encoding': 'br' },
      path: page.path,
      connections: settings.pageConnections,
      duration: settings.duration,
      pid,
      expectStatus: page.status === 200 ? undefined : page.status,
    });
  }
  return results;
}

// ---------------------------------------------------------------------------------------------------
function machine(database) {
  const cpus = os.cpus();
  return {
    date: new Date().toISOString().slice(0, 10),
    cores: cpus.length,
    cpu: cpus[0]?.model.replace(/\s+/g, ' ').trim() ?? 'unknown',
    node: process.version,
    database,
    load: os
      .loadavg()
      .map((v) => v.toFixed(2))
      .join(' '),
  };
}

const yes = (ok) => (ok ? 'yes' : '**no**');
/** The server's CPU per operation, of which its main thread's, and how busy that thread was. */
const serverCpu = (cpu, digits = 2) =>
  `${fmt(cpu.server, digits)} (${fmt(cpu.mainThread, digits)}, ${fmt(cpu.mainThreadBusy * 100, 0)}%)`;
/** All the CPU the machine spent per operation, what of it was not the server, and how busy the cores were. */
const machineCpu = (cpu, digits = 2) =>
  `${fmt(cpu.machine, digits)} (${fmt(cpu.rest, digits)} + ${fmt(cpu.loadGenerator, digits)}), ${fmt(cpu.busy * 100, 0)}%`;

function table(results, info) {
  const rows = [];
  const add = (...cells) => rows.push(`| ${cells.join(' | ')} |`);
  const {
    baseline,
    products,
    product,
    cached = {},
    dashboard,
    dashboardBaseline,
    adminFirst,
    adminDeep,
    adminFirstBaseline,
    adminDeepBaseline,
    ticketsFirst,
    ticketsDeep,
    ticketsFiltered,
    ticketCount,
    customers,
    checkout,
    compared,
    inventory,
    payments,
    fanout,
    pages,
    web,
  } = results;
  const ratio = products && baseline ? products.rps / baseline.rps : Number.NaN;
  const failed = (r) => (r?.failures ? ` (${fmt(r.failures, 0)} failed)` : '');
  const loadOf = (r) => `${r.connections} conn, ${settings.duration} s`;
  const http = (label, r, unit, other, target, met) =>
    add(
      label,
      loadOf(r),
      `${fmt(r.rps, unit === 'orders/s' ? 1 : 0)} ${unit}${failed(r)}`,
      fmt(r.p50),
      fmt(r.p99),
      serverCpu(r.cpu),
      machineCpu(r.cpu),
      other,
      target,
      met,
    );

  add(
    'Measure',
    'Load',
    'Throughput',
    'p50 ms',
    'p99 ms',
    'Server CPU ms/op (main thread, busy)',
    'Machine CPU ms/op (PostgreSQL & rest + load generator), busy',
    'Other',
    'Target',
    'Met',
  );
  add('---', '---', '---:', '---:', '---:', '---:', '---:', '---', '---', '---');
  /** `r`'s throughput as a share of `of`'s (NaN when either was not measured). */
  const share = (r, of) => (r && of ? r.rps / of.rps : Number.NaN);
  const pct = (r, of) => `${fmt(share(r, of) * 100, 0)}%`;
  if (baseline)
    http('Raw baseline: `node:http` + `pg`, same JSON', baseline, 'req/s', 'the limit for this stack', '', '');
  /** A cached read's rows: its memory baselines, the store's POST row (`storeRow`), its GET rows. */
  const cachedRows = (what, c, storeRow) => {
    if (!c) {
      storeRow();
      return;
    }
    http(
      `Memory baseline: the store's ${what} bytes from \`node:http\``,
      c.memory,
      'req/s',
      'the limit for an answer kept in memory',
      '',
      '',
    );
    storeRow();
    http(
      `Memory baseline GET: the store's ${what} bytes from \`node:http\``,
      c.memoryGet,
      'req/s',
      'the limit for an answer kept in memory, GET',
      '',
      '',
    );
    if (c.get) {
      http(
        `${what === 'catalogue' ? 'Catalogue `products`' : 'Product page'} GET (persisted query)`,
        c.get,
        'req/s',
        `**${pct(c.get, c.memoryGet)}** of memory baseline GET`,
        '≥ 50% of memory baseline',
        yes(share(c.get, c.memoryGet) >= 0.5 && !c.get.failures),
      );
    }
    if (c.notModified) {
      http(
        'Catalogue conditional GET (If-None-Match → 304)',
        c.notModified,
        '304/s',
        `${pct(c.notModified, c.memoryGet)} of memory baseline GET (which sends the body)`,
        'every answer a 304',
        yes(!c.notModified.failures),
      );
    }
    if (c.notModifiedStatus) {
      add(
        'Catalogue conditional GET (If-None-Match → 304)',
        '',
        '',
        '',
        '',
        '',
        '',
        `not measured: the first conditional GET answered ${c.notModifiedStatus}`,
        'every answer a 304',
        yes(false),
      );
    }
    if (c.getSkipped) {
      add(
        `${what === 'catalogue' ? 'Catalogue' : 'Product page'} GET rows (persisted query${what === 'catalogue' ? ', 304' : ''})`,
        '',
        '',
        '',
        '',
        '',
        '',
        "skipped: this build's GET answer has no ETag and Cache-Control",
        '',
        'n/a',
      );
    }
  };
  if (products) {
    cachedRows('catalogue', cached.catalogue, () => {
      const memory = share(products, cached.catalogue?.memory);
      http(
        'Catalogue `products`',
        products,
        'req/s',
        `**${fmt(ratio * 100, 0)}%** of baseline, **${fmt(memory * 100, 0)}%** of memory baseline`,
        '≥ 60% of baseline, ≥ 50% of memory baseline, p99 ≤ 15 ms',
        yes(ratio >= 0.6 && memory >= 0.5 && products.p99 <= 15 && !products.failures),
      );
    });
  }
  if (product) {
    cachedRows('product-page', cached.product, () => {
      const memory = share(product, cached.product?.memory);
      http(
        'Product page `product(slug)`',
        product,
        'req/s',
        `${pct(product, baseline)} of baseline (the catalogue's), **${fmt(memory * 100, 0)}%** of memory baseline`,
        '≥ 50% of memory baseline',
        yes(memory >= 0.5 && !product.failures),
      );
    });
  }
  if (dashboardBaseline) {
    http(
      'Raw baseline: dashboard (`node:http` + `pg` + `jsonwebtoken`, same bytes)',
      dashboardBaseline,
      'req/s',
      'the limit for this stack',
      '',
      '',
    );
  }
  if (dashboard) {
    const ofBaseline = share(dashboard, dashboardBaseline);
    http(
      `Dashboard \`me\` + orders, certificates, tickets (${dashboard.orders} orders, ${dashboard.certificates} ` +
        `certificates, ${dashboard.tickets} tickets)`,
      dashboard,
      'req/s',
      `**${fmt(ofBaseline * 100, 0)}%** of baseline`,
      '≥ 50% of baseline, p99 ≤ 25 ms',
      yes(ofBaseline >= 0.5 && dashboard.p99 <= 25 && !dashboard.failures),
    );
  }
  if (checkout) {
    const rounds = (r) => (r.rounds ? `, median of ${r.rounds.map((rps) => fmt(rps, 1)).join(' / ')} orders/s` : '');
    http(
      'Checkout `placeOrder` + 200 kB PNG proof',
      checkout,
      'orders/s',
      `${fmt(checkout.total, 0)} orders placed${rounds(checkout)}`,
      '≥ 200 orders/s',
      yes(checkout.rps >= 200 && !checkout.failures),
    );
    if (compared) {
      const share = checkout.rps / compared.rps;
      http(
        `Checkout, compared build (\`${path.relative(root, compareDist) || '.'}\`)`,
        compared,
        'orders/s',
        `this build: **${fmt(share * 100, 0)}%** of it${rounds(compared)}`,
        'this build ≥ 90% of it (the order engine costs ≤ 10%)',
        yes(share >= 0.9 && !compared.failures),
      );
    }
  }
  if (inventory) {
    const i = inventory;
    add(
      `Key import: \`importProductKeys\`, ${fmt(i.keyCount, 0)}-line file`,
      'one upload',
      '',
      '',
      '',
      '',
      '',
      `**${fmt(i.importSeconds, 2)} s**`,
      '≤ 10 s',
      yes(i.importSeconds <= 10),
    );
    add(
      'Checkout of a 4,000-key order (no proof)',
      'one at a time, median of 5',
      '',
      fmt(i.bigKeysMs),
      '',
      '',
      '',
      `reservation **${fmt(i.bigKeysMs - i.bigManualMs)} ms** (vs ${fmt(i.bigManualMs)} ms for 4,000 of a product ` +
        `without keys); the reservation statement alone ${fmt(i.statementMs)} ms`,
      'reservation ≤ 150 ms',
      yes(i.bigKeysMs - i.bigManualMs <= 150 && i.statementMs <= 150),
    );
    const rounds = (r) => r.rounds.map((rps) => fmt(rps, 1)).join(' / ');
    http(
      'Checkout of 1 key + 200 kB proof',
      i.withKeys,
      'orders/s',
      `**${fmt((i.withKeys.rps / i.withoutKeys.rps) * 100, 0)}%** of the same checkout without keys ` +
        `(${fmt(i.withoutKeys.rps, 1)} orders/s); medians of ${rounds(i.withKeys)} vs ${rounds(i.withoutKeys)}`,
      '≥ 85% of it',
      yes(i.withKeys.rps >= 0.85 * i.withoutKeys.rps && !i.withKeys.failures),
    );
  }
  if (payments) {
    const [first] = payments.scenarios;
    const count = (c) => `**${fmt(c.requests, 0)}**${c.min === c.max ? '' : ` (${fmt(c.min, 0)}–${fmt(c.max, 0)})`}`;
    const sameAsFirst = (s) =>
      Object.entries(s.chains).every(
        ([chain, c]) =>
          c.requests === first.chains[chain].requests &&
          c.min === first.chains[chain].min &&
          c.max === first.chains[chain].max &&
          c.calls === first.chains[chain].calls,
      );
    // The scenario with orders at addresses of their own reads at most 50 of them a cycle (OWN_ADDRESSES_PER_POLL).
    const ownBound = (s) => {
      const single = payments.scenarios.find((o) => !o.ownAddresses && o.openOrders === s.openOrders) ?? first;
      return (
        s.chains.BTC.max <= single.chains.BTC.max + 50 &&
        ['TRON', 'ETH'].every((chain) => s.chains[chain].requests === single.chains[chain].requests)
      );
    };
    for (const s of payments.scenarios) {
      const { TRON, BTC, ETH } = s.chains;
      const own = s.ownAddresses ?? 0;
      add(
        `Chain poll \`payments:poll\`, ${fmt(s.openOrders, 0)} open orders per method` +
          (own ? ` + ${fmt(own, 0)} BTC own addresses` : ''),
        `3 chains × ${payments.inFlight} payments in flight, median of ${s.cycles} cycles`,
        '',
        fmt(s.wallMs),
        '',
        // Per cycle, from /proc's 10 ms ticks: whole milliseconds.
        `${serverCpu(s.cpu, 0)} per cycle`,
        machineCpu(s.cpu, 0),
        `requests per cycle: TRON ${count(TRON)}, BTC ${count(BTC)}, ETH ${count(ETH)} (${fmt(ETH.calls, 0)} ` +
          `JSON-RPC calls); the store's PostgreSQL backends ${fmt(s.pgMs, 0)} ms CPU per cycle`,
        s === first
          ? ''
          : own
            ? 'BTC: at most 50 own addresses a cycle more, the other chains the same'
            : `requests per cycle independent of open orders (${fmt(s.openOrders, 0)} vs ${fmt(first.openOrders, 0)}: same count)`,
        s === first ? '' : yes(own ? ownBound(s) : sameAsFirst(s)),
      );
    }
  }
  for (const [label, r, base, page] of [
    ['Admin queue `adminOrders`, first page', adminFirst, adminFirstBaseline, 'first page'],
    [`Admin queue, page after ${fmt(settings.deepOffset, 0)} rows`, adminDeep, adminDeepBaseline, 'deep page'],
  ]) {
    if (base) http(`Raw baseline: admin queue ${page}`, base, 'req/s', 'the limit for this stack', '', '');
    if (r) {
      const ofBaseline = share(r, base);
      http(
        label,
        r,
        'req/s',
        `20 rows + totalCount; **${fmt(ofBaseline * 100, 0)}%** of baseline`,
        'p99 ≤ 20 ms at any depth, ≥ 50% of baseline',
        yes(r.p99 <= 20 && ofBaseline >= 0.5 && !r.failures),
      );
    }
  }
  // The support desk's queue (its own section, `--only tickets`): the Tickets tab's query at 10,000 tickets.
  for (const [label, r] of [
    [`Ticket queue \`adminTickets\`, first page (${fmt(ticketCount ?? 0, 0)} tickets)`, ticketsFirst],
    [`Ticket queue, page after ${fmt(Math.floor((ticketCount ?? 0) * 0.9), 0)} rows`, ticketsDeep],
    ['Ticket queue, status OPEN, page after half of them', ticketsFiltered],
  ]) {
    if (r) {
      http(
        label,
        r,
        'req/s',
        '20 rows + customer + totalCount + overdueCount',
        'p99 ≤ 20 ms at any depth',
        yes(r.p99 <= 20 && !r.failures),
      );
    }
  }
  if (customers) {
    for (const [label, r] of [
      ['Customers `adminCustomers`, first page', customers.first],
      [`Customers, page after ${fmt(customers.deepOffset, 0)} customers`, customers.deep],
      ['Customers, search by a part of an e-mail', customers.search],
    ]) {
      http(
        label,
        r,
        'req/s',
        '20 rows with orders, total paid, open tickets + totalCount',
        'flat with depth, p99 ≤ 20 ms',
        yes(r.p99 <= 20 && !r.failures),
      );
    }
    http(
      'Sales report `adminSalesReport`, last 365 days',
      customers.sales,
      'req/s',
      `${fmt(customers.paidOrders, 0)} paid orders by day, method, product + counters`,
      'p99 ≤ 200 ms',
      yes(customers.sales.p99 <= 200 && !customers.sales.failures),
    );
  }
  if (fanout) {
    const c = fanout.customer;
    const a = fanout.admin;
    add(
      `Fan-out: ${fmt(fanout.changes, 0)} clients on own \`orderUpdated\``,
      `${fmt(fanout.changes, 0)} \`setOrderStatus\`, ${fanout.concurrency} in flight` +
        (fanout.accepted === fanout.changes ? '' : ` (**${fmt(fanout.changes - fanout.accepted, 0)} refused**)`),
      `${fmt(fanout.changesPerSecond, 0)} changes/s`,
      fmt(c.p50),
      fmt(c.p99),
      `${serverCpu(fanout.cpu)} per change`,
      machineCpu(fanout.cpu),
      `delivered ${fmt(c.delivered, 0)}/${fmt(c.expected, 0)}; server RSS ${fmt(fanout.rss.idle, 0)} MB before, ` +
        `${fmt(fanout.rss.subscribed, 0)} MB subscribed, ${fmt(fanout.rss.peak, 0)} MB peak`,
      'all delivered, p99 ≤ 250 ms, RSS < 300 MB',
      yes(fanout.accepted === fanout.changes && c.delivered === c.expected && c.p99 <= 250 && fanout.rss.peak < 300),
    );
    add(
      `Fan-out: ${fanout.admins} admin clients on \`adminOrderChanged\``,
      'same changes',
      '',
      fmt(a.p50),
      fmt(a.p99),
      '',
      '',
      `delivered ${fmt(a.delivered, 0)}/${fmt(a.expected, 0)}; all delivered ${fmt(fanout.drainSeconds)} s after the first change`,
      'all delivered',
      yes(a.delivered === a.expected),
    );
    const h = fanout.heap;
    if (h?.idle && h.subscribed && h.peak) {
      // RSS less V8's reserved heap and external memory: code, stacks, malloc'd native memory (sockets, TLS, zlib).
      const parts = (m) =>
        `RSS ${fmt(m.rss, 0)} = heap ${fmt(m.heapUsed, 0)} used of ${fmt(m.heapTotal, 0)} reserved + external ` +
        `${fmt(m.external, 0)} + rest ${fmt(m.rss - m.heapTotal - m.external, 0)}`;
      const sockets = fanout.changes + fanout.admins;
      const kb = (a, b) => fmt(((b - a) * 1024) / sockets, 1);
      add(
        `Fan-out memory (MB, from the server's /metrics)`,
        `${fmt(sockets, 0)} sockets`,
        '',
        '',
        '',
        '',
        '',
        `idle: ${parts(h.idle)}; subscribed: ${parts(h.subscribed)}; at the RSS peak: ${parts(h.peak)} ` +
          `(old space ${fmt(h.peak.spaces.old ?? 0, 0)}, new space ${fmt(h.peak.spaces.new ?? 0, 0)}); ` +
          `per socket subscribed: ${kb(h.idle.rss, h.subscribed.rss)} kB RSS, ${kb(h.idle.heapUsed, h.subscribed.heapUsed)} kB heap used`,
        '',
        '',
      );
    }
  }
  for (const pair of Object.values(results.pairs ?? {})) {
    // --compare-dist on a read row: the compared build's median round, and this build's share of it.
    const list = (values, digits) => values.map((v) => fmt(v, digits)).join(' / ');
    const cpuMedian = (cpus) => [...cpus].sort((a, b) => a - b)[Math.floor((cpus.length - 1) / 2)];
    http(
      `${pair.label}, compared build (\`${args['compare-dist']}\`)`,
      pair.other,
      'req/s',
      `this build: **${fmt((pair.self.rps / pair.other.rps) * 100, 0)}%** of its req/s, server CPU ` +
        `${fmt(cpuMedian(pair.self.cpus), 2)} vs ${fmt(cpuMedian(pair.other.cpus), 2)} ms/req (medians); rounds req/s ` +
        `${list(pair.self.rounds, 0)} vs ${list(pair.other.rounds, 0)}, server CPU ms ${list(pair.self.cpus, 2)} vs ` +
        `${list(pair.other.cpus, 2)}`,
      'within noise',
      '',
    );
  }
  if (pages) {
    http('Rendered page: a product page (kept)', pages.kept, 'pages/s', 'HTML, brotli', '', '');
    // A render runs on the main thread (13–26 ms of it per page before these pages were kept); compressing the page,
    // on the thread pool, costs in proportion to its size whether it was rendered or kept.
    for (const [label, r] of [
      ['Rendered page: unknown product, a new slug each time (404)', pages.unknown],
      ['Rendered page: `/guides`, a new query string each time', pages.guides],
    ]) {
      http(
        label,
        r,
        'pages/s',
        `main thread **${fmt(r.cpu.mainThread)} ms** per page; ` +
          `server CPU ${fmt(r.cpu.server / pages.kept.cpu.server, 1)}× a kept product page's`,
        'main thread ≤ 2 ms per page (no render)',
        yes(r.cpu.mainThread <= 2 && !r.failures),
      );
    }
  }
  if (web) {
    add(
      'Web: JavaScript the home page loads (gzip)',
      `${web.homeFiles} files`,
      '',
      '',
      '',
      '',
      '',
      `**${fmt(web.homeKb)} kB**`,
      '≤ 220 kB',
      yes(web.homeKb <= 220 && web.homeChunkFound),
    );
    add(
      'Web: admin chunks (gzip)',
      web.adminChunks ? `${web.adminChunks} route chunks` : '',
      '',
      '',
      '',
      '',
      '',
      web.adminChunks
        ? `${fmt(web.adminKb)} kB, ${web.adminInHome.length ? 'IN the home page' : 'not in the home page'}`
        : 'n/a (no admin pages yet)',
      'admin code not in the home page',
      web.adminChunks ? yes(web.adminInHome.length === 0) : 'n/a',
    );
  }
  const head =
    `${quick ? '**Smoke run (--quick)**, not the full benchmark. ' : ''}` +
    `${info.date}; ${info.cores} cores (${info.cpu}), Node ${info.node}, ${info.database}; ` +
    `${fmt(settings.orders, 0)} orders over ${fmt(settings.customers, 0)} customers; ` +
    `load average at start ${info.load}.`;
  return `${head}\n\n${rows.join('\n')}\n`;
}

// ---------------------------------------------------------------------------------------------------
async function main() {
  const started = performance.now();
  const info0 = os.loadavg()[0];
  log(
    `Load average (1 min) at start: ${info0.toFixed(2)}${info0 >= 0.8 ? ' — other work is running; figures will suffer' : ''}`,
  );
  if (!serverDist) buildServer();
  const webDist = path.join(root, '.test-data', 'web-bench');
  if (want('web') || want('lighthouse') || want('pages')) buildWeb(webDist);

  const database = await createBenchDatabase(process.env.DATABASE_URL);
  const info = machine(database.kind);
  log(`Database: ${database.kind}`);
  const cleanups = [() => database.drop()];
  const results = {};
  try {
    const jwtSecret = randomBytes(32).toString('hex');
    // Opens the stores' /metrics to the bench (the fan-out reads where the memory is); builds without it ignore it.
    const metricsToken = randomBytes(16).toString('hex');
    const keysEncryptionKey = randomBytes(32).toString('base64');
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const gqlUrl = `${url}/graphql`;
    /** A store server of `build` on `serverPort` (with `env` added to its environment), stopped at the end. */
    const startStore = async (label, build, serverPort, databaseUrl = database.url, env = {}) => {
      const child = await startChild(
        label,
        path.join(build, 'server/src/main.js'),
        {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          NODE_ENV: 'production',
          HOST: '127.0.0.1',
          PORT: String(serverPort),
          DATABASE_URL: databaseUrl,
          JWT_SECRET: jwtSecret,
          KEYS_ENCRYPTION_KEY: keysEncryptionKey,
          LOG_LEVEL: 'warn',
          // The seed's orders are of the demo catalogue's products, and the product page reads one of them:
          // production seeds no demo data unless asked (builds from before that flag seed it anyway).
          SEED_DEMO_DATA: 'true',
          AUTH_RATE_LIMIT: '1000000',
          ORDER_RATE_LIMIT: '1000000',
          TICKET_RATE_LIMIT: '1000000',
          // Every checkout comes from 127.0.0.1, and a customer's seeded and benchmark proofs add up.
          PROOF_ORDER_RATE_LIMIT_PER_IP: '1000000',
          PROOF_STORAGE_PER_USER_MB: '1000000',
          // Production asks for a CAPTCHA after a few checkouts from one IP (adaptive): the counting stays on and is
          // measured, the asking never comes. The benchmark's customers keep many unpaid orders, and type many IDs.
          CAPTCHA_SIGNUPS_PER_IP: '1000000',
          CAPTCHA_CHECKOUTS_PER_IP: '1000000',
          // The benchmark's admins have no second factor (production asks staff for one: REQUIRE_STAFF_2FA).
          REQUIRE_STAFF_2FA: 'false',
          MAX_UNPAID_KEYS_PER_ACCOUNT: '100000000',
          TRANSACTION_ID_RATE_LIMIT: '1000000',
          TRANSACTION_ID_RATE_LIMIT_PER_ACCOUNT: '1000000',
          TRANSACTION_ID_RATE_LIMIT_PER_IP: '1000000',
          // The fan-out opens 5,000 customer sockets and 200 admin sockets (one admin) from 127.0.0.1.
          WS_MAX_CONNECTIONS_PER_IP: '1000000',
          WS_MAX_CONNECTIONS_PER_USER: '1000000',
          PAY_ADDRESS_USDT_TRC20: PAY_ADDRESSES.usdt_trc20,
          PAY_ADDRESS_BTC: PAY_ADDRESSES.btc,
          PAY_ADDRESS_ETH: PAY_ADDRESSES.eth,
          WEB_DIST_DIR: webDist,
          METRICS_TOKEN: metricsToken,
          ...(args['no-jobs'] ? { JOBS_IN_PROCESS: 'false' } : {}),
          ...env,
          ...extraServerEnv,
        },
        async () => (await globalThis.fetch(`http://127.0.0.1:${serverPort}/healthz`)).ok,
        args['node-args']?.split(' ').filter(Boolean) ?? [],
      );
      cleanups.unshift(() => child.stop());
      return child;
    };
    const server = await startStore('The store server', serverBuild, port);
    log(`Server up (pid ${server.pid}); seeding ${settings.orders} orders over ${settings.customers} customers…`);

    const { hashPassword } = require(path.join(serverBuild, 'server/src/accounts/password.js'));
    const { DEFAULT_USD_RATES } = require(path.join(serverBuild, 'common/pricing.js'));
    const passwordHash = await hashPassword('Bench-password-1');
    /** A client of `databaseUrl`, seeded at scale (the same rows, ids included, on every database). */
    const seeded = async (databaseUrl) => {
      const seedClient = new pg.Client({ connectionString: databaseUrl });
      // A connection the database ends (a restart) fails the next query, and the run stops its children on the way
      // out; unhandled, the event would end this process at once and leave them running.
      seedClient.on('error', (error) => log(`  database connection lost: ${error.message}`));
      await seedClient.connect();
      cleanups.unshift(() => seedClient.end());
      const seedStart = performance.now();
      const { adminId: admin } = await seedAtScale(seedClient, {
        orders: settings.orders,
        customers: settings.customers,
        passwordHash,
        rates: DEFAULT_USD_RATES,
      });
      log(`  seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);
      return { client: seedClient, adminId: admin };
    };
    const { client, adminId } = await seeded(database.url);

    // Tokens as the server mints them (server/src/accounts/access-token.ts): HS256, sub, roles, 15 min.
    const token = (id, roles = []) =>
      jwt.sign({ roles }, jwtSecret, { algorithm: 'HS256', subject: id, expiresIn: 15 * 60 });
    const customerIds = (
      await client.query(`SELECT c, ${customerId('c')} AS id FROM generate_series(1, $1::int) c ORDER BY c`, [
        settings.customers,
      ])
    ).rows.map((r) => r.id);
    const adminToken = () => token(adminId, ['admin']);

    if (want('lighthouse')) {
      // First, on a quiet server: the storefront as a phone on slow 4G loads it (bench/lib/lighthouse.mjs).
      results.lighthouse = await runLighthouse(url, { log });
    }

    // --- Baselines: the raw one (node:http + pg, bench/baseline-server.mjs) for the catalogue, the dashboard and the
    // admin queue; the memory one (the store's own bytes from node:http, bench/memory-server.mjs) for cached reads.
    // Each is started by the first section that needs it and stopped after the last.
    const loadSettings = { connections: settings.connections, duration: settings.duration };
    const adminLoadSettings = { connections: settings.adminConnections, duration: settings.duration };
    let rawBaselineServer = null;
    /** The raw baseline server: `{ url, pid, stop() }`. */
    const rawBaseline = async () => {
      if (rawBaselineServer) return rawBaselineServer;
      const baselinePort = await freePort();
      const child = await startChild(
        'The baseline server',
        path.join(root, 'bench/baseline-server.mjs'),
        {
          PATH: process.env.PATH,
          DATABASE_URL: database.url,
          PORT: String(baselinePort),
          // The store's secret: the baseline verifies the same tokens and signs file URLs the same way.
          JWT_SECRET: jwtSecret,
          ...(extraServerEnv.FILE_URL_TTL_SECONDS ? { FILE_URL_TTL_SECONDS: extraServerEnv.FILE_URL_TTL_SECONDS } : {}),
        },
        async (output) => output.includes('listening'),
      );
      cleanups.unshift(() => child.stop());
      rawBaselineServer = { url: `http://127.0.0.1:${baselinePort}/graphql`, pid: child.pid, stop: () => child.stop() };
      return rawBaselineServer;
    };
    /**
     * The store's answer to `body` and the raw baseline's must be the same bytes; resolves with the store's. A signed
     * file URL's expiry moves on with the clock's minute (server/src/files/signed-url.service.ts), so when the two
     * answers were signed with different expiries (the minute turned between them) the pair is fetched again rather
     * than compared with that field normalised: the next pair is signed within one minute.
     */
    const sameAnswers = async (label, body, headers = {}) => {
      const expiries = (text) => [...new Set(text.match(/[?&]exp=\d+/g) ?? [])].join();
      for (let attempt = 1; ; attempt++) {
        const store = await rawPostOk(gqlUrl, body, headers);
        const raw = await rawPostOk((await rawBaseline()).url, body, headers);
        if (attempt === 1 && store !== raw && expiries(store) !== expiries(raw)) continue;
        assertSameText(label, store, raw);
        log(`  ${label}: the raw baseline's answer is the store's, byte for byte (${fmt(store.length, 0)} bytes)`);
        return store;
      }
    };

    const productsBody = { query: PRODUCTS, operationName: 'ProductsPage' };
    const productVars = { slug: 'ethereum-classic-key' };
    const productBody = { query: PRODUCT, variables: productVars };
    /** What a client asking over GET sends: Apollo's CSRF prevention answers GET only with it (or a JSON type). */
    const preflight = { 'apollo-require-preflight': 'true' };
    const cachedReads = [
      { key: 'catalogue', query: PRODUCTS, operationName: 'ProductsPage', variables: {}, body: productsBody },
      { key: 'product', query: PRODUCT, operationName: 'ProductDetailPage', variables: productVars, body: productBody },
    ];
    /**
     * The store's GET of a persisted query: registered with its text, then asked by hash alone. Null, with the
     * reason logged, when the store does not answer it with 200, an ETag and a Cache-Control (a build without the
     * GET path: Apollo answers GET there too, but only with Express's own ETag, no Cache-Control and no 304).
     */
    const storeGet = async (read) => {
      await rawRequest(persistedQueryUrl(gqlUrl, read, { register: true }), { headers: preflight });
      const url = persistedQueryUrl(gqlUrl, read);
      const answer = await rawRequest(url, { headers: preflight });
      const etag = answer.headers.etag;
      const cacheControl = answer.headers['cache-control'];
      if (answer.status !== 200 || answer.text.includes('"errors"') || !etag || !cacheControl) {
        log(
          `  ${read.operationName} over GET: answered ${answer.status} with ETag ${etag ?? 'none'} and ` +
            `Cache-Control ${cacheControl ?? 'none'} (${answer.text.slice(0, 80).trim()}…): not this bench's GET path ` +
            '(an older build); its GET rows are skipped',
        );
        return null;
      }
      return { url, etag, text: answer.text, headers: { etag, 'cache-control': cacheControl } };
    };
    let memoryServer = null;
    /**
     * The memory server, given the store's own bytes for both cached reads (POST and, where the store has it, GET):
     * `{ url, pid, getUrl(read), storeGets: { catalogue, product } (each null without the GET path), stop() }`.
     */
    const memoryBaseline = async () => {
      if (memoryServer) return memoryServer;
      const given = { post: {}, get: {} };
      const gets = {};
      for (const read of cachedReads) {
        given.post[read.operationName] = await rawPostOk(gqlUrl, read.body);
        gets[read.key] = await storeGet(read);
        if (gets[read.key])
          given.get[read.operationName] = { body: gets[read.key].text, headers: gets[read.key].headers };
      }
      const file = path.join(os.tmpdir(), `store-bench-memory-${randomBytes(4).toString('hex')}.json`);
      fs.writeFileSync(file, JSON.stringify(given));
      cleanups.push(async () => fs.rmSync(file, { force: true }));
      const memoryPort = await freePort();
      const child = await startChild(
        'The memory baseline server',
        path.join(root, 'bench/memory-server.mjs'),
        { PATH: process.env.PATH, PORT: String(memoryPort), MEMORY_RESPONSES: file },
        async (output) => output.includes('listening'),
      );
      cleanups.unshift(() => child.stop());
      const memoryUrl = `http://127.0.0.1:${memoryPort}/graphql`;
      // It must send what it was given, for either method.
      for (const read of cachedReads) {
        assertSameText(
          `Memory baseline, ${read.key}`,
          given.post[read.operationName],
          await rawPostOk(memoryUrl, read.body),
        );
        const got = await rawRequest(persistedQueryUrl(memoryUrl, read), { headers: preflight });
        assertSameText(
          `Memory baseline GET, ${read.key}`,
          gets[read.key]?.text ?? given.post[read.operationName],
          got.text,
        );
      }
      memoryServer = {
        url: memoryUrl,
        pid: child.pid,
        getUrl: (read) => persistedQueryUrl(memoryUrl, read),
        storeGets: gets,
        stop: () => child.stop(),
      };
      return memoryServer;
    };
    /**
     * One cached read against the memory baseline: POST rows, then GET rows (the memory server's GET always, to know
     * its ceiling; the store's when it has the GET path). Results go to results.cached[read.key].
     */
    const measureCachedRead = async (read, label) => {
      const memory = await memoryBaseline();
      const cached = (results.cached ??= {});
      const row = (cached[read.key] = {});
      log(`${label}: memory baseline…`);
      row.memory = await load({ url: memory.url, body: read.body, ...loadSettings, pid: memory.pid });
      log(`${label}: memory baseline GET…`);
      row.memoryGet = await load({
        url: memory.getUrl(read),
        method: 'GET',
        headers: preflight,
        ...loadSettings,
        pid: memory.pid,
      });
      const get = memory.storeGets?.[read.key];
      if (!get) {
        row.getSkipped = true;
        return;
      }
      log(`${label}: store GET (persisted query)…`);
      row.get = await load({ url: get.url, method: 'GET', headers: preflight, ...loadSettings, pid: server.pid });
    };

    // --- --compare-dist: another build beside this one, on a database of its own on the same server (its schema may
    // be older), seeded alike (same ids, same tokens). Started by the first section that compares.
    let comparedStore = null;
    const compared = async () => {
      if (comparedStore) return comparedStore;
      const otherPort = await freePort();
      const otherDatabase = await database.sibling();
      cleanups.push(() => otherDatabase.drop());
      const other = await startStore('The compared server', compareDist, otherPort, otherDatabase.url);
      log('Compared build up; seeding its database…');
      const { client: otherClient } = await seeded(otherDatabase.url);
      comparedStore = { url: `http://127.0.0.1:${otherPort}/graphql`, pid: other.pid, client: otherClient };
      return comparedStore;
    };
    const self = { url: gqlUrl, pid: server.pid, client };
    const medianOf = (list) => [...list].sort((a, b) => a.rps - b.rps)[Math.floor((list.length - 1) / 2)];
    /**
     * This build's measure of a row: `measure(target)` on this store; with --compare-dist, on this build and the
     * compared one in alternating rounds (--rounds each), so that both see the machine as it was; the median round of
     * each, the other's kept in results.pairs[key] with every round.
     */
    const paired = async (key, label, measure) => {
      if (!compareDist) return measure(self);
      const other = await compared();
      await measure(other); // once first: the compared store's caches and compiled queries, as this one's are
      const rounds = { self: [], other: [] };
      for (let round = 1; round <= settings.rounds; round++) {
        for (const [name, target] of [
          ['self', self],
          ['other', other],
        ]) {
          const result = await measure(target);
          rounds[name].push(result);
          log(
            `  ${label}, round ${round}, ${name === 'self' ? 'this build' : 'compared build'}: ${fmt(result.rps, 0)} req/s`,
          );
        }
      }
      const mine = medianOf(rounds.self);
      (results.pairs ??= {})[key] = {
        label,
        self: { ...mine, rounds: rounds.self.map((r) => r.rps), cpus: rounds.self.map((r) => r.cpu.server) },
        other: {
          ...medianOf(rounds.other),
          rounds: rounds.other.map((r) => r.rps),
          cpus: rounds.other.map((r) => r.cpu.server),
        },
      };
      return mine;
    };

    if (want('catalogue')) {
      // --- Catalogue: baseline first, then the store, on the same table --------------------------------
      const baseline = await rawBaseline();
      await sameAnswers('Catalogue', productsBody);
      log('Catalogue: baseline…');
      results.baseline = await load({ url: baseline.url, body: productsBody, ...loadSettings, pid: baseline.pid });
      log('Catalogue: store…');
      results.products = await paired('products', 'Catalogue `products`', (target) =>
        load({ url: target.url, body: productsBody, ...loadSettings, pid: target.pid }),
      );
      await measureCachedRead(cachedReads[0], 'Catalogue');
      const get = memoryServer.storeGets?.catalogue;
      if (get) {
        // A client that has the answer asks again with its ETag and is told it has not changed.
        const conditional = { ...preflight, 'if-none-match': get.etag };
        const first = await rawRequest(get.url, { headers: conditional });
        if (first.status !== 304) {
          // Not measured, and the table says so with a **no**: the rest of the run is still worth having.
          log(`  A GET with If-None-Match: ${get.etag} answered ${first.status}, not 304; the 304 row is not measured`);
          results.cached.catalogue.notModifiedStatus = first.status;
        } else {
          log('Catalogue: conditional GET (304)…');
          results.cached.catalogue.notModified = await load({
            url: get.url,
            method: 'GET',
            headers: conditional,
            expectStatus: 304,
            ...loadSettings,
            pid: server.pid,
          });
        }
      }
    }

    if (want('product')) {
      log('Product page…');
      if (!(await gqlOk(gqlUrl, PRODUCT, productVars)).product) throw new Error('product(slug) returned null');
      results.product = await load({ url: gqlUrl, body: productBody, ...loadSettings, pid: server.pid });
      await measureCachedRead(cachedReads[1], 'Product page');
    }
    await memoryServer?.stop();

    if (want('dashboard')) {
      log('Dashboard…');
      // The first customer: the seed gives every customer orders/customers orders (10 by default), two
      // certificates and two tickets (bench/lib/seed.mjs).
      const dashboardToken = token(customerIds[0]);
      const dashboardBody = { query: DASHBOARD, operationName: 'DashboardPage' };
      const headers = { authorization: `Bearer ${dashboardToken}` };
      const { me } = JSON.parse(await sameAnswers('Dashboard', dashboardBody, headers)).data;
      if (!me.orders.length || !me.certificates.length || !me.tickets.length) {
        throw new Error(
          `The dashboard's customer has ${me.orders.length} orders, ${me.certificates.length} certificates and ` +
            `${me.tickets.length} tickets: the bench needs some of each`,
        );
      }
      const baseline = await rawBaseline();
      log('Dashboard: baseline…');
      results.dashboardBaseline = await load({
        url: baseline.url,
        body: dashboardBody,
        headers,
        ...loadSettings,
        pid: baseline.pid,
      });
      log('Dashboard: store…');
      results.dashboard = await paired('dashboard', 'Dashboard', (target) =>
        load({ url: target.url, body: dashboardBody, headers, ...loadSettings, pid: target.pid }),
      );
      Object.assign(results.dashboard, {
        orders: me.orders.length,
        certificates: me.certificates.length,
        tickets: me.tickets.length,
      });
    }

    if (want('admin')) {
      log('Admin queue…');
      const adminHeaders = { authorization: `Bearer ${adminToken()}` };
      const deepCursor = await cursorAfter(client, settings.deepOffset);
      const firstBody = { query: ADMIN_ORDERS, variables: { after: null }, operationName: 'AdminOrders' };
      const deepBody = { query: ADMIN_ORDERS, variables: { after: deepCursor }, operationName: 'AdminOrders' };
      await sameAnswers('Admin queue, first page', firstBody, adminHeaders);
      const deep = JSON.parse(await sameAnswers('Admin queue, deep page', deepBody, adminHeaders)).data.adminOrders;
      if (deep.edges.length !== 20) throw new Error('The deep admin page is not a full page');
      const baseline = await rawBaseline();
      for (const [key, body] of [
        ['adminFirst', firstBody],
        ['adminDeep', deepBody],
      ]) {
        log(`Admin queue, ${key === 'adminFirst' ? 'first' : 'deep'} page: baseline, then store…`);
        results[`${key}Baseline`] = await load({
          url: baseline.url,
          body,
          headers: adminHeaders,
          ...adminLoadSettings,
          pid: baseline.pid,
        });
        results[key] = await paired(
          key,
          `Admin queue, ${key === 'adminFirst' ? 'first' : 'deep'} page`,
          async (target) => {
            // The deep page's cursor is of the target's own rows (created_at follows each seed's clock).
            const targetBody =
              key === 'adminFirst'
                ? body
                : { ...body, variables: { after: await cursorAfter(target.client, settings.deepOffset) } };
            return load({
              url: target.url,
              body: targetBody,
              headers: adminHeaders,
              ...adminLoadSettings,
              pid: target.pid,
            });
          },
        );
      }
    }
    await rawBaselineServer?.stop();

    if (want('tickets')) {
      log(`Ticket queue: seeding ${settings.tickets} tickets…`);
      const queue = await benchTicketQueue(client, settings.tickets);
      const ticketHeaders = { authorization: `Bearer ${adminToken()}` };
      const ticketLoad = async (variables) => {
        const page = (await gqlOk(gqlUrl, ADMIN_TICKETS, variables, adminToken())).adminTickets;
        if (page.edges.length !== 20) throw new Error('A ticket queue page is not a full page');
        return load({
          url: gqlUrl,
          body: { query: ADMIN_TICKETS, variables },
          headers: ticketHeaders,
          connections: settings.adminConnections,
          duration: settings.duration,
          pid: server.pid,
        });
      };
      results.ticketCount = queue.total;
      results.ticketsFirst = await ticketLoad({ after: null });
      results.ticketsDeep = await ticketLoad({ after: queue.deepCursor });
      results.ticketsFiltered = await ticketLoad({ status: 'OPEN', after: queue.openHalfCursor });
    }

    if (want('customers')) {
      log('Customers and sales overview…');
      results.customers = await benchCustomersAndSales({
        gqlUrl,
        gqlOk,
        client,
        load,
        pid: server.pid,
        adminToken: adminToken(),
        customers: settings.customers,
        connections: settings.adminConnections,
        duration: settings.duration,
      });
    }

    if (want('checkout')) {
      log('Checkout…');
      // A product delivered by hand: the checkout as it was before licence keys (the inventory section compares).
      const productOn = async (db) => (await addBenchProducts(db)).manual;
      const checkoutOn = (target) =>
        checkoutLoad({
          url: target.url,
          tokens: customerIds.slice(0, settings.checkoutConnections).map((id) => token(id)),
          productId: target.productId,
          png: noisePng(),
          connections: settings.checkoutConnections,
          duration: settings.duration,
          pid: target.pid,
        });
      const selfTarget = { ...self, productId: await productOn(client) };
      if (!compareDist) {
        results.checkout = await checkoutOn(selfTarget);
      } else {
        // Rounds alternate so that the machine's drift over the run falls on both builds alike.
        const other = await compared();
        const otherTarget = { ...other, productId: await productOn(other.client) };
        const rounds = { self: [], other: [] };
        for (let round = 1; round <= settings.rounds; round++) {
          for (const [name, target] of [
            ['self', selfTarget],
            ['other', otherTarget],
          ]) {
            const result = await checkoutOn(target);
            rounds[name].push(result);
            log(
              `  round ${round}, ${name === 'self' ? 'this build' : 'compared build'}: ${fmt(result.rps, 1)} orders/s`,
            );
            // What a checkout leaves to do after its answer (the engine's jobs) finishes before the next round.
            await new Promise((resolve) => setTimeout(resolve, 2000));
          }
        }
        results.checkout = medianOf(rounds.self);
        results.compared = { ...medianOf(rounds.other), rounds: rounds.other.map((r) => r.rps) };
        results.checkout.rounds = rounds.self.map((r) => r.rps);
      }
      for (const r of [results.checkout, results.compared]) {
        if (r?.firstError) log(`  first checkout failure: ${r.firstError}`);
      }
    }

    if (want('inventory')) {
      log('Inventory…');
      results.inventory = await benchInventory({ gqlUrl, client, pid: server.pid, customerIds, token, adminToken });
    }

    if (want('payments')) {
      log('Payments on chain…');
      results.payments = await benchPayments({ startStore, seeded, database, cleanups });
    }

    if (want('fanout')) {
      log('Live fan-out…');
      // Each customer's newest order that has not ended unpaid: moving a cancelled or unpaid-ended order to
      // PROCESSING or COMPLETED reopens it, which for a product stocked by licence keys reserves keys again and is
      // refused when there are none (docs/order-lifecycle.md): the store's rule, not the fan-out this measures.
      const { sql: e } = await storedSpelling(client);
      const { rows: fanoutOrders } = await client.query(
        `SELECT DISTINCT ON (user_id) user_id, id, upper(status::text) AS status FROM orders
         WHERE user_id = ANY($1::uuid[]) AND status NOT IN (${e('CANCELLED', 'NOT_RECEIVED')})
         ORDER BY user_id, created_at DESC, id DESC`,
        [customerIds.slice(0, settings.clients)],
      );
      results.fanout = await runFanout({
        httpUrl: url,
        wsUrl: `ws://127.0.0.1:${port}/graphql`,
        pid: server.pid,
        customers: fanoutOrders.map((o) => ({ token: token(o.user_id), orderId: o.id, status: o.status })),
        adminToken: adminToken(),
        admins: settings.admins,
        concurrency: settings.fanoutConcurrency,
        metricsToken,
        log,
      });
      if (results.fanout.firstError) log(`  first fan-out error: ${results.fanout.firstError}`);
    }

    if (want('soak')) {
      log('Soak…');
      results.soak = await runSoak({
        startStore,
        seeded,
        database,
        cleanups,
        freePort,
        loadChainFixtures,
        root,
        serverBuild,
        addBenchProducts,
        token,
        customerCount: settings.customers,
        durationSeconds: settings.soakSeconds,
        // A minute, or a twentieth of a shorter run.
        sampleSeconds: Math.min(60, Math.max(5, Math.round(settings.soakSeconds / 20))),
        samplesFile: process.env.SOAK_SAMPLES_FILE,
        log,
      });
    }

    if (want('pages')) {
      log('Rendered pages…');
      results.pages = await benchPages({ url, pid: server.pid });
    }

    log(`  server RSS now ${fmt(rssMb(server.pid), 0)} MB`);
    if (server.output().trim()) log(`Server output:\n${server.output().trim().slice(-2000)}`);
  } finally {
    for (const cleanup of cleanups) await cleanup().catch((error) => log(`cleanup: ${error}`));
  }

  if (want('web')) {
    const web = measureWebSize(webDist);
    if (web) results.web = web;
  }
  // A soak alone has no rows for the table: it prints its own.
  if (!only.every((section) => ON_REQUEST.includes(section))) process.stdout.write(`\n${table(results, info)}\n`);
  if (results.lighthouse) process.stdout.write(`\n${lighthouseTable(results.lighthouse, fmt)}\n`);
  if (results.soak) {
    const end = os
      .loadavg()
      .map((v) => v.toFixed(2))
      .join(' ');
    process.stdout.write(
      `\n${info.date}; ${info.cores} cores (${info.cpu}), Node ${info.node}, ${info.database}; ` +
        `load average at start ${info.load}, at the end ${end}.\n${soakLines(results.soak)}\n`,
    );
    // A soak with an error, or memory that keeps growing, fails the run.
    if (results.soak.errors || results.soak.rss?.flat === false || results.soak.heap?.flat === false)
      process.exitCode = 1;
  }
  log(`Finished in ${((performance.now() - started) / 1000).toFixed(0)} s.`);
}

main().catch((error) => {
  log(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
});
