import { startTestServer, type TestServer } from '../support/test-server';

const PRODUCT_FIELDS = `id slug name category description longDescription price inStock active features image minQuantity
  priceTiers { minQuantity unitPrice } createdAt updatedAt`;

interface ProductRow {
  slug: string;
  name: string;
  price: number;
  inStock: boolean;
  active: boolean;
  features: string[];
  minQuantity: number;
  priceTiers: { minQuantity: number; unitPrice: number }[];
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  // A withdrawn product: never shown to customers.
  await server.sql(
    `INSERT INTO products (slug, name, category, description, price, active) VALUES ('retired-script', 'Retired Script', 'scripts', 'Gone', 1, false)`,
  );
});
afterAll(() => server.close());

describe('products', () => {
  it('lists active products by price ascending', async () => {
    const res = await server.gql<{ products: ProductRow[] }>(`{ products { ${PRODUCT_FIELDS} } }`);
    expect(res.errors).toBeUndefined();
    const products = res.data!.products;
    const prices = products.map((p) => p.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(products.every((p) => p.active)).toBe(true);
    expect(products).toHaveLength(17);
    expect(products.map((p) => p.slug)).not.toContain('retired-script');
    expect(products.map((p) => p.slug)).toEqual(
      expect.arrayContaining([
        'ssl-certificates',
        'payeer-doubler-script',
        'ethereum-classic-key',
        'news-site-script',
        'bitcoin-bot',
        'monero-classic-key',
        'dogecoin-keys',
        'ripple-keys',
        'dash-encryption-keys',
        'litecoin-keys',
        'zcash-keys',
        'dv',
        'ov',
        'ev',
        'single',
        'bundle-5',
        'bundle-10',
      ]),
    );
  });

  it('breaks price ties by name', async () => {
    const res = await server.gql<{ products: ProductRow[] }>(`{ products { name price } }`);
    const at14 = res.data!.products.filter((p) => p.price === 14).map((p) => p.name);
    expect(at14.length).toBeGreaterThan(1);
    expect(at14).toEqual([...at14].sort());
  });

  it('is public: the same list signed out, as a customer and as an admin', async () => {
    const customer = await server.createUser();
    const admin = await server.createUser({ admin: true });
    const anonymous = await server.gql(`{ products { slug inStock } }`);
    for (const token of [customer.token, admin.token]) {
      const res = await server.gql(`{ products { slug inStock } }`, {}, { token });
      expect(res.errors).toBeUndefined();
      expect(res.data).toEqual(anonymous.data);
    }
  });
});

describe('product(slug)', () => {
  const PRODUCT = `query Product($slug: String!) { product(slug: $slug) { ${PRODUCT_FIELDS} } }`;

  it('returns the SSL bulk package with its minimum and tier', async () => {
    const res = await server.gql<{ product: ProductRow }>(PRODUCT, { slug: 'ssl-certificates' });
    expect(res.errors).toBeUndefined();
    expect(res.data!.product).toMatchObject({
      slug: 'ssl-certificates',
      price: 14,
      inStock: true,
      active: true,
      minQuantity: 4000,
      priceTiers: [{ minQuantity: 4000, unitPrice: 13.6 }],
    });
    expect(res.data!.product.features.length).toBeGreaterThanOrEqual(3);
  });

  it('returns an out-of-stock product with inStock false (the page shows it disabled)', async () => {
    const res = await server.gql<{ product: ProductRow }>(PRODUCT, { slug: 'dv' });
    expect(res.data!.product).toMatchObject({ slug: 'dv', inStock: false, active: true });
  });

  it('is null for an unknown slug and for an inactive product', async () => {
    for (const slug of ['no-such-product', 'retired-script', '', 'SSL-CERTIFICATES']) {
      const res = await server.gql(PRODUCT, { slug });
      expect(res.errors).toBeUndefined();
      expect(res.data).toEqual({ product: null });
    }
  });

  it('is public', async () => {
    const customer = await server.createUser();
    const res = await server.gql<{ product: ProductRow }>(PRODUCT, { slug: 'bitcoin-bot' }, { token: customer.token });
    expect(res.data!.product.slug).toBe('bitcoin-bot');
  });
});
