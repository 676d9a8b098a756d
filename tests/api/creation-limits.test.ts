/**
 * One account cannot flood the store: orders (each may carry a 5 MB proof) and tickets are limited per
 * user per hour (ORDER_RATE_LIMIT, TICKET_RATE_LIMIT). Refused attempts write nothing; retries of an
 * order that exists still return it.
 */
import { PNG_1x1, startTestServer, type TestServer, type TestUser } from '../support/test-server';

let server: TestServer;
let productId: string;
beforeAll(async () => {
  server = await startTestServer({ env: { ORDER_RATE_LIMIT: '2', TICKET_RATE_LIMIT: '2' } });
  [{ id: productId }] = await server.sql(`SELECT id FROM products WHERE slug = 'litecoin-keys'`);
});
afterAll(() => server.close());

const PLACE = `mutation ($input: PlaceOrderInput!, $proof: Upload) { placeOrder(input: $input, proof: $proof) { id } }`;
const TICKET = `mutation { createTicket(input: { title: "Hi", description: "Help me", category: OTHER }) { id } }`;

function place(user: TestUser, key: string) {
  const input = { productId, quantity: 1, email: user.email, paymentMethod: 'USDT_TRC20', idempotencyKey: key };
  return server.upload(
    PLACE,
    { input },
    { name: 'proof.png', type: 'image/png', bytes: PNG_1x1 },
    { token: user.token },
  );
}

async function countRows(table: string, userColumn: string, userId: string): Promise<number> {
  const [{ count }] = await server.sql(`SELECT count(*)::int AS count FROM ${table} WHERE ${userColumn} = $1`, [
    userId,
  ]);
  return count;
}

it('refuses a third order within the hour with RATE_LIMITED and stores nothing for it', async () => {
  const user = await server.createUser();
  const first = await place(user, 'limit-key-0001');
  expect((await place(user, 'limit-key-0002')).errors).toBeUndefined();
  const third = await place(user, 'limit-key-0003');
  expect(third.errors?.[0].extensions?.code).toBe('RATE_LIMITED');
  expect(third.errors?.[0].message).toMatch(/Too many attempts\. Please try again in \d+ (seconds|minutes?)\./);
  expect(await countRows('orders', 'user_id', user.id)).toBe(2);
  expect(await countRows('stored_files', 'owner_id', user.id)).toBe(2);

  // A retry of an order that exists is not a new order: it still answers.
  const retry = await place(user, 'limit-key-0001');
  expect(retry.errors).toBeUndefined();
  expect(retry.data!.placeOrder.id).toBe(first.data!.placeOrder.id);

  // Another customer is not affected.
  const other = await server.createUser();
  expect((await place(other, 'limit-key-0001')).errors).toBeUndefined();
});

it('refuses a third ticket within the hour', async () => {
  const user = await server.createUser();
  for (let i = 0; i < 2; i++) expect((await server.gql(TICKET, {}, { token: user.token })).errors).toBeUndefined();
  const third = await server.gql(TICKET, {}, { token: user.token });
  expect(third.errors?.[0].extensions?.code).toBe('RATE_LIMITED');
  expect(await countRows('support_tickets', 'user_id', user.id)).toBe(2);
});

it('keeps an hourly order counter through the pruning a sign-in starts in a fresh process', async () => {
  // A fresh process prunes on its first counted attempt; a sign-in's window is 5 minutes, the order
  // counter's an hour, and a counter 10 minutes into its hour must survive.
  const fresh = await startTestServer({ env: { ORDER_RATE_LIMIT: '2' } });
  try {
    const user = await fresh.createUser();
    await fresh.sql(`INSERT INTO rate_limits (key, window_start, hits) VALUES ($1, now() - interval '10 minutes', 2)`, [
      `order:user:${user.id}`,
    ]);
    const signIn = await fresh.gql(`mutation ($input: SignInInput!) { signIn(input: $input) { accessToken } }`, {
      input: { email: user.email, password: 'not-the-password-1' },
    });
    expect(signIn.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    const [{ id: freshProductId }] = await fresh.sql(`SELECT id FROM products WHERE slug = 'litecoin-keys'`);
    const third = await fresh.gql(
      `mutation ($input: PlaceOrderInput!) { placeOrder(input: $input) { id } }`,
      { input: { productId: freshProductId, quantity: 1, email: user.email, paymentMethod: 'USDT_TRC20' } },
      { token: user.token },
    );
    expect(third.errors?.[0].extensions?.code).toBe('RATE_LIMITED');
  } finally {
    await fresh.close();
  }
});
