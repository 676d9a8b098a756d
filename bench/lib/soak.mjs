/**
 * The soak (`npm run bench -- --only soak --duration 3600`, README "Soak"): one store under a steady mixed load for
 * the whole duration, with its jobs, its mail (to a real SMTP server, npm smtp-server, that accepts everything) and its
 * chain watchers (the tests' TRON and Esplora fixtures and anvil, bench/lib/chain-fixtures.mjs) running, while the
 * bench samples the server's RSS (/proc) and V8 heap (its own /metrics) every `sampleSeconds`.
 *
 * The load is paced, not flat out: a soak looks for what grows with time (caches, listeners, subscriptions, timers),
 * and a saturated server would measure its queues instead. Every request must succeed: any HTTP error, GraphQL error,
 * refused move or WebSocket error is counted and the first few kept.
 *
 * Judging "flat": after a warm-up (the first quarter of the run, at most 15 minutes), a least-squares line through
 * the samples of RSS and of heap used; each is flat when the line rises less than 5% of its mean over that window
 * (e.g. < 10 MB on 200 MB), a leak of that size or more over the hour would show.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { SMTPServer } from 'smtp-server';
import WebSocket from 'ws';
import { PLACE_ORDER, PRODUCT, PRODUCTS, DASHBOARD, ADMIN_ORDERS } from './queries.mjs';
import { postMultipart, keepAliveAgent } from './multipart-post.mjs';
import { noisePng } from './png.mjs';
import { rssMb } from './process-stats.mjs';
import { fmt, sleep } from './stats.mjs';

const SIGN_UP = `mutation ($input: SignUpInput!) { signUp(input: $input) { accessToken } }`;
const SET_STATUS = `mutation ($orderId: ID!, $status: OrderStatus!) { setOrderStatus(orderId: $orderId, status: $status) { id status } }`;
const CANCEL = `mutation ($orderId: ID!) { cancelOrder(orderId: $orderId) { id status } }`;
const ORDER_STATUS = `query ($id: ID!) { order(id: $id) { id status } }`;
const PLACE_CHAIN_ORDER = `mutation ($input: PlaceOrderInput!) {
  placeOrder(input: $input) { id status paymentAmountCrypto cryptoAddress }
}`;
const ORDER_UPDATED = 'subscription ($orderId: ID!) { orderUpdated(orderId: $orderId) { id status updatedAt } }';
const ADMIN_CHANGED = 'subscription { adminOrderChanged { id status updatedAt customer { email } } }';

/** A least-squares line through (x, y): { slope, intercept }. */
export function linearFit(xs, ys) {
  const n = xs.length;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (let i = 0; i < n; i++) {
    sxy += (xs[i] - mx) * (ys[i] - my);
    sxx += (xs[i] - mx) ** 2;
  }
  const slope = sxx ? sxy / sxx : 0;
  return { slope, intercept: my - slope * mx, mean: my };
}

/** Decimal string → integer units with `decimals` places ("10.000123", 6 → 10000123n). */
function units(amount, decimals) {
  const [whole, fraction = ''] = String(amount).split('.');
  return BigInt(whole + fraction.padEnd(decimals, '0').slice(0, decimals));
}

/** One value of a Prometheus text exposition (the first sample of `name`, without labels), or null. */
function metric(text, name) {
  const match = new RegExp(`^${name}(?:\\{[^}]*\\})? ([0-9.e+-]+)$`, 'm').exec(text);
  return match ? Number(match[1]) : null;
}

/**
 * @param options { startStore, seeded, database, cleanups, freePort, loadChainFixtures, root, serverBuild,
 *   addBenchProducts, token, customerCount, durationSeconds, sampleSeconds, log, samplesFile }
 */
