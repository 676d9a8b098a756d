#!/usr/bin/env node
/**
 * `npm run chaos [-- --quick]`: the production shape (scripts/lib/cluster.mjs: nginx, three API replicas, a worker)
 * on a private PostgreSQL, under a mixed load through nginx, while faults come one after another
 * (docs/deployment.md "Chaos run"):
 *   1. a replica killed with SIGKILL, then started again;
 *   2. the worker killed with SIGKILL, then started again;
 *   3. PostgreSQL restarted (the private server this run started; never the machine's own);
 *   4. the LISTEN connection of every replica's live-update bus cut without closing (a TCP proxy, BUS_DATABASE_URL,
 *      that stops forwarding);
 *   5. all replicas and the worker started at the same moment on an empty database.
 * The load: browsing (pages, catalogue), sign-ups, checkouts with and without a payment proof, with and without an
 * idempotency key (retried with it after an unknown outcome), staff confirming and cancelling orders, WebSocket
 * clients on their orders and on the staff feed, and chain payments: ETH on anvil (a real local chain), USDT (TRC-20)
 * on the TronGrid fixture (tests/support/chain-fixtures), read by the worker's polls; mail goes to a real SMTP server.
 * Then it checks and prints: every acknowledged order exists once with its first event, no idempotency key in two
 * orders, no licence key in two orders and every paid keyed order holding its keys, every job ran (queue drained,
 * nothing failed) and every mail was sent once, every live client holds the final state of its order, and the time
 * each fault took to recover from. Exits 1 on any loss.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { clearInterval, setInterval } from 'node:timers';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { parseUnits } from 'viem';
import { loadChainFixtures } from '../bench/lib/chain-fixtures.mjs';
import { noisePng } from '../bench/lib/png.mjs';
import {
  buildIfStale,
  ensureNginx,
  runDirectory,
  startCluster,
  startPrivatePostgres,
  startSilenceableProxy,
  statusOf,
  waitFor,
} from './lib/cluster.mjs';
import { gql, LiveClient } from './lib/chaos-clients.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    customers: { type: 'string' },
    'phase-seconds': { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
});
const QUICK = args.quick;
const CUSTOMERS = Number(args.customers ?? (QUICK ? 10 : 24));
/** Load after each fault's recovery before the next fault. */
const PHASE_SECONDS = Number(args['phase-seconds'] ?? (QUICK ? 12 : 45));
const RECOVERY_LIMIT_MS = 90_000;
const started = Date.now();
const log = (message) => console.log(`[chaos ${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s] ${message}`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const pick = (list) => list[Math.floor(Math.random() * list.length)];

const ADMIN = { email: 'chaos-admin@example.com', password: 'ChaosAdmin1pass' };
const PAY = {
  BTC: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  ETH: '0x742d35Cc6634C0532925a3b844Bc454e4438f44e',
  USDT_TRC20: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
};
const USDT_CONTRACT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

const SIGN_UP = `mutation ($input: SignUpInput!) { signUp(input: $input) { accessToken } }`;
const SIGN_IN = `mutation ($input: SignInInput!) { signIn(input: $input) { accessToken } }`;
const PRODUCTS = `{ products { id name slug price minQuantity } }`;
const PLACE_ORDER = `mutation ($input: PlaceOrderInput!, $proof: Upload) {
  placeOrder(input: $input, proof: $proof) { id status paymentMethod paymentAmountCrypto cryptoAddress }
}`;
const SET_STATUS = `mutation ($id: ID!, $status: OrderStatus!) { setOrderStatus(orderId: $id, status: $status) { id status } }`;
const ORDER_UPDATED = `subscription ($id: ID!) { orderUpdated(orderId: $id) { id status } }`;
const ADMIN_FEED = `subscription { adminOrderFeed { ready order { id status } } }`;

// ---------------------------------------------------------------------------------------------------------------
// What the run saw, checked at the end.

/** Acknowledged orders by id: { id, customer, key, kind, method, lastSeen (its customer's socket) }. */
const acked = new Map();
/** Idempotency key → the order ids its acknowledged answers named (one expected). */
const keyAnswers = new Map();
const stats = { requests: 0, unknown: 0, refused: 0, refusals: new Map(), signUps: 0, browse: 0, statusChanges: 0 };
const failures = [];
const faults = [];
let loadRunning = true;
/** Errors seen by clients while a fault was being recovered from, by fault name. */
let currentFault = null;

function note(result, what) {
  stats.requests++;
  if (result.outcome === 'unknown') {
    stats.unknown++;
    if (currentFault) currentFault.unknown++;
  } else if (result.outcome === 'refused') {
    stats.refused++;
    const key = `${what}: ${result.errors?.[0]?.message ?? '?'}`.slice(0, 140);
    stats.refusals.set(key, (stats.refusals.get(key) ?? 0) + 1);
  }
  return result;
}

// ---------------------------------------------------------------------------------------------------------------
// The parts: PostgreSQL, the bus's proxy, SMTP, chains, the cluster.

buildIfStale(root, log);
ensureNginx(log);
const dir = runDirectory('chaos');
log(`run directory ${dir} (logs in ${dir}/logs)`);
const cleanups = [];
async function cleanup() {
  for (const step of cleanups.reverse()) await step().catch(() => undefined);
  if (!args.keep && failures.length === 0) fs.rmSync(dir, { recursive: true, force: true });
}
process.on('SIGINT', () => cleanup().then(() => process.exit(130)));
// A broken run still stops what it started (PostgreSQL, anvil, the fixtures; the cluster's processes die with it).
process.on('uncaughtException', (error) => {
  console.error(error);
  failures.push(error.message);
  cleanup().finally(() => process.exit(1));
});

const postgres = await startPrivatePostgres(dir);
cleanups.push(() => postgres.stop());
await postgres.createDatabase('store_a');
const busProxy = await startSilenceableProxy(postgres.port);
cleanups.push(() => busProxy.close());
const busUrl = (database) => `postgres://postgres:postgres@127.0.0.1:${busProxy.port}/${database}`;
log(`private PostgreSQL on port ${postgres.port}; the bus LISTENs through a proxy on ${busProxy.port}`);

/** Every mail the store sent, by recipient, subject and text: a message sent twice counts 2. */
const mails = new Map();
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    simpleParser(stream).then(
      (mail) => {
        const key = `${session.envelope.rcptTo.map((r) => r.address).join(',')}|${mail.subject}|${mail.text}`;
        mails.set(key, (mails.get(key) ?? 0) + 1);
        callback();
      },
      (error) => callback(error),
    );
  },
});
// A sender killed mid-message (the worker's SIGKILL) resets its connection: that is the fault, not the server's.
smtp.on('error', () => undefined);
const smtpPort = await new Promise((resolve) => smtp.listen(0, '127.0.0.1', () => resolve(smtp.server.address().port)));
cleanups.push(() => new Promise((resolve) => smtp.close(resolve)));

