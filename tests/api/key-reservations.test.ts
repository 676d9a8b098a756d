/**
 * Stock nobody can hold for free (docs/inventory.md "Reservation"): the hoarding attack run as the hostile review ran
 * it (every key of a product ordered with a junk transaction ID, and with a junk proof image), the keys back in stock
 * when the reservation ends, a payment that arrives later (delivered, or flagged "paid, awaiting stock" and mailed
 * until an import delivers it), a blocked account's reservations released, and the cap on keys held by one account's
 * unpaid orders, raced.
 */
import { MESSAGES } from '../../common/validation';
import { startTronFixture, type TronFixture } from '../support/chain-fixtures/tron-fixture';
import { eventually } from '../support/eventually';
import { PNG_1x1, startTestServer, type TestServer, type TestUser } from '../support/test-server';

const PLACE = `mutation ($input: PlaceOrderInput!, $proof: Upload) {
  placeOrder(input: $input, proof: $proof) { id status keysReservedUntil }
}`;
const ORDER = `query ($id: ID!) {
  order(id: $id) { id status keysReservedUntil awaitingStock keys { value } events { actorKind note } }
}`;
const PRODUCT = `query ($slug: String!) { product(slug: $slug) { availableQuantity inStock } }`;
const SET_STATUS = `mutation ($id: ID!, $s: OrderStatus!) { setOrderStatus(orderId: $id, status: $s) { id status } }`;
const IMPORT = `mutation ($p: ID!, $k: [String!]) { importProductKeys(productId: $p, keys: $k) { added } }`;
const SUBMIT_TX = `mutation ($id: ID!, $tx: String!) { submitTransactionId(orderId: $id, transactionId: $tx) { id } }`;
const BLOCK = `mutation ($id: ID!) { setCustomerBlocked(userId: $id, blocked: true) { id } }`;

/** A new product with `keys` licence keys, so each test counts its own stock. */
async function keyProduct(server: TestServer, admin: TestUser, keys: number, tag: string) {
  const slug = `hoard-${tag}-${Date.now()}`;
  const [{ id }] = await server.sql<{ id: string }>(
    `INSERT INTO products (slug, name, category, description, price, fulfilment, min_quantity)
     VALUES ($1, $1, 'crypto_keys', 'Test keys', 10, 'KEYS', 1) RETURNING id`,
    [slug],
  );
  await importKeys(server, admin, id, keys, tag);
  return { id, slug };
}

async function importKeys(server: TestServer, admin: TestUser, productId: string, n: number, tag: string) {
  const keys = Array.from({ length: n }, (_, i) => `${tag}-${Date.now()}-${i}`);
  const res = await server.gql(IMPORT, { p: productId, k: keys }, { token: admin.token });
  expect(res.data?.importProductKeys.added).toBe(n);
}

/** What the storefront shows (the catalogue's count, refreshed when stock is announced). */
const available = async (server: TestServer, slug: string) =>
  (await server.gql(PRODUCT, { slug })).data!.product.availableQuantity as number;

/** The stock as counted now (the admin's view). */
const stock = async (server: TestServer, admin: TestUser, productId: string) =>
  (await server.gql(`query ($p: ID!) { adminKeyStock(productId: $p) { available reserved } }`, { p: productId }, admin))
    .data!.adminKeyStock;

const readOrder = async (server: TestServer, user: TestUser, id: string) =>
  (await server.gql(ORDER, { id }, { token: user.token })).data!.order;

