/**
 * Live fan-out: many graphql-ws clients (the graphql-transport-ws protocol spoken directly over `ws`,
 * so the client side stays cheap), each customer subscribed to `orderUpdated` of its own order and
 * admins to `adminOrderChanged`; then status changes through the API (`setOrderStatus` as an admin)
 * and, for each change, the time from the mutation's response to each delivery.
 */
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { percentile, sleep } from './stats.mjs';
import { cpuSeconds, rssMb, startCpuMeter } from './process-stats.mjs';

// What an order page and the admin queue show of a changed order.
const ORDER_UPDATED =
  'subscription ($orderId: ID!) { orderUpdated(orderId: $orderId) { id status updatedAt product { id name } } }';
const ADMIN_CHANGED =
  'subscription { adminOrderChanged { id status updatedAt totalPrice product { id name } customer { fullName email } } }';
const SET_STATUS =
  'mutation ($orderId: ID!, $status: OrderStatus!) { setOrderStatus(orderId: $orderId, status: $status) { id status } }';
const ADMIN_ID_PATTERN = /"adminOrderChanged":\{"id":"([0-9a-f-]{36})"/;

/** Opens a graphql-ws connection and resolves once the server acknowledged it. */
function connect(wsUrl, token, onNext, onError) {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(wsUrl, 'graphql-transport-ws', { perMessageDeflate: false });
    let acked = false;
    socket.on('open', () =>
      socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${token}` } })),
    );
    socket.on('message', (data) => {
      const text = data.toString();
      if (!acked) {
        const message = JSON.parse(text);
        if (message.type === 'connection_ack') {
          acked = true;
          resolve(socket);
        }
        return;
      }
      if (text.includes('"type":"next"')) onNext(text);
      else if (text.includes('"type":"ping"')) socket.send('{"type":"pong"}');
      else if (text.includes('"type":"error"')) onError(text);
    });
    socket.on('error', (error) => (acked ? onError(String(error)) : reject(error)));
    socket.on('close', (code, reason) => {
      if (!acked) reject(new Error(`closed before ack: ${code} ${reason}`));
    });
  });
}

/**
 * The server's memory by kind, in MB, from its /metrics (prom-client's default process metrics): RSS, V8's heap (used,
 * reserved, and used per space), and `external` (Buffers and other memory V8 objects hold outside the heap). Null
 * without a token or on any failure (a build without /metrics).
 */
async function memoryOf(httpUrl, token) {
  if (!token) return null;
  try {
    const response = await globalThis.fetch(`${httpUrl}/metrics`, { headers: { authorization: `Bearer ${token}` } });
    if (!response.ok) return null;
    const text = await response.text();
    const mb = (name) => {
      const match = new RegExp(`^${name} ([0-9.e+-]+)$`, 'm').exec(text);
      return match ? Number(match[1]) / 1024 / 1024 : null;
    };
    const spaces = {};
    for (const [, space, bytes] of text.matchAll(
      /^nodejs_heap_space_size_used_bytes\{space="(\w+)"\} ([0-9.e+-]+)$/gm,
    )) {
      spaces[space] = Number(bytes) / 1024 / 1024;
    }
    return {
      rss: mb('process_resident_memory_bytes'),
      heapUsed: mb('nodejs_heap_size_used_bytes'),
      heapTotal: mb('nodejs_heap_size_total_bytes'),
      external: mb('nodejs_external_memory_bytes'),
      spaces,
    };
  } catch {
    return null;
  }
}

/** Runs `fn` over `items` with at most `limit` in flight. */
async function pool(items, limit, fn) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        await fn(items[index], index);
      }
    }),
  );
}

/** Waits until the server process has been nearly idle (< 5% of a core) for a second. */
async function settle(pid, maxMs = 60_000) {
  const deadline = performance.now() + maxMs;
  let quiet = 0;
  let last = cpuSeconds(pid);
  while (performance.now() < deadline && quiet < 4) {
    await sleep(250);
    const now = cpuSeconds(pid);
    quiet = now - last < 0.0125 ? quiet + 1 : 0;
    last = now;
  }
}

/**
 * @param options { httpUrl, wsUrl, pid, customers: [{ token, orderId, status }], adminToken, admins,
 *                  concurrency, log }
 */
export async function runFanout({
  httpUrl,
  wsUrl,
  pid,
  customers,
  adminToken,
  admins,
  concurrency,
  log,
  metricsToken,
}) {
  const changes = customers.length;
  const indexOf = new Map(customers.map((c, i) => [c.orderId, i]));
  const responseAt = new Float64Array(changes).fill(Number.NaN);
  const customerDelivered = new Float64Array(changes).fill(Number.NaN);
  const adminDelivered = new Float64Array(admins * changes).fill(Number.NaN);
  // orderUpdated first sends the order as it is now; only what arrives once the changes have started
  // is a delivery.
  let measuring = false;
  let customerDeliveries = 0;
  let adminDeliveries = 0;
  let lastDeliveryAt = performance.now();
  let errors = 0;
  let firstError = null;
  const onError = (text) => {
    errors++;
    firstError ??= text.slice(0, 300);
  };
  const sockets = [];
  const rss = { idle: rssMb(pid), subscribed: 0, peak: 0 };
  // Where the memory is (with a metrics token): V8's heap and what lives outside it, at each stage and when RSS peaks.
  const heap = { idle: await memoryOf(httpUrl, metricsToken), subscribed: null, peak: null };
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const now = rssMb(pid);
      if (now > rss.peak) {
        rss.peak = now;
        heap.peak = (await memoryOf(httpUrl, metricsToken)) ?? heap.peak;
      }
      await sleep(200);
    }
  })();

  try {
    log(`  connecting ${changes} customer clients and ${admins} admin clients…`);
    await pool(customers, 50, async (customer, i) => {
      const socket = await connect(
        wsUrl,
        customer.token,
        () => {
          if (measuring && Number.isNaN(customerDelivered[i])) {
            customerDelivered[i] = performance.now();
            customerDeliveries++;
            lastDeliveryAt = customerDelivered[i];
          }
        },
        onError,
      );
      sockets.push(socket);
      socket.send(
        JSON.stringify({
          id: '1',
          type: 'subscribe',
          payload: { query: ORDER_UPDATED, variables: { orderId: customer.orderId } },
        }),
      );
    });
    await pool(
      Array.from({ length: admins }, (_, a) => a),
      50,
      async (a) => {
        const socket = await connect(
          wsUrl,
          adminToken,
          (text) => {
            const match = ADMIN_ID_PATTERN.exec(text);
            const id = match ? match[1] : JSON.parse(text).payload?.data?.adminOrderChanged?.id;
            const i = indexOf.get(id);
            if (i === undefined) return;
            const slot = a * changes + i;
            if (Number.isNaN(adminDelivered[slot])) {
              adminDelivered[slot] = performance.now();
              adminDeliveries++;
              lastDeliveryAt = adminDelivered[slot];
            }
          },
          onError,
        );
        sockets.push(socket);
        socket.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query: ADMIN_CHANGED } }));
      },
    );
    // A subscription is live once the server has checked the order and registered it (orderUpdated
    // then sends the order as it is now; adminOrderChanged sends nothing), so wait until the server
    // has finished that work (its CPU goes quiet).
    await settle(pid);
    rss.subscribed = rssMb(pid);
    heap.subscribed = await memoryOf(httpUrl, metricsToken);
    if (errors > 0) log(`  ${errors} subscription errors, first: ${firstError}`);

    log(`  ${changes} status changes through setOrderStatus (${concurrency} in flight)…`);
    measuring = true;
    const started = performance.now();
    const cpu = startCpuMeter(pid);
    let mutationErrors = 0;
    // A change the store refused (an error answer) sends nothing: only accepted ones are expected to arrive.
    let accepted = 0;
    await pool(customers, concurrency, async (customer, i) => {
      const status = customer.status === 'PROCESSING' ? 'COMPLETED' : 'PROCESSING';
      const response = await globalThis.fetch(`${httpUrl}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
        body: JSON.stringify({ query: SET_STATUS, variables: { orderId: customer.orderId, status } }),
      });
      const body = await response.json();
      responseAt[i] = performance.now();
      if (body.data?.setOrderStatus?.status === status) accepted++;
      else {
        mutationErrors++;
        firstError ??= JSON.stringify(body).slice(0, 300);
      }
    });
    const mutationSeconds = (performance.now() - started) / 1000;
    // Let the last deliveries arrive: done when all are in, or nothing arrived for a few seconds.
    const expected = accepted + admins * accepted;
    const waitStart = performance.now();
    while (customerDeliveries + adminDeliveries < expected && performance.now() - lastDeliveryAt < 5000) {
      if (performance.now() - waitStart > 300_000) break;
      await sleep(100);
    }
    const drainSeconds = (performance.now() - started) / 1000;
    const cpuPerChange = cpu(changes);

    const latencies = (delivered, stride) => {
      const out = [];
      for (let k = 0; k < delivered.length; k++) {
        const t = delivered[k];
        if (!Number.isNaN(t)) out.push(Math.max(0, t - responseAt[k % stride]));
      }
      return out;
    };
    const customerLatency = latencies(customerDelivered, changes);
    const adminLatency = latencies(adminDelivered, changes);
    return {
      changes,
      accepted,
      admins,
      concurrency,
      mutationErrors,
      subscribeErrors: errors,
      firstError,
      changesPerSecond: accepted / mutationSeconds,
      cpu: cpuPerChange,
      drainSeconds,
      customer: {
        delivered: customerDeliveries,
        expected: accepted,
        p50: percentile(customerLatency, 50),
        p99: percentile(customerLatency, 99),
      },
      admin: {
        delivered: adminDeliveries,
        expected: admins * accepted,
        p50: percentile(adminLatency, 50),
        p99: percentile(adminLatency, 99),
      },
      rss,
      heap,
    };
  } finally {
    sampling = false;
    await sampler;
    for (const socket of sockets) socket.terminate();
  }
}
