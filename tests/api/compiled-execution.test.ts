/**
 * Compiled execution (server/src/graphql/compiled-execution.ts): a query runs on graphql-js the first time and
 * compiled by graphql-jit from the second. A client must not be able to tell: each document below is sent three
 * times and every answer must be the same, byte for byte and status for status, data, nulls and errors alike
 * (minus the per-request ids of an internal error).
 */
import { startTestServer, type TestServer, type TestUser } from '../support/test-server';

let server: TestServer;
let admin: TestUser;
let customer: TestUser;
let stranger: TestUser;
let orderId: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.createUser({ admin: true });
  customer = await server.createUser({ fullName: 'Compiled Customer' });
  stranger = await server.createUser();
  const [{ id: productId }] = await server.sql<{ id: string }>(`SELECT id FROM products WHERE slug = 'bitcoin-bot'`);
  const placed = await server.gql(
    `mutation ($input: PlaceOrderInput!) { placeOrder(input: $input) { id } }`,
    {
      input: {
        productId,
        quantity: 1,
        email: customer.email,
        paymentMethod: 'BTC',
        domainName: 'compiled.example.com',
        transactionId: 'compiledtx1',
      },
    },
    { token: customer.token },
  );
  expect(placed.errors).toBeUndefined();
  orderId = placed.data!.placeOrder.id;
  const ticket = await server.gql(
    `mutation ($input: CreateTicketInput!) { createTicket(input: $input) { id } }`,
    { input: { title: 'Compiled ticket', description: 'Does it answer the same?', category: 'TECHNICAL' } },
    { token: customer.token },
  );
  expect(ticket.errors).toBeUndefined();
});
afterAll(() => server.close());

const DASHBOARD = `query DashboardPage {
  me {
    id email isAdmin
    profile { id email fullName companyName phone }
    certificates { id status domainName productName issuedAt expiresAt autoRenew certificateFileUrl chainFileUrl }
    orders { id status shortId createdAt quantity totalPrice paymentMethod domainName product { id name } }
    tickets { id status title description category createdAt priority }
  }
}`;
const ADMIN_ORDERS = `query AdminOrders($after: String) {
  adminOrders(first: 20, after: $after) {
    totalCount
    pageInfo { hasNextPage endCursor }
    edges { cursor node { id shortId status totalPrice paymentAmountCrypto product { name } customer { fullName email } } }
  }
}`;
const ORDER = `query Order($id: ID!) { order(id: $id) { id status totalPrice product { slug } events { toStatus } } }`;

/** Sends one request three times; returns the answers with per-request ids blanked. */
async function thrice(query: string, variables: Record<string, unknown>, token?: string, operationName?: string) {
  const answers = [];
  for (let i = 0; i < 3; i++) {
    const res = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ query, variables, operationName }),
    });
    const text = (await res.text()).replace(/"(errorId|requestId)":"[^"]+"/g, '"$1":"…"');
    answers.push({ status: res.status, text });
  }
  expect(answers[1]).toEqual(answers[0]);
  expect(answers[2]).toEqual(answers[0]);
  return { status: answers[0].status, body: JSON.parse(answers[0].text) };
}

it('answers the dashboard the same, with lists, nested products and enums', async () => {
  const { body } = await thrice(DASHBOARD, {}, customer.token);
  expect(body.data.me.profile.fullName).toBe('Compiled Customer');
  expect(body.data.me.orders).toEqual([
    expect.objectContaining({ id: orderId, domainName: 'compiled.example.com', product: expect.any(Object) }),
  ]);
  expect(body.data.me.tickets).toHaveLength(1);
});

it('answers a signed-out `me` with null, and a customer asking for the admin queue with FORBIDDEN', async () => {
  expect((await thrice(DASHBOARD, {})).body).toEqual({ data: { me: null } });
  const { body } = await thrice(ADMIN_ORDERS, { after: null }, customer.token);
  expect(body.data).toBeNull();
  expect(body.errors).toEqual([
    expect.objectContaining({ path: ['adminOrders'], extensions: { code: 'FORBIDDEN', permission: 'ORDERS_READ' } }),
  ]);
});

it('answers the admin queue the same, first page and after a cursor', async () => {
  const first = await thrice(ADMIN_ORDERS, { after: null }, admin.token);
  expect(first.body.data.adminOrders.edges.length).toBeGreaterThan(0);
  await thrice(ADMIN_ORDERS, { after: first.body.data.adminOrders.edges[0].cursor }, admin.token);
});

it('answers NOT_FOUND for an order of someone else, and the order for its owner', async () => {
  const { body } = await thrice(ORDER, { id: orderId }, stranger.token);
  expect(body).toEqual({
    data: { order: null },
    errors: [
      expect.objectContaining({
        message: 'Order not found',
        path: ['order'],
        locations: [{ line: 1, column: 25 }],
        extensions: { code: 'NOT_FOUND' },
      }),
    ],
  });
  expect((await thrice(ORDER, { id: orderId }, customer.token)).body.data.order).toMatchObject({ id: orderId });
});

it('answers a variable of the wrong type with the same 400', async () => {
  const { status, body } = await thrice(ORDER, { id: { not: 'an id' } }, customer.token);
  expect(status).toBe(400);
  expect(body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
});

it('masks an unexpected failure the same way, with an error id and the request id', async () => {
  // A resolver that fails: its table is gone for this server (restored afterwards).
  await server.sql(`ALTER TABLE installation_guides RENAME TO installation_guides_away`);
  try {
    const { body } = await thrice(`query Guides { guides { id title } }`, {});
    expect(body.errors).toEqual([
      {
        message: 'Internal server error',
        path: ['guides'],
        extensions: { code: 'INTERNAL_SERVER_ERROR', errorId: '…', requestId: '…' },
      },
    ]);
  } finally {
    await server.sql(`ALTER TABLE installation_guides_away RENAME TO installation_guides`);
  }
});

it('runs the operation asked for in a document of several, and refuses an unknown name the same way', async () => {
  const both = `query Mine { me { email } } query Slugs { products { slug } }`;
  expect((await thrice(both, {}, customer.token, 'Mine')).body).toEqual({ data: { me: { email: customer.email } } });
  expect((await thrice(both, {}, customer.token, 'Slugs')).body.data.products.length).toBeGreaterThan(0);
  const unknown = await thrice(both, {}, customer.token, 'Nope');
  expect(unknown.status).toBe(400);
  expect(unknown.body.errors[0].message).toBe('Unknown operation named "Nope".');
});

it('answers a document whose fragments expand past the compile limit the same way (it stays on graphql-js)', async () => {
  const exploding = `query Exploding { a: me { ...V } b: me { ...V } c: me { ...V } d: me { ...V } }
    fragment V on Viewer { a: tickets { ...T } b: tickets { ...T } c: tickets { ...T } d: tickets { ...T } }
    fragment T on SupportTicket { id title description category status priority createdAt lastActivityAt ...M ...M2 }
    fragment M on SupportTicket { id title description category status priority }
    fragment M2 on SupportTicket { id title description category status priority }`;
  // 4 + 16 + 16 × 20 = 340 fields when executed, past the 200 that are compiled.
  const { body } = await thrice(exploding, {}, customer.token);
  expect(body.errors).toBeUndefined();
  expect(body.data.a.a).toEqual([expect.objectContaining({ title: 'Compiled ticket' })]);
});
