/**
 * Instant delivery (docs/inventory.md) on a real PostgreSQL, graphile-worker and SMTP server: keys imported through
 * a real multipart upload, reserved in the checkout's transaction (all or nothing, concurrent checkouts racing for the
 * last keys), released and reserved again with the order's status, delivered by a job when the payment is confirmed
 * (once, even when the job fails and is retried), shown only to the owner and admins after payment, downloaded as
 * one text file, announced to the catalogue when stock runs out, and e-mailed.
 */
import { MESSAGES } from '../../common/validation';
import { INVENTORY_MESSAGES, InventoryService } from '../../server/src/inventory/inventory.service';
import { KeyCipher } from '../../server/src/inventory/key-cipher';
import { KEY_FILE_MESSAGES } from '../../server/src/inventory/key-file';
import { eventually } from '../support/eventually';
import { Inbox } from '../support/inbox';
import { startTestServer, TEST_KEYS_ENCRYPTION_KEY, type TestServer, type TestUser } from '../support/test-server';

const PLACE_ORDER = `mutation ($input: PlaceOrderInput!) { placeOrder(input: $input) { id status } }`;
const SET_STATUS = `mutation ($id: ID!, $status: OrderStatus!) { setOrderStatus(orderId: $id, status: $status) { id status } }`;
const CANCEL = `mutation ($id: ID!) { cancelOrder(orderId: $id) { id status } }`;
const ORDER = `query ($id: ID!) {
  order(id: $id) {
    id status keysFileUrl downloadUrl
    keys { id value deliveredAt }
    events { fromStatus toStatus actorKind note reason }
  }
}`;
const IMPORT = `mutation ($productId: ID!, $keys: [String!], $file: Upload) {
  importProductKeys(productId: $productId, keys: $keys, file: $file) {
    added
    duplicates { count lines }
    alreadyInStock { count lines }
    repeated { count lines }
    invalid { count lines { line reason } }
    stock { available reserved delivered revoked }
  }
}`;
const STOCK = `query ($productId: ID!) { adminKeyStock(productId: $productId) { available reserved delivered revoked } }`;
const PRODUCT = `query ($slug: String!) { product(slug: $slug) { id inStock availableQuantity fulfilment } }`;

const inbox = new Inbox();
let server: TestServer;
let admin: TestUser;
let customer: TestUser;
let slugs = 0;

beforeAll(async () => {
  await inbox.start();
  server = await startTestServer({
    env: { SMTP_URL: `smtp://127.0.0.1:${inbox.port}`, PUBLIC_URL: 'https://shop.example', LOG_LEVEL: 'silent' },
  });
  [admin, customer] = await Promise.all([server.createUser({ admin: true }), server.createUser()]);
});
afterAll(async () => {
  await server.close();
  await inbox.close();
});

/** A new product stocked by keys (none yet), so each test counts its own keys. */
async function newKeyProduct(options: { fulfilment?: string; minQuantity?: number } = {}) {
  const slug = `test-keys-${++slugs}`;
  const [row] = await server.sql<{ id: string }>(
    `INSERT INTO products (slug, name, category, description, price, fulfilment, min_quantity)
     VALUES ($1, $2, 'crypto_keys', 'Test keys', 10, $3, $4) RETURNING id`,
    [slug, `Test Keys ${slugs}`, options.fulfilment ?? 'KEYS', options.minQuantity ?? 1],
  );
  return { id: row.id, slug };
}

const keyValues = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => `${prefix}-${String(i).padStart(6, '0')}`);

async function importKeys(productId: string, keys: string[]) {
  const res = await server.gql(IMPORT, { productId, keys }, { token: admin.token });
  expect(res.errors).toBeUndefined();
  return res.data!.importProductKeys;
}

async function placeOrder(user: TestUser, productId: string, quantity: number) {
  return server.gql(
    PLACE_ORDER,
    { input: { productId, quantity, email: user.email, paymentMethod: 'ETH' } },
    { token: user.token },
  );
}

async function placed(user: TestUser, productId: string, quantity: number): Promise<string> {
  const res = await placeOrder(user, productId, quantity);
  expect(res.errors).toBeUndefined();
  return res.data!.placeOrder.id;
}