log('compiling and starting the chain fixtures (anvil, TronGrid fixture)…');
const { startTronFixture, startAnvil } = loadChainFixtures(root);
const anvil = await startAnvil();
cleanups.push(() => anvil.close());
const tron = await startTronFixture({ contract: USDT_CONTRACT });
cleanups.push(() => tron.close());

const env = {
  NODE_ENV: 'development',
  LOG_LEVEL: 'info',
  JWT_SECRET: randomBytes(48).toString('base64url'),
  KEYS_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  DATA_DIR: path.join(dir, 'data'),
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  SEED_DEMO_DATA: 'true',
  CAPTCHA: 'off',
  PAY_ADDRESS_BTC: PAY.BTC,
  PAY_ADDRESS_ETH: PAY.ETH,
  PAY_ADDRESS_USDT_TRC20: PAY.USDT_TRC20,
  ETH_RPC_URL: anvil.url,
  TRON_API_URL: tron.url,
  USDT_TRC20_CONTRACT: USDT_CONTRACT,
  CONFIRMATIONS_ETH: '2',
  CONFIRMATIONS_TRON: '1',
  PAYMENT_POLL_SECONDS: '1',
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  PUBLIC_URL: 'http://store.example.test',
  // Faults are noticed in seconds, not the production defaults' tens of seconds.
  BUS_KEEPALIVE_SECONDS: '2',
  BUS_KEEPALIVE_TIMEOUT_SECONDS: '2',
  JOBS_DEAD_WORKER_SECONDS: '6',
  // Every client comes from 127.0.0.1: the per-IP throttles would stop the run, not an attacker.
  AUTH_RATE_LIMIT: '1000000',
  ORDER_RATE_LIMIT: '1000000',
  PROOF_ORDER_RATE_LIMIT_PER_IP: '1000000',
  TRANSACTION_ID_RATE_LIMIT_PER_IP: '1000000',
};

let cluster;
try {
  cluster = await startCluster({
    root,
    databaseUrl: postgres.url('store_a'),
    busDatabaseUrl: busUrl('store_a'),
    replicas: 3,
    env,
    log,
    dir,
  });
} catch (error) {
  log(`the cluster did not start: ${error.message}`);
  await cleanup();
  process.exit(1);
}
cleanups.push(() => cluster.stop());
const graphqlUrl = `${cluster.url}/graphql`;
log(`cluster up at ${cluster.url}`);

let db = new pg.Pool({ connectionString: postgres.url('store_a'), max: 3 });
db.on('error', () => undefined);
cleanups.push(() => db.end());
/** A query that rides out PostgreSQL's restart. */
async function query(sql, params) {
  for (let attempt = 0; ; attempt++) {
    try {
      return (await db.query(sql, params)).rows;
    } catch (error) {
      if (attempt > 60) throw error;
      await sleep(500);
    }
  }
}

