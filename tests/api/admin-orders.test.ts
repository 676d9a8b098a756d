/**
 * The admin order queue (issue item 7): newest first, keyset cursor pagination, status filter,
 * customer name and email, signed proof URLs, admins only.
 */
import { failCommitsOfOrdersFor, stopFailingCommits } from '../support/fail-at-commit';
import { PNG_1x1, startTestServer, type TestServer, type TestUser } from '../support/test-server';

const ADMIN_ORDERS = /* GraphQL */ `
  query ($status: OrderStatus, $first: Int, $after: String) {
    adminOrders(status: $status, first: $first, after: $after) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      edges {
        cursor
        node {
          id
          status
          createdAt
          paymentProofUrl
          customer {
            fullName
            email
          }
          product {
            name
          }
        }
      }
    }
  }
`;

interface Page {
  totalCount: number;
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  edges: {
    cursor: string;
    node: { id: string; status: string; paymentProofUrl: string | null; customer: { fullName: string; email: string } };
  }[];
}

let server: TestServer;
let admin: TestUser;
let alice: TestUser;
let bob: TestUser;
let productId: string;
const STATUSES = ['PENDING', 'SUCCESS', 'NOT_RECEIVED', 'PROCESSING', 'COMPLETED'];

async function page(variables: Record<string, unknown>, token = admin.token): Promise<Page> {
  const res = await server.gql<{ adminOrders: Page }>(ADMIN_ORDERS, variables, { token });
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  return res.data!.adminOrders;
}

/** Walks every page and returns the ids in the order the API gave them. */
async function walk(variables: Record<string, unknown>): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let after = (variables.after as string | undefined) ?? null;
  let pages = 0;
  for (;;) {
    const current = await page({ ...variables, after });
    pages++;
    ids.push(...current.edges.map((e) => e.node.id));
    if (current.edges.length > 0) expect(current.pageInfo.endCursor).toBe(current.edges.at(-1)!.cursor);
    if (!current.pageInfo.hasNextPage) break;
    after = current.pageInfo.endCursor;
    if (pages > 100) throw new Error('Pagination does not end');
  }
  return { ids, pages };
}

/** Ids as PostgreSQL orders them: the truth the API must match. */
async function expectedIds(status?: string): Promise<string[]> {
  const rows = await server.sql<{ id: string }>(
    `SELECT id FROM orders ${status ? 'WHERE status = $1' : ''} ORDER BY created_at DESC, id DESC`,
    status ? [status] : [],
  );
  return rows.map((r) => r.id);
}

/** Places an order as Alice (JSON, no proof); `domainName` lets a test single it out. */
function placeOrder(domainName?: string) {
  return server.gql<{ placeOrder: { id: string } }>(
    `mutation ($input: PlaceOrderInput!) { placeOrder(input: $input) { id } }`,
    { input: { productId, quantity: 1, email: alice.email, paymentMethod: 'ETH', domainName } },
    { token: alice.token },
  );
}

function setStatus(orderId: string, status: string) {
  return server.gql(
    `mutation ($orderId: ID!, $status: OrderStatus!) { setOrderStatus(orderId: $orderId, status: $status) { id } }`,
    { orderId, status },
    { token: admin.token },
  );
}

/** totalCount of all orders and of each of `statuses` equals what PostgreSQL counts. */
async function expectTotalCountsExact(statuses: string[]): Promise<void> {
  for (const status of [undefined, ...statuses]) {
    expect((await page({ status, first: 1 })).totalCount).toBe((await expectedIds(status)).length);
  }
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.createUser({ admin: true });
  alice = await server.createUser({ fullName: 'Alice Archer' });
  bob = await server.createUser({ fullName: 'Bob Baker' });
  [{ id: productId }] = await server.sql(`SELECT id FROM products WHERE slug = 'ethereum-classic-key'`);

  // 45 orders straight into the table. Timestamps differ by microseconds only (a millisecond cursor
  // would break on them), and every third row shares its timestamp with the next (ties broken by id).
  for (let i = 0; i < 45; i++) {
    const user = i % 2 === 0 ? alice : bob;
    const micros = Math.floor(i / 2) * 3;
    await server.sql(
      `INSERT INTO orders (user_id, product_id, contact_email, quantity, unit_price, total_price, payment_method,
                           crypto_address, payment_amount_crypto, status, created_at, updated_at)
       VALUES ($1, $2, $3, 1, 10, 10, 'USDT_TRC20', 'T-address', 10, $4,
               timestamptz '2026-03-01T12:00:00.000000Z' + make_interval(secs => $5::float8 / 1000000), now())`,
      [user.id, productId, user.email, STATUSES[i % STATUSES.length], micros],
    );
  }
});
afterAll(() => server.close());

