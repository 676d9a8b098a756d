/**
 * placeOrder (issue item 4): the spec's validation messages, availability of products and payment
 * methods, server-side totals, proof uploads over real multipart, transactions that leave nothing
 * behind, and idempotency under concurrency.
 */
import { randomBytes } from 'node:crypto';
import { MESSAGES } from '../../common/validation';
import { PNG_1x1, startTestServer, TEST_ADDRESSES, type TestServer, type TestUser } from '../support/test-server';
import { failCommitsOfOrdersFor, stopFailingCommits } from '../support/fail-at-commit';

/**
 * An order's amount to send: its quote plus a small per-order offset in the method's smallest shown unit, so no two
 * open orders share an amount (docs/payments.md "Unique amounts").
 */
function expectUniqueAmount(actual: string, quote: string) {
  const decimals = quote.split('.')[1]?.length ?? 0;
  expect(actual).toMatch(new RegExp(`^\\d+\\.\\d{${decimals}}$`));
  const offset = BigInt(actual.replace('.', '')) - BigInt(quote.replace('.', ''));
  expect(offset).toBeGreaterThanOrEqual(1n);
  expect(offset).toBeLessThanOrEqual(100n);
}

const PLACE_ORDER = /* GraphQL */ `
  mutation PlaceOrder($input: PlaceOrderInput!, $proof: Upload) {
    placeOrder(input: $input, proof: $proof) {
      id
      shortId
      status
      quantity
      unitPrice
      totalPrice
      domainName
      paymentMethod
      cryptoAddress
      paymentAmountCrypto
      transactionId
      paymentProofUrl
      product {
        slug
      }
    }
  }
`;

let server: TestServer;
let customer: TestUser;
const productIds: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer();
  customer = await server.createUser();
  for (const row of await server.sql<{ id: string; slug: string }>(`SELECT id, slug FROM products`))
    productIds[row.slug] = row.id;
});
afterAll(() => server.close());

/** A valid order of one Ethereum Classic key ($48), overridable field by field. */
function input(overrides: Record<string, unknown> = {}) {
  return {
    productId: productIds['ethereum-classic-key'],
    quantity: 1,
    domainName: '',
    email: customer.email,
    paymentMethod: 'USDT_TRC20',
    ...overrides,
  };
}

const placeOrder = (vars: Record<string, unknown>, token: string | null = customer.token) =>
  server.gql(PLACE_ORDER, { input: vars }, { token });

const count = async (table: 'orders' | 'stored_files' | 'order_events') =>
  Number((await server.sql<{ n: string }>(`SELECT count(*) AS n FROM ${table}`))[0].n);

const key = () => `key-${randomBytes(8).toString('hex')}`;