// graphile-worker gives up a running job whose key is added again (add_job clears its key and sets attempts to
// max_attempts; the new job does the work): the payments poll does this every run, when it queues its next one. A
// superseded job that then dies with its process (SIGKILL, a PostgreSQL restart before its end is recorded) stays in
// the table looking failed. These triggers (the run's own instrument, not the store's) record each supersede, and
// whether the superseded job then failed (graphile-worker's fail moves run_at on; freeing a dead worker's lock does
// not): the check below excuses only a superseded job that never failed. Idempotent, as query() may retry it.
await query(`
  CREATE SCHEMA IF NOT EXISTS chaos;
  CREATE TABLE IF NOT EXISTS chaos.superseded_jobs (job_id bigint PRIMARY KEY, failed boolean NOT NULL DEFAULT false);
  CREATE OR REPLACE FUNCTION chaos.record_superseded() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN INSERT INTO chaos.superseded_jobs VALUES (NEW.id) ON CONFLICT DO NOTHING; RETURN NEW; END $$;
  CREATE OR REPLACE FUNCTION chaos.record_failed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN UPDATE chaos.superseded_jobs SET failed = true WHERE job_id = NEW.id; RETURN NEW; END $$;
  CREATE OR REPLACE TRIGGER chaos_superseded AFTER UPDATE ON graphile_worker._private_jobs FOR EACH ROW
    WHEN (OLD.key IS NOT NULL AND NEW.key IS NULL AND OLD.locked_at IS NOT NULL AND NEW.attempts = NEW.max_attempts)
    EXECUTE FUNCTION chaos.record_superseded();
  CREATE OR REPLACE TRIGGER chaos_failed AFTER UPDATE ON graphile_worker._private_jobs FOR EACH ROW
    WHEN (OLD.locked_at IS NOT NULL AND NEW.locked_at IS NULL AND NEW.run_at IS DISTINCT FROM OLD.run_at)
    EXECUTE FUNCTION chaos.record_failed();`);

const products = await query(`
  SELECT p.id, p.slug, p.fulfilment, p.min_quantity,
         (SELECT count(*)::int FROM product_keys k WHERE k.product_id = p.id AND k.status = 'AVAILABLE') AS keys
  FROM products p WHERE p.min_quantity = 1 AND p.active ORDER BY keys DESC`);
// Keyed checkouts go round the keyed products with stock (a few hundred demo keys each), so stock lasts the run.
const keyedProducts = products.filter((p) => p.fulfilment === 'KEYS' && p.keys >= 100);
const keyedIds = new Set(keyedProducts.map((p) => p.id));
let keyedTurn = 0;
const keyedProduct = () => keyedProducts[keyedTurn++ % keyedProducts.length];
const manualProduct = products.find((p) => p.fulfilment === 'MANUAL');
if (keyedProducts.length === 0 || !manualProduct)
  throw new Error('The demo catalogue has no keyed and manual product to sell');
// The demo's products delivered by hand are out of stock: staff put one back on sale, as a seller would.
const adminTokenRef = { token: await signIn(ADMIN.email, ADMIN.password) };
const restocked = await gql(
  graphqlUrl,
  `mutation ($id: ID!) { setProductStock(productId: $id, inStock: true) { id } }`,
  { id: manualProduct.id },
  { token: adminTokenRef.token },
);
if (restocked.outcome !== 'ok') throw new Error(`setProductStock failed: ${JSON.stringify(restocked.errors)}`);
log(
  `selling ${keyedProducts.length} keyed products (${keyedProducts.reduce((n, p) => n + p.keys, 0)} keys in stock) and one delivered by hand`,
);

// ---------------------------------------------------------------------------------------------------------------
// The load.

const proofFile = { name: 'proof.png', type: 'image/png', bytes: noisePng(40_000) };
const runId = randomBytes(3).toString('hex');

async function signIn(email, password) {
  for (let attempt = 0; attempt < 200; attempt++) {
    const result = note(await gql(graphqlUrl, SIGN_IN, { input: { email, password } }), 'signIn');
    if (result.outcome === 'ok') return result.data.signIn.accessToken;
    await sleep(300);
  }
  throw new Error(`${email} could not sign in`);
}

/** Signs up (again after an unknown outcome; an address taken by our own first try means signing in). */
async function signUp(email, password) {
  for (let attempt = 0; attempt < 200; attempt++) {
    const result = note(
      await gql(graphqlUrl, SIGN_UP, { input: { email, password, fullName: 'Chaos Customer' } }),
      'signUp',
    );
    if (result.outcome === 'ok') {
      stats.signUps++;
      return result.data.signUp.accessToken;
    }
    if (result.outcome === 'refused' && attempt > 0) return signIn(email, password);
    await sleep(300);
  }
  throw new Error(`${email} could not sign up`);
}