describe('who may list', () => {
  it('refuses a signed-out visitor and a customer', async () => {
    expect((await server.gql(ADMIN_ORDERS, {})).errors![0].extensions?.code).toBe('UNAUTHENTICATED');
    const res = await server.gql(ADMIN_ORDERS, {}, { token: alice.token });
    expect(res.errors![0].extensions?.code).toBe('FORBIDDEN');
    expect(res.data).toBeNull();
  });
});

describe('ordering and pagination', () => {
  it('returns the newest 20 by default, with the total', async () => {
    const first = await page({});
    expect(first.totalCount).toBe(45);
    expect(first.edges).toHaveLength(20);
    expect(first.pageInfo.hasNextPage).toBe(true);
    expect(first.edges.map((e) => e.node.id)).toEqual((await expectedIds()).slice(0, 20));
  });

  it.each([1, 7, 10, 45, 100])('walks all 45 orders %i at a time with no duplicates or gaps', async (size) => {
    const { ids, pages } = await walk({ first: size });
    expect(ids).toEqual(await expectedIds());
    expect(new Set(ids).size).toBe(45);
    expect(pages).toBe(Math.max(1, Math.ceil(45 / size)));
  });

  it('answers a page after the last order with no rows and the same total', async () => {
    const all = await page({ first: 45 });
    expect(all.pageInfo.hasNextPage).toBe(false);
    const past = await page({ first: 10, after: all.pageInfo.endCursor });
    expect(past).toEqual({ totalCount: 45, pageInfo: { hasNextPage: false, endCursor: null }, edges: [] });
  });

  it('filters by status, paginating within the filter', async () => {
    for (const status of ['SUCCESS', 'NOT_RECEIVED']) {
      const { ids } = await walk({ status, first: 4 });
      const expected = await expectedIds(status);
      expect(expected.length).toBeGreaterThan(0);
      expect(ids).toEqual(expected);
      expect((await page({ status, first: 4 })).totalCount).toBe(expected.length);
    }
    expect((await page({ status: 'CANCELLED' })).edges).toEqual([]);
    expect((await page({ status: 'CANCELLED' })).pageInfo).toEqual({ hasNextPage: false, endCursor: null });
  });

  it('neither repeats nor skips rows when new orders arrive between pages', async () => {
    const before = await expectedIds();
    const first = await page({ first: 10 });
    const newId = (await placeOrder()).data!.placeOrder.id;
    const rest = await walk({ first: 10, after: first.pageInfo.endCursor });
    expect([...first.edges.map((e) => e.node.id), ...rest.ids]).toEqual(before);
    expect((await page({ first: 1 })).edges[0].node.id).toBe(newId);
    await server.sql(`DELETE FROM order_events WHERE order_id = $1`, [newId]);
    await server.sql(`DELETE FROM orders WHERE id = $1`, [newId]);
  });

  it('keeps totalCount exact per status through checkout, status changes, a failed commit and deletes', async () => {
    const truth = async (status?: string) => (await expectedIds(status)).length;
    const expectCounts = () => expectTotalCountsExact(['PENDING', 'SUCCESS', 'COMPLETED', 'CANCELLED']);

    const pendingBefore = await truth('PENDING');
    const placed = await placeOrder();
    expect(placed.errors).toBeUndefined();
    const id = placed.data!.placeOrder.id;
    expect((await page({ status: 'PENDING', first: 1 })).totalCount).toBe(pendingBefore + 1);
    await expectCounts();

    expect((await setStatus(id, 'CANCELLED')).errors).toBeUndefined();
    expect((await page({ status: 'PENDING', first: 1 })).totalCount).toBe(pendingBefore);
    await expectCounts();
    // The same status again changes nothing.
    expect((await setStatus(id, 'CANCELLED')).errors).toBeUndefined();
    await expectCounts();

    // An order whose commit fails is not counted.
    await failCommitsOfOrdersFor(server, 'refused.example.com');
    try {
      expect((await placeOrder('refused.example.com')).errors).toBeDefined();
    } finally {
      await stopFailingCommits(server);
    }
    await expectCounts();

    // Rows removed outside the API (support staff with SQL) are uncounted too.
    await server.sql(`DELETE FROM order_events WHERE order_id = $1`, [id]);
    await server.sql(`DELETE FROM orders WHERE id = $1`, [id]);
    await expectCounts();
    expect((await page({ first: 1 })).totalCount).toBe(45);
  });

  it('takes 40 concurrent status changes in crossing directions without an error, counts still exact', async () => {
    const rows = await server.sql<{ id: string; status: string }>(
      `SELECT id, status FROM orders ORDER BY created_at DESC, id DESC LIMIT 40`,
    );
    const statuses = ['PENDING', 'SUCCESS', 'NOT_RECEIVED', 'PROCESSING', 'COMPLETED'];
    const target = (status: string, i: number) => statuses[(statuses.indexOf(status) + 1 + (i % 3)) % statuses.length];
    const results = await Promise.all(rows.map((row, i) => setStatus(row.id, target(row.status, i))));
    expect(results.map((r) => r.errors)).toEqual(rows.map(() => undefined));
    await expectTotalCountsExact(statuses);
    // Put the fixture back for the other tests.
    for (const row of rows) await server.sql(`UPDATE orders SET status = $2 WHERE id = $1`, [row.id, row.status]);
  });

  it.each([
    ['first above 100', { first: 101 }, 'first', 'first must be between 1 and 100'],
    ['first 0', { first: 0 }, 'first', 'first must be between 1 and 100'],
    ['a negative first', { first: -1 }, 'first', 'first must be between 1 and 100'],
    ['a cursor that is not base64 of a cursor', { after: 'garbage!' }, 'after', 'Invalid cursor'],
    [
      'a cursor with a bad id',
      { after: Buffer.from('2026-03-01T12:00:00.000000Z|nope').toString('base64url') },
      'after',
      'Invalid cursor',
    ],
    [
      'a cursor with a bad time',
      { after: Buffer.from('yesterday|00000000-0000-4000-8000-000000000000').toString('base64url') },
      'after',
      'Invalid cursor',
    ],
  ])('refuses %s with BAD_USER_INPUT', async (_name, variables, field, message) => {
    const res = await server.gql(ADMIN_ORDERS, variables, { token: admin.token });
    expect(res.errors![0]).toMatchObject({
      message,
      extensions: { code: 'BAD_USER_INPUT', fieldErrors: [{ field, message }] },
    });
  });
});