describe('who may check out', () => {
  it('refuses a signed-out visitor with UNAUTHENTICATED', async () => {
    const res = await placeOrder(input(), null);
    expect(res.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    expect(res.data).toBeNull();
  });
});

describe('checkout validation (docs/product.md "Input rules"), with the spec messages', () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['an invalid email', { email: 'not-an-email' }, 'email', MESSAGES.invalidEmail],
    ['an empty email', { email: '   ' }, 'email', MESSAGES.invalidEmail],
    ['a missing email', { email: null }, 'email', MESSAGES.invalidEmail],
    ['an email over 255 characters', { email: `${'a'.repeat(250)}@example.com` }, 'email', MESSAGES.emailTooLong],
    [
      'a domain over 253 characters',
      { domainName: `${'a'.repeat(60)}.`.repeat(4) + 'example.com' },
      'domainName',
      MESSAGES.domainTooLong,
    ],
    ['an upper-case domain', { domainName: 'Example.com' }, 'domainName', MESSAGES.invalidDomain],
    ['a domain without a dot', { domainName: 'localhost' }, 'domainName', MESSAGES.invalidDomain],
    ['a domain with a path', { domainName: 'example.com/shop' }, 'domainName', MESSAGES.invalidDomain],
    ['quantity 0', { quantity: 0 }, 'quantity', MESSAGES.quantityMin],
    ['a negative quantity', { quantity: -5 }, 'quantity', MESSAGES.quantityMin],
    ['quantity 50001', { quantity: 50001 }, 'quantity', MESSAGES.quantityMax],
    ['a quantity beyond 32-bit integers', { quantity: 1e12 }, 'quantity', MESSAGES.quantityMax],
    ['a non-integer quantity', { quantity: 1.5 }, 'quantity', MESSAGES.quantityMin],
    ['a missing quantity', { quantity: null }, 'quantity', MESSAGES.quantityMin],
    ['a product id that is not a uuid', { productId: 'ssl-certificates' }, 'productId', MESSAGES.invalidProduct],
    ['a missing product id', { productId: null }, 'productId', MESSAGES.invalidProduct],
    [
      'a transaction id over 100 characters',
      { transactionId: 'a'.repeat(101) },
      'transactionId',
      MESSAGES.transactionIdTooLong,
    ],
    ['a transaction id with a dash', { transactionId: 'abc-123' }, 'transactionId', MESSAGES.transactionIdChars],
    ['a transaction id with spaces inside', { transactionId: 'abc 123' }, 'transactionId', MESSAGES.transactionIdChars],
    ['a malformed idempotency key', { idempotencyKey: 'short' }, 'idempotencyKey', MESSAGES.idempotencyKeyInvalid],
  ];

  it.each(cases)('refuses %s', async (_name, overrides, field, message) => {
    const before = await count('orders');
    const res = await placeOrder(input(overrides));
    expect(res.errors).toHaveLength(1);
    expect(res.errors![0].message).toBe(message);
    expect(res.errors![0].extensions?.code).toBe('BAD_USER_INPUT');
    // The first error is the message; a too-long domain may also fail the pattern, on the same field.
    const fieldErrors = res.errors![0].extensions?.fieldErrors as { field: string; message: string }[];
    expect(fieldErrors[0]).toEqual({ field, message });
    expect(fieldErrors.every((e) => e.field === field)).toBe(true);
    expect(await count('orders')).toBe(before);
  });

  it('reports every failing field, the first one as the message', async () => {
    const res = await placeOrder(input({ productId: 'x', quantity: 0, email: 'bad', transactionId: '#' }));
    expect(res.errors![0].message).toBe(MESSAGES.invalidProduct);
    expect(res.errors![0].extensions?.fieldErrors).toEqual([
      { field: 'productId', message: MESSAGES.invalidProduct },
      { field: 'quantity', message: MESSAGES.quantityMin },
      { field: 'email', message: MESSAGES.invalidEmail },
      { field: 'transactionId', message: MESSAGES.transactionIdChars },
    ]);
  });

  it('accepts the limits themselves: 255-character email, 253-character domain, 100-character transaction id, quantity 50000', async () => {
    const email = `${'a'.repeat(243)}@example.com`;
    const domainName = `${'a'.repeat(61)}.${'b'.repeat(61)}.${'c'.repeat(61)}.${'d'.repeat(63)}.com`;
    expect(email).toHaveLength(255);
    expect(domainName).toHaveLength(253);
    const res = await placeOrder(input({ email, domainName, transactionId: 'A1'.repeat(50), quantity: 50000 }));
    expect(res.errors).toBeUndefined();
    expect(res.data!.placeOrder).toMatchObject({
      domainName,
      transactionId: 'A1'.repeat(50),
      quantity: 50000,
      totalPrice: 2400000,
    });
    const [row] = await server.sql(`SELECT contact_email FROM orders WHERE id = $1`, [res.data!.placeOrder.id]);
    expect(row.contact_email).toBe(email);
  });

  it('trims the email, domain and transaction id and stores an empty domain and transaction id as null', async () => {
    const res = await placeOrder(
      input({ email: `  ${customer.email}  `, domainName: '  shop.example.com ', transactionId: ' abc123 ' }),
    );
    expect(res.data!.placeOrder).toMatchObject({ domainName: 'shop.example.com', transactionId: 'abc123' });
    const empty = await placeOrder(input({ domainName: '   ', transactionId: '' }));
    expect(empty.data!.placeOrder).toMatchObject({ domainName: null, transactionId: null });
  });
});