/** The kinds of checkout, in turn: which product, method, proof and key. Chain methods are paid on their chain. */
const KINDS = [
  { kind: 'keys+proof+key', product: keyedProduct, method: 'BTC', proof: true, keyed: true },
  { kind: 'manual+key', product: () => manualProduct, method: 'BTC', proof: false, keyed: true },
  { kind: 'eth-paid+key', product: () => manualProduct, method: 'ETH', proof: false, keyed: true },
  { kind: 'trc20-paid-keys+key', product: keyedProduct, method: 'USDT_TRC20', proof: false, keyed: true },
  { kind: 'manual', product: () => manualProduct, method: 'BTC', proof: false, keyed: false },
  { kind: 'keys+proof', product: keyedProduct, method: 'BTC', proof: true, keyed: false },
];

/** Pays an order on its chain: ETH from an anvil account, USDT on the TRON fixture; blocks come from `miner`. */
async function pay(order, index) {
  if (order.paymentMethod === 'ETH') {
    const from = anvil.accounts[1 + (index % 8)];
    await anvil.send(from, order.cryptoAddress.toLowerCase(), parseUnits(order.paymentAmountCrypto, 18));
  } else if (order.paymentMethod === 'USDT_TRC20') {
    tron.transfer({ to: order.cryptoAddress, value: parseUnits(order.paymentAmountCrypto, 6) });
  }
}

const liveClients = [];
let checkoutCount = 0;

async function customer(index) {
  const email = `chaos-${runId}-${index}@example.com`;
  const password = 'ChaosCust0mer';
  const token = await signUp(email, password);
  // A socket holds at most WS_MAX_SUBSCRIPTIONS_PER_CONNECTION (20) subscriptions: a new one (a new tab) every 15 orders.
  let live = null;
  let watched = 0;
  while (loadRunning) {
    // Browsing: the home page (server-rendered), a built asset through nginx, the catalogue.
    stats.browse++;
    const page = await statusOf(`${cluster.url}/`, 10_000);
    if (page !== 200) note({ outcome: 'unknown' }, 'GET /');
    note(await gql(graphqlUrl, PRODUCTS), 'products');
    const shape = KINDS[checkoutCount++ % KINDS.length];
    const key = shape.keyed ? `chaos-${runId}-${index}-${checkoutCount}` : undefined;
    const input = {
      productId: shape.product().id,
      quantity: 1,
      paymentMethod: shape.method,
      email,
      idempotencyKey: key,
    };
    let order = null;
    // An unknown outcome is retried with the same key (that is what the key is for); without a key it is left.
    for (let attempt = 0; attempt < (shape.keyed ? 60 : 1) && !order; attempt++) {
      if (attempt > 0) await sleep(500);
      const result = note(
        await gql(graphqlUrl, PLACE_ORDER, { input }, { token, file: shape.proof ? proofFile : undefined }),
        'placeOrder',
      );
      if (result.outcome === 'ok') order = result.data.placeOrder;
      else if (result.outcome === 'refused') break;
    }
    if (order) {
      if (key) {
        if (!keyAnswers.has(key)) keyAnswers.set(key, new Set());
        keyAnswers.get(key).add(order.id);
      }
      if (!acked.has(order.id)) {
        const record = { id: order.id, customer: email, key, kind: shape.kind, method: shape.method, lastSeen: null };
        acked.set(order.id, record);
        if (watched++ % 15 === 0) {
          live = new LiveClient(cluster.wsUrl, token);
          liveClients.push(live);
        }
        live.subscribe(ORDER_UPDATED, { id: order.id }, (data) => (record.lastSeen = data.orderUpdated.status));
        await pay(order, index).catch((error) => failures.push(`paying ${order.id}: ${error.message}`));
      }
    }
    // A customer thinks between checkouts: the load is meant to run beside others on a shared 2-core machine.
    await sleep(1500 + Math.random() * 2000);
  }
}

/** Staff: confirm (or cancel) orders paid by hand, and watch the order feed. */
const adminFeeds = [];
async function admin(index) {
  const token = await signIn(ADMIN.email, ADMIN.password);
  const feed = { readyAt: 0, lastSeen: new Map(), client: null };
  feed.client = new LiveClient(cluster.wsUrl, token);
  feed.client.subscribe(ADMIN_FEED, {}, (data) => {
    const message = data.adminOrderFeed;
    if (message.ready) feed.readyAt = Date.now();
    else feed.lastSeen.set(message.order.id, message.order.status);
  });
  adminFeeds.push(feed);
  liveClients.push(feed.client);
  while (loadRunning) {
    await sleep(400 + Math.random() * 600);
    const pending = [...acked.values()].filter((o) => o.method === 'BTC' && !o.decided && o.lastSeen === 'PENDING');
    if (pending.length === 0) continue;
    const order = pick(pending);
    order.decided = true;
    const status = Math.random() < 0.75 ? 'SUCCESS' : 'CANCELLED';
    const result = note(await gql(graphqlUrl, SET_STATUS, { id: order.id, status }, { token }), 'setOrderStatus');
    if (result.outcome === 'ok') stats.statusChanges++;
    // An unknown outcome is left as it is: the check reads what the database holds.
    void index;
  }
  return token;
}