describe('what each row shows', () => {
  it('includes the customer name and email, the product and a signed proof URL', async () => {
    const placed = await server.upload(
      `mutation ($input: PlaceOrderInput!, $proof: Upload) { placeOrder(input: $input, proof: $proof) { id } }`,
      { input: { productId, quantity: 1, email: bob.email, paymentMethod: 'USDT_TRC20' } },
      { name: 'proof.png', type: 'image/png', bytes: PNG_1x1 },
      { token: bob.token },
    );
    const id = placed.data!.placeOrder.id;
    const [top] = (await page({ first: 1 })).edges;
    expect(top.node).toMatchObject({
      id,
      status: 'PENDING',
      customer: { fullName: 'Bob Baker', email: bob.email },
      product: { name: expect.any(String) },
    });
    const proof = await fetch(`${server.url}${top.node.paymentProofUrl}`);
    expect(proof.status).toBe(200);
    expect(Buffer.from(await proof.arrayBuffer()).equals(PNG_1x1)).toBe(true);

    const all = await page({ first: 100 });
    const names = new Set(all.edges.map((e) => e.node.customer.fullName));
    expect(names).toEqual(new Set(['Alice Archer', 'Bob Baker']));
    expect(all.edges.filter((e) => e.node.paymentProofUrl === null)).toHaveLength(45);
  });
});

