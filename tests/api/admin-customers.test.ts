/**
 * The admin's customers (issue 15 part 3): the list with its aggregates, search by name and e-mail, keyset paging,
 * the customer view, and blocking (sign-in, refresh, checkout and open sockets refused; unblocking restores).
 */
import { CUSTOMER_MESSAGES, MESSAGES } from '../../common/validation';
import { BLOCKED_CLOSE } from '../../server/src/graphql/blocked-account-sockets';
import {
  startTestServer,
  subscribeOnce,
  type GqlResponse,
  type TestServer,
  type TestUser,
} from '../support/test-server';

const CUSTOMERS = /* GraphQL */ `
  query ($search: String, $first: Int, $after: String) {
    adminCustomers(search: $search, first: $first, after: $after) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      edges {
        cursor
        node {
          id
          fullName
          email
          createdAt
          orderCount
          totalPaid
          openTickets
          blocked
          isAdmin
        }
      }
    }
  }
`;
const CUSTOMER = /* GraphQL */ `
  query ($id: ID!) {
    adminCustomer(userId: $id) {
      customer {
        id
        email
        orderCount
        totalPaid
        openTickets
        blocked
        blockedAt
      }
      orders {
        id
        status
        totalPrice
        product {
          name
        }
      }
      tickets {
        id
        title
        status
        createdAt
      }
    }
  }
`;
const BLOCK = `mutation ($id: ID!, $b: Boolean!) { setCustomerBlocked(userId: $id, blocked: $b) { id blocked blockedAt } }`;
const SIGN_IN = `mutation ($input: SignInInput!) { signIn(input: $input) { accessToken } }`;
const REFRESH = `mutation { refreshSession { accessToken } }`;
const PLACE = `mutation ($input: PlaceOrderInput!) { placeOrder(input: $input) { id } }`;

interface CustomerNode {
  id: string;
  fullName: string | null;
  email: string;
  createdAt: string;
  orderCount: number;
  totalPaid: number;
  openTickets: number;
  blocked: boolean;
  isAdmin: boolean;
}
interface Page {
  totalCount: number;
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  edges: { cursor: string; node: CustomerNode }[];
}

let server: TestServer;
let admin: TestUser;
let productId: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.createUser({ admin: true, fullName: 'Console Admin' });
  [{ id: productId }] = await server.sql(`SELECT id FROM products WHERE slug = 'litecoin-keys'`);
});
afterAll(() => server.close());

async function customers(variables: Record<string, unknown>): Promise<Page> {
  const res = await server.gql<{ adminCustomers: Page }>(CUSTOMERS, variables, { token: admin.token });
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  return res.data!.adminCustomers;
}

/** An order inserted in SQL (status and total chosen), for exact aggregates. */
async function insertOrder(userId: string, status: string, total: string, createdAt = new Date()): Promise<void> {
  await server.sql(
    `INSERT INTO orders (user_id, product_id, contact_email, quantity, unit_price, total_price, payment_method,
                         crypto_address, payment_amount_crypto, status, created_at)
     VALUES ($1, $2, 'x@example.com', 1, $3, $3, 'USDT_TRC20', 'TAddr', $3, $4, $5)`,
    [userId, productId, total, status, createdAt],
  );
}

async function insertTicket(userId: string, status: string, title = 'Help'): Promise<void> {
  await server.sql(
    `INSERT INTO support_tickets (user_id, title, description, category, status) VALUES ($1, $2, 'Please', 'OTHER', $3)`,
    [userId, title, status],
  );
}

function placeOrder(user: TestUser, token = user.token): Promise<GqlResponse> {
  return server.gql(
    PLACE,
    { input: { productId, quantity: 1, email: user.email, paymentMethod: 'USDT_TRC20' } },
    { token },
  );
}

function signIn(user: TestUser, password = user.password): Promise<GqlResponse> {
  return server.gql(SIGN_IN, { input: { email: user.email, password } });
}

function refreshCookie(res: GqlResponse): string {
  const line = res.headers.getSetCookie().find((l) => l.startsWith('store_refresh='));
  if (!line) throw new Error('no refresh cookie');
  return line.split(';')[0];
}