/** Blocks for the chains: anvil mines one a second (automine puts each payment in its own), TRON solidifies. */
const miner = setInterval(() => {
  anvil.mine(1).catch(() => undefined);
  tron.solidify(1);
}, 1000);
cleanups.push(async () => clearInterval(miner));

// ---------------------------------------------------------------------------------------------------------------
// Faults and recovery.

/** The canary: an order whose status the probe flips and watches from a socket on every replica directly. */
const CANARY_EMAIL = `chaos-${runId}-canary@example.com`;
const canaryTokenRef = { token: await signUp(CANARY_EMAIL, 'ChaosCan4ry') };
const canaryAnswer = note(
  await gql(
    graphqlUrl,
    PLACE_ORDER,
    { input: { productId: manualProduct.id, quantity: 1, paymentMethod: 'BTC', email: CANARY_EMAIL } },
    { token: canaryTokenRef.token },
  ),
  'placeOrder',
);
if (canaryAnswer.outcome !== 'ok') throw new Error(`The canary order failed: ${JSON.stringify(canaryAnswer.errors)}`);
const canary = canaryAnswer.data.placeOrder;
let canaryStatus = 'PENDING';

/**
 * Whether the store works end to end now: every replica ready, a status change made through nginx reaches a socket
 * on each replica within 3 s, and the worker has sent a mail since `since` (ms; the load queues mail all the time, and
 * a mail's job is the worker's).
 */
async function healthy(since = 0) {
  for (const part of cluster.api) {
    if ((await statusOf(`http://127.0.0.1:${part.port}/readyz`)) !== 200) return false;
  }
  const sockets = cluster.api.map((part) => {
    const seen = [];
    const client = new LiveClient(`ws://127.0.0.1:${part.port}/graphql`, canaryTokenRef.token, { retryMs: 60_000 });
    client.subscribe(ORDER_UPDATED, { id: canary.id }, (data) => seen.push(data.orderUpdated.status));
    return { client, seen };
  });
  try {
    // Each socket's first message is the order as it is now.
    await waitFor('canary sockets subscribed', () => sockets.every((s) => s.seen.length > 0), 5000, 50);
    const next = canaryStatus === 'PENDING' ? 'CANCELLED' : 'PENDING';
    const result = await gql(graphqlUrl, SET_STATUS, { id: canary.id, status: next }, { token: adminTokenRef.token });
    if (result.outcome !== 'ok') return false;
    canaryStatus = next;
    await waitFor('canary change seen on every replica', () => sockets.every((s) => s.seen.includes(next)), 3000, 50);
    const [{ sent }] = await db
      .query(`SELECT count(*)::int AS sent FROM notifications WHERE sent_at > to_timestamp($1 / 1000.0)`, [since])
      .then((r) => r.rows);
    return sent > 0;
  } catch {
    return false;
  } finally {
    for (const s of sockets) s.client.close();
  }
}

async function recover(name, inject) {
  const fault = { name, unknown: 0, recoveryMs: null, detail: '' };
  faults.push(fault);
  currentFault = fault;
  log(`fault: ${name}`);
  const t0 = Date.now();
  fault.detail = (await inject()) ?? '';
  const deadline = t0 + RECOVERY_LIMIT_MS;
  while (Date.now() < deadline) {
    if (await healthy(t0)) {
      fault.recoveryMs = Date.now() - t0;
      break;
    }
    await sleep(200);
  }
  currentFault = null;
  if (fault.recoveryMs === null) failures.push(`${name}: not recovered within ${RECOVERY_LIMIT_MS / 1000} s`);
  log(`  ${fault.recoveryMs === null ? 'NOT recovered' : `recovered in ${(fault.recoveryMs / 1000).toFixed(1)} s`}`);
}

await waitFor('the cluster healthy before any fault', () => healthy(), 60_000, 200).catch((error) =>
  failures.push(error.message),
);
log(`load: ${CUSTOMERS} customers, 2 staff, ${PHASE_SECONDS} s between faults`);
const actors = [
  ...Array.from({ length: CUSTOMERS }, (_, i) => customer(i)),
  ...Array.from({ length: 2 }, (_, i) => admin(i)),
].map((actor) => actor.catch((error) => failures.push(`a client stopped: ${error.message}`)));
await sleep(PHASE_SECONDS * 1000);

await recover('API replica killed (SIGKILL) and restarted', async () => {
  const victim = cluster.api[0];
  await victim.stop('SIGKILL');
  victim.start();
  return `${victim.name}`;
});
await sleep(PHASE_SECONDS * 1000);