const orderAs = async (user: TestUser, id: string) =>
  (await server.gql(ORDER, { id }, { token: user.token })).data?.order;

const keysOfOrder = (orderId: string) =>
  server.sql<{ status: string; n: number }>(
    `SELECT status, count(*)::int AS n FROM product_keys WHERE order_id = $1 GROUP BY status ORDER BY status`,
    [orderId],
  );

async function setStatus(id: string, status: string) {
  const res = await server.gql(SET_STATUS, { id, status }, { token: admin.token });
  return res;
}

const completed = (id: string) =>
  eventually(
    async () => {
      const order = await orderAs(customer, id);
      return order?.status === 'COMPLETED' && order;
    },
    20_000,
    'delivery',
  );

describe('import (admin)', () => {
  it('imports a real uploaded .txt file and a list, reporting duplicates and invalid lines by line', async () => {
    const product = await newKeyProduct();
    const file = ['FILE-1', 'FILE-2', '', '  FILE-3  ', 'FILE-1', 'bad\u0001key'].join('\r\n');
    const uploaded = await server.upload(
      IMPORT,
      { productId: product.id, keys: null, file: null },
      { name: 'keys.txt', type: 'text/plain', bytes: Buffer.from(file) },
      { token: admin.token, fileVariable: 'file' },
    );
    expect(uploaded.errors).toBeUndefined();
    expect(uploaded.data!.importProductKeys).toEqual({
      added: 3,
      duplicates: { count: 1, lines: [5] },
      alreadyInStock: { count: 0, lines: [] },
      repeated: { count: 1, lines: [5] },
      invalid: { count: 1, lines: [{ line: 6, reason: 'control-characters' }] },
      stock: { available: 3, reserved: 0, delivered: 0, revoked: 0 },
    });
    const listed = await importKeys(product.id, ['FILE-2', 'LIST-1']);
    expect(listed).toMatchObject({ added: 1, duplicates: { count: 1, lines: [1] }, alreadyInStock: { count: 1 } });
    expect(listed.stock.available).toBe(4);
  });

  it('reports exactly the 1,000 duplicates of a 100,000-line uploaded file', async () => {
    const product = await newKeyProduct();
    await importKeys(product.id, keyValues('BULK', 1_000));
    const lines = keyValues('BULK', 100_000);
    const res = await server.upload(
      IMPORT,
      { productId: product.id, keys: null, file: null },
      { name: 'bulk.csv', type: 'text/csv', bytes: Buffer.from(lines.join('\n')) },
      { token: admin.token, fileVariable: 'file' },
    );
    expect(res.errors).toBeUndefined();
    const report = res.data!.importProductKeys;
    expect(report.added).toBe(99_000);
    expect(report.duplicates.count).toBe(1_000);
    expect(report.duplicates.lines).toEqual(Array.from({ length: 1_000 }, (_, i) => i + 1));
    expect(report.stock.available).toBe(100_000);
  });

  it('refuses a list and a file together, a file that is not text, other file types, and non-admins', async () => {
    const product = await newKeyProduct();
    const both = await server.upload(
      IMPORT,
      { productId: product.id, keys: ['A'], file: null },
      { name: 'keys.txt', type: 'text/plain', bytes: Buffer.from('B') },
      { token: admin.token, fileVariable: 'file' },
    );
    expect(both.errors?.[0].extensions).toMatchObject({
      fieldErrors: [{ field: 'file', message: KEY_FILE_MESSAGES.both }],
    });
    const binary = await server.upload(
      IMPORT,
      { productId: product.id, keys: null, file: null },
      { name: 'keys.csv', type: 'text/csv', bytes: Buffer.from([0x4b, 0x00, 0xff, 0xfe]) },
      { token: admin.token, fileVariable: 'file' },
    );
    expect(binary.errors?.[0].extensions).toMatchObject({
      fieldErrors: [{ field: 'file', message: KEY_FILE_MESSAGES.notText }],
    });
    const pdf = await server.upload(
      IMPORT,
      { productId: product.id, keys: null, file: null },
      { name: 'keys.pdf', type: 'application/pdf', bytes: Buffer.from('%PDF-1.4') },
      { token: admin.token, fileVariable: 'file' },
    );
    expect(pdf.errors?.[0].extensions).toMatchObject({
      fieldErrors: [{ field: 'file', message: KEY_FILE_MESSAGES.wrongType }],
    });
    const asCustomer = await server.gql(IMPORT, { productId: product.id, keys: ['C'] }, { token: customer.token });
    expect(asCustomer.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const stock = await server.gql(STOCK, { productId: product.id }, { token: customer.token });
    expect(stock.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect((await server.gql(STOCK, { productId: product.id }, { token: admin.token })).data!.adminKeyStock).toEqual({
      available: 0,
      reserved: 0,
      delivered: 0,
      revoked: 0,
    });
  });

  it('revokes an available key by its value; a reserved one is refused', async () => {
    const product = await newKeyProduct();
    await importKeys(product.id, ['LEAKED', 'SOLD']);
    const revoke = `mutation ($p: ID!, $k: String!) { revokeProductKey(productId: $p, key: $k) { available revoked reserved } }`;
    const revoked = await server.gql(revoke, { p: product.id, k: 'LEAKED' }, { token: admin.token });
    expect(revoked.data!.revokeProductKey).toEqual({ available: 1, revoked: 1, reserved: 0 });
    await placed(customer, product.id, 1);
    const refused = await server.gql(revoke, { p: product.id, k: 'SOLD' }, { token: admin.token });
    expect(refused.errors?.[0].extensions).toMatchObject({
      fieldErrors: [{ field: 'key', message: INVENTORY_MESSAGES.notRevocable }],
    });
  });
  it('a key imported before fingerprints were normalised is found again once the start-up job has run', async () => {
    const product = await newKeyProduct();
    const cipher = KeyCipher.fromSecret(TEST_KEYS_ENCRYPTION_KEY);
    await server.sql(
      `INSERT INTO product_keys (product_id, secret, fingerprint, fingerprint_normalized) VALUES ($1, $2, $3, false)`,
      [product.id, cipher.encryptMany(['LEGACY-KEY\u00a0'])[0], cipher.fingerprint('LEGACY-KEY\u00a0')],
    );
    await server.app.container.get(InventoryService).normalizeLegacyFingerprints();
    const again = await importKeys(product.id, ['LEGACY-KEY']);
    expect(again).toMatchObject({ added: 0, alreadyInStock: { count: 1, lines: [1] } });
  });

  it('revokes a key imported with a no-break space or a byte-order mark around it, pasted as it shows', async () => {
    const product = await newKeyProduct();
    const imported = await importKeys(product.id, ['NBSP-KEY\u00a0', '\ufeffBOM-KEY', 'ZW\u200bINSIDE']);
    // A key with an invisible character inside could never be typed back: refused at import, with its line.
    expect(imported).toMatchObject({
      added: 2,
      invalid: { count: 1, lines: [{ line: 3, reason: 'invisible-characters' }] },
    });
    const revoke = `mutation ($p: ID!, $k: String!) { revokeProductKey(productId: $p, key: $k) { available revoked } }`;
    const first = await server.gql(revoke, { p: product.id, k: 'NBSP-KEY' }, { token: admin.token });
    expect(first.data!.revokeProductKey).toEqual({ available: 1, revoked: 1 });
    const second = await server.gql(revoke, { p: product.id, k: ' BOM-KEY\u00a0' }, { token: admin.token });
    expect(second.data!.revokeProductKey).toEqual({ available: 0, revoked: 2 });
  });
});

describe('stock follows keys', () => {
  it('shows the available keys, refuses more than that with "Only N left in stock", and goes out of stock at zero', async () => {
    const product = await newKeyProduct();
    expect((await server.gql(PRODUCT, { slug: product.slug })).data!.product).toMatchObject({ fulfilment: 'KEYS' });
    // What the storefront reads: catalogue fields only, so repeats are answered from the kept catalogue answers.
    const readProduct = async () =>
      (
        await server.gql(`query ($slug: String!) { product(slug: $slug) { inStock availableQuantity } }`, {
          slug: product.slug,
        })
      ).data!.product;
    expect(await readProduct()).toEqual({ inStock: false, availableQuantity: 0 });
    expect(await readProduct()).toEqual({ inStock: false, availableQuantity: 0 });
    await importKeys(product.id, keyValues('STOCK', 5));
    // The import announces itself: the catalogue shows the keys at once.
    expect(await readProduct()).toMatchObject({ inStock: true, availableQuantity: 5 });

    const tooMany = await placeOrder(customer, product.id, 6);
    expect(tooMany.errors?.[0]).toMatchObject({
      message: MESSAGES.onlyLeftInStock(5),
      extensions: { code: 'PRODUCT_UNAVAILABLE' },
    });
    const quote = await server.gql(
      `query ($p: ID!) { quote(productId: $p, quantity: 6, paymentMethod: ETH) { totalPrice } }`,
      { p: product.id },
    );
    expect(quote.errors?.[0].message).toBe(MESSAGES.onlyLeftInStock(5));

    const orderId = await placed(customer, product.id, 5);
    // The last keys went: the catalogue hears it without waiting for its cache to expire.
    await eventually(async () => (await readProduct()).inStock === false, 5_000, 'out of stock');
    const none = await placeOrder(customer, product.id, 1);
    expect(none.errors?.[0]).toMatchObject({
      message: MESSAGES.outOfStockOnSubmit,
      extensions: { code: 'PRODUCT_UNAVAILABLE' },
    });
    // Cancelling puts the keys back, and the product back in stock.
    expect((await server.gql(CANCEL, { id: orderId }, { token: customer.token })).errors).toBeUndefined();
    await eventually(async () => (await readProduct()).availableQuantity === 5, 5_000, 'back in stock');
    expect(await readProduct()).toMatchObject({ inStock: true });
    const [{ n }] = await server.sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM domain_events WHERE type = 'product.stock_changed' AND payload->>'productId' = $1`,
      [product.id],
    );
    // In at the import, out at the last order, in again at the cancellation.
    expect(n).toBe(3);
  });

  it('lets the admin switch still pause sales of a product that has keys', async () => {
    const product = await newKeyProduct();
    await importKeys(product.id, keyValues('PAUSE', 3));
    const off = await server.gql(
      `mutation ($p: ID!) { setProductStock(productId: $p, inStock: false) { inStock availableQuantity } }`,
      { p: product.id },
      { token: admin.token },
    );
    expect(off.data!.setProductStock).toEqual({ inStock: false, availableQuantity: 3 });
    expect((await placeOrder(customer, product.id, 1)).errors?.[0].extensions?.code).toBe('PRODUCT_UNAVAILABLE');
  });
});

describe('reservation at checkout', () => {
  it('gives 50 concurrent checkouts of 3 for the last 100 keys exactly 33 orders, 99 keys, none twice', async () => {
    const product = await newKeyProduct();
    await importKeys(product.id, keyValues('RACE', 100));
    const buyers = await Promise.all(Array.from({ length: 50 }, () => server.createUser()));
    const results = await Promise.all(buyers.map((buyer) => placeOrder(buyer, product.id, 3)));
    const succeeded = results.filter((res) => !res.errors);
    const refused = results.filter((res) => res.errors);
    expect(succeeded).toHaveLength(33);
    for (const res of refused) expect(res.errors![0].extensions?.code).toBe('PRODUCT_UNAVAILABLE');

    const rows = await server.sql<{ order_id: string; n: number }>(
      `SELECT order_id, count(*)::int AS n FROM product_keys WHERE product_id = $1 AND status = 'RESERVED'
       GROUP BY order_id`,
      [product.id],
    );
    expect(rows).toHaveLength(33);
    expect(rows.every((row) => row.n === 3)).toBe(true);
    const [orders] = await server.sql<{ n: number }>(`SELECT count(*)::int AS n FROM orders WHERE product_id = $1`, [
      product.id,
    ]);
    expect(orders.n).toBe(33);
    const [keys] = await server.sql<{ reserved: number; available: number; distinct_keys: number }>(
      `SELECT count(*) FILTER (WHERE status = 'RESERVED')::int AS reserved,
              count(*) FILTER (WHERE status = 'AVAILABLE')::int AS available,
              count(DISTINCT id) FILTER (WHERE status = 'RESERVED')::int AS distinct_keys
       FROM product_keys WHERE product_id = $1`,
      [product.id],
    );
    expect(keys).toEqual({ reserved: 99, available: 1, distinct_keys: 99 });
  });

  it('reserves all 4,000 keys of an SSL bulk order at once, or none when fewer are left', async () => {
    const [ssl] = await server.sql<{ id: string }>(`SELECT id FROM products WHERE slug = 'ssl-certificates'`);
    const [before] = await server.sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM product_keys WHERE product_id = $1 AND status = 'AVAILABLE'`,
      [ssl.id],
    );
    const big = await server.gql(
      PLACE_ORDER,
      {
        input: {
          productId: ssl.id,
          quantity: before.n + 1,
          email: customer.email,
          paymentMethod: 'BTC',
          domainName: 'shop.example.com',
        },
      },
      { token: customer.token },
    );
    expect(big.errors?.[0].message).toBe(MESSAGES.onlyLeftInStock(before.n));
    const orderId = (
      await server.gql(
        PLACE_ORDER,
        {
          input: {
            productId: ssl.id,
            quantity: 4000,
            email: customer.email,
            paymentMethod: 'BTC',
            domainName: 'shop.example.com',
          },
        },
        { token: customer.token },
      )
    ).data!.placeOrder.id;
    expect(await keysOfOrder(orderId)).toEqual([{ status: 'RESERVED', n: 4000 }]);

    // Delivered as one 4,000-line file.
    expect((await setStatus(orderId, 'SUCCESS')).errors).toBeUndefined();
    const order = await completed(orderId);
    expect(order.keys).toHaveLength(4000);
    const file = await fetch(server.url + order.keysFileUrl);
    expect(file.status).toBe(200);
    const lines = (await file.text()).trimEnd().split('\n');
    expect(lines).toHaveLength(4000);
    expect(new Set(lines).size).toBe(4000);
    expect(lines).toEqual(order.keys.map((key: { value: string }) => key.value));
  });

  it('leaves nothing reserved when the reservation fails halfway (another checkout holds the keys)', async () => {
    const product = await newKeyProduct();
    await importKeys(product.id, keyValues('HALF', 4));
    // Another transaction holds two of the four keys, as a concurrent checkout would: this order finds only two.
    const { Client } = await import('pg');
    const other = new Client({ connectionString: server.databaseUrl });
    await other.connect();
    try {
      await other.query('BEGIN');
      await other.query(`SELECT id FROM product_keys WHERE product_id = $1 ORDER BY created_at LIMIT 2 FOR UPDATE`, [
        product.id,
      ]);
      const res = await placeOrder(customer, product.id, 3);
      expect(res.errors?.[0].message).toBe(MESSAGES.onlyLeftInStock(2));
      await other.query('ROLLBACK');
    } finally {
      await other.end();
    }
    const keys = await server.sql<{ status: string; order_id: string | null }>(
      `SELECT status, order_id FROM product_keys WHERE product_id = $1`,
      [product.id],
    );
    expect(keys.every((key) => key.status === 'AVAILABLE' && key.order_id === null)).toBe(true);
    const [orders] = await server.sql<{ n: number }>(`SELECT count(*)::int AS n FROM orders WHERE product_id = $1`, [
      product.id,
    ]);
    expect(orders.n).toBe(0);
  });
});

describe('release and re-reservation', () => {
  it('releases the keys of a cancelled or expired order and reserves them again when an admin reopens it', async () => {
    const product = await newKeyProduct();
    await importKeys(product.id, keyValues('REOPEN', 3));
    const orderId = await placed(customer, product.id, 2);
    expect((await setStatus(orderId, 'NOT_RECEIVED')).errors).toBeUndefined();
    expect(await keysOfOrder(orderId)).toEqual([]);

    // Someone else buys two of the three keys meanwhile: reopening needs two and finds one.
    const other = await server.createUser();
    const theirs = await placed(other, product.id, 2);
    const refused = await setStatus(orderId, 'PENDING');
    expect(refused.errors?.[0].extensions).toMatchObject({
      fieldErrors: [
        {
          field: 'status',
          message: 'This order needs 2 licence keys and only 1 are in stock: import keys for the product first',
        },
      ],
    });
    expect((await orderAs(admin, orderId)).status).toBe('NOT_RECEIVED');

    expect((await server.gql(CANCEL, { id: theirs }, { token: other.token })).errors).toBeUndefined();
    expect((await setStatus(orderId, 'PENDING')).errors).toBeUndefined();
    expect(await keysOfOrder(orderId)).toEqual([{ status: 'RESERVED', n: 2 }]);
    const notes = (await orderAs(admin, orderId)).events
      .filter((event: { fromStatus: string; toStatus: string }) => event.fromStatus === event.toStatus)
      .map((event: { note: string; actorKind: string }) => [event.note, event.actorKind]);
    expect(notes).toEqual([
      ['2 licence keys reserved', 'CUSTOMER'],
      ['2 licence keys released back to stock', 'ADMIN'],
      ['2 licence keys reserved', 'ADMIN'],
    ]);
  });
});

describe('delivery on payment confirmation', () => {
  it('delivers the keys to the dashboard, the download and the inbox, and completes the order by SYSTEM', async () => {
    const product = await newKeyProduct();
    const stock = keyValues('ZEC', 5);
    await importKeys(product.id, stock);
    const orderId = await placed(customer, product.id, 3);

    // Before payment: nothing to see, for the owner or anyone.
    const before = await orderAs(customer, orderId);
    expect(before).toMatchObject({ status: 'PENDING', keys: [], keysFileUrl: null, downloadUrl: null });
    const stranger = await server.createUser();
    const peek = await server.gql(ORDER, { id: orderId }, { token: stranger.token });
    expect(peek.errors?.[0].extensions?.code).toBe('NOT_FOUND');

    expect((await setStatus(orderId, 'SUCCESS')).errors).toBeUndefined();
    const order = await completed(orderId);
    expect(order.keys).toHaveLength(3);
    const values = order.keys.map((key: { value: string }) => key.value);
    // Three distinct keys of this product's stock (keys of one import have no order among them).
    expect(new Set(values).size).toBe(3);
    for (const value of values) expect(stock).toContain(value);
    expect(order.keys.every((key: { deliveredAt: string }) => !!key.deliveredAt)).toBe(true);
    expect((await orderAs(admin, orderId)).keys).toHaveLength(3);
    expect(order.events.slice(-3).map((e: any) => [e.fromStatus, e.toStatus, e.actorKind, e.note ?? e.reason])).toEqual(
      [
        ['PENDING', 'SUCCESS', 'ADMIN', null],
        ['SUCCESS', 'SUCCESS', 'SYSTEM', '3 licence keys delivered'],
        ['SUCCESS', 'COMPLETED', 'SYSTEM', 'Delivered automatically after payment confirmation'],
      ],
    );

    const file = await fetch(server.url + order.keysFileUrl);
    expect(file.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(file.headers.get('cache-control')).toBe('private, no-store');
    expect(await file.text()).toBe(values.join('\n') + '\n');
    // A tampered signature, or a file URL's signature reused for the keys, opens nothing.
    const tampered = order.keysFileUrl.replace(
      /sig=([0-9a-f])/,
      (_: string, c: string) => `sig=${c === '0' ? '1' : '0'}`,
    );
    expect((await fetch(server.url + tampered)).status).toBe(403);

    const mail = await eventually(
      () => inbox.to(customer.email).find((m) => m.mail.subject?.startsWith(`Order ${orderId.slice(0, 8)} delivered`)),
      20_000,
      'the delivery e-mail',
    );
    expect(mail.mail.subject).toBe(`Order ${orderId.slice(0, 8)} delivered: your 3 licence keys`);
    expect(mail.mail.text).toContain(`https://shop.example/dashboard?order=${orderId}`);
    for (const value of values) expect(mail.mail.text).not.toContain(value);

    // An admin moving it back to PENDING hides the keys again (they stay delivered: the customer has seen them).
    expect((await setStatus(orderId, 'PENDING')).errors).toBeUndefined();
    expect(await orderAs(customer, orderId)).toMatchObject({ keys: [], keysFileUrl: null });
    expect((await fetch(server.url + order.keysFileUrl)).status).toBe(404);
    expect(await keysOfOrder(orderId)).toEqual([{ status: 'DELIVERED', n: 3 }]);
  });

  it("gives a DOWNLOAD product's file through a signed URL with its key", async () => {
    const [bot] = await server.sql<{ id: string }>(`SELECT id FROM products WHERE slug = 'bitcoin-bot'`);
    const orderId = await placed(customer, bot.id, 1);
    expect((await setStatus(orderId, 'SUCCESS')).errors).toBeUndefined();
    const order = await completed(orderId);
    expect(order.keys).toHaveLength(1);
    expect(order.downloadUrl).toMatch(/^\/files\/[0-9a-f-]+\?exp=\d+&sig=[0-9a-f]+$/);
    const file = await fetch(server.url + order.downloadUrl);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="bitcoin-bot-demo.txt"');
    expect(await file.text()).toContain('Bitcoin Trading Bot Pro: demo download');
  });

  it('leaves a MANUAL product to the admin', async () => {
    const product = await newKeyProduct({ fulfilment: 'MANUAL' });
    const orderId = await placed(customer, product.id, 1);
    expect((await setStatus(orderId, 'SUCCESS')).errors).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await orderAs(customer, orderId)).toMatchObject({ status: 'SUCCESS', keys: [], keysFileUrl: null });
  });

  it('retries a failed delivery job and delivers once', async () => {
    const product = await newKeyProduct();
    await importKeys(product.id, keyValues('RETRY', 2));
    const orderId = await placed(customer, product.id, 2);
    // The first delivery attempt fails in the database (a real error, not a stand-in for our code).
    // A sequence counts the attempts: unlike a row, nextval survives the failed attempt's rollback.
    await server.sql(`CREATE SEQUENCE delivery_attempts`);
    await server.sql(`
      CREATE FUNCTION fail_first_delivery() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.status = 'DELIVERED' AND nextval('delivery_attempts') = 1 THEN
          RAISE EXCEPTION 'disk full (test)';
        END IF;
        RETURN NEW;
      END $$`);
    await server.sql(
      `CREATE TRIGGER fail_first_delivery BEFORE UPDATE ON product_keys FOR EACH ROW EXECUTE FUNCTION fail_first_delivery()`,
    );
    try {
      expect((await setStatus(orderId, 'SUCCESS')).errors).toBeUndefined();
      const order = await completed(orderId);
      expect(order.keys).toHaveLength(2);
      // The first attempt failed (the trigger ran again on the retry, once per key).
      const [attempts] = await server.sql<{ n: string }>(`SELECT last_value AS n FROM delivery_attempts`);
      expect(Number(attempts.n)).toBe(3);
      const [job] = await server.sql<{ attempts: number }>(`SELECT attempts FROM graphile_worker.jobs WHERE key = $1`, [
        `order:deliver:${orderId}`,
      ]);
      // Completed jobs are deleted; one still there would be waiting to run again.
      expect(job).toBeUndefined();
    } finally {
      await server.sql(`DROP TRIGGER fail_first_delivery ON product_keys`);
      await server.sql(`DROP FUNCTION fail_first_delivery()`);
      await server.sql(`DROP SEQUENCE delivery_attempts`);
    }
    const events = await server.sql<{ note: string }>(
      `SELECT note FROM order_events WHERE order_id = $1 AND note LIKE '%delivered'`,
      [orderId],
    );
    expect(events).toEqual([{ note: '2 licence keys delivered' }]);
    const [delivered] = await server.sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM domain_events WHERE type = 'order.delivered' AND payload->>'orderId' = $1`,
      [orderId],
    );
    expect(delivered.n).toBe(1);
    expect(await keysOfOrder(orderId)).toEqual([{ status: 'DELIVERED', n: 2 }]);
  });
});