describe('adminCustomers', () => {
  it('lists each customer with exact order count, total paid (paid statuses only) and open tickets', async () => {
    const ada = await server.createUser({ fullName: 'Ada Aggregates', email: 'ada.aggregates@example.com' });
    await insertOrder(ada.id, 'SUCCESS', '10.50');
    await insertOrder(ada.id, 'PROCESSING', '20.25');
    await insertOrder(ada.id, 'COMPLETED', '100.00');
    await insertOrder(ada.id, 'PENDING', '999.00');
    await insertOrder(ada.id, 'CANCELLED', '500.00');
    await insertOrder(ada.id, 'NOT_RECEIVED', '400.00');
    await insertTicket(ada.id, 'OPEN');
    await insertTicket(ada.id, 'IN_PROGRESS');
    await insertTicket(ada.id, 'RESOLVED');
    await insertTicket(ada.id, 'CLOSED');

    const page = await customers({ search: 'ada.aggregates' });
    expect(page.totalCount).toBe(1);
    expect(page.edges[0].node).toEqual({
      id: ada.id,
      fullName: 'Ada Aggregates',
      email: 'ada.aggregates@example.com',
      createdAt: expect.any(String),
      orderCount: 6,
      totalPaid: 130.75,
      openTickets: 2,
      blocked: false,
      isAdmin: false,
    });
  });

  it('finds customers by a part of the name or the e-mail, in any case, and marks admins', async () => {
    const grace = await server.createUser({ fullName: 'Grace Hopper-Search', email: 'cobol.fan@example.com' });
    const other = await server.createUser({ fullName: 'Someone Else', email: 'grace.lookalike@example.org' });
    const byName = await customers({ search: 'HOPPER-search' });
    expect(byName.edges.map((e) => e.node.id)).toEqual([grace.id]);
    const byEmail = await customers({ search: 'Cobol.FAN@' });
    expect(byEmail.edges.map((e) => e.node.id)).toEqual([grace.id]);
    // 'grace' is in one's name and the other's e-mail: both, newest first.
    const both = await customers({ search: 'grace' });
    expect(both.edges.map((e) => e.node.id)).toEqual([other.id, grace.id]);
    expect(both.totalCount).toBe(2);
    // LIKE's wildcards match themselves only.
    expect((await customers({ search: '%' })).totalCount).toBe(0);
    expect((await customers({ search: 'console admin' })).edges[0].node).toMatchObject({ id: admin.id, isAdmin: true });
  });

  it('pages newest sign-up first with cursors, without repeats or gaps, and counts every customer', async () => {
    const made: string[] = [];
    for (let i = 0; i < 5; i++) made.push((await server.createUser({ fullName: `Pager ${i}` })).id);
    const everyone = await customers({ first: 100 });
    const [{ n }] = await server.sql(`SELECT count(*)::int AS n FROM users`);
    expect(everyone.totalCount).toBe(n);
    expect(everyone.edges.slice(0, 5).map((e) => e.node.id)).toEqual([...made].reverse());

    const seen: string[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const page: Page = await customers({ first: 2, after });
      seen.push(...page.edges.map((e) => e.node.id));
      after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
      pages++;
    } while (after);
    expect(seen).toEqual(everyone.edges.map((e) => e.node.id));
    expect(pages).toBe(Math.ceil(n / 2));
  });

  it('refuses a bad cursor, page size or search with field errors', async () => {
    const bad = async (variables: Record<string, unknown>) =>
      (await server.gql(CUSTOMERS, variables, { token: admin.token })).errors?.[0];
    expect(await bad({ after: 'nope' })).toMatchObject({
      message: 'Invalid cursor',
      extensions: { code: 'BAD_USER_INPUT', fieldErrors: [{ field: 'after', message: 'Invalid cursor' }] },
    });
    expect(await bad({ first: 0 })).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' } });
    expect(await bad({ search: 'x'.repeat(101) })).toMatchObject({
      message: MESSAGES.guideSearchTooLong,
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });
});

describe('adminCustomer', () => {
  it("shows a customer's orders and tickets, newest first", async () => {
    const lin = await server.createUser({ fullName: 'Lin View' });
    await insertOrder(lin.id, 'COMPLETED', '42.00', new Date('2026-01-01T00:00:00Z'));
    await insertOrder(lin.id, 'PENDING', '7.00', new Date('2026-02-01T00:00:00Z'));
    await insertTicket(lin.id, 'OPEN', 'Key does not work');
    const res = await server.gql(CUSTOMER, { id: lin.id }, { token: admin.token });
    expect(res.errors).toBeUndefined();
    const view = res.data!.adminCustomer;
    expect(view.customer).toMatchObject({ id: lin.id, orderCount: 2, totalPaid: 42, openTickets: 1, blocked: false });
    expect(view.orders.map((o: { status: string; totalPrice: number }) => [o.status, o.totalPrice])).toEqual([
      ['PENDING', 7],
      ['COMPLETED', 42],
    ]);
    expect(view.orders[0].product.name).toBeTruthy();
    expect(view.tickets).toEqual([
      { id: expect.any(String), title: 'Key does not work', status: 'OPEN', createdAt: expect.any(String) },
    ]);
  });

  it('is NOT_FOUND for an unknown or malformed id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await server.gql(CUSTOMER, { id }, { token: admin.token });
      expect(res.errors?.[0]).toMatchObject({ message: 'Customer not found', extensions: { code: 'NOT_FOUND' } });
    }
  });
});