await recover('worker killed (SIGKILL) and restarted', async () => {
  const [{ locked }] = await query(
    `SELECT count(*)::int AS locked FROM graphile_worker.jobs WHERE locked_at IS NOT NULL`,
  );
  await cluster.worker.stop('SIGKILL');
  cluster.worker.start();
  return `${locked} job(s) locked at the kill`;
});
await sleep(PHASE_SECONDS * 1000);

await recover('PostgreSQL restarted', async () => {
  await postgres.stop();
  await postgres.start();
});
await sleep(PHASE_SECONDS * 1000);

await recover('LISTEN connections silenced (no FIN, no RST)', async () => {
  const silenced = busProxy.silence();
  return `${silenced} connection(s) silenced`;
});
await sleep(PHASE_SECONDS * 1000);

// ---------------------------------------------------------------------------------------------------------------
// The end of the load, and the checks.

log('stopping the load; waiting for jobs and chain payments to settle…');
loadRunning = false;
await Promise.all(actors);
const settleStart = Date.now();
await waitFor(
  'the job queue drained and every paid order settled',
  async () => {
    const [{ due }] = await query(
      `SELECT count(*)::int AS due FROM graphile_worker.jobs WHERE run_at < now() AND attempts < max_attempts
         AND task_identifier NOT LIKE 'payments:poll%'`,
    );
    const [{ undispatched }] = await query(
      `SELECT count(*)::int AS undispatched FROM domain_events WHERE dispatched_at IS NULL`,
    );
    const [{ queued }] = await query(`SELECT count(*)::int AS queued FROM notifications WHERE status = 'QUEUED'`);
    const chainIds = [...acked.values()].filter((o) => o.method !== 'BTC').map((o) => o.id);
    const [{ unpaid }] = await query(
      `SELECT count(*)::int AS unpaid FROM orders WHERE id = ANY($1::uuid[]) AND status = 'PENDING'`,
      [chainIds],
    );
    return due + undispatched + queued + unpaid === 0;
  },
  // Without faults pending, the queue drains in seconds: a wait this long means something will never settle.
  QUICK ? 90_000 : 180_000,
  500,
).catch((error) => failures.push(error.message));
// Live clients that are reconnecting get their orders as they are now.
await waitFor('every live client connected', () => liveClients.every((c) => c.connected), 30_000).catch((error) =>
  failures.push(error.message),
);
await sleep(3000);
log(`settled in ${((Date.now() - settleStart) / 1000).toFixed(1)} s`);

const checks = [];
function check(name, bad, detail) {
  checks.push({ name, ok: bad === 0, detail });
  if (bad !== 0) failures.push(`${name}: ${detail}`);
}