describe('search', () => {
  const SEARCH = /* GraphQL */ `
    query ($search: String, $status: OrderStatus, $first: Int, $after: String) {
      adminOrders(search: $search, status: $status, first: $first, after: $after) {
        totalCount
        pageInfo {
          hasNextPage
          endCursor
        }
        edges {
          node {
            id
          }
        }
      }
    }
  `;
  let carol: TestUser;
  const found: Record<string, string> = {};

  async function search(text: string, variables: Record<string, unknown> = {}) {
    const res = await server.gql<{ adminOrders: Page }>(SEARCH, { search: text, ...variables }, { token: admin.token });
    if (res.errors) throw new Error(JSON.stringify(res.errors));
    return { ids: res.data!.adminOrders.edges.map((e) => e.node.id), page: res.data!.adminOrders };
  }

  /** An order of `user` straight into the table, with the amount to pay and the typed transaction ID given. */
  async function insertOrder(user: TestUser, amount: string, transactionId: string | null, status = 'PENDING') {
    const [{ id }] = await server.sql<{ id: string }>(
      `INSERT INTO orders (user_id, product_id, contact_email, quantity, unit_price, total_price, payment_method,
                           crypto_address, payment_amount_crypto, transaction_id, status)
       VALUES ($1, $2, $3, 1, 68, 68, 'USDT_TRC20', 'T-search', $4, $5, $6) RETURNING id`,
      [user.id, productId, user.email, amount, transactionId, status],
    );
    return id;
  }

  beforeAll(async () => {
    carol = await server.createUser({
      fullName: 'Carol Quillfeather',
      email: `carol.search.${Date.now()}@example.com`,
    });
    found.amount = await insertOrder(carol, '68.000002', null);
    found.typed = await insertOrder(carol, '68.000003', 'typed-tx-7f3e91', 'NOT_RECEIVED');
    found.seen = await insertOrder(bob, '68.000004', null);
    await server.sql(
      `INSERT INTO chain_payments (method, tx_id, output_index, to_address, amount, order_id, required_confirmations)
       VALUES ('USDT_TRC20', 'c0ffee5eenonchain', 0, 'T-search', 68.000004, $1, 19)`,
      [found.seen],
    );
  });

  it('finds an order by its exact amount to pay, with or without thousands separators', async () => {
    expect((await search('68.000002')).ids).toEqual([found.amount]);
    expect((await search('68.000002')).page.totalCount).toBe(1);
    // Any exact spelling of the amount: the 45 orders of $10 each are found by "10.00000000" (which no ID starts with).
    const [{ n }] = await server.sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM orders WHERE payment_amount_crypto = 10`,
    );
    expect(n).toBeGreaterThanOrEqual(45);
    expect((await search('10.00000000', { first: 1 })).page.totalCount).toBe(n);
    expect((await search('4,000.00')).page.totalCount).toBe(0);
  });

  it('finds an order by the start of its ID, any case, with or without the dashes', async () => {
    const id = found.typed;
    expect((await search(id.slice(0, 8))).ids).toContain(id);
    expect((await search(id.slice(0, 8).toUpperCase())).ids).toContain(id);
    expect((await search(id.slice(0, 13))).ids).toEqual([id]);
    expect((await search(id)).ids).toEqual([id]);
    expect((await search(id.replace(/-/g, ''))).ids).toEqual([id]);
  });

  it("finds a customer's orders by a part of their e-mail or name, any case", async () => {
    const carols = [found.typed, found.amount];
    expect((await search('quillFEATHER')).ids).toEqual(carols);
    expect((await search(carol.email.toUpperCase())).ids).toEqual(carols);
    expect((await search('carol.search')).ids).toEqual(carols);
    // LIKE's own characters match themselves: "%" is not "anything".
    expect((await search('%')).page.totalCount).toBe(0);
  });

  it('finds an order by the transaction ID the customer typed or the one seen on chain', async () => {
    expect((await search('typed-tx-7f3e91')).ids).toEqual([found.typed]);
    expect((await search('c0ffee5eenonchain')).ids).toEqual([found.seen]);
  });

  it('combines with the status filter and pages with the cursor, the total counting the matches', async () => {
    expect((await search('quillfeather', { status: 'PENDING' })).ids).toEqual([found.amount]);
    expect((await search('quillfeather', { status: 'PENDING' })).page.totalCount).toBe(1);
    const first = await search('quillfeather', { first: 1 });
    expect(first.page).toMatchObject({ totalCount: 2, pageInfo: { hasNextPage: true } });
    const second = await search('quillfeather', { first: 1, after: first.page.pageInfo.endCursor });
    expect(second.ids).toEqual([found.amount]);
    expect(second.page.pageInfo.hasNextPage).toBe(false);
  });

  it('treats an empty or blank search as none, and finds nothing for an unknown text', async () => {
    const all = (await page({ first: 1 })).totalCount;
    expect((await search('   ', { first: 1 })).page.totalCount).toBe(all);
    expect((await search('', { first: 1 })).page.totalCount).toBe(all);
    expect((await search('no such customer anywhere')).page).toMatchObject({ totalCount: 0, edges: [] });
  });

  it('refuses a search that is too long or holds control characters, with a clear message', async () => {
    for (const [text, message] of [
      ['x'.repeat(101), 'Search must be less than 100 characters'],
      ['carol\u0000', 'Search contains characters that are not allowed'],
      ['carol\nbob', 'Search contains characters that are not allowed'],
    ]) {
      const res = await server.gql(SEARCH, { search: text }, { token: admin.token });
      expect(res.errors?.[0]).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT' } });
    }
  });

  it('is for admins only', async () => {
    const res = await server.gql(SEARCH, { search: 'carol' }, { token: alice.token });
    expect(res.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });
});
