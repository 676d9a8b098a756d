import { startTestServer, subscribeOnce, type TestServer, type TestUser } from '../support/test-server';

const ADMIN_PRODUCTS = `{ adminProducts { id slug name inStock active } }`;
const SET_STOCK = `mutation SetStock($productId: ID!, $inStock: Boolean!) {
  setProductStock(productId: $productId, inStock: $inStock) { id slug inStock updatedAt }
}`;
const PRODUCT_CHANGED = `subscription { productChanged { id slug inStock } }`;

let server: TestServer;
let admin: TestUser;
let customer: TestUser;
let ids: Record<string, string>;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.createUser({ admin: true });
  customer = await server.createUser();
  await server.sql(
    `INSERT INTO products (slug, name, category, description, price, active) VALUES ('aaa-retired', '000 Retired', 'scripts', 'Gone', 1, false)`,
  );
  const rows = await server.sql<{ id: string; slug: string }>(`SELECT id, slug FROM products`);
  ids = Object.fromEntries(rows.map((r) => [r.slug, r.id]));
});
afterAll(() => server.close());

async function waitFor(check: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('Condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function inStockInDb(slug: string): Promise<boolean> {
  const [row] = await server.sql<{ in_stock: boolean }>(`SELECT in_stock FROM products WHERE slug = $1`, [slug]);
  return row.in_stock;
}

describe('adminProducts', () => {
  it('lists every product, inactive ones too, by name ascending', async () => {
    const res = await server.gql<{ adminProducts: { name: string; slug: string; active: boolean }[] }>(
      ADMIN_PRODUCTS,
      {},
      { token: admin.token },
    );
    expect(res.errors).toBeUndefined();
    const list = res.data!.adminProducts;
    expect(list).toHaveLength(18);
    expect(list.find((p) => p.slug === 'aaa-retired')).toMatchObject({ active: false });
    // Name order as the database collates it (the spec's "ordered by name ascending").
    const expected = await server.sql<{ name: string }>(`SELECT name FROM products ORDER BY name`);
    expect(list.map((p) => p.name)).toEqual(expected.map((r) => r.name));
    expect(list[0]).toMatchObject({ name: '000 Retired', active: false });
  });

  it('is refused to customers (FORBIDDEN) and to signed-out callers (UNAUTHENTICATED)', async () => {
    const asCustomer = await server.gql(ADMIN_PRODUCTS, {}, { token: customer.token });
    expect(asCustomer.data).toBeNull();
    expect(asCustomer.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const anonymous = await server.gql(ADMIN_PRODUCTS);
    expect(anonymous.data).toBeNull();
    expect(anonymous.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('setProductStock', () => {
  it('marks a product out of stock and back, visible in products at once on this process', async () => {
    const list = `{ products { slug inStock } }`;
    const product = `{ product(slug: "bitcoin-bot") { inStock } }`;
    // Warm the catalogue cache first.
    const before = await server.gql<{ products: { slug: string; inStock: boolean }[] }>(list);
    expect(before.data!.products.find((p) => p.slug === 'bitcoin-bot')!.inStock).toBe(true);

    const off = await server.gql(SET_STOCK, { productId: ids['bitcoin-bot'], inStock: false }, { token: admin.token });
    expect(off.errors).toBeUndefined();
    expect(off.data!.setProductStock).toMatchObject({ id: ids['bitcoin-bot'], slug: 'bitcoin-bot', inStock: false });
    expect(await inStockInDb('bitcoin-bot')).toBe(false);
    const after = await server.gql<{ products: { slug: string; inStock: boolean }[] }>(list);
    expect(after.data!.products.find((p) => p.slug === 'bitcoin-bot')!.inStock).toBe(false);
    expect((await server.gql(product)).data).toEqual({ product: { inStock: false } });

    const on = await server.gql(SET_STOCK, { productId: ids['bitcoin-bot'], inStock: true }, { token: admin.token });
    expect(on.data!.setProductStock.inStock).toBe(true);
    const again = await server.gql<{ products: { slug: string; inStock: boolean }[] }>(list);
    expect(again.data!.products.find((p) => p.slug === 'bitcoin-bot')!.inStock).toBe(true);
    expect((await server.gql(product)).data).toEqual({ product: { inStock: true } });
  });

  it('shows the change at once on this process even when its event bus connection is down', async () => {
    const list = `{ products { slug inStock } }`;
    const inStock = async () =>
      (await server.gql<{ products: { slug: string; inStock: boolean }[] }>(list)).data!.products.find(
        (p) => p.slug === 'news-site-script',
      )!.inStock;
    expect(await inStock()).toBe(true); // cached
    // Cut the LISTEN connection: the change's notification is lost, only the local invalidation remains.
    await server.sql(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND application_name = 'crypto-store-events'`,
      [server.databaseName],
    );
    await server.gql(SET_STOCK, { productId: ids['news-site-script'], inStock: false }, { token: admin.token });
    expect(await inStock()).toBe(false);
    await server.gql(SET_STOCK, { productId: ids['news-site-script'], inStock: true }, { token: admin.token });
    expect(await inStock()).toBe(true);
    // Let the bus reconnect (it retries after 1 s) before the live-update tests.
    await waitFor(async () => {
      const [{ n }] = await server.sql<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND application_name = 'crypto-store-events'`,
        [server.databaseName],
      );
      return n === 1;
    });
  });

  it('makes checkout quotes follow the stock switch', async () => {
    const quote = `query { quote(productId: "${ids['zcash-keys']}", quantity: 1, paymentMethod: USDT_TRC20) { totalPrice } }`;
    expect((await server.gql(quote)).errors).toBeUndefined();
    await server.gql(SET_STOCK, { productId: ids['zcash-keys'], inStock: false }, { token: admin.token });
    expect((await server.gql(quote)).errors?.[0].extensions?.code).toBe('PRODUCT_UNAVAILABLE');
    await server.gql(SET_STOCK, { productId: ids['zcash-keys'], inStock: true }, { token: admin.token });
    expect((await server.gql(quote)).errors).toBeUndefined();
  });

  it('answers NOT_FOUND for an unknown or malformed product id', async () => {
    for (const productId of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await server.gql(SET_STOCK, { productId, inStock: false }, { token: admin.token });
      expect(res.data).toBeNull();
      expect(res.errors?.[0]).toMatchObject({ message: 'Product not found', extensions: { code: 'NOT_FOUND' } });
    }
  });

  it('is refused to customers and signed-out callers, changing nothing', async () => {
    const asCustomer = await server.gql(
      SET_STOCK,
      { productId: ids['ripple-keys'], inStock: false },
      { token: customer.token },
    );
    expect(asCustomer.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const anonymous = await server.gql(SET_STOCK, { productId: ids['ripple-keys'], inStock: false });
    expect(anonymous.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    expect(await inStockInDb('ripple-keys')).toBe(true);
  });
});

describe('productChanged', () => {
  it('sends the product to an admin after setProductStock', async () => {
    const sub = subscribeOnce(server.ws(admin.token), { query: PRODUCT_CHANGED });
    await sub.ready;
    await server.gql(SET_STOCK, { productId: ids['litecoin-keys'], inStock: false }, { token: admin.token });
    const event = await sub.next();
    expect(event.errors).toBeUndefined();
    expect(event.data).toEqual({ productChanged: { id: ids['litecoin-keys'], slug: 'litecoin-keys', inStock: false } });
    await server.gql(SET_STOCK, { productId: ids['litecoin-keys'], inStock: true }, { token: admin.token });
    expect((await sub.next()).data).toEqual({
      productChanged: { id: ids['litecoin-keys'], slug: 'litecoin-keys', inStock: true },
    });
    sub.dispose();
  });

  it('sends nothing when the stock is set to the value it already has', async () => {
    const sub = subscribeOnce(server.ws(admin.token), { query: PRODUCT_CHANGED });
    await sub.ready;
    await server.gql(SET_STOCK, { productId: ids['dash-encryption-keys'], inStock: true }, { token: admin.token });
    await server.gql(SET_STOCK, { productId: ids['dogecoin-keys'], inStock: false }, { token: admin.token });
    // The first event is the real change, not the no-op before it.
    expect((await sub.next()).data).toEqual({
      productChanged: { id: ids['dogecoin-keys'], slug: 'dogecoin-keys', inStock: false },
    });
    await server.gql(SET_STOCK, { productId: ids['dogecoin-keys'], inStock: true }, { token: admin.token });
    sub.dispose();
  });

  it('refuses a customer (FORBIDDEN) and a signed-out client (UNAUTHENTICATED) at subscribe time', async () => {
    const asCustomer = subscribeOnce(server.ws(customer.token), { query: PRODUCT_CHANGED });
    const customerResult = await asCustomer.next();
    expect(customerResult.data ?? null).toBeNull();
    expect(customerResult.errors?.[0].extensions?.code).toBe('FORBIDDEN');

    const anonymous = subscribeOnce(server.ws(), { query: PRODUCT_CHANGED });
    const anonymousResult = await anonymous.next();
    expect(anonymousResult.data ?? null).toBeNull();
    expect(anonymousResult.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('two server processes on one database', () => {
  let second: TestServer;
  beforeAll(async () => {
    second = await startTestServer({
      database: { name: server.databaseName, url: server.databaseUrl },
      jwtSecret: server.config.jwtSecret,
    });
  });
  afterAll(() => second.close());

  it("delivers productChanged from the other process's setProductStock", async () => {
    const sub = subscribeOnce(second.ws(admin.token), { query: PRODUCT_CHANGED });
    await sub.ready;
    await server.gql(SET_STOCK, { productId: ids['monero-classic-key'], inStock: false }, { token: admin.token });
    expect((await sub.next()).data).toEqual({
      productChanged: { id: ids['monero-classic-key'], slug: 'monero-classic-key', inStock: false },
    });
    sub.dispose();
  });

  it("refreshes the other process's cached catalogue", async () => {
    const list = `{ products { slug inStock } }`;
    const inStockOn = async (s: TestServer) =>
      (await s.gql<{ products: { slug: string; inStock: boolean }[] }>(list)).data!.products.find(
        (p) => p.slug === 'payeer-doubler-script',
      )!.inStock;
    expect(await inStockOn(second)).toBe(true); // cached on the second process now
    await server.gql(SET_STOCK, { productId: ids['payeer-doubler-script'], inStock: false }, { token: admin.token });
    await waitFor(async () => !(await inStockOn(second)));
    expect(await inStockOn(second)).toBe(false);
  });
});