const ids = [...acked.keys()];
const rows = await query(
  `SELECT o.id, o.status, o.user_id, o.idempotency_key, o.quantity, o.product_id, o.updated_at,
          (SELECT count(*)::int FROM order_events e WHERE e.order_id = o.id AND e.from_status IS NULL) AS first_events,
          (SELECT count(*)::int FROM product_keys k WHERE k.order_id = o.id AND k.status = 'DELIVERED') AS keys
   FROM orders o WHERE o.id = ANY($1::uuid[])`,
  [ids],
);
const byId = new Map(rows.map((r) => [r.id, r]));
const missing = ids.filter((id) => !byId.has(id));
check('acknowledged orders exist', missing.length, `${ids.length} acknowledged, ${missing.length} missing`);
const badFirst = rows.filter((r) => r.first_events !== 1);
check('each with one first event', badFirst.length, `${badFirst.length} without exactly one`);
const splitKeys = [...keyAnswers.values()].filter((set) => set.size > 1).length;
const [{ dupKeys }] = await query(
  `SELECT count(*)::int AS "dupKeys" FROM (SELECT 1 FROM orders WHERE idempotency_key IS NOT NULL
     GROUP BY user_id, idempotency_key HAVING count(*) > 1) d`,
);
check(
  'no idempotency key in two orders',
  splitKeys + dupKeys,
  `${keyAnswers.size} keyed checkouts; answers naming two orders ${splitKeys}, keys with two orders ${dupKeys}`,
);
const [{ keysTwice }] = await query(
  `SELECT count(*)::int AS "keysTwice" FROM (SELECT 1 FROM product_keys WHERE order_id IS NOT NULL
     GROUP BY product_id, fingerprint HAVING count(DISTINCT order_id) > 1) d`,
);
const keyedPaid = rows.filter((r) => keyedIds.has(r.product_id) && ['COMPLETED', 'PROCESSING'].includes(r.status));
const shortKeys = keyedPaid.filter((r) => r.keys !== r.quantity);
const [{ delivered }] = await query(`SELECT count(*)::int AS delivered FROM product_keys WHERE status = 'DELIVERED'`);
check(
  'no licence key in two orders; delivered orders hold their keys',
  keysTwice + shortKeys.length,
  `${delivered} keys delivered to ${keyedPaid.length} orders; in two orders ${keysTwice}, orders short ${shortKeys.length}`,
);
const chainOrders = [...acked.values()].filter((o) => o.method !== 'BTC');
const unsettled = chainOrders.filter((o) => !['SUCCESS', 'PROCESSING', 'COMPLETED'].includes(byId.get(o.id)?.status));
check(
  'every chain payment confirmed its order',
  unsettled.length,
  `${chainOrders.length} paid on chain (ETH on anvil, USDT on the TRON fixture); not confirmed ${unsettled.length}`,
);
/** Longer than the worker's poll interval (core/job-queue.ts, 2 s) and a poll's run. */
const JOB_POLL_MARGIN_MS = 10_000;
// Every job left, classified here so the counts and the jobs named in the report are the same rows.
const jobRows = await query(
  `SELECT task_identifier, attempts, max_attempts, locked_by IS NOT NULL AS locked, left(last_error, 300) AS last_error,
          attempts >= max_attempts AS given_up,
          EXISTS (SELECT 1 FROM chaos.superseded_jobs s WHERE s.job_id = j.id AND NOT s.failed) AS excused,
          run_at < $1 AND task_identifier NOT LIKE 'payments:poll%' AS overdue
   FROM graphile_worker.jobs j ORDER BY id`,
  // A job that comes due later than it was added (a payment's settle backstop, 60 s on) is found by the worker's poll
  // (every 2 s), not announced: it counts as left behind once it has waited longer than that.
  [new Date(Date.now() - JOB_POLL_MARGIN_MS)],
);
const failedJobs = jobRows.filter((j) => j.given_up && !j.excused);
const supersededJobs = jobRows.filter((j) => j.given_up && j.excused);
const dueJobs = jobRows.filter((j) => !j.given_up && j.overdue);
const [events] = await query(
  `SELECT count(*)::int AS total, count(*) FILTER (WHERE dispatched_at IS NULL)::int AS undispatched FROM domain_events`,
);
check(
  'every job ran (queue drained, none failed, every domain event dispatched)',
  failedJobs.length + dueJobs.length + events.undispatched,
  `${events.total} domain events, undispatched ${events.undispatched}; jobs failed ${failedJobs.length}, still due ${dueJobs.length}` +
    (supersededJobs.length
      ? `; ${supersededJobs.length} superseded while running and ended by a fault before it finished (not failures)`
      : '') +
    // What a failed or stuck job was, so a red run says which task and why without its database.
    [...failedJobs, ...dueJobs]
      .slice(0, 3)
      .map(
        (j) =>
          ` (${j.task_identifier}: attempt ${j.attempts} of ${j.max_attempts}${j.locked ? ', locked' : ''}, ${j.last_error ?? 'no error'})`,
      )
      .join(''),
);
const [notes] = await query(
  `SELECT count(*)::int AS total, count(*) FILTER (WHERE status = 'SENT')::int AS sent,
          count(*) FILTER (WHERE status <> 'SENT')::int AS other FROM notifications`,
);
const received = [...mails.values()].reduce((a, b) => a + b, 0);
const twice = [...mails.values()].filter((n) => n > 1).length;
check(
  'every mail sent (none lost)',
  notes.other + Math.max(0, notes.sent - mails.size),
  `${notes.total} messages in the outbox, ${notes.sent} marked sent; the SMTP server received ${mails.size} distinct`,
);
// Not a loss: mail is at least once (docs/jobs-and-events.md "E-mail"): a worker killed, or a database gone, between
// the SMTP server's accept and the row's SENT sends that message again.
checks.push({
  name: 'mail sent twice (at least once: a fault between the SMTP accept and SENT)',
  ok: true,
  detail: `${twice} message(s), ${received - mails.size} extra deliveries`,
});
const stale = [...acked.values()].filter((o) => o.lastSeen !== byId.get(o.id)?.status);
check(
  'every customer socket holds its order’s final status',
  stale.length,
  `${acked.size} orders watched by ${CUSTOMERS} customers; stale ${stale.length}${stale.length ? ` (e.g. ${stale[0].id}: saw ${stale[0].lastSeen}, is ${byId.get(stale[0].id)?.status})` : ''}`,
);
let feedStale = 0;
let feedChecked = 0;
const allOrders = await query(`SELECT id, status, updated_at FROM orders`);
for (const feed of adminFeeds) {
  for (const order of allOrders) {
    // Changes from before the feed's last `ready` are the client's list fetch's to show (adminOrderFeed's contract).
    if (new Date(order.updated_at).getTime() <= feed.readyAt) continue;
    feedChecked++;
    if (feed.lastSeen.get(order.id) !== order.status) feedStale++;
  }
}
check(
  'every staff feed holds the final status of orders changed after its last ready',
  feedStale,
  `${feedChecked} order changes checked on ${adminFeeds.length} feeds; stale ${feedStale}`,
);
const reconnects = liveClients.reduce((n, c) => n + c.connects - 1, 0);