describe('reservations end (RESERVATION_MINUTES)', () => {
  let server: TestServer;
  let admin: TestUser;
  beforeAll(async () => {
    // 0.05 minutes: three seconds, so the tests watch a reservation end.
    server = await startTestServer({ env: { RESERVATION_MINUTES: '0.05', LOG_LEVEL: 'silent' } });
    admin = await server.createUser({ admin: true });
  });
  afterAll(() => server.close());

  it.each([
    ['a junk transaction ID', { transactionId: 'abc123' }, null],
    ['a junk proof image', {}, PNG_1x1],
  ])(
    'every key of a product ordered with %s is back in stock when the reservation ends',
    async (_how, extra, proof) => {
      const hoarder = await server.createUser();
      const product = await keyProduct(server, admin, 20, proof ? 'proof' : 'txid');
      const input = { productId: product.id, quantity: 20, email: hoarder.email, paymentMethod: 'ETH', ...extra };
      const placed = proof
        ? await server.upload(PLACE, { input }, { name: 'p.png', type: 'image/png', bytes: proof }, hoarder)
        : await server.gql(PLACE, { input }, hoarder);
      expect(placed.errors).toBeUndefined();
      const order = placed.data!.placeOrder;
      const until = Date.parse(order.keysReservedUntil);
      expect(until).toBeGreaterThan(Date.now());
      expect(until).toBeLessThanOrEqual(Date.now() + 3_000);
      expect(await stock(server, admin, product.id)).toEqual({ available: 0, reserved: 20 });

      // Nothing was seen on chain: the keys go back, the order stays PENDING for an admin, without keys.
      await eventually(async () => (await available(server, product.slug)) === 20, 15_000, 'keys back in stock');
      const after = await readOrder(server, hoarder, order.id);
      expect(after).toMatchObject({ status: 'PENDING', keysReservedUntil: null, awaitingStock: false });
      expect(after.events.at(-1)).toEqual({
        actorKind: 'SYSTEM',
        note: '20 licence keys released back to stock: the reservation ended before a payment was seen',
      });
      const [{ n }] = await server.sql(`SELECT count(*)::int AS n FROM product_keys WHERE order_id = $1`, [order.id]);
      expect(n).toBe(0);
      expect((await server.gql(PRODUCT, { slug: product.slug })).data!.product.inStock).toBe(true);
    },
  );

  it('a payment that arrives after the reservation ended is delivered, or flagged "paid, awaiting stock", mailed and delivered on import', async () => {
    const [late, quick] = [await server.createUser(), await server.createUser()];
    const product = await keyProduct(server, admin, 10, 'late');
    const place = (user: TestUser, quantity: number) =>
      server.gql(PLACE, { input: { productId: product.id, quantity, email: user.email, paymentMethod: 'ETH' } }, user);
    const lateOrder = (await place(late, 10)).data!.placeOrder;
    await eventually(async () => (await stock(server, admin, product.id)).available === 10, 15_000, 'keys back');

    // Someone else buys what was released; then the first customer's payment is confirmed.
    const quickOrder = (await place(quick, 6)).data!.placeOrder;
    await server.gql(SET_STATUS, { id: quickOrder.id, s: 'SUCCESS' }, admin);
    await eventually(
      async () => (await readOrder(server, quick, quickOrder.id)).status === 'COMPLETED',
      15_000,
      'quick delivered',
    );
    await server.gql(SET_STATUS, { id: lateOrder.id, s: 'SUCCESS' }, admin);
    const flagged = await eventually(
      async () => {
        const o = await readOrder(server, late, lateOrder.id);
        return o.awaitingStock ? o : false;
      },
      15_000,
      'awaiting stock',
    );
    expect(flagged).toMatchObject({ status: 'SUCCESS', keys: [] });
    expect(flagged.events.at(-1)).toEqual({
      actorKind: 'SYSTEM',
      note: 'Paid, awaiting stock: 10 licence keys needed, 4 in stock',
    });
    // The customer is told (the outbox row; without SMTP it is kept, not sent).
    await eventually(
      async () => {
        const rows = await server.sql(
          `SELECT subject FROM notifications WHERE order_id = $1 AND kind = 'AWAITING_STOCK'`,
          [lateOrder.id],
        );
        return rows.length === 1 && /is paid and waiting for stock/.test(rows[0].subject);
      },
      15_000,
      'the awaiting-stock mail',
    );

    // An import delivers it at once.
    await importKeys(server, admin, product.id, 6, 'restock');
    const delivered = await eventually(
      async () => {
        const o = await readOrder(server, late, lateOrder.id);
        return o.status === 'COMPLETED' ? o : false;
      },
      15_000,
      'delivered after the import',
    );
    expect(delivered).toMatchObject({ awaitingStock: false });
    expect(delivered.keys).toHaveLength(10);
  });

  it('blocking an account releases the keys its unpaid orders hold', async () => {
    const mallory = await server.createUser();
    const product = await keyProduct(server, admin, 5, 'block');
    const order = (
      await server.gql(
        PLACE,
        { input: { productId: product.id, quantity: 5, email: mallory.email, paymentMethod: 'ETH' } },
        mallory,
      )
    ).data!.placeOrder;
    // A reservation long enough not to end by itself during the test.
    await server.sql(`UPDATE orders SET keys_reserved_until = now() + interval '1 hour' WHERE id = $1`, [order.id]);
    expect(await stock(server, admin, product.id)).toEqual({ available: 0, reserved: 5 });
    expect((await server.gql(BLOCK, { id: mallory.id }, admin)).errors).toBeUndefined();
    expect(await stock(server, admin, product.id)).toEqual({ available: 5, reserved: 0 });
    const [row] = await server.sql(`SELECT status, keys_reserved_until FROM orders WHERE id = $1`, [order.id]);
    expect(row).toEqual({ status: 'PENDING', keys_reserved_until: null });
  });
});