describe('setCustomerBlocked', () => {
  it('refuses sign-in (after the right password only), refresh and checkout with a token from before the block', async () => {
    const mallory = await server.createUser({ fullName: 'Mallory Blocked' });
    const signedIn = await signIn(mallory);
    expect(signedIn.errors).toBeUndefined();
    const cookie = refreshCookie(signedIn);
    const tokenBefore = mallory.token;

    const blocked = await server.gql(BLOCK, { id: mallory.id, b: true }, { token: admin.token });
    expect(blocked.errors).toBeUndefined();
    expect(blocked.data!.setCustomerBlocked).toMatchObject({ id: mallory.id, blocked: true });
    const [row] = await server.sql(`SELECT blocked_at, blocked_by FROM users WHERE id = $1`, [mallory.id]);
    expect(row.blocked_by).toBe(admin.id);
    expect(row.blocked_at).not.toBeNull();

    // The right password: told they are blocked. A wrong one: the usual answer, so guessing learns nothing.
    const refused = await signIn(mallory);
    expect(refused.errors?.[0]).toMatchObject({
      message: CUSTOMER_MESSAGES.accountBlocked,
      extensions: { code: 'FORBIDDEN' },
    });
    const wrong = await signIn(mallory, 'Wrong-passw0rd');
    expect(wrong.errors?.[0]).toMatchObject({
      message: MESSAGES.invalidCredentials,
      extensions: { code: 'UNAUTHENTICATED' },
    });

    const refresh = await server.gql(REFRESH, {}, { cookie });
    expect(refresh.errors?.[0]).toMatchObject({ extensions: { code: 'UNAUTHENTICATED' } });
    const [{ live }] = await server.sql(
      `SELECT count(*)::int AS live FROM sessions WHERE user_id = $1 AND revoked_at IS NULL`,
      [mallory.id],
    );
    expect(live).toBe(0);

    const order = await placeOrder(mallory, tokenBefore);
    expect(order.errors?.[0]).toMatchObject({
      message: CUSTOMER_MESSAGES.accountBlocked,
      extensions: { code: 'FORBIDDEN' },
    });
    const [{ orders }] = await server.sql(`SELECT count(*)::int AS orders FROM orders WHERE user_id = $1`, [
      mallory.id,
    ]);
    expect(orders).toBe(0);
    expect((await customers({ search: 'Mallory Blocked' })).edges[0].node.blocked).toBe(true);

    // Unblocking restores sign-in and checkout.
    const unblocked = await server.gql(BLOCK, { id: mallory.id, b: false }, { token: admin.token });
    expect(unblocked.data!.setCustomerBlocked).toEqual({ id: mallory.id, blocked: false, blockedAt: null });
    expect((await signIn(mallory)).errors).toBeUndefined();
    expect((await placeOrder(mallory, tokenBefore)).errors).toBeUndefined();
  });

  it('refuses every change made with a token from before the block: tickets, replies, transaction ids, cancels, profile', async () => {
    const eve = await server.createUser({ fullName: 'Eve Blocked' });
    const placed = await placeOrder(eve, eve.token);
    const orderId = placed.data!.placeOrder.id as string;
    const ticket = await server.gql(
      `mutation { createTicket(input: { title: "Before", description: "Made before the block", category: OTHER }) { id } }`,
      {},
      { token: eve.token },
    );
    const ticketId = ticket.data!.createTicket.id as string;
    const rows = async () =>
      (
        await server.sql(
          `SELECT (SELECT count(*)::int FROM support_tickets WHERE user_id = $1) AS tickets,
                  (SELECT count(*)::int FROM ticket_messages WHERE ticket_id = $2) AS messages,
                  (SELECT status || ':' || coalesce(transaction_id, '') FROM orders WHERE id = $3) AS order,
                  (SELECT full_name FROM profiles WHERE id = $1) AS name`,
          [eve.id, ticketId, orderId],
        )
      )[0];
    const before = await rows();

    expect((await server.gql(BLOCK, { id: eve.id, b: true }, { token: admin.token })).errors).toBeUndefined();
    const attempts = {
      createTicket: server.gql(
        `mutation { createTicket(input: { title: "After", description: "Made after the block", category: OTHER }) { id } }`,
        {},
        { token: eve.token },
      ),
      replyToTicket: server.gql(
        `mutation ($id: ID!) { replyToTicket(ticketId: $id, body: "still here") { id } }`,
        { id: ticketId },
        { token: eve.token },
      ),
      submitTransactionId: server.gql(
        `mutation ($id: ID!) { submitTransactionId(orderId: $id, transactionId: "0xabc123") { id } }`,
        { id: orderId },
        { token: eve.token },
      ),
      cancelOrder: server.gql(
        `mutation ($id: ID!) { cancelOrder(orderId: $id) { id } }`,
        { id: orderId },
        { token: eve.token },
      ),
      updateProfile: server.gql(
        `mutation { updateProfile(input: { fullName: "Renamed After Block" }) { fullName } }`,
        {},
        { token: eve.token },
      ),
    };
    for (const [operation, attempt] of Object.entries(attempts)) {
      const res = await attempt;
      expect([operation, res.errors?.[0]]).toEqual([
        operation,
        expect.objectContaining({ message: CUSTOMER_MESSAGES.accountBlocked, extensions: { code: 'FORBIDDEN' } }),
      ]);
    }
    expect(await rows()).toEqual(before);
  });

  it("closes the customer's open graphql-ws subscription at the moment of the block, and refuses a new socket", async () => {
    const eve = await server.createUser({ fullName: 'Eve Socket' });
    const placed = await placeOrder(eve);
    const orderId = placed.data!.placeOrder.id;
    const client = server.ws(eve.token);
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      client.on('closed', (event) => resolve(event as { code: number; reason: string })),
    );
    const subscription = subscribeOnce(client, {
      query: `subscription ($id: ID!) { orderUpdated(orderId: $id) { id status } }`,
      variables: { id: orderId },
    });
    expect((await subscription.next()).data?.orderUpdated.id).toBe(orderId);

    await server.gql(BLOCK, { id: eve.id, b: true }, { token: admin.token });
    expect(await closed).toMatchObject({ code: BLOCKED_CLOSE.code, reason: BLOCKED_CLOSE.reason });

    const again = server.ws(eve.token);
    const refusedClose = new Promise<{ code: number }>((resolve) =>
      again.on('closed', (event) => resolve(event as { code: number })),
    );
    const retry = subscribeOnce(again, {
      query: `subscription ($id: ID!) { orderUpdated(orderId: $id) { id } }`,
      variables: { id: orderId },
    });
    expect((await refusedClose).code).toBe(4403);
    retry.dispose();
  });

  it('closes the sockets the customer has on another server process too', async () => {
    const other = await startTestServer({
      database: { name: server.databaseName, url: server.databaseUrl },
      jwtSecret: server.config.jwtSecret,
    });
    try {
      const zoe = await server.createUser({ fullName: 'Zoe Elsewhere' });
      const orderId = (await placeOrder(zoe)).data!.placeOrder.id;
      const client = other.ws(zoe.token);
      const closed = new Promise<{ code: number }>((resolve) =>
        client.on('closed', (event) => resolve(event as { code: number })),
      );
      const subscription = subscribeOnce(client, {
        query: `subscription ($id: ID!) { orderUpdated(orderId: $id) { id } }`,
        variables: { id: orderId },
      });
      expect((await subscription.next()).data?.orderUpdated.id).toBe(orderId);
      await server.gql(BLOCK, { id: zoe.id, b: true }, { token: admin.token });
      expect((await closed).code).toBe(BLOCKED_CLOSE.code);
    } finally {
      await other.close();
    }
  });

  it('refuses to block an admin or yourself, and an unknown account is NOT_FOUND', async () => {
    const otherAdmin = await server.createUser({ admin: true });
    const res = await server.gql(BLOCK, { id: otherAdmin.id, b: true }, { token: admin.token });
    expect(res.errors?.[0]).toMatchObject({
      message: CUSTOMER_MESSAGES.cannotBlockAdmin,
      extensions: {
        code: 'BAD_USER_INPUT',
        fieldErrors: [{ field: 'userId', message: CUSTOMER_MESSAGES.cannotBlockAdmin }],
      },
    });
    const self = await server.gql(BLOCK, { id: admin.id, b: true }, { token: admin.token });
    expect(self.errors?.[0]).toMatchObject({
      message: CUSTOMER_MESSAGES.cannotBlockYourself,
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const [{ n }] = await server.sql(
      `SELECT count(*)::int AS n FROM users WHERE blocked_at IS NOT NULL AND id = ANY($1)`,
      [[otherAdmin.id, admin.id]],
    );
    expect(n).toBe(0);
    const unknown = await server.gql(
      BLOCK,
      { id: '00000000-0000-4000-8000-000000000000', b: true },
      { token: admin.token },
    );
    expect(unknown.errors?.[0]).toMatchObject({ message: 'Customer not found', extensions: { code: 'NOT_FOUND' } });
  });

  it('keeps the first block time when blocked twice', async () => {
    const twice = await server.createUser();
    const first = await server.gql(BLOCK, { id: twice.id, b: true }, { token: admin.token });
    const second = await server.gql(BLOCK, { id: twice.id, b: true }, { token: admin.token });
    expect(second.data!.setCustomerBlocked.blockedAt).toBe(first.data!.setCustomerBlocked.blockedAt);
  });
});