describe('products and payment methods that cannot be bought', () => {
  it('refuses an out-of-stock product with PRODUCT_UNAVAILABLE and the spec message', async () => {
    const res = await placeOrder(input({ productId: productIds.dv }));
    expect(res.errors![0]).toMatchObject({
      message: 'This product is currently out of stock. Please try another product.',
      extensions: { code: 'PRODUCT_UNAVAILABLE' },
    });
  });

  it('refuses an unknown product id as an invalid product', async () => {
    const res = await placeOrder(input({ productId: '00000000-0000-4000-8000-000000000000' }));
    expect(res.errors![0]).toMatchObject({ message: MESSAGES.invalidProduct, extensions: { code: 'BAD_USER_INPUT' } });
  });

  it('refuses an inactive product as an invalid product', async () => {
    await server.sql(`UPDATE products SET active = false WHERE slug = 'zcash-keys'`);
    try {
      const res = await placeOrder(input({ productId: productIds['zcash-keys'] }));
      expect(res.errors![0]).toMatchObject({
        message: MESSAGES.invalidProduct,
        extensions: { code: 'BAD_USER_INPUT' },
      });
    } finally {
      await server.sql(`UPDATE products SET active = true WHERE slug = 'zcash-keys'`);
    }
  });

  it('refuses fewer SSL keys than the bulk minimum of 4000', async () => {
    const res = await placeOrder(input({ productId: productIds['ssl-certificates'], quantity: 3999 }));
    expect(res.errors![0]).toMatchObject({
      message: MESSAGES.belowMinimumQuantity(4000),
      extensions: {
        code: 'BAD_USER_INPUT',
        fieldErrors: [{ field: 'quantity', message: MESSAGES.belowMinimumQuantity(4000) }],
      },
    });
  });

  it.each(['PAYPAL', 'SKRILL'])('refuses %s with PAYMENT_METHOD_UNAVAILABLE', async (paymentMethod) => {
    const before = await count('orders');
    const res = await placeOrder(input({ paymentMethod }));
    expect(res.errors![0]).toMatchObject({
      message: MESSAGES.paymentMethodUnavailable,
      extensions: { code: 'PAYMENT_METHOD_UNAVAILABLE' },
    });
    expect(await count('orders')).toBe(before);
  });

  it('refuses a method whose address is not configured (BTC without PAY_ADDRESS_BTC)', async () => {
    const noBtc = await startTestServer({ env: { PAY_ADDRESS_BTC: '' } });
    try {
      const user = await noBtc.createUser();
      const res = await noBtc.gql(
        PLACE_ORDER,
        { input: input({ paymentMethod: 'BTC', email: user.email }) },
        { token: user.token },
      );
      expect(res.errors![0].extensions?.code).toBe('PAYMENT_METHOD_UNAVAILABLE');
      const usdt = await noBtc.gql(PLACE_ORDER, { input: input({ email: user.email }) }, { token: user.token });
      expect(usdt.errors).toBeUndefined();
    } finally {
      await noBtc.close();
    }
  });

  it('checks the input before the payment method, and the method before the product', async () => {
    const bad = await placeOrder(input({ paymentMethod: 'PAYPAL', productId: productIds.dv, email: 'bad' }));
    expect(bad.errors![0].extensions?.code).toBe('BAD_USER_INPUT');
    const paypal = await placeOrder(input({ paymentMethod: 'PAYPAL', productId: productIds.dv }));
    expect(paypal.errors![0].extensions?.code).toBe('PAYMENT_METHOD_UNAVAILABLE');
  });
});