describe('MAX_UNPAID_KEYS_PER_ACCOUNT', () => {
  let server: TestServer;
  let admin: TestUser;
  beforeAll(async () => {
    server = await startTestServer({ env: { MAX_UNPAID_KEYS_PER_ACCOUNT: '30', LOG_LEVEL: 'silent' } });
    admin = await server.createUser({ admin: true });
  });
  afterAll(() => server.close());

  it('refuses an order past the cap, saying how many more can be ordered now; paying frees it', async () => {
    const buyer = await server.createUser();
    const product = await keyProduct(server, admin, 100, 'cap');
    const place = (quantity: number) =>
      server.gql(
        PLACE,
        { input: { productId: product.id, quantity, email: buyer.email, paymentMethod: 'ETH' } },
        buyer,
      );
    const first = (await place(20)).data!.placeOrder;
    const refused = await place(15);
    expect(refused.errors?.[0]).toMatchObject({
      message: MESSAGES.unpaidKeysLimit(20, 30),
      extensions: {
        code: 'BAD_USER_INPUT',
        fieldErrors: [{ field: 'quantity', message: MESSAGES.unpaidKeysLimit(20, 30) }],
      },
    });
    expect(refused.errors![0].message).toBe(
      'Your unpaid orders already hold 20 of the 30 licence keys an account may reserve at once. You can order up to 10 more now; pay or cancel an open order to order more.',
    );
    expect((await place(10)).errors).toBeUndefined();
    expect((await place(1)).errors?.[0].message).toBe(
      'Your unpaid orders already hold 30 of the 30 licence keys an account may reserve at once. Pay or cancel an open order to order more.',
    );
    const [{ n }] = await server.sql(`SELECT count(*)::int AS n FROM orders WHERE user_id = $1`, [buyer.id]);
    expect(n).toBe(2);

    // A paid order holds nothing unpaid: 20 more can be ordered.
    await server.gql(SET_STATUS, { id: first.id, s: 'SUCCESS' }, admin);
    expect((await place(20)).errors).toBeUndefined();
  });

  it('holds under concurrent checkouts of one account: 6 racing orders of 10 against a cap of 30 place exactly 3', async () => {
    const racer = await server.createUser();
    const product = await keyProduct(server, admin, 100, 'race');
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        server.gql(
          PLACE,
          { input: { productId: product.id, quantity: 10, email: racer.email, paymentMethod: 'ETH' } },
          racer,
        ),
      ),
    );
    expect(answers.filter((res) => !res.errors)).toHaveLength(3);
    expect(answers.filter((res) => res.errors?.[0].extensions?.code === 'BAD_USER_INPUT')).toHaveLength(3);
    const [row] = await server.sql(
      `SELECT count(DISTINCT o.id)::int AS orders, count(k.id)::int AS keys
       FROM orders o LEFT JOIN product_keys k ON k.order_id = o.id WHERE o.user_id = $1`,
      [racer.id],
    );
    expect(row).toEqual({ orders: 3, keys: 30 });
  });
});

