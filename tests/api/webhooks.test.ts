/**
 * Webhooks for integrators (docs/jobs-and-events.md "Webhooks"), against a real HTTP receiver in this process that
 * checks what an integrator would: the Store-Signature HMAC over the raw body with the secret shown once, the event
 * id header, retries until a 2xx with the same body and event id, the delivery log, redelivery, subscriptions by event
 * type, and (in production) endpoints on internal addresses refused at creation and at delivery.
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WEBHOOK_MESSAGES } from '../../common/webhooks';
import { startTestServer, type TestServer, type TestUser } from '../support/test-server';
import { eventually } from '../support/eventually';

interface Received {
  headers: http.IncomingHttpHeaders;
  raw: string;
  body: { id: string; type: string; occurredAt: string; data: Record<string, any> };
}

/** An integrator's endpoint: records every POST and answers with `respond(n)` (n counts from 1). */
interface Receiver {
  url: string;
  received: Received[];
  respond: (n: number) => { status: number; body?: string };
  close(): Promise<void>;
}

async function startReceiver(): Promise<Receiver> {
  const receiver: Receiver = {
    url: '',
    received: [],
    respond: () => ({ status: 200, body: 'ok' }),
    close: async () => undefined,
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      receiver.received.push({ headers: req.headers, raw, body: JSON.parse(raw) });
      const answer = receiver.respond(receiver.received.length);
      res.writeHead(answer.status, { 'content-type': 'text/plain' }).end(answer.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/store`;
  receiver.close = () => new Promise((resolve) => server.close(() => resolve()));
  return receiver;
}

/** What an integrator does with a request: the signature must be the HMAC of "<t>.<raw body>" with the secret. */
function verifySignature(request: Received, secret: string): { t: number } {
  const header = String(request.headers['store-signature']);
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
  expect(match).not.toBeNull();
  const t = Number(match![1]);
  const expected = createHmac('sha256', secret).update(`${t}.${request.raw}`).digest('hex');
  expect(match![2]).toBe(expected);
  // Signed when it was sent: a receiver refuses old timestamps (replays).
  expect(Math.abs(Date.now() / 1000 - t)).toBeLessThan(60);
  return { t };
}

const waitFor = <T>(what: string, probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 20_000) =>
  eventually(probe, timeoutMs, what);

const CREATE = `mutation ($input: WebhookEndpointInput!) {
  createWebhookEndpoint(input: $input) { secret endpoint { id url events active createdAt } }
}`;
const ENDPOINTS = `{
  webhookEndpoints {
    id url events
    deliveries {
      id eventId eventType status attempts lastStatusCode lastDurationMs lastResponse lastError nextAttemptAt
      createdAt deliveredAt body
    }
  }
}`;
const REDELIVER = `mutation ($id: ID!) { redeliverWebhook(deliveryId: $id) { id status attempts } }`;

/** A running store with an admin and a customer of its own. */
interface Store {
  server: TestServer;
  admin: TestUser;
  customer: TestUser;
}

async function startStore(env: Record<string, string> = {}): Promise<Store> {
  // Failed attempts are expected here; graphile-worker logs each one as an error.
  const server = await startTestServer({ env: { LOG_LEVEL: 'silent', ...env } });
  return { server, admin: await server.createUser({ admin: true }), customer: await server.createUser() };
}

let store: Store;
let server: TestServer;
let productId: string;
const receivers: Receiver[] = [];

beforeAll(async () => {
  store = await startStore();
  server = store.server;
  [{ id: productId }] = await server.sql(`SELECT id FROM products WHERE slug = 'litecoin-keys'`);
});
afterAll(async () => {
  await server.close();
  await Promise.all(receivers.map((r) => r.close()));
});

async function receiver(): Promise<Receiver> {
  const r = await startReceiver();
  receivers.push(r);
  return r;
}

async function createEndpoint(on: Store, url: string, events: string[]) {
  const res = await on.server.gql(CREATE, { input: { url, events } }, { token: on.admin.token });
  expect(res.errors).toBeUndefined();
  return res.data!.createWebhookEndpoint as { secret: string; endpoint: { id: string; url: string } };
}

let orderCounter = 0;
async function placeOrder(on: Store = store): Promise<{ id: string; paymentAmountCrypto: string }> {
  const res = await on.server.gql(
    `mutation ($input: PlaceOrderInput!) { placeOrder(input: $input) { id paymentAmountCrypto } }`,
    {
      input: {
        productId,
        quantity: 2,
        email: on.customer.email,
        paymentMethod: 'BTC',
        idempotencyKey: `webhooks-${Date.now()}-${++orderCounter}`,
      },
    },
    { token: on.customer.token },
  );
  expect(res.errors).toBeUndefined();
  return res.data!.placeOrder;
}

async function setStatus(orderId: string, status: string): Promise<void> {
  const res = await server.gql(
    `mutation ($id: ID!, $s: OrderStatus!) { setOrderStatus(orderId: $id, status: $s) { id } }`,
    { id: orderId, s: status },
    { token: store.admin.token },
  );
  expect(res.errors).toBeUndefined();
}

async function deliveriesOf(endpointId: string, on: Store = store): Promise<Record<string, any>[]> {
  const res = await on.server.gql(ENDPOINTS, {}, { token: on.admin.token });
  expect(res.errors).toBeUndefined();
  return res.data!.webhookEndpoints.find((e: { id: string }) => e.id === endpointId).deliveries;
}

/**
 * Makes the endpoint's pending retries due now and wakes the job runners. The wait between attempts is
 * graphile-worker's backoff (exp(1) ≈ 2.7 s, then exp(2) ≈ 7.4 s, and up to a 2 s poll after it): sitting it out
 * took about 26 of this file's 36 s and showed nothing more than running the retry at once does.
 */
async function retryNow(endpointId: string, on: Store = store): Promise<void> {
  await on.server.sql(
    `UPDATE graphile_worker._private_jobs SET run_at = now()
      WHERE run_at > now() AND attempts > 0 AND locked_at IS NULL
        AND key IN (SELECT 'webhooks:deliver:' || id FROM webhook_deliveries WHERE endpoint_id = $1)`,
    [endpointId],
  );
  await on.server.sql(`SELECT pg_notify('jobs:insert', '{"count":1}')`);
}

describe('a delivery', () => {
  it('is a signed POST of the event with its id, type, time and a snapshot of the order', async () => {
    const hook = await receiver();
    const { secret, endpoint } = await createEndpoint(store, hook.url, ['order.created']);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const order = await placeOrder();

    const [request] = await waitFor('the delivery', () => (hook.received.length > 0 ? hook.received : undefined));
    verifySignature(request, secret);
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers['user-agent']).toMatch(/^CryptoDigitalStore-Webhooks\//);
    expect(request.headers['store-event-id']).toBe(request.body.id);
    const [event] = await server.sql(`SELECT id, occurred_at FROM domain_events WHERE id = $1`, [request.body.id]);
    expect(request.body).toEqual({
      id: event.id,
      type: 'order.created',
      occurredAt: event.occurred_at.toISOString(),
      data: {
        orderId: order.id,
        order: {
          id: order.id,
          status: 'PENDING',
          totalPrice: expect.any(Number),
          paymentMethod: 'BTC',
          paymentAmountCrypto: order.paymentAmountCrypto,
          createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        },
      },
    });

    const [delivery] = await waitFor('the log', async () => {
      const list = await deliveriesOf(endpoint.id);
      return list[0]?.status === 'SUCCEEDED' ? list : undefined;
    });
    expect(delivery).toMatchObject({
      eventId: request.body.id,
      eventType: 'order.created',
      attempts: 1,
      lastStatusCode: 200,
      lastResponse: 'ok',
      lastError: null,
      nextAttemptAt: null,
      body: request.raw,
    });
    expect(delivery.lastDurationMs).toEqual(expect.any(Number));
    expect(delivery.deliveredAt).not.toBeNull();
  });

  it('logs an answer with control characters readably (a NUL never reaches PostgreSQL)', async () => {
    const hook = await receiver();
    hook.respond = () => ({ status: 200, body: 'ok\u0000\u001b[31mred\ttab' });
    const { endpoint } = await createEndpoint(store, hook.url, ['order.created']);
    await placeOrder();
    const [delivery] = await waitFor('the log', async () => {
      const list = await deliveriesOf(endpoint.id);
      return list[0]?.status === 'SUCCEEDED' ? list : undefined;
    });
    expect(delivery.lastResponse).toBe('ok\ufffd\ufffd[31mred\ttab');
  });

  it('a receiver that fails twice then succeeds gets three deliveries with one event id', async () => {
    const hook = await receiver();
    hook.respond = (n) => (n <= 2 ? { status: 500, body: `boom ${n}` } : { status: 204 });
    const { secret, endpoint } = await createEndpoint(store, hook.url, ['order.created']);
    await placeOrder();

    // The first failure is in the log at once, with the retry due.
    const [afterFirst] = await waitFor('the first failure', async () => {
      const list = await deliveriesOf(endpoint.id);
      return list[0]?.attempts >= 1 ? list : undefined;
    });
    expect(afterFirst).toMatchObject({ status: 'PENDING', attempts: 1, lastStatusCode: 500, lastResponse: 'boom 1' });
    expect(new Date(afterFirst.nextAttemptAt).getTime()).toBeGreaterThan(Date.now() - 1000);

    // graphile-worker's backoff (exp(1) ≈ 2.7 s, then exp(2) ≈ 7.4 s), cut short.
    await waitFor(
      'three attempts',
      async () => {
        await retryNow(endpoint.id);
        return hook.received.length >= 3 || undefined;
      },
      40_000,
    );
    const ids = hook.received.map((r) => r.headers['store-event-id']);
    expect(new Set(ids).size).toBe(1);
    expect(new Set(hook.received.map((r) => r.raw)).size).toBe(1);
    for (const request of hook.received) verifySignature(request, secret);

    const [delivery] = await waitFor('success in the log', async () => {
      const list = await deliveriesOf(endpoint.id);
      return list[0]?.status === 'SUCCEEDED' ? list : undefined;
    });
    expect(delivery).toMatchObject({ attempts: 3, lastStatusCode: 204, lastResponse: '', nextAttemptAt: null });
    expect(hook.received).toHaveLength(3);
  }, 60_000);

  it('is redelivered on request with the same body and event id, signed anew', async () => {
    const hook = await receiver();
    const { secret, endpoint } = await createEndpoint(store, hook.url, ['order.created']);
    await placeOrder();
    const [delivery] = await waitFor('the first delivery', async () => {
      const list = await deliveriesOf(endpoint.id);
      return list[0]?.status === 'SUCCEEDED' ? list : undefined;
    });

    hook.respond = () => ({ status: 202, body: 'again' });
    const res = await server.gql(REDELIVER, { id: delivery.id }, { token: store.admin.token });
    expect(res.errors).toBeUndefined();
    expect(res.data!.redeliverWebhook).toMatchObject({ id: delivery.id, status: 'PENDING', attempts: 1 });

    await waitFor('the redelivery', () => hook.received.length >= 2 || undefined);
    const [first, second] = hook.received;
    expect(second.raw).toBe(first.raw);
    expect(second.headers['store-event-id']).toBe(first.headers['store-event-id']);
    verifySignature(second, secret);
    const [after] = await waitFor('the log', async () => {
      const list = await deliveriesOf(endpoint.id);
      return list[0]?.attempts === 2 && list[0].status === 'SUCCEEDED' ? list : undefined;
    });
    expect(after).toMatchObject({ lastStatusCode: 202, lastResponse: 'again' });
  });

  it('goes only to endpoints subscribed to its event type', async () => {
    const paidOnly = await receiver();
    const everything = await receiver();
    const paid = await createEndpoint(store, paidOnly.url, ['order.paid']);
    await createEndpoint(store, everything.url, ['order.created', 'order.status_changed', 'order.paid']);
    const order = await placeOrder();
    await waitFor('order.created elsewhere', () => everything.received.some((r) => r.body.type === 'order.created'));
    await setStatus(order.id, 'SUCCESS');
    await waitFor('the status change elsewhere', () =>
      everything.received.some((r) => r.body.type === 'order.status_changed' && r.body.data.orderId === order.id),
    );
    await waitFor('order.paid', () => paidOnly.received.length > 0 || undefined);

    expect(paidOnly.received.map((r) => r.body.type)).toEqual(['order.paid']);
    expect(paidOnly.received[0].body.data).toMatchObject({ orderId: order.id, order: { status: 'SUCCESS' } });
    expect((await deliveriesOf(paid.endpoint.id)).map((d) => d.eventType)).toEqual(['order.paid']);
    // The status change says who made it, in the API's names.
    const change = everything.received.find((r) => r.body.type === 'order.status_changed')!;
    expect(change.body.data).toMatchObject({ from: 'PENDING', to: 'SUCCESS', actorKind: 'ADMIN' });
  });

  it('is written once per endpoint and event, however often the consumer runs', async () => {
    const hook = await receiver();
    const { endpoint } = await createEndpoint(store, hook.url, ['order.created']);
    await placeOrder();
    await waitFor('the delivery', () => hook.received.length > 0 || undefined);
    const eventId = hook.received[0].body.id;

    // The event's dispatch job once more (as after a crash between its commit and its completion).
    await server.sql(`SELECT graphile_worker.add_job('events:dispatch', json_build_object('eventId', $1::text))`, [
      eventId,
    ]);
    await waitFor('the job to run', async () => {
      const [{ count }] = await server.sql(
        `SELECT count(*)::int AS count FROM graphile_worker.jobs WHERE task_identifier = 'events:dispatch'`,
      );
      return count === 0 || undefined;
    });
    expect(await deliveriesOf(endpoint.id)).toHaveLength(1);
    expect(hook.received).toHaveLength(1);
  });

  it('does not go to an endpoint added after the event', async () => {
    const hook = await receiver();
    const order = await placeOrder();
    await createEndpoint(store, hook.url, ['order.created', 'order.paid']);
    await setStatus(order.id, 'SUCCESS');
    await waitFor('order.paid', () => hook.received.length > 0 || undefined);
    expect(hook.received.map((r) => r.body.type)).toEqual(['order.paid']);
  });
});

describe('an endpoint that never answers 2xx', () => {
  let limited: Store;
  beforeAll(async () => {
    limited = await startStore({ WEBHOOK_MAX_ATTEMPTS: '2' });
  });
  afterAll(() => limited.server.close());

  async function endpointOn(url: string) {
    return (await createEndpoint(limited, url, ['order.created'])).endpoint.id;
  }

  it('is FAILED after the last attempt, and a redelivery starts again', async () => {
    const hook = await receiver();
    hook.respond = (n) => (n <= 2 ? { status: 503, body: 'x'.repeat(5000) } : { status: 200, body: 'back' });
    const endpointId = await endpointOn(hook.url);
    await placeOrder(limited);

    const [failed] = await waitFor('the last attempt', async () => {
      await retryNow(endpointId, limited);
      const list = await deliveriesOf(endpointId, limited);
      return list[0]?.status === 'FAILED' ? list : undefined;
    });
    expect(failed).toMatchObject({ attempts: 2, lastStatusCode: 503, nextAttemptAt: null, deliveredAt: null });
    // The start of the answer: 1,000 characters.
    expect(failed.lastResponse).toBe('x'.repeat(1000));

    const res = await limited.server.gql(REDELIVER, { id: failed.id }, { token: limited.admin.token });
    expect(res.data!.redeliverWebhook.status).toBe('PENDING');
    const [delivered] = await waitFor('the redelivery', async () => {
      const list = await deliveriesOf(endpointId, limited);
      return list[0]?.status === 'SUCCEEDED' ? list : undefined;
    });
    expect(delivered).toMatchObject({ attempts: 3, lastStatusCode: 200, lastResponse: 'back' });
    expect(new Set(hook.received.map((r) => r.raw)).size).toBe(1);
  }, 30_000);

  it('logs why there was no answer', async () => {
    // A port nothing listens on: the receiver was closed.
    const gone = await startReceiver();
    await gone.close();
    const endpointId = await endpointOn(gone.url);
    await placeOrder(limited);
    const [failed] = await waitFor('the last attempt', async () => {
      await retryNow(endpointId, limited);
      const list = await deliveriesOf(endpointId, limited);
      return list[0]?.status === 'FAILED' ? list : undefined;
    });
    expect(failed).toMatchObject({ attempts: 2, lastStatusCode: null, lastResponse: null });
    expect(failed.lastError).toMatch(/ECONNREFUSED/);
  }, 30_000);

  it('does not follow a redirect', async () => {
    const target = await receiver();
    const redirecting = await receiver();
    redirecting.respond = () => ({ status: 307, body: '' });
    const endpointId = await endpointOn(redirecting.url);
    await placeOrder(limited);
    const [failed] = await waitFor('the last attempt', async () => {
      await retryNow(endpointId, limited);
      const list = await deliveriesOf(endpointId, limited);
      return list[0]?.status === 'FAILED' ? list : undefined;
    });
    expect(failed).toMatchObject({ lastStatusCode: 307, lastError: 'Redirect to (no Location) not followed' });
    expect(target.received).toHaveLength(0);
  }, 30_000);
});

describe('endpoints', () => {
  it('are listed newest first without their secret, and deleted with their log', async () => {
    const hook = await receiver();
    const { endpoint } = await createEndpoint(store, hook.url, ['order.paid', 'order.created', 'order.paid']);
    // Events in the store's order, repeats dropped; the URL as the parser normalises it.
    expect(endpoint).toMatchObject({ url: hook.url, events: ['order.created', 'order.paid'], active: true });
    const list = await server.gql(`{ webhookEndpoints { id } }`, {}, { token: store.admin.token });
    expect(list.data!.webhookEndpoints[0].id).toBe(endpoint.id);
    const secret = await server.gql(`{ webhookEndpoints { id secret } }`, {}, { token: store.admin.token });
    expect(secret.errors?.[0].extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');

    await placeOrder();
    await waitFor('a delivery', () => hook.received.length > 0 || undefined);
    const del = `mutation ($id: ID!) { deleteWebhookEndpoint(id: $id) }`;
    expect((await server.gql(del, { id: endpoint.id }, { token: store.admin.token })).data).toEqual({
      deleteWebhookEndpoint: true,
    });
    const after = await server.gql(`{ webhookEndpoints { id } }`, {}, { token: store.admin.token });
    expect(after.data!.webhookEndpoints.map((e: { id: string }) => e.id)).not.toContain(endpoint.id);
    expect(await server.sql(`SELECT id FROM webhook_deliveries WHERE endpoint_id = $1`, [endpoint.id])).toEqual([]);
    const again = await server.gql(del, { id: endpoint.id }, { token: store.admin.token });
    expect(again.errors?.[0]).toMatchObject({
      message: 'Webhook endpoint not found',
      extensions: { code: 'NOT_FOUND' },
    });
    const unknown = await server.gql(REDELIVER, { id: 'not-an-id' }, { token: store.admin.token });
    expect(unknown.errors?.[0].extensions?.code).toBe('NOT_FOUND');
  });

  it('lists the event names they may subscribe to', async () => {
    const res = await server.gql(`{ webhookEventTypes }`, {}, { token: store.admin.token });
    expect(res.data!.webhookEventTypes).toEqual([
      'order.created',
      'order.status_changed',
      'order.paid',
      'order.delivered',
      'order.payment_issue',
      'order.awaiting_stock',
      'ticket.created',
      'ticket.replied',
      'product.stock_changed',
      'refund.offered',
      'refund.claimed',
      'refund.sent',
      'refund.paid',
      'refund.cancelled',
    ]);
  });

  it.each([
    ['no URL', { url: null, events: ['order.paid'] }, 'url', WEBHOOK_MESSAGES.urlRequired],
    ['an empty URL', { url: '  ', events: ['order.paid'] }, 'url', WEBHOOK_MESSAGES.urlRequired],
    ['not a URL', { url: 'hooks.example.com/store', events: ['order.paid'] }, 'url', WEBHOOK_MESSAGES.urlInvalid],
    ['another scheme', { url: 'ftp://example.com/hook', events: ['order.paid'] }, 'url', WEBHOOK_MESSAGES.urlInvalid],
    ['a space', { url: 'https://example.com/a hook', events: ['order.paid'] }, 'url', WEBHOOK_MESSAGES.urlInvalid],
    [
      'a URL over 2048 characters',
      { url: `https://example.com/${'a'.repeat(2030)}`, events: ['order.paid'] },
      'url',
      WEBHOOK_MESSAGES.urlTooLong,
    ],
    ['no events', { url: 'https://example.com/hook', events: [] }, 'events', WEBHOOK_MESSAGES.eventsRequired],
    ['a null event list', { url: 'https://example.com/hook' }, 'events', WEBHOOK_MESSAGES.eventsRequired],
    [
      'an unknown event',
      { url: 'https://example.com/hook', events: ['order.paid', 'order.shipped'] },
      'events',
      'Unknown event "order.shipped"',
    ],
  ])('refuses %s with its message', async (_name, input, field, message) => {
    const res = await server.gql(CREATE, { input }, { token: store.admin.token });
    expect(res.errors?.[0]).toMatchObject({
      message,
      extensions: { code: 'BAD_USER_INPUT', fieldErrors: [{ field, message }] },
    });
  });
});