describe('totals are computed by the server', () => {
  const ssl = () => input({ productId: productIds['ssl-certificates'], quantity: 4000 });

  it("prices 4000 SSL keys at $13.6 each: $54,400 = 54400.000000 USDT plus the order's offset to the configured address", async () => {
    const res = await placeOrder(ssl());
    expect(res.errors).toBeUndefined();
    expect(res.data!.placeOrder).toMatchObject({
      status: 'PENDING',
      quantity: 4000,
      unitPrice: 13.6,
      totalPrice: 54400,
      paymentMethod: 'USDT_TRC20',
      cryptoAddress: TEST_ADDRESSES.USDT_TRC20,
      paymentAmountCrypto: expect.any(String),
      paymentProofUrl: null,
      product: { slug: 'ssl-certificates' },
    });
    const order = res.data!.placeOrder;
    expectUniqueAmount(order.paymentAmountCrypto, '54400.000000');
    expect(order.shortId).toBe(order.id.slice(0, 8));
    const [row] = await server.sql(
      `SELECT user_id, unit_price, total_price, payment_amount_crypto, status, crypto_address FROM orders WHERE id = $1`,
      [order.id],
    );
    expect(row).toEqual({
      user_id: customer.id,
      unit_price: '13.60',
      total_price: '54400.00',
      payment_amount_crypto: expect.stringMatching(/^54400\.0000\d{4}$/),
      status: 'PENDING',
      crypto_address: TEST_ADDRESSES.USDT_TRC20,
    });
  });

  it('converts to BTC with 8 decimals and ETH with 6 at the configured rates', async () => {
    // Two 4,000-key orders: one buyer each, since one account's unpaid orders hold at most 5,000 keys.
    const [first, second] = [await server.createUser(), await server.createUser()];
    const btc = await placeOrder({ ...ssl(), email: first.email, paymentMethod: 'BTC' }, first.token);
    expect(btc.data!.placeOrder).toMatchObject({
      paymentAmountCrypto: expect.any(String),
      cryptoAddress: TEST_ADDRESSES.BTC,
      totalPrice: 54400,
    });
    const eth = await placeOrder({ ...ssl(), email: second.email, paymentMethod: 'ETH' }, second.token);
    expect(eth.data!.placeOrder).toMatchObject({ cryptoAddress: TEST_ADDRESSES.ETH });
    expectUniqueAmount(btc.data!.placeOrder.paymentAmountCrypto, '1.08800000');
    expectUniqueAmount(eth.data!.placeOrder.paymentAmountCrypto, '21.760000');
  });

  it('uses the listed price below any tier: 3 × $48 = $144', async () => {
    const res = await placeOrder(input({ quantity: 3, paymentMethod: 'ETH' }));
    expect(res.data!.placeOrder).toMatchObject({ unitPrice: 48, totalPrice: 144 });
    expectUniqueAmount(res.data!.placeOrder.paymentAmountCrypto, '0.057600');
  });

  it('uses the configured rates (RATE_BTC_USD)', async () => {
    const other = await startTestServer({ env: { RATE_BTC_USD: '64000' } });
    try {
      const user = await other.createUser();
      const res = await other.gql(
        PLACE_ORDER,
        { input: { ...ssl(), email: user.email, paymentMethod: 'BTC' } },
        { token: user.token },
      );
      expectUniqueAmount(res.data!.placeOrder.paymentAmountCrypto, '0.85000000');
    } finally {
      await other.close();
    }
  });

  it('offers the client no way to set a price: unknown input fields are refused', async () => {
    const before = await count('orders');
    for (const field of ['totalPrice', 'unitPrice', 'paymentAmountCrypto', 'cryptoAddress', 'status']) {
      const res = await placeOrder({ ...ssl(), [field]: field === 'status' ? 'SUCCESS' : 1 });
      expect(res.errors![0].message).toContain(`"${field}"`);
      expect(res.data).toBeUndefined();
    }
    expect(await count('orders')).toBe(before);
  });

  it('charges the price in the database at the time of the order', async () => {
    await server.sql(`UPDATE products SET price = 50.5 WHERE slug = 'ethereum-classic-key'`);
    try {
      const res = await placeOrder(input({ quantity: 2 }));
      expect(res.data!.placeOrder).toMatchObject({ unitPrice: 50.5, totalPrice: 101 });
      expectUniqueAmount(res.data!.placeOrder.paymentAmountCrypto, '101.000000');
    } finally {
      await server.sql(`UPDATE products SET price = 48 WHERE slug = 'ethereum-classic-key'`);
    }
  });
});

