/**
 * Request ids: every HTTP response names its request in `X-Request-Id` (a sane incoming id is kept),
 * every log line of the request carries it as `requestId`, and an INTERNAL_SERVER_ERROR carries it
 * next to its `errorId`. Over graphql-ws each subscribe operation gets its own id. The log is read
 * from the real logger, routed to a stream this file owns.
 */
import { setLogDestination, type LogLevel } from '../../server/src/core/logger';
import { PNG_1x1, startTestServer, subscribeOnce, type TestServer, type TestUser } from '../support/test-server';

interface LogLine {
  level: LogLevel;
  msg: string;
  requestId?: string;
  [field: string]: unknown;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const PLACE_ORDER = /* GraphQL */ `
  mutation PlaceOrder($input: PlaceOrderInput!, $proof: Upload) {
    placeOrder(input: $input, proof: $proof) {
      id
    }
  }
`;

let server: TestServer;
let customer: TestUser;
let admin: TestUser;
let productId: string;
const lines: LogLine[] = [];
let restoreDestination: ReturnType<typeof setLogDestination>;

beforeAll(async () => {
  restoreDestination = setLogDestination({ write: (line: string) => void lines.push(JSON.parse(line)) });
  server = await startTestServer({ env: { LOG_LEVEL: 'debug' } });
  customer = await server.createUser();
  admin = await server.createUser({ admin: true });
  [{ id: productId }] = await server.sql(`SELECT id FROM products WHERE slug = 'ethereum-classic-key'`);
});
afterAll(async () => {
  await server.close();
  setLogDestination(restoreDestination);
});

/** The lines logged with this message so far. */
const logged = (msg: string) => lines.filter((line) => line.msg === msg);

/** Waits until a line with this message is logged. */
async function nextLogged(msg: string, timeoutMs = 5000): Promise<LogLine> {
  const seen = logged(msg).length;
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline;) {
    const line = logged(msg)[seen];
    if (line) return line;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`Nothing logged as '${msg}' within ${timeoutMs} ms`);
}

const orderInput = (idempotencyKey: string) => ({
  productId,
  quantity: 1,
  email: customer.email,
  paymentMethod: 'USDT_TRC20',
  idempotencyKey,
});