export async function runSoak(options) {
  const { startStore, seeded, database, cleanups, freePort, root, serverBuild, token, log } = options;
  const { durationSeconds, sampleSeconds, customerCount } = options;

  // --- Mail: a real SMTP server that accepts every message and counts it.
  let mails = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        mails++;
        callback();
      });
    },
  });
  const smtpPort = await freePort();
  await new Promise((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));
  cleanups.unshift(() => new Promise((resolve) => smtp.close(() => resolve())));

  // --- Chains: the tests' fixtures, read by the store's watchers every PAYMENT_POLL_SECONDS.
  log('  compiling the chain fixtures (bench/tsconfig.fixtures.json)…');
  const { startTronFixture, startEsploraFixture, startAnvil } = options.loadChainFixtures(root);
  const USDT_CONTRACT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
  const tron = await startTronFixture({ contract: USDT_CONTRACT });
  cleanups.unshift(() => tron.close());
  const esplora = await startEsploraFixture();
  cleanups.unshift(() => esplora.close());
  const anvil = await startAnvil();
  cleanups.unshift(() => anvil.close());

  const metricsToken = randomBytes(16).toString('hex');
  const storeDatabase = await database.sibling();
  cleanups.push(() => storeDatabase.drop());
  const port = await freePort();
  const httpUrl = `http://127.0.0.1:${port}`;
  const gqlUrl = `${httpUrl}/graphql`;
  const store = await startStore('The soak server', serverBuild, port, storeDatabase.url, {
    TRON_API_URL: tron.url,
    BTC_API_URL: esplora.url,
    ETH_RPC_URL: anvil.url,
    USDT_TRC20_CONTRACT: USDT_CONTRACT,
    CONFIRMATIONS_TRON: '1',
    CONFIRMATIONS_BTC: '1',
    CONFIRMATIONS_ETH: '1',
    PAYMENT_POLL_SECONDS: '5',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    PUBLIC_URL: httpUrl,
    METRICS_TOKEN: metricsToken,
    // Log what goes wrong (warn and above): the soak counts the server's error lines.
    LOG_LEVEL: 'warn',
  });
  log(`  soak server up (pid ${store.pid}); seeding its database…`);
  const { client, adminId } = await seeded(storeDatabase.url);
  const productId = (await options.addBenchProducts(client)).manual;
  const customers = (
    await client.query(
      `SELECT md5('bench-customer-' || c)::uuid AS id, 'customer' || c || '@bench.test' AS email
       FROM generate_series(1, $1::int) c ORDER BY c`,
      [customerCount],
    )
  ).rows;
  const adminToken = () => token(adminId, ['admin']);
  const customerToken = (customer) => token(customer.id);
  const pick = (list) => list[Math.floor(Math.random() * list.length)];

  // --- Counting.
  const counts = {
    requests: 0,
    errors: 0,
    deliveries: 0,
    reconnects: 0,
    paidOnChain: 0,
    signUps: 0,
    checkouts: 0,
    moves: 0,
  };
  const firstErrors = [];
  const fail = (what, detail) => {
    counts.errors++;
    if (firstErrors.length < 5) firstErrors.push(`${what}: ${String(detail).slice(0, 300)}`);
  };
  const gql = async (what, query, variables, bearer) => {
    counts.requests++;
    try {
      const response = await globalThis.fetch(gqlUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
        body: JSON.stringify({ query, variables }),
      });
      const body = await response.json();
      if (!response.ok || body.errors || !body.data) {
        fail(what, `${response.status} ${JSON.stringify(body)}`);
        return null;
      }
      return body.data;
    } catch (error) {
      fail(what, error);
      return null;
    }
  };

  let running = true;
  const endAt = performance.now() + durationSeconds * 1000;
  /** Runs `step` every `everyMs` (paced from its start) until the run ends; a step that throws is an error. */
  const every = async (what, everyMs, step) => {
    while (running && performance.now() < endAt) {
      const started = performance.now();
      try {
        await step();
      } catch (error) {
        fail(what, error?.stack ?? error);
      }
      await sleep(Math.max(0, everyMs - (performance.now() - started)));
    }
  };

  // Orders the admin walks through the lifecycle (proofs: PENDING → SUCCESS → PROCESSING → COMPLETED) and the
  // customers cancel (PENDING → CANCELLED): only moves the lifecycle allows, so every refusal is an error.
  const toConfirm = [];
  const toCancel = [];
  const walking = [];
  const agent = keepAliveAgent(4);
  const png = noisePng();
  const checkout = async (withProof) => {
    const customer = pick(customers);
    const input = {
      productId,
      quantity: 1,
      email: customer.email,
      paymentMethod: 'USDT_TRC20',
      idempotencyKey: `soak-${randomBytes(8).toString('hex')}`,
    };
    counts.requests++;
    if (withProof) {
      const { body } = await postMultipart(gqlUrl, {
        agent,
        headers: { authorization: `Bearer ${customerToken(customer)}`, 'apollo-require-preflight': 'true' },
        operations: { query: PLACE_ORDER, variables: { input, proof: null } },
        fileVariable: 'proof',
        file: { name: 'proof.png', type: 'image/png', bytes: png },
      });
      const id = body.data?.placeOrder?.id;
      if (!id) return fail('checkout with proof', JSON.stringify(body));
      counts.checkouts++;
      toConfirm.push(id);
    } else {
      counts.requests--; // counted by gql
      const data = await gql('checkout', PLACE_ORDER, { input }, customerToken(customer));
      if (!data) return;
      counts.checkouts++;
      toCancel.push({ id: data.placeOrder.id, customer });
    }
  };

  // On-chain payments: an order per method in turn, paid its exact amount at its address, then confirmed by the
  // store's watcher; each must reach SUCCESS (counted at the end).
  const chainOrders = [];
  const methods = ['USDT_TRC20', 'BTC', 'ETH'];
  let methodTurn = 0;
  const payOnChain = async () => {
    const customer = pick(customers);
    const method = methods[methodTurn++ % methods.length];
    const data = await gql(
      `checkout (${method})`,
      PLACE_CHAIN_ORDER,
      {
        input: {
          productId,
          quantity: 1,
          email: customer.email,
          paymentMethod: method,
          idempotencyKey: `soak-chain-${randomBytes(8).toString('hex')}`,
        },
      },
      customerToken(customer),
    );
    if (!data) return;
    const { id, paymentAmountCrypto, cryptoAddress } = data.placeOrder;
    if (method === 'USDT_TRC20') {
      tron.transfer({ to: cryptoAddress, value: units(paymentAmountCrypto, 6) });
      tron.solidify();
    } else if (method === 'BTC') {
      esplora.send([{ address: cryptoAddress, sats: units(paymentAmountCrypto, 8) }]);
      esplora.mine(1);
    } else {
      const hash = await anvil.send(anvil.accounts[1], cryptoAddress.toLowerCase(), units(paymentAmountCrypto, 18));
      await anvil.mined(hash);
      await anvil.mine(1);
    }
    chainOrders.push({ id, customer, method, at: performance.now() });
  };

  // --- Live clients: customers on their newest orders and a few admins on the feed; a tenth of the customers'
  // sockets are closed and opened again on other orders every sample, so subscriptions come and go all run long.
  const sockets = new Set();
  /**
   * A graphql-ws client on `payload`, signed in with `bearer()`. The server closes a socket when its access token
   * expires (4401, after 15 minutes): like the web app, which refreshes its token, the client connects again with a
   * new one (`reconnects`, not an error); `opened` hears of each socket it opens.
   */
  const openSocket = (bearer, payload, opened = () => {}) =>
    new Promise((resolve) => {
      const socket = new WebSocket(gqlUrl.replace('http', 'ws'), 'graphql-transport-ws', { perMessageDeflate: false });
      let acked = false;
      socket.on('open', () =>
        socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${bearer()}` } })),
      );
      socket.on('message', (data) => {
        const text = data.toString();
        if (!acked && text.includes('connection_ack')) {
          acked = true;
          socket.send(JSON.stringify({ id: '1', type: 'subscribe', payload }));
          opened(socket);
          resolve(socket);
        } else if (text.includes('"type":"next"')) {
          counts.deliveries++;
          if (text.includes('"errors"')) fail('subscription', text);
        } else if (text.includes('"type":"ping"')) socket.send('{"type":"pong"}');
        else if (text.includes('"type":"error"')) fail('subscription', text);
      });
      socket.on('error', (error) => {
        fail('WebSocket', error);
        resolve(null);
      });
      socket.on('close', (code) => {
        sockets.delete(socket);
        if (!acked) {
          fail('WebSocket', `closed before ack: ${code}`);
          resolve(null);
        } else if (running && !socket.closedByBench && code === 4401) {
          counts.reconnects++;
          void openSocket(bearer, payload, opened);
        } else if (running && !socket.closedByBench) fail('WebSocket', `closed by the server: ${code}`);
      });
      sockets.add(socket);
    });
  const LIVE_CUSTOMERS = 200;
  const customerSockets = [];
  const openCustomerSocket = async () => {
    const customer = pick(customers);
    const {
      rows: [order],
    } = await client.query(`SELECT id FROM orders WHERE user_id = $1 ORDER BY created_at DESC LIMIT 1`, [customer.id]);
    await openSocket(
      () => customerToken(customer),
      { query: ORDER_UPDATED, variables: { orderId: order.id } },
      (socket) => customerSockets.push(socket),
    );
  };
  const closeSocket = (socket) => {
    socket.closedByBench = true;
    socket.close();
  };
  for (let i = 0; i < LIVE_CUSTOMERS; i++) await openCustomerSocket();
  for (let i = 0; i < 5; i++) await openSocket(adminToken, { query: ADMIN_CHANGED });

  // --- Samples.
  const samples = [];
  const mailsSent = async () =>
    (await client.query(`SELECT status::text, count(*)::int AS n FROM notifications GROUP BY 1`)).rows;
  const sample = async (t) => {
    let text = '';
    try {
      const response = await globalThis.fetch(`${httpUrl}/metrics`, {
        headers: { authorization: `Bearer ${metricsToken}` },
      });
      text = await response.text();
      if (!response.ok) fail('/metrics', `${response.status} ${text.slice(0, 200)}`);
    } catch (error) {
      fail('/metrics', error);
    }
    const mb = (value) => (value === null ? null : value / 1024 / 1024);
    const s = {
      minute: t / 60,
      rssMb: rssMb(store.pid),
      heapUsedMb: mb(metric(text, 'nodejs_heap_size_used_bytes')),
      heapTotalMb: mb(metric(text, 'nodejs_heap_size_total_bytes')),
      externalMb: mb(metric(text, 'nodejs_external_memory_bytes')),
      activeHandles: metric(text, 'nodejs_active_handles_total'),
      sockets: sockets.size,
      ...counts,
      mails,
    };
    samples.push(s);
    if (options.samplesFile) fs.appendFileSync(options.samplesFile, `${JSON.stringify(s)}\n`);
    log(
      `  ${fmt(s.minute, 1)} min: RSS ${fmt(s.rssMb, 0)} MB, heap ${fmt(s.heapUsedMb ?? 0, 0)} of ` +
        `${fmt(s.heapTotalMb ?? 0, 0)} MB, ${fmt(counts.requests, 0)} requests, ${counts.errors} errors, ` +
        `${fmt(counts.deliveries, 0)} deliveries, ${mails} mails, ${counts.paidOnChain} paid on chain so far`,
    );
  };

  log(`  soak: ${fmt(durationSeconds / 60, 0)} min of mixed load, a sample every ${sampleSeconds} s…`);
  const startedAt = performance.now();
  await sample(0);
  const workers = [
    // Browsing: the catalogue, a product page, a customer's dashboard, the admin queue (~8 requests/s).
    every('browse', 125, async () => {
      const turn = counts.requests % 4;
      if (turn === 0) await gql('products', PRODUCTS, {});
      else if (turn === 1) await gql('product', PRODUCT, { slug: 'ethereum-classic-key' });
      else if (turn === 2) await gql('dashboard', DASHBOARD, {}, customerToken(pick(customers)));
      else await gql('adminOrders', ADMIN_ORDERS, { after: null }, adminToken());
    }),
    every('checkout with proof', 2000, () => checkout(true)),
    every('checkout', 2000, () => checkout(false)),
    every('sign-up', 10_000, async () => {
      const n = `${Date.now()}${randomBytes(3).toString('hex')}`;
      const data = await gql('signUp', SIGN_UP, {
        input: { email: `soak${n}@bench.test`, password: 'Soak-password-1', fullName: `Soak ${n}` },
      });
      if (data) counts.signUps++;
    }),
    every('admin moves', 1000, async () => {
      const next = { SUCCESS: 'PROCESSING', PROCESSING: 'COMPLETED' };
      const walk = walking.shift();
      if (walk) {
        const data = await gql('setOrderStatus', SET_STATUS, { orderId: walk.id, status: walk.to }, adminToken());
        if (data) {
          counts.moves++;
          if (next[walk.to]) walking.push({ id: walk.id, to: next[walk.to] });
        }
      }
      const confirm = toConfirm.shift();
      if (confirm) {
        const data = await gql('setOrderStatus', SET_STATUS, { orderId: confirm, status: 'SUCCESS' }, adminToken());
        if (data) {
          counts.moves++;
          walking.push({ id: confirm, to: 'PROCESSING' });
        }
      }
    }),
    every('cancel', 4000, async () => {
      const order = toCancel.shift();
      if (order && (await gql('cancelOrder', CANCEL, { orderId: order.id }, customerToken(order.customer)))) {
        counts.moves++;
      }
      toCancel.splice(0, Math.max(0, toCancel.length - 100)); // the rest stay unpaid: their payment windows close
    }),
    every('chain payment', 10_000, payOnChain),
    every('chain confirmation', 5000, async () => {
      // An order paid on chain is confirmed within a few polls; one still PENDING after two minutes is an error.
      const due = chainOrders.filter((o) => performance.now() - o.at > 15_000);
      for (const order of due) {
        const data = await gql('order', ORDER_STATUS, { id: order.id }, customerToken(order.customer));
        const status = data?.order?.status;
        if (status && !['PENDING', 'NOT_RECEIVED', 'CANCELLED'].includes(status)) {
          counts.paidOnChain++;
          chainOrders.splice(chainOrders.indexOf(order), 1);
        } else if (performance.now() - order.at > 120_000) {
          fail(`chain payment (${order.method})`, `order ${order.id} still ${status} after 2 minutes`);
          chainOrders.splice(chainOrders.indexOf(order), 1);
        }
      }
    }),
    every('live clients', sampleSeconds * 1000, async () => {
      if (performance.now() - startedAt < 1000) return;
      const churn = customerSockets.splice(0, LIVE_CUSTOMERS / 10);
      for (const socket of churn) closeSocket(socket);
      for (let i = 0; i < churn.length; i++) await openCustomerSocket();
    }),
    every('sample', sampleSeconds * 1000, async () => {
      const t = (performance.now() - startedAt) / 1000;
      if (t >= 1) await sample(t);
    }),
  ];
  await Promise.all(workers);
  running = false;
  await sample((performance.now() - startedAt) / 1000);
  for (const socket of [...sockets]) closeSocket(socket);
  agent.destroy();
  await sleep(1000);

  const serverErrors = store
    .output()
    .split('\n')
    .filter((line) => /"level":"(error|fatal)"/.test(line));
  for (const line of serverErrors.slice(0, 5 - Math.min(5, firstErrors.length))) firstErrors.push(`server: ${line}`);

  // Flat after warm-up: a line through the samples after the first quarter (at most 15 minutes).
  const warmUpMinutes = Math.min(15, durationSeconds / 60 / 4);
  const judged = samples.filter((s) => s.minute >= warmUpMinutes);
  const fit = (key) => {
    const points = judged.filter((s) => s[key] !== null);
    if (points.length < 3) return null;
    const line = linearFit(
      points.map((s) => s.minute),
      points.map((s) => s[key]),
    );
    const span = points.at(-1).minute - points[0].minute;
    const rise = line.slope * span;
    return { perHour: line.slope * 60, rise, mean: line.mean, span, flat: rise < 0.05 * line.mean };
  };
  const notifications = await mailsSent();
  return {
    durationSeconds,
    sampleSeconds,
    warmUpMinutes,
    first: samples[0],
    afterWarmUp: judged[0],
    last: samples.at(-1),
    peakRssMb: Math.max(...samples.map((s) => s.rssMb)),
    rss: fit('rssMb'),
    heap: fit('heapUsedMb'),
    counts: { ...counts, mails, serverErrors: serverErrors.length },
    errors: counts.errors + serverErrors.length,
    firstErrors,
    notifications,
    stillPending: chainOrders.length,
  };
}

/** The soak's rows for the table, and a verdict line. */
export function soakLines(soak) {
  const f = (v, d = 0) => (v === null || v === undefined ? '–' : fmt(v, d));
  const line = (label, key, r) =>
    `| ${label} | ${f(soak.first[key])} | ${f(soak.afterWarmUp?.[key])} | ${f(soak.last[key])} | ` +
    `${r ? `${r.perHour >= 0 ? '+' : ''}${fmt(r.perHour, 1)} MB/h (${r.rise >= 0 ? '+' : ''}${fmt(r.rise, 1)} MB over ${fmt(r.span, 0)} min, ${fmt((100 * r.rise) / r.mean, 1)}% of ${fmt(r.mean, 0)} MB)` : '–'} | ${r ? (r.flat ? 'yes' : '**no**') : '–'} |`;
  const c = soak.counts;
  return [
    `Soak: ${fmt(soak.durationSeconds / 60, 0)} min, samples every ${soak.sampleSeconds} s, warm-up ${fmt(soak.warmUpMinutes, 0)} min; ` +
      `${fmt(c.requests, 0)} requests (${fmt(c.checkouts, 0)} checkouts, ${fmt(c.signUps, 0)} sign-ups, ${fmt(c.moves, 0)} status moves), ` +
      `${fmt(c.paidOnChain, 0)} orders paid on chain and confirmed (${soak.stillPending} still waiting at the end), ` +
      `${fmt(c.deliveries, 0)} live deliveries (${fmt(c.reconnects, 0)} reconnects with a new token after the server ` +
      `closed a socket whose token expired), ${fmt(c.mails, 0)} e-mails received by SMTP; **${soak.errors} errors**` +
      `${soak.firstErrors.length ? ` (first: ${soak.firstErrors.join(' / ')})` : ''}.`,
    '',
    '| Server | start | after warm-up | end | linear fit after warm-up | flat (rise < 5% of mean) |',
    '| --- | ---: | ---: | ---: | --- | --- |',
    line('RSS MB', 'rssMb', soak.rss),
    line('V8 heap used MB', 'heapUsedMb', soak.heap),
    line('V8 heap total MB', 'heapTotalMb', null),
    line('external MB', 'externalMb', null),
  ].join('\n');
}