describe('the placed order', () => {
  it('records an order_events row from nothing to pending, by the customer', async () => {
    const res = await placeOrder(input());
    const events = await server.sql(
      `SELECT actor_id, from_status, to_status, note FROM order_events WHERE order_id = $1`,
      [res.data!.placeOrder.id],
    );
    expect(events).toEqual([{ actor_id: customer.id, from_status: null, to_status: 'PENDING', note: 'Order placed' }]);
  });
});

describe('payment proof uploads (multipart)', () => {
  const png = { name: 'proof.png', type: 'image/png', bytes: PNG_1x1 };

  it('stores a PNG and serves it back through the signed paymentProofUrl', async () => {
    const res = await server.upload(PLACE_ORDER, { input: input() }, png, { token: customer.token });
    expect(res.errors).toBeUndefined();
    const order = res.data!.placeOrder;
    expect(order.paymentProofUrl).toMatch(new RegExp(`^/files/[0-9a-f-]{36}\\?exp=\\d+&sig=[0-9a-f]{64}$`));

    const download = await fetch(`${server.url}${order.paymentProofUrl}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await download.arrayBuffer()).equals(PNG_1x1)).toBe(true);

    const [file] = await server.sql(
      `SELECT f.kind, f.filename, f.mime, f.size, f.owner_id FROM orders o JOIN stored_files f ON f.id = o.payment_proof_file_id WHERE o.id = $1`,
      [order.id],
    );
    expect(file).toEqual({
      kind: 'payment_proof',
      filename: `${order.id}.png`,
      mime: 'image/png',
      size: PNG_1x1.length,
      owner_id: customer.id,
    });
  });

  it('judges the type by content: a JPEG sent as "proof.png" with type text/plain is stored as image/jpeg', async () => {
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(64)]);
    const res = await server.upload(
      PLACE_ORDER,
      { input: input() },
      { name: 'proof.png', type: 'text/plain', bytes: jpeg },
      { token: customer.token },
    );
    expect(res.errors).toBeUndefined();
    const download = await fetch(`${server.url}${res.data!.placeOrder.paymentProofUrl}`);
    expect(download.headers.get('content-type')).toBe('image/jpeg');
  });

  it('refuses a text file named proof.png, whatever type the client claims, and keeps nothing', async () => {
    const [orders, files] = [await count('orders'), await count('stored_files')];
    const res = await server.upload(
      PLACE_ORDER,
      { input: input() },
      { name: 'proof.png', type: 'image/png', bytes: Buffer.from('this is not an image\n'.repeat(20)) },
      { token: customer.token },
    );
    expect(res.errors![0]).toMatchObject({
      message: MESSAGES.proofNotImage,
      extensions: { code: 'BAD_USER_INPUT', fieldErrors: [{ field: 'proof', message: MESSAGES.proofNotImage }] },
    });
    expect(await count('orders')).toBe(orders);
    expect(await count('stored_files')).toBe(files);
  });

  it('refuses an empty file', async () => {
    const res = await server.upload(
      PLACE_ORDER,
      { input: input() },
      { name: 'p.png', type: 'image/png', bytes: Buffer.alloc(0) },
      { token: customer.token },
    );
    expect(res.errors![0].message).toBe(MESSAGES.proofNotImage);
  });

  it('accepts exactly 5 MB and refuses one byte more, keeping nothing', async () => {
    const fiveMb = Buffer.concat([PNG_1x1, Buffer.alloc(5 * 1024 * 1024 - PNG_1x1.length)]);
    const ok = await server.upload(
      PLACE_ORDER,
      { input: input() },
      { name: 'big.png', type: 'image/png', bytes: fiveMb },
      { token: customer.token },
    );
    expect(ok.errors).toBeUndefined();
    const [{ size }] = await server.sql(
      `SELECT size FROM stored_files f JOIN orders o ON o.payment_proof_file_id = f.id WHERE o.id = $1`,
      [ok.data!.placeOrder.id],
    );
    expect(size).toBe(5 * 1024 * 1024);

    const [orders, files] = [await count('orders'), await count('stored_files')];
    const tooBig = Buffer.concat([fiveMb, Buffer.from([0])]);
    const res = await server.upload(
      PLACE_ORDER,
      { input: input() },
      { name: 'big.png', type: 'image/png', bytes: tooBig },
      { token: customer.token },
    );
    expect(res.errors![0]).toMatchObject({ message: MESSAGES.proofTooLarge, extensions: { code: 'BAD_USER_INPUT' } });
    expect(await count('orders')).toBe(orders);
    expect(await count('stored_files')).toBe(files);
  });

  it('refuses a much larger file (12 MB) quickly with the same message', async () => {
    const huge = Buffer.concat([PNG_1x1, Buffer.alloc(12 * 1024 * 1024)]);
    const res = await server.upload(
      PLACE_ORDER,
      { input: input() },
      { name: 'huge.png', type: 'image/png', bytes: huge },
      { token: customer.token },
    );
    expect(res.errors![0].message).toBe(MESSAGES.proofTooLarge);
  });

  it('refuses multipart without the preflight header with 400, before running the operation', async () => {
    const before = await count('orders');
    const res = await server.upload(PLACE_ORDER, { input: input() }, png, { token: customer.token, preflight: false });
    expect(res.status).toBe(400);
    expect(res.errors![0].message).toMatch(/Apollo-Require-Preflight/);
    expect(await count('orders')).toBe(before);
  });

  it('refuses bad input sent with a proof, drains the upload and keeps nothing', async () => {
    const [orders, files] = [await count('orders'), await count('stored_files')];
    const big = Buffer.concat([PNG_1x1, Buffer.alloc(3 * 1024 * 1024)]);
    const res = await server.upload(
      PLACE_ORDER,
      { input: input({ email: 'bad' }) },
      { name: 'p.png', type: 'image/png', bytes: big },
      { token: customer.token },
    );
    expect(res.errors![0].message).toBe(MESSAGES.invalidEmail);
    expect(await count('orders')).toBe(orders);
    expect(await count('stored_files')).toBe(files);
    // The connection is still usable afterwards.
    expect((await placeOrder(input())).errors).toBeUndefined();
  });

  it('leaves no order, no file and no event when the transaction fails at commit', async () => {
    // A deferred constraint trigger fails the COMMIT itself: the proof, the order and its event were
    // all written by then, so this is the latest point a checkout can fail.
    await failCommitsOfOrdersFor(server, 'fail.example.com');
    try {
      const [orders, files, events] = [await count('orders'), await count('stored_files'), await count('order_events')];
      const res = await server.upload(PLACE_ORDER, { input: input({ domainName: 'fail.example.com' }) }, png, {
        token: customer.token,
      });
      expect(res.errors![0].extensions?.code).toBe('INTERNAL_SERVER_ERROR');
      expect(res.errors![0].message).toBe('Internal server error');
      expect(await count('orders')).toBe(orders);
      expect(await count('stored_files')).toBe(files);
      expect(await count('order_events')).toBe(events);
    } finally {
      await stopFailingCommits(server);
    }
  });
});

describe('idempotency', () => {
  it('returns the first order for the same key, with no second row or file', async () => {
    const idempotencyKey = key();
    const png = { name: 'proof.png', type: 'image/png', bytes: PNG_1x1 };
    const first = await server.upload(PLACE_ORDER, { input: input({ idempotencyKey }) }, png, {
      token: customer.token,
    });
    const [orders, files] = [await count('orders'), await count('stored_files')];
    const again = await server.upload(PLACE_ORDER, { input: input({ idempotencyKey }) }, png, {
      token: customer.token,
    });
    expect(again.data!.placeOrder.id).toBe(first.data!.placeOrder.id);
    expect(await count('orders')).toBe(orders);
    expect(await count('stored_files')).toBe(files);
  });

  it('returns the first order even when the repeat differs (a repeat is a retry)', async () => {
    const idempotencyKey = key();
    const first = await placeOrder(input({ idempotencyKey, quantity: 1 }));
    const changed = await placeOrder(input({ idempotencyKey, quantity: 7, paymentMethod: 'BTC' }));
    expect(changed.data!.placeOrder).toMatchObject({
      id: first.data!.placeOrder.id,
      quantity: 1,
      paymentMethod: 'USDT_TRC20',
    });
  });

  it('returns the first order even after the product went out of stock', async () => {
    const idempotencyKey = key();
    const first = await placeOrder(input({ productId: productIds['ripple-keys'], idempotencyKey }));
    await server.sql(`UPDATE products SET in_stock = false WHERE slug = 'ripple-keys'`);
    try {
      const retry = await placeOrder(input({ productId: productIds['ripple-keys'], idempotencyKey }));
      expect(retry.data!.placeOrder.id).toBe(first.data!.placeOrder.id);
    } finally {
      await server.sql(`UPDATE products SET in_stock = true WHERE slug = 'ripple-keys'`);
    }
  });

  it('keeps keys per user: another customer with the same key gets an order of their own', async () => {
    const idempotencyKey = key();
    const other = await server.createUser();
    const mine = await placeOrder(input({ idempotencyKey }));
    const theirs = await placeOrder(input({ idempotencyKey, email: other.email }), other.token);
    expect(theirs.errors).toBeUndefined();
    expect(theirs.data!.placeOrder.id).not.toBe(mine.data!.placeOrder.id);
  });

  it('creates exactly one order and one file from 10 concurrent requests with one key', async () => {
    const idempotencyKey = key();
    const [orders, files, events] = [await count('orders'), await count('stored_files'), await count('order_events')];
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        server.upload(
          PLACE_ORDER,
          { input: input({ idempotencyKey }) },
          { name: 'proof.png', type: 'image/png', bytes: PNG_1x1 },
          { token: customer.token },
        ),
      ),
    );
    for (const res of results) expect(res.errors).toBeUndefined();
    expect(new Set(results.map((r) => r.data!.placeOrder.id)).size).toBe(1);
    expect(await count('orders')).toBe(orders + 1);
    expect(await count('stored_files')).toBe(files + 1);
    expect(await count('order_events')).toBe(events + 1);
    const rows = await server.sql(`SELECT id FROM orders WHERE user_id = $1 AND idempotency_key = $2`, [
      customer.id,
      idempotencyKey,
    ]);
    expect(rows).toEqual([{ id: results[0].data!.placeOrder.id }]);
  });

  it('creates 10 orders from 10 concurrent requests with different keys', async () => {
    const before = await count('orders');
    const results = await Promise.all(Array.from({ length: 10 }, () => placeOrder(input({ idempotencyKey: key() }))));
    expect(new Set(results.map((r) => r.data!.placeOrder.id)).size).toBe(10);
    expect(await count('orders')).toBe(before + 10);
  });
});