describe('in production (SSRF)', () => {
  let production: TestServer;
  let productionAdmin: TestUser;
  beforeAll(async () => {
    production = await startTestServer({
      env: {
        NODE_ENV: 'production',
        LOG_LEVEL: 'silent',
        JWT_SECRET: 'a-production-secret-of-at-least-32-chars',
        WEBHOOK_MAX_ATTEMPTS: '1',
        // Its admin has no second factor (tests/api/two-factor.test.ts covers the rule).
        REQUIRE_STAFF_2FA: 'false',
      },
    });
    productionAdmin = await production.createUser({ admin: true });
  });
  afterAll(() => production.close());

  it.each([
    'http://127.0.0.1/',
    'http://10.0.0.1/',
    'http://192.168.1.20:8080/hook',
    'http://169.254.169.254/latest/meta-data/',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[fd00::1]/',
    'http://0.0.0.0/',
    'http://localhost:4000/graphql',
  ])('refuses an endpoint at %s', async (url) => {
    const res = await production.gql(
      CREATE,
      { input: { url, events: ['order.paid'] } },
      { token: productionAdmin.token },
    );
    expect(res.errors?.[0]).toMatchObject({
      message: WEBHOOK_MESSAGES.urlNotPublic,
      extensions: { code: 'BAD_USER_INPUT', fieldErrors: [{ field: 'url', message: WEBHOOK_MESSAGES.urlNotPublic }] },
    });
  });

  it('accepts a public address', async () => {
    const res = await production.gql(
      CREATE,
      { input: { url: 'https://93.184.215.14/hooks', events: ['order.paid'] } },
      { token: productionAdmin.token },
    );
    expect(res.errors).toBeUndefined();
  });

  it('refuses at delivery time too, when the address has become internal', async () => {
    const hook = await receiver();
    // As if the name had resolved publicly when the endpoint was added and points inside now.
    const [{ id: endpointId }] = await production.sql(
      `INSERT INTO webhook_endpoints (url, events, secret) VALUES ($1, '{order.created}', 'whsec_test') RETURNING id`,
      [hook.url],
    );
    const buyer = await production.createUser();
    const placed = await production.gql(
      `mutation ($input: PlaceOrderInput!) { placeOrder(input: $input) { id } }`,
      { input: { productId, quantity: 2, email: buyer.email, paymentMethod: 'USDT_TRC20' } },
      { token: buyer.token },
    );
    expect(placed.errors).toBeUndefined();
    const [failed] = await waitFor('the refused attempt', async () => {
      const rows = await production.sql(`SELECT status, last_error FROM webhook_deliveries WHERE endpoint_id = $1`, [
        endpointId,
      ]);
      return rows[0]?.status === 'FAILED' ? rows : undefined;
    });
    expect(failed.last_error).toBe(
      'Address not allowed: 127.0.0.1 resolves to 127.0.0.1, which is not a public address',
    );
    expect(hook.received).toHaveLength(0);
  });
});