describe('the X-Request-Id header', () => {
  it('names every response with a new UUID', async () => {
    const first = await server.gql(`{ __typename }`);
    const second = await server.gql(`{ __typename }`);
    expect(first.headers.get('x-request-id')).toMatch(UUID);
    expect(second.headers.get('x-request-id')).toMatch(UUID);
    expect(second.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
    const health = await fetch(`${server.url}/healthz`);
    expect(health.headers.get('x-request-id')).toMatch(UUID);
  });

  it.each(['trace-1.A_b', 'f'.repeat(64)])('echoes a sane incoming id (%s)', async (id) => {
    const res = await server.gql(`{ __typename }`, {}, { headers: { 'x-request-id': id } });
    expect(res.headers.get('x-request-id')).toBe(id);
  });

  it.each(['f'.repeat(65), 'has space', 'a/b', '<script>', 'id;drop'])('replaces an insane one (%s)', async (id) => {
    const res = await server.gql(`{ __typename }`, {}, { headers: { 'x-request-id': id } });
    expect(res.headers.get('x-request-id')).toMatch(UUID);
  });
});

describe('log lines', () => {
  it("carry the request's id, logged deep in a service (JSON and multipart requests)", async () => {
    const json = await server.gql(
      PLACE_ORDER,
      { input: orderInput('request-id-json') },
      { token: customer.token, headers: { 'x-request-id': 'checkout-json-1' } },
    );
    expect(json.errors).toBeUndefined();
    expect(logged('Order placed').find((line) => line.orderId === json.data!.placeOrder.id)).toMatchObject({
      level: 'info',
      requestId: 'checkout-json-1',
      userId: customer.id,
    });

    const multipart = await server.upload(
      PLACE_ORDER,
      { input: orderInput('request-id-upload') },
      { name: 'proof.png', type: 'image/png', bytes: PNG_1x1 },
      { token: customer.token, headers: { 'x-request-id': 'checkout-upload-1' } },
    );
    expect(multipart.errors).toBeUndefined();
    expect(logged('Order placed').find((line) => line.orderId === multipart.data!.placeOrder.id)).toMatchObject({
      requestId: 'checkout-upload-1',
    });
  });

  it('of work that outlives the request that started it carry no request id', async () => {
    // The first catalogue read starts the catalogue cache's change listener.
    await server.gql(`{ products { id } }`, {}, { headers: { 'x-request-id': 'starts-the-listener' } });
    const [{ id: botId }] = await server.sql(`SELECT id FROM products WHERE slug = 'bitcoin-bot'`);
    const invalidated = nextLogged('Catalogue cache invalidated');
    const res = await server.gql(
      `mutation ($productId: ID!) { setProductStock(productId: $productId, inStock: false) { id } }`,
      { productId: botId },
      { token: admin.token, headers: { 'x-request-id': 'changes-stock' } },
    );
    expect(res.errors).toBeUndefined();
    const line = await invalidated;
    expect(line.productId).toBe(botId);
    expect(line.requestId).toBeUndefined();
  });
});

describe('INTERNAL_SERVER_ERROR', () => {
  // Runs last in this file: the table stays gone for this server.
  beforeAll(() => server.sql(`ALTER TABLE installation_guides RENAME TO installation_guides_gone`));

  it('carries the request id next to the error id, as does the logged line', async () => {
    const res = await server.gql(`{ guides { id title } }`);
    const requestId = res.headers.get('x-request-id');
    expect(requestId).toMatch(UUID);
    expect(res.errors).toHaveLength(1);
    const { extensions } = res.errors![0];
    expect(extensions).toEqual({ code: 'INTERNAL_SERVER_ERROR', errorId: expect.stringMatching(UUID), requestId });
    expect(logged('Unexpected error').find((line) => line.errorId === extensions!.errorId)).toMatchObject({
      level: 'error',
      requestId,
      err: { message: expect.stringContaining('installation_guides') },
    });
  });

  it('carries an incoming sane id', async () => {
    const res = await server.gql(`{ guides { id title } }`, {}, { headers: { 'x-request-id': 'broken-guides-1' } });
    expect(res.headers.get('x-request-id')).toBe('broken-guides-1');
    expect(res.errors![0].extensions).toMatchObject({ code: 'INTERNAL_SERVER_ERROR', requestId: 'broken-guides-1' });
  });
});

describe('over graphql-ws', () => {
  const ORDER_UPDATED = `subscription ($orderId: ID!) { orderUpdated(orderId: $orderId) { id status } }`;

  it('each subscribe operation has its own request id, on its error and its logged line', async () => {
    const placed = await server.gql(PLACE_ORDER, { input: orderInput('request-id-ws') }, { token: customer.token });
    const orderId = placed.data!.placeOrder.id;
    await server.sql(`ALTER TABLE orders RENAME TO orders_gone`);

    const client = server.ws(customer.token);
    const first = subscribeOnce(client, { query: ORDER_UPDATED, variables: { orderId } });
    const second = subscribeOnce(client, { query: ORDER_UPDATED, variables: { orderId } });
    const [a, b] = [(await first.next()).errors![0], (await second.next()).errors![0]];
    for (const error of [a, b]) {
      expect(error.extensions).toEqual({
        code: 'INTERNAL_SERVER_ERROR',
        errorId: expect.stringMatching(UUID),
        requestId: expect.stringMatching(UUID),
      });
      expect(logged('Unexpected error').find((line) => line.errorId === error.extensions.errorId)).toMatchObject({
        requestId: error.extensions.requestId,
      });
    }
    expect(a.extensions.requestId).not.toBe(b.extensions.requestId);
  });
});
