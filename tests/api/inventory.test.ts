/**
 * Licence keys in stock (docs/inventory.md): imports into a real PostgreSQL, encrypted at rest, duplicates and bad
 * lines reported by line, concurrent imports of the same keys adding each once, revocation.
 */
import { InventoryService, INVENTORY_MESSAGES } from '../../server/src/inventory/inventory.service';
import { KeyCipher } from '../../server/src/inventory/key-cipher';
import { AppConfig } from '../../server/src/app-config';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let inventory: InventoryService;

beforeAll(async () => {
  server = await startTestServer();
  inventory = server.app.container.get(InventoryService);
});
afterAll(() => server.close());

async function newProduct(): Promise<string> {
  const [row] = await server.sql<{ id: string }>(
    `INSERT INTO products (name, slug, category, description, price, fulfilment)
     SELECT name || ' copy', slug || '-' || substr(md5(random()::text), 1, 8), category, description, price, 'KEYS'
     FROM products WHERE slug = 'ethereum-classic-key'
     RETURNING id`,
  );
  return row.id;
}

const keys = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}-${i}`);

it('imports keys and reports what it did not import, by line', async () => {
  const productId = await newProduct();
  expect(await inventory.importKeys(productId, 'EXISTING-1\nEXISTING-2')).toMatchObject({ added: 2 });

  const report = await inventory.importKeys(
    productId,
    ['NEW-1', '', '  NEW-2  ', 'EXISTING-2', 'NEW-1', 'bad\u0007key', 'x'.repeat(501), 'NEW-3'].join('\n'),
  );
  expect(report).toEqual({
    added: 3,
    duplicates: { count: 2, lines: [4, 5] },
    alreadyInStock: { count: 1, lines: [4] },
    repeated: { count: 1, lines: [5] },
    invalid: {
      count: 2,
      lines: [
        { line: 6, reason: 'control-characters' },
        { line: 7, reason: 'too-long' },
      ],
    },
  });
  expect(await inventory.stock(productId)).toEqual({ available: 5, reserved: 0, delivered: 0, revoked: 0 });
});

it('keeps keys encrypted at rest: the rows hold no key in clear, and read back only under the same key', async () => {
  const productId = await newProduct();
  await inventory.importKeys(productId, 'PLAINTEXT-LICENCE-KEY-0001');
  const [row] = await server.sql<{ secret: Buffer; fingerprint: Buffer }>(
    `SELECT secret, fingerprint FROM product_keys WHERE product_id = $1`,
    [productId],
  );
  expect(row.secret.includes(Buffer.from('PLAINTEXT'))).toBe(false);
  expect(row.fingerprint.includes(Buffer.from('PLAINTEXT'))).toBe(false);
  const cipher = server.app.container.get(KeyCipher);
  expect(cipher.decrypt(row.secret)).toBe('PLAINTEXT-LICENCE-KEY-0001');
  const other = new KeyCipher(
    new AppConfig({ ...server.config, keysEncryptionKey: Buffer.alloc(32, 1).toString('base64') }),
  );
  expect(() => other.decrypt(row.secret)).toThrow();
  expect(other.fingerprint('PLAINTEXT-LICENCE-KEY-0001').equals(row.fingerprint)).toBe(false);
});

it('reports exactly the 1,000 duplicates of a 100,000-line import', async () => {
  const productId = await newProduct();
  const stocked = keys('BULK', 500);
  await inventory.importKeys(productId, stocked.join('\n'));
  // 99,000 new keys, the 500 already in stock, and 500 lines repeating new keys of the same file.
  const fresh = keys('FRESH', 99_000);
  const lines = [...fresh, ...stocked, ...fresh.slice(0, 500)];
  expect(lines).toHaveLength(100_000);
  const started = Date.now();
  const report = await inventory.importKeys(productId, lines.join('\n'));
  expect(report.added).toBe(99_000);
  expect(report.alreadyInStock.count).toBe(500);
  expect(report.alreadyInStock.lines).toEqual(Array.from({ length: 500 }, (_, i) => 99_001 + i));
  expect(report.repeated.count).toBe(500);
  expect(report.repeated.lines).toEqual(Array.from({ length: 500 }, (_, i) => 99_501 + i));
  expect(report.invalid.count).toBe(0);
  expect(await inventory.stock(productId)).toMatchObject({ available: 99_500 });
  // Not a timing test (that is the benchmark's), only a bound that catches a row-by-row import.
  expect(Date.now() - started).toBeLessThan(60_000);
}, 90_000);

it('adds each key once when five imports of the same keys run at once', async () => {
  const productId = await newProduct();
  const text = keys('RACE', 1_000).join('\n');
  const reports = await Promise.all([1, 2, 3, 4, 5].map(() => inventory.importKeys(productId, text)));
  expect(reports.reduce((sum, r) => sum + r.added, 0)).toBe(1_000);
  expect(reports.reduce((sum, r) => sum + r.alreadyInStock.count, 0)).toBe(4_000);
  const [{ n }] = await server.sql<{ n: number }>(`SELECT count(*)::int AS n FROM product_keys WHERE product_id = $1`, [
    productId,
  ]);
  expect(n).toBe(1_000);
});

it('refuses an empty import, one over 100,000 keys, and an unknown product', async () => {
  const productId = await newProduct();
  await expect(inventory.importKeys(productId, '\n  \n')).rejects.toMatchObject({
    extensions: { code: 'BAD_USER_INPUT', fieldErrors: [{ field: 'keys', message: INVENTORY_MESSAGES.empty }] },
  });
  await expect(inventory.importKeys(productId, keys('X', 100_001).join('\n'))).rejects.toMatchObject({
    extensions: { code: 'BAD_USER_INPUT', fieldErrors: [{ field: 'keys', message: INVENTORY_MESSAGES.tooMany }] },
  });
  expect(await inventory.stock(productId)).toEqual({ available: 0, reserved: 0, delivered: 0, revoked: 0 });
  await expect(inventory.importKeys('00000000-0000-4000-8000-000000000000', 'A')).rejects.toMatchObject({
    extensions: { code: 'NOT_FOUND' },
  });
  await expect(inventory.stock('not-a-uuid')).rejects.toMatchObject({ extensions: { code: 'NOT_FOUND' } });
});

it('revokes an available key given by its value, and only an available one', async () => {
  const productId = await newProduct();
  await inventory.importKeys(productId, 'REVOKE-ME\nKEEP-ME');
  expect(await inventory.revoke(productId, '  REVOKE-ME ')).toEqual({
    available: 1,
    reserved: 0,
    delivered: 0,
    revoked: 1,
  });
  await expect(inventory.revoke(productId, 'REVOKE-ME')).rejects.toMatchObject({
    extensions: { code: 'BAD_USER_INPUT', fieldErrors: [{ field: 'key', message: INVENTORY_MESSAGES.alreadyRevoked }] },
  });
  await expect(inventory.revoke(productId, 'NEVER-IMPORTED')).rejects.toMatchObject({
    extensions: { code: 'BAD_USER_INPUT', fieldErrors: [{ field: 'key', message: INVENTORY_MESSAGES.unknownKey }] },
  });
  await expect(inventory.revoke('00000000-0000-4000-8000-000000000000', 'KEEP-ME')).rejects.toMatchObject({
    extensions: { code: 'NOT_FOUND' },
  });
  expect(await inventory.stock(productId)).toEqual({ available: 1, reserved: 0, delivered: 0, revoked: 1 });
});

it('lets no key belong to an order unless it is reserved or delivered (a database constraint)', async () => {
  const productId = await newProduct();
  await inventory.importKeys(productId, 'CONSTRAINED');
  await expect(
    server.sql(`UPDATE product_keys SET status = 'RESERVED' WHERE product_id = $1`, [productId]),
  ).rejects.toThrow(/product_keys_order_check/);
});

describe('import preview', () => {
  it("counts what an import would do, flags other products' keys, sold keys and formats, and writes nothing", async () => {
    const litecoin = await newProduct();
    const zcash = await newProduct();
    await inventory.importKeys(litecoin, ['LTC-AAAA-1111', 'LTC-BBBB-2222', 'LTC-CCCC-3333'].join('\n'));
    await inventory.importKeys(zcash, ['ZEC-1A2B3C4D', 'ZEC-5E6F7A8B'].join('\n'));
    // LTC-BBBB-2222 was sold: delivered to an order.
    const user = await server.createUser();
    const [order] = await server.sql<{ id: string }>(
      `INSERT INTO orders (user_id, product_id, contact_email, quantity, unit_price, total_price, payment_method,
                           crypto_address, payment_amount_crypto, status)
       VALUES ($1, $2, $3, 1, 10, 10, 'USDT_TRC20', 'T-preview', 10, 'COMPLETED') RETURNING id`,
      [user.id, litecoin, user.email],
    );
    const cipher = server.app.container.get(KeyCipher);
    await server.sql(
      `UPDATE product_keys SET status = 'DELIVERED', order_id = $2, delivered_at = now()
       WHERE product_id = $1 AND fingerprint = $3`,
      [litecoin, order.id, cipher.fingerprint('LTC-BBBB-2222')],
    );
    const before = await server.sql(`SELECT id, status FROM product_keys ORDER BY id`);

    const preview = await inventory.previewKeys(
      zcash,
      [
        'ZEC-9C8D7E6F', // 1: new, this product's format
        'ZEC-1A2B3C4D', // 2: already in stock
        'ZEC-9C8D7E6F', // 3: repeats line 1
        'LTC-AAAA-1111', // 4: Litecoin's key (in stock there)
        'LTC-BBBB-2222', // 5: Litecoin's key, delivered to an order
        'LTC-DDDD-4444', // 6: new, but Litecoin's format
        'bad\u0007key', // 7: invalid
      ].join('\n'),
    );
    expect(preview).toEqual({
      lines: 7,
      toAdd: 4,
      alreadyInStock: { count: 1, lines: [2] },
      repeated: { count: 1, lines: [3] },
      invalid: { count: 1, lines: [{ line: 7, reason: 'control-characters' }] },
      inOtherProducts: { count: 2, lines: [4, 5] },
      alreadySold: { count: 1, lines: [5] },
      otherFormat: { count: 3, lines: [4, 5, 6] },
      otherProducts: [{ id: litecoin, name: expect.any(String), lines: 3 }],
    });
    // A dry run: no key added, none changed.
    expect(await server.sql(`SELECT id, status FROM product_keys ORDER BY id`)).toEqual(before);
  });

  it('answers admins with KEYS through the API (the panel sends a file) and refuses what an import refuses', async () => {
    const productId = await newProduct();
    await inventory.importKeys(productId, 'API-1111');
    const admin = await server.createUser({ admin: true });
    const PREVIEW = `mutation ($productId: ID!, $file: Upload) {
      previewProductKeys(productId: $productId, file: $file) {
        lines toAdd alreadyInStock { count lines } otherProducts { id }
      }
    }`;
    const res = await server.upload(
      PREVIEW,
      { productId, file: null },
      { name: 'keys.txt', type: 'text/plain', bytes: Buffer.from('API-1111\nAPI-2222\n') },
      { token: admin.token, fileVariable: 'file' },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.previewProductKeys).toEqual({
      lines: 2,
      toAdd: 1,
      alreadyInStock: { count: 1, lines: [1] },
      otherProducts: [],
    });
    const empty = await server.gql(
      `mutation ($productId: ID!) { previewProductKeys(productId: $productId, keys: [" "]) { lines } }`,
      { productId },
      { token: admin.token },
    );
    expect(empty.errors?.[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fieldErrors: [{ field: 'keys', message: INVENTORY_MESSAGES.empty }],
    });
    expect(await inventory.stock(productId)).toEqual({ available: 1, reserved: 0, delivered: 0, revoked: 0 });
  });
});
