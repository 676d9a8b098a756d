/**
 * No N+1 (issue 5): the SQL statements one operation sends must not grow with the number of rows it
 * returns. Statements are counted where every query of the app passes, TypeORM's query logger, so raw
 * `db.query` calls count too. Each operation runs once first, so caches filled on first use (the
 * catalogue) are warm, as they are in a running store.
 */
import jwt from 'jsonwebtoken';
import { MESSAGES } from '../../common/validation';
import {
  PNG_1x1,
  startTestServer,
  subscribeOnce,
  TEST_ADDRESSES,
  type TestServer,
  type TestUser,
} from '../support/test-server';

const DASHBOARD = /* GraphQL */ `
  query {
    me {
      id
      email
      profile {
        fullName
      }
      orders {
        id
        shortId
        status
        paymentAmountCrypto
        paymentProofUrl
        product {
          id
          name
        }
        events {
          toStatus
        }
      }
      certificates {
        id
        productName
        certificateFileUrl
      }
      tickets {
        id
        title
      }
    }
  }
`;

const ADMIN_ORDERS = /* GraphQL */ `
  query ($first: Int) {
    adminOrders(first: $first) {
      totalCount
      edges {
        node {
          id
          product {
            name
          }
          customer {
            fullName
            email
          }
          events {
            toStatus
            actorEmail
          }
        }
      }
    }
  }
`;

const ADMIN_ORDER_CHANGED = /* GraphQL */ `
  subscription {
    adminOrderChanged {
      id
      status
      product {
        name
      }
      customer {
        email
      }
      events {
        toStatus
        actorEmail
      }
    }
  }
`;

const SET_STATUS = /* GraphQL */ `
  mutation ($orderId: ID!, $status: OrderStatus!) {
    setOrderStatus(orderId: $orderId, status: $status) {
      id
    }
  }
`;

let server: TestServer;
let statements: string[] = [];

beforeAll(async () => {
  // Jobs (e-mail, webhooks) run after the request, on the same pool; counted here they would blur what a request
  // costs, so this server leaves them to a worker that never starts.
  server = await startTestServer({ env: { JOBS_IN_PROCESS: 'false' } });
  const logger = server.app.db.logger;
  const logQuery = logger.logQuery.bind(logger);
  logger.logQuery = (query, parameters, queryRunner) => {
    statements.push(query);
    return logQuery(query, parameters, queryRunner);
  };
});
afterAll(() => server.close());

/** Runs the operation twice and returns the statements of the second run. */
async function statementsOf(query: string, variables: Record<string, unknown>, token: string): Promise<string[]> {
  const warm = await server.gql(query, variables, { token });
  expect(warm.errors).toBeUndefined();
  statements = [];
  const res = await server.gql(query, variables, { token });
  expect(res.errors).toBeUndefined();
  return [...statements];
}

/** `orders` orders of `user`, one per product (withdrawn products among them), each with a status change. */
async function giveOrders(user: TestUser, count: number, admin: TestUser): Promise<void> {
  const products = await server.sql<{ id: string }>(
    `SELECT id FROM products WHERE NOT active OR min_quantity = 1 ORDER BY active, slug LIMIT $1`,
    [count],
  );
  expect(products).toHaveLength(count);
  for (const [index, { id }] of products.entries()) {
    const [order] = await server.sql<{ id: string }>(
      `INSERT INTO orders (user_id, product_id, contact_email, quantity, unit_price, total_price, payment_method,
                           crypto_address, payment_amount_crypto, created_at)
       SELECT $1, id, $2, 1, price, price, 'BTC', $5, price / 50000,
              now() - $3 * interval '1 minute'
       FROM products WHERE id = $4 RETURNING id`,
      [user.id, user.email, index, id, TEST_ADDRESSES.BTC],
    );
    await server.sql(
      `INSERT INTO order_events (order_id, actor_id, actor_kind, from_status, to_status)
       VALUES ($1, $2, 'CUSTOMER', NULL, 'PENDING'), ($1, $3, 'ADMIN', 'PENDING', 'PROCESSING')`,
      [order.id, user.id, admin.id],
    );
    await server.sql(`INSERT INTO certificates (user_id, order_id, product_id, domain_name) VALUES ($1, $2, $3, $4)`, [
      user.id,
      order.id,
      id,
      `site${index}.example.com`,
    ]);
    await server.sql(
      `INSERT INTO support_tickets (user_id, title, description, category) VALUES ($1, $2, 'Help', 'ORDER')`,
      [user.id, `Ticket ${index}`],
    );
  }
}