describe('what a payment seen on chain holds (a TronGrid FIXTURE server)', () => {
  const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
  const STORE = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
  let tron: TronFixture;
  let server: TestServer;
  let admin: TestUser;
  beforeAll(async () => {
    tron = await startTronFixture({ contract: USDT });
    server = await startTestServer({
      env: {
        RESERVATION_MINUTES: '0.05',
        TRON_API_URL: tron.url,
        PAY_ADDRESS_USDT_TRC20: STORE,
        USDT_TRC20_CONTRACT: USDT,
        // Two, so a payment in one solidified block is seen (1 of 2) but not yet confirmed.
        CONFIRMATIONS_TRON: '2',
        PAYMENT_POLL_SECONDS: '0.3',
        LOG_LEVEL: 'silent',
      },
    });
    admin = await server.createUser({ admin: true });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await tron?.close();
  });

  const placeUsdt = async (user: TestUser, productId: string, quantity: number) => {
    const res = await server.gql(
      PLACE,
      { input: { productId, quantity, email: user.email, paymentMethod: 'USDT_TRC20' } },
      user,
    );
    expect(res.errors).toBeUndefined();
    return res.data!.placeOrder as { id: string; keysReservedUntil: string };
  };
  const paymentOf = async (user: TestUser, id: string) =>
    (
      await server.gql(
        `query ($id: ID!) { order(id: $id) { paymentAmountCrypto paymentIssueKind keysReservedUntil paymentDueAt payment { status confirmations } } }`,
        { id },
        user,
      )
    ).data!.order;

  it('a dust payment typed as the order’s transaction holds nothing: the keys go back when the reservation ends', async () => {
    const hoarder = await server.createUser();
    const product = await keyProduct(server, admin, 8, 'dust');
    const order = await placeUsdt(hoarder, product.id, 8);
    // One millionth of a USDT, confirmed: TRON's typed IDs are read from solidified blocks.
    const txId = tron.transfer({ to: STORE, value: 1n });
    tron.solidify();
    expect((await server.gql(SUBMIT_TX, { id: order.id, tx: txId }, hoarder)).errors).toBeUndefined();
    await eventually(async () => (await paymentOf(hoarder, order.id)).paymentIssueKind === 'UNDERPAID', 15_000, 'seen');
    await eventually(async () => (await stock(server, admin, product.id)).available === 8, 15_000, 'keys back');
    expect((await paymentOf(hoarder, order.id)).keysReservedUntil).toBeNull();
  });

  it('a payment of the whole amount not yet in a block holds nothing (it could be replaced for free)', async () => {
    const buyer = await server.createUser();
    const product = await keyProduct(server, admin, 3, 'mempool');
    const order = await placeUsdt(buyer, product.id, 3);
    const amount = (await paymentOf(buyer, order.id)).paymentAmountCrypto as string;
    tron.transfer({ to: STORE, value: BigInt(amount.replace('.', '')) });
    await eventually(async () => (await paymentOf(buyer, order.id)).payment?.status === 'DETECTED', 15_000, 'seen');
    await eventually(async () => (await stock(server, admin, product.id)).available === 3, 15_000, 'keys back');
    // Mined later: the order is paid and delivered with keys reserved again.
    tron.solidify(2);
    await eventually(
      async () => (await readOrder(server, buyer, order.id)).status === 'COMPLETED',
      15_000,
      'delivered',
    );
  });

  it('a payment of the whole amount in a block, not yet confirmed, keeps the keys for another period within the window', async () => {
    const buyer = await server.createUser();
    const product = await keyProduct(server, admin, 5, 'seen');
    const order = await placeUsdt(buyer, product.id, 5);
    const amount = (await paymentOf(buyer, order.id)).paymentAmountCrypto as string;
    tron.transfer({ to: STORE, value: BigInt(amount.replace('.', '')) });
    tron.solidify();
    await eventually(
      async () => (await paymentOf(buyer, order.id)).payment?.confirmations === 1,
      15_000,
      'seen in a block, 1 of 2',
    );
    // Past the first end: still held, with a later end that never passes the payment window.
    await new Promise((r) => setTimeout(r, 4_500));
    const held = await paymentOf(buyer, order.id);
    expect(await stock(server, admin, product.id)).toEqual({ available: 0, reserved: 5 });
    expect(Date.parse(held.keysReservedUntil)).toBeGreaterThan(Date.parse(order.keysReservedUntil));
    expect(Date.parse(held.keysReservedUntil)).toBeLessThanOrEqual(Date.parse(held.paymentDueAt));
    // Confirmed: delivered with the keys it kept.
    tron.solidify();
    await eventually(
      async () => (await readOrder(server, buyer, order.id)).status === 'COMPLETED',
      15_000,
      'delivered',
    );
  });

  it('keys that come back from an ended reservation go to a paid order waiting for stock first', async () => {
    const [early, holder] = [await server.createUser(), await server.createUser()];
    const product = await keyProduct(server, admin, 4, 'requeue');
    const place = (user: TestUser) =>
      server.gql(
        PLACE,
        { input: { productId: product.id, quantity: 4, email: user.email, paymentMethod: 'ETH' } },
        user,
      );
    const earlyOrder = (await place(early)).data!.placeOrder;
    await eventually(async () => (await stock(server, admin, product.id)).available === 4, 15_000, 'released');
    expect((await place(holder)).errors).toBeUndefined();
    await server.gql(SET_STATUS, { id: earlyOrder.id, s: 'SUCCESS' }, admin);
    await eventually(async () => (await readOrder(server, early, earlyOrder.id)).awaitingStock, 15_000, 'awaiting');
    // The holder never pays: its reservation ends, and the waiting order is delivered without an import.
    const delivered = await eventually(
      async () => {
        const o = await readOrder(server, early, earlyOrder.id);
        return o.status === 'COMPLETED' ? o : false;
      },
      20_000,
      'delivered from released keys',
    );
    expect(delivered.keys).toHaveLength(4);
  });
});