// ---------------------------------------------------------------------------------------------------------------
// Fault 5: every replica and the worker at once on an empty database.

await recover('all replicas and the worker started at once on an empty database', async () => {
  await Promise.all([...cluster.api, cluster.worker].map((part) => part.stop('SIGTERM')));
  await postgres.createDatabase('store_b');
  for (const part of [...cluster.api, cluster.worker]) {
    part.env = { ...part.env, DATABASE_URL: postgres.url('store_b'), BUS_DATABASE_URL: busUrl('store_b') };
  }
  const oldDb = db;
  db = new pg.Pool({ connectionString: postgres.url('store_b'), max: 3 });
  db.on('error', () => undefined);
  await oldDb.end();
  const startedAt = Date.now();
  for (const part of [...cluster.api, cluster.worker]) part.start();
  await Promise.all(cluster.api.map((part) => cluster.ready(part)));
  const readyMs = Date.now() - startedAt;
  // The canary's order and accounts are in the old database: make them again in the new one (the demo catalogue's
  // ids are new too).
  const [fresh] = await query(`SELECT id FROM products WHERE slug = $1`, [manualProduct.slug]);
  adminTokenRef.token = await signIn(ADMIN.email, ADMIN.password);
  await gql(
    graphqlUrl,
    `mutation ($id: ID!) { setProductStock(productId: $id, inStock: true) { id } }`,
    { id: fresh.id },
    { token: adminTokenRef.token },
  );
  const token = await signUp(CANARY_EMAIL, 'ChaosCan4ry');
  canaryTokenRef.token = token;
  const again = await gql(
    graphqlUrl,
    PLACE_ORDER,
    { input: { productId: fresh.id, quantity: 1, paymentMethod: 'BTC', email: CANARY_EMAIL } },
    { token },
  );
  if (again.outcome !== 'ok') throw new Error(`no order on the new database: ${JSON.stringify(again.errors)}`);
  Object.assign(canary, again.data.placeOrder);
  canaryStatus = 'PENDING';
  return `all ${cluster.api.length} replicas ready ${(readyMs / 1000).toFixed(1)} s after starting together`;
}).catch((error) => failures.push(`empty-database start: ${error.message}`));
const exits = cluster.api.flatMap((part) => part.exits.filter((e) => e.code !== null && e.code !== 0));
const [{ migrationRows, migrationNames }] = await db
  .query(`SELECT count(*)::int AS "migrationRows", count(DISTINCT name)::int AS "migrationNames" FROM migrations`)
  .then((r) => r.rows);
check(
  'replicas started together on an empty database: none failed, each migration once',
  exits.length + (migrationRows - migrationNames),
  `${cluster.api.length} replicas; failed exits ${exits.length}; ${migrationNames} migrations in ${migrationRows} rows`,
);

// ---------------------------------------------------------------------------------------------------------------
// The report.

for (const live of liveClients) live.close();
const seconds = ((Date.now() - started) / 1000).toFixed(0);
console.log(
  `\nChaos run (${QUICK ? '--quick' : 'full'}): ${seconds} s, ${CUSTOMERS} customers and 2 staff through nginx to 3 replicas and a worker`,
);
console.log(
  `Load: ${stats.requests} GraphQL requests (${stats.unknown} without an answer during faults, ${stats.refused} refused), ${stats.signUps} sign-ups, ${acked.size} orders acknowledged, ${stats.statusChanges} staff status changes, ${reconnects} socket reconnects`,
);
if (stats.refusals.size) {
  console.log('Refusals (the store said no):');
  for (const [what, n] of [...stats.refusals].sort((a, b) => b[1] - a[1]).slice(0, 8)) console.log(`  ${n} × ${what}`);
}
console.log('\n| Fault | Recovered in | Requests without an answer | Detail |');
console.log('|---|---|---|---|');
for (const fault of faults) {
  const recovery = fault.recoveryMs === null ? 'NOT recovered' : `${(fault.recoveryMs / 1000).toFixed(1)} s`;
  console.log(`| ${fault.name} | ${recovery} | ${fault.unknown} | ${fault.detail} |`);
}
console.log('\n| Check | Result | Detail |');
console.log('|---|---|---|');
for (const c of checks) console.log(`| ${c.name} | ${c.ok ? 'ok' : 'FAILED'} | ${c.detail} |`);
if (failures.length) {
  console.log(`\n${failures.length} failure(s):`);
  for (const failure of failures) console.log(`  - ${failure}`);
  console.log(`Logs kept in ${dir}/logs`);
}
await cleanup();
process.exit(failures.length ? 1 : 0);