describe('statements per operation', () => {
  let admin: TestUser;
  let one: TestUser;
  let ten: TestUser;

  beforeAll(async () => {
    admin = await server.createUser({ admin: true, fullName: 'Query Count Admin' });
    // Two withdrawn products, so product lookups that miss the catalogue cache are part of the count.
    await server.sql(
      `INSERT INTO products (slug, name, category, description, price, active)
       VALUES ('qc-old-1', 'Old 1', 'scripts', 'x', 5, false), ('qc-old-2', 'Old 2', 'scripts', 'x', 6, false)`,
    );
    one = await server.createUser();
    ten = await server.createUser();
    await giveOrders(one, 1, admin);
    await giveOrders(ten, 10, admin);
  });

  it('the dashboard sends as many statements for 10 orders, certificates and tickets as for 1', async () => {
    const forOne = await statementsOf(DASHBOARD, {}, one.token);
    const forTen = await statementsOf(DASHBOARD, {}, ten.token);
    const res = await server.gql(DASHBOARD, {}, { token: ten.token });
    expect(res.data!.me.orders).toHaveLength(10);
    expect(res.data!.me.orders.map((o: any) => o.product.name)).toContain('Old 2');
    expect(res.data!.me.certificates).toHaveLength(10);
    expect(res.data!.me.tickets).toHaveLength(10);
    expect(forTen.length).toBe(forOne.length);
    // me, orders, certificates, tickets, events, withdrawn products: one statement each at most.
    expect(forTen.length).toBeLessThanOrEqual(6);
  });

  it('an admin page of 20 orders sends as many statements as a page of 2', async () => {
    const forTwo = await statementsOf(ADMIN_ORDERS, { first: 2 }, admin.token);
    const forTwenty = await statementsOf(ADMIN_ORDERS, { first: 20 }, admin.token);
    const res = await server.gql(ADMIN_ORDERS, { first: 20 }, { token: admin.token });
    expect(res.data!.adminOrders.edges.length).toBeGreaterThanOrEqual(11);
    expect(res.data!.adminOrders.edges[0].node.events[1].actorEmail).toBe(admin.email);
    expect(forTwenty.length).toBe(forTwo.length);
    // The page (its total and customers joined), withdrawn products, events, then the events' actors
    // (the profile loader, one level deeper): one statement each at most.
    expect(forTwenty.length).toBeLessThanOrEqual(4);
  });

  it('a page of 20 customers with their aggregates is one statement, as a page of 2', async () => {
    const CUSTOMERS = `query ($first: Int) {
      adminCustomers(first: $first) { totalCount edges { node { id orderCount totalPaid openTickets isAdmin } } }
    }`;
    const forTwo = await statementsOf(CUSTOMERS, { first: 2 }, admin.token);
    const forTwenty = await statementsOf(CUSTOMERS, { first: 20 }, admin.token);
    const res = await server.gql(CUSTOMERS, { first: 20 }, { token: admin.token });
    const tenRow = res.data!.adminCustomers.edges.find((e: any) => e.node.id === ten.id);
    expect(tenRow.node).toMatchObject({ orderCount: 10, openTickets: 10 });
    expect(forTwenty).toHaveLength(1);
    expect(forTwo).toHaveLength(1);
  });

  it('a status change costs the same statements with 5 admins watching the queue as with 1', async () => {
    const [order] = await server.sql<{ id: string }>(`SELECT id FROM orders WHERE user_id = $1 LIMIT 1`, [ten.id]);
    const changeWatchedBy = async (watchers: number, status: string): Promise<number> => {
      const subs = Array.from({ length: watchers }, () =>
        subscribeOnce(server.ws(admin.token), { query: ADMIN_ORDER_CHANGED }),
      );
      await Promise.all(subs.map((sub) => sub.ready));
      statements = [];
      const res = await server.gql(SET_STATUS, { orderId: order.id, status }, { token: admin.token });
      expect(res.errors).toBeUndefined();
      const updates = await Promise.all(subs.map((sub) => sub.next()));
      for (const update of updates) {
        expect(update.data!.adminOrderChanged).toMatchObject({ id: order.id, status, customer: { email: ten.email } });
      }
      const count = statements.length;
      subs.forEach((sub) => sub.dispose());
      return count;
    };
    // Whether the admin's session still stands is read once per process, then cached (LiveSessions): a first
    // signed-in mutation reads it, so both counts below are of the steady state.
    expect(
      (await server.gql(`mutation { resendVerificationEmail }`, {}, { token: admin.token })).errors,
    ).toBeUndefined();
    // Two moves that cost the same for the order itself (a move to CANCELLED also releases licence keys), after a
    // first one that fills what is read once and then kept (the account's factors for the step-up of a paid move,
    // the product and its stock for the live payload), so that both counts are of the steady state.
    await changeWatchedBy(1, 'PROCESSING');
    const withOne = await changeWatchedBy(1, 'COMPLETED');
    const withFive = await changeWatchedBy(5, 'PROCESSING');
    expect(withFive).toBe(withOne);
  });

  it('a checkout with a proof and an idempotency key sends at most 11 statements', async () => {
    const [{ id: productId }] = await server.sql<{ id: string }>(`SELECT id FROM products WHERE slug = 'bitcoin-bot'`);
    const place = (idempotencyKey: string) =>
      server.upload<{ placeOrder: { id: string; status: string } }>(
        `mutation ($input: PlaceOrderInput!, $proof: Upload) { placeOrder(input: $input, proof: $proof) { id status } }`,
        { input: { productId, quantity: 1, email: ten.email, paymentMethod: 'USDT_TRC20', idempotencyKey } },
        { name: 'proof.png', type: 'image/png', bytes: PNG_1x1 },
        { token: ten.token },
      );
    expect((await place('count-warm-up')).errors).toBeUndefined();
    statements = [];
    const res = await place('count-measured');
    expect(res.errors).toBeUndefined();
    expect(res.data!.placeOrder.status).toBe('PENDING');
    // The account's block (read for every signed-in mutation, docs/decisions.md "Abuse"); earlier key; then BEGIN,
    // rate limits, product FOR SHARE, proof (storage quota in its insert), notifications, the lock on the method's
    // amounts (unique amounts, docs/payments.md), order + its amount + audit row + domain event + reserved keys +
    // the reservation's end job + the account's held keys (one statement), COMMIT.
    expect(statements.length).toBeLessThanOrEqual(11);
  });

  it('refuses the access token of an ended session from memory: its sessions are not read per request', async () => {
    const user = await server.createUser();
    const signedIn = await server.gql(`mutation ($input: SignInInput!) { signIn(input: $input) { accessToken } }`, {
      input: { email: user.email, password: user.password },
    });
    const accessToken = signedIn.data!.signIn.accessToken as string;
    const { sid } = jwt.decode(accessToken) as { sid: string };
    expect((await server.gql(`mutation { signOutEverywhere }`, {}, { token: accessToken })).errors).toBeUndefined();
    // A token of that session minted two minutes ago (as a stolen one would be by the time it is used): older than
    // any read of the account's sessions, so a session missing from the cached read has ended, with no re-read.
    const minted = Math.floor(Date.now() / 1000) - 120;
    const old = jwt.sign({ roles: [], sid, iat: minted }, server.config.jwtSecret, {
      algorithm: 'HS256',
      subject: user.id,
      expiresIn: 900,
    });
    const resend = () => server.gql(`mutation { resendVerificationEmail }`, {}, { token: old });
    expect((await resend()).errors?.map((e) => e.message)).toEqual([MESSAGES.sessionExpired]);
    statements = [];
    for (let i = 0; i < 3; i++) {
      expect((await resend()).errors?.map((e) => e.message)).toEqual([MESSAGES.sessionExpired]);
    }
    // (Each signed-in mutation reads the account's block, docs/decisions.md "Abuse"; that is not this cache's.)
    expect(statements.filter((sql) => sql.includes('sessions'))).toEqual([]);
  });
});
