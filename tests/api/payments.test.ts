import { MESSAGES } from '../../common/validation';
import { ProductService } from '../../server/src/catalogue/product.service';
import { startTestServer, TEST_ADDRESSES, type TestServer } from '../support/test-server';

const PAYMENT_METHODS = `{
  paymentMethods { method label currency address qrSvg usdRate decimals available }
}`;

interface MethodInfo {
  method: string;
  label: string;
  currency: string;
  address: string | null;
  qrSvg: string | null;
  usdRate: number;
  decimals: number;
  available: boolean;
}

const QUOTE = `query Quote($productId: ID!, $quantity: Int!, $paymentMethod: PaymentMethod!) {
  quote(productId: $productId, quantity: $quantity, paymentMethod: $paymentMethod) {
    quantity unitPrice totalPrice paymentMethod paymentAmountCrypto currency
  }
}`;

let server: TestServer;
let productIds: Record<string, string>;

beforeAll(async () => {
  server = await startTestServer();
  const rows = await server.sql<{ id: string; slug: string }>(`SELECT id, slug FROM products`);
  productIds = Object.fromEntries(rows.map((r) => [r.slug, r.id]));
});
afterAll(() => server.close());

function quote(slug: string, quantity: number, paymentMethod: string, productId = productIds[slug]) {
  return server.gql<{ quote: Record<string, unknown> }>(QUOTE, { productId, quantity, paymentMethod });
}

describe('paymentMethods', () => {
  it('lists every method in display order with labels, rates, decimals and addresses', async () => {
    const res = await server.gql<{ paymentMethods: MethodInfo[] }>(PAYMENT_METHODS);
    expect(res.errors).toBeUndefined();
    const methods = res.data!.paymentMethods;
    expect(methods.map((m) => [m.method, m.label, m.currency, m.address, m.usdRate, m.decimals, m.available])).toEqual([
      ['USDT_TRC20', 'USDT (TRC-20)', 'USDT', TEST_ADDRESSES.USDT_TRC20, 1, 6, true],
      ['BTC', 'Bitcoin (BTC)', 'BTC', TEST_ADDRESSES.BTC, 50000, 8, true],
      ['ETH', 'Ethereum (ETH)', 'ETH', TEST_ADDRESSES.ETH, 2500, 6, true],
      // No PAY_ADDRESS_USDT_ERC20 on the test servers: listed, unavailable.
      ['USDT_ERC20', 'USDT (ERC-20)', 'USDT', null, 1, 6, false],
      ['PAYPAL', 'PayPal', 'USD', null, 1, 2, false],
      ['SKRILL', 'Skrill', 'USD', null, 1, 2, false],
    ]);
  });

  it('draws a QR code as SVG for every configured address and none for PayPal/Skrill', async () => {
    const res = await server.gql<{ paymentMethods: MethodInfo[] }>(PAYMENT_METHODS);
    const byMethod = Object.fromEntries(res.data!.paymentMethods.map((m) => [m.method, m]));
    for (const method of ['USDT_TRC20', 'BTC', 'ETH']) {
      expect(byMethod[method].qrSvg).toMatch(/^<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      expect(byMethod[method].qrSvg).toContain('<path');
    }
    // Different addresses give different codes.
    expect(byMethod.BTC.qrSvg).not.toEqual(byMethod.ETH.qrSvg);
    expect(byMethod.PAYPAL.qrSvg).toBeNull();
    expect(byMethod.SKRILL.qrSvg).toBeNull();
  });

  it('is public: the same answer signed out, as a customer and as an admin', async () => {
    const customer = await server.createUser();
    const admin = await server.createUser({ admin: true });
    const anonymous = await server.gql(PAYMENT_METHODS);
    for (const token of [customer.token, admin.token]) {
      const res = await server.gql(PAYMENT_METHODS, {}, { token });
      expect(res.errors).toBeUndefined();
      expect(res.data).toEqual(anonymous.data);
    }
  });
});

describe('paymentMethods with a method unconfigured and custom rates', () => {
  let other: TestServer;
  beforeAll(async () => {
    other = await startTestServer({ env: { PAY_ADDRESS_BTC: '', RATE_BTC_USD: '70000', RATE_ETH_USD: '2900' } });
  });
  afterAll(() => other.close());

  it('shows BTC without an address as unavailable, with no QR code', async () => {
    const res = await other.gql<{ paymentMethods: MethodInfo[] }>(PAYMENT_METHODS);
    expect(res.errors).toBeUndefined();
    const btc = res.data!.paymentMethods.find((m) => m.method === 'BTC')!;
    expect(btc).toMatchObject({ address: null, qrSvg: null, available: false, usdRate: 70000 });
    const usdt = res.data!.paymentMethods.find((m) => m.method === 'USDT_TRC20')!;
    expect(usdt).toMatchObject({ address: TEST_ADDRESSES.USDT_TRC20, available: true });
    expect(usdt.qrSvg).toMatch(/^<svg/);
  });

  it('quotes with the configured rates, rounding half up at the method decimals', async () => {
    const [{ id }] = await other.sql<{ id: string }>(`SELECT id FROM products WHERE slug = 'ssl-certificates'`);
    // 54400 / 70000 = 0.777142857… BTC; 54400 / 2900 = 18.758620689… ETH.
    const btc = await other.gql(QUOTE, { productId: id, quantity: 4000, paymentMethod: 'BTC' });
    expect(btc.errors).toBeUndefined();
    expect(btc.data!.quote).toMatchObject({ totalPrice: 54400, paymentAmountCrypto: '0.77714286', currency: 'BTC' });
    const eth = await other.gql(QUOTE, { productId: id, quantity: 4000, paymentMethod: 'ETH' });
    expect(eth.data!.quote).toMatchObject({ paymentAmountCrypto: '18.758621', currency: 'ETH' });

    const [{ id: cheap }] = await other.sql<{ id: string }>(
      `INSERT INTO products (slug, name, category, description, price) VALUES ('rounding', 'Rounding', 'scripts', 'x', 33.33) RETURNING id`,
    );
    // 3 × 33.33 = 99.99: / 70000 = 0.001428428… BTC, / 2900 = 0.034479310… ETH.
    const small = await other.gql(QUOTE, { productId: cheap, quantity: 3, paymentMethod: 'BTC' });
    expect(small.data!.quote).toMatchObject({ totalPrice: 99.99, paymentAmountCrypto: '0.00142843' });
    const smallEth = await other.gql(QUOTE, { productId: cheap, quantity: 3, paymentMethod: 'ETH' });
    expect(smallEth.data!.quote).toMatchObject({ paymentAmountCrypto: '0.034479' });
  });

  it('still quotes BTC (quoting does not need an address)', async () => {
    const [{ id }] = await other.sql<{ id: string }>(`SELECT id FROM products WHERE slug = 'bitcoin-bot'`);
    const res = await other.gql(QUOTE, { productId: id, quantity: 1, paymentMethod: 'BTC' });
    expect(res.errors).toBeUndefined();
    // 299 / 70000 = 0.004271428… → 0.00427143
    expect(res.data!.quote).toMatchObject({ totalPrice: 299, paymentAmountCrypto: '0.00427143' });
  });
});

describe('quote', () => {
  it('prices the SSL bulk package at the 4000+ tier in every currency', async () => {
    const expected: Record<string, [string, string]> = {
      USDT_TRC20: ['54400.000000', 'USDT'],
      BTC: ['1.08800000', 'BTC'],
      ETH: ['21.760000', 'ETH'],
      USDT_ERC20: ['54400.000000', 'USDT'],
      PAYPAL: ['54400.00', 'USD'],
      SKRILL: ['54400.00', 'USD'],
    };
    for (const [method, [amount, currency]] of Object.entries(expected)) {
      const res = await quote('ssl-certificates', 4000, method);
      expect(res.errors).toBeUndefined();
      expect(res.data!.quote).toEqual({
        quantity: 4000,
        unitPrice: 13.6,
        totalPrice: 54400,
        paymentMethod: method,
        paymentAmountCrypto: amount,
        currency,
      });
    }
  });

  it('prices a crypto key at its listed price (ethereum-classic-key, $48 × 3)', async () => {
    const expected: Record<string, string> = { USDT_TRC20: '144.000000', BTC: '0.00288000', ETH: '0.057600' };
    for (const [method, amount] of Object.entries(expected)) {
      const res = await quote('ethereum-classic-key', 3, method);
      expect(res.errors).toBeUndefined();
      expect(res.data!.quote).toMatchObject({
        quantity: 3,
        unitPrice: 48,
        totalPrice: 144,
        paymentAmountCrypto: amount,
      });
    }
  });

  it('converts 3 × $33.33 = $99.99 exactly at the default rates', async () => {
    await server.sql(
      `INSERT INTO products (slug, name, category, description, price) VALUES ('rounding-test', 'Rounding Test', 'scripts', 'x', 33.33)`,
    );
    const [{ id }] = await server.sql<{ id: string }>(`SELECT id FROM products WHERE slug = 'rounding-test'`);
    productIds['rounding-test'] = id;
    // 99.99 / 50000 = 0.0019998 BTC exactly; 99.99 / 2500 = 0.039996 ETH exactly.
    const btc = await quote('rounding-test', 3, 'BTC');
    expect(btc.data!.quote).toMatchObject({ unitPrice: 33.33, totalPrice: 99.99, paymentAmountCrypto: '0.00199980' });
    const eth = await quote('rounding-test', 3, 'ETH');
    expect(eth.data!.quote).toMatchObject({ paymentAmountCrypto: '0.039996' });
    // 33.33 / 50000 = 0.0006666 BTC → 0.00066660.
    const one = await quote('rounding-test', 1, 'BTC');
    expect(one.data!.quote).toMatchObject({ paymentAmountCrypto: '0.00066660' });
  });

  it('refuses a malformed product id with the spec message', async () => {
    const res = await quote('', 1, 'USDT_TRC20', 'not-a-uuid');
    expect(res.errors?.[0]).toMatchObject({
      message: MESSAGES.invalidProduct,
      extensions: { code: 'BAD_USER_INPUT', fieldErrors: [{ field: 'productId', message: MESSAGES.invalidProduct }] },
    });
  });

  it('refuses an unknown or inactive product as not a valid product', async () => {
    const unknown = await quote('', 1, 'USDT_TRC20', '00000000-0000-4000-8000-000000000000');
    expect(unknown.errors?.[0]).toMatchObject({
      message: MESSAGES.invalidProduct,
      extensions: { code: 'BAD_USER_INPUT' },
    });
    await server.sql(
      `INSERT INTO products (slug, name, category, description, price, active) VALUES ('withdrawn', 'Withdrawn', 'scripts', 'x', 5, false)`,
    );
    const [{ id }] = await server.sql<{ id: string }>(`SELECT id FROM products WHERE slug = 'withdrawn'`);
    const inactive = await quote('', 1, 'USDT_TRC20', id);
    expect(inactive.errors?.[0]).toMatchObject({
      message: MESSAGES.invalidProduct,
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });

  it('refuses quantities outside 1..50000 with the spec messages', async () => {
    for (const [quantity, message] of [
      [0, MESSAGES.quantityMin],
      [-5, MESSAGES.quantityMin],
      [50001, MESSAGES.quantityMax],
    ] as const) {
      const res = await quote('bitcoin-bot', quantity, 'USDT_TRC20');
      expect(res.errors?.[0]).toMatchObject({
        message,
        extensions: { code: 'BAD_USER_INPUT', fieldErrors: [{ field: 'quantity', message }] },
      });
    }
    // The quantity rule alone: the bulk package's 12,500 demo keys would refuse 50,000 for stock.
    await server.sql(`UPDATE products SET fulfilment = 'MANUAL' WHERE slug = 'ssl-certificates'`);
    const catalogue = server.app.container.get(ProductService);
    catalogue.invalidate();
    try {
      const max = await quote('ssl-certificates', 50000, 'USDT_TRC20');
      expect(max.data!.quote).toMatchObject({ totalPrice: 680000, paymentAmountCrypto: '680000.000000' });
    } finally {
      await server.sql(`UPDATE products SET fulfilment = 'KEYS' WHERE slug = 'ssl-certificates'`);
      catalogue.invalidate();
    }
  });

  it('reports both a bad product id and a bad quantity in fieldErrors', async () => {
    const res = await quote('', 0, 'BTC', 'nope');
    expect(res.errors?.[0].extensions).toEqual({
      code: 'BAD_USER_INPUT',
      fieldErrors: [
        { field: 'productId', message: MESSAGES.invalidProduct },
        { field: 'quantity', message: MESSAGES.quantityMin },
      ],
    });
  });

  it('refuses an out-of-stock product with PRODUCT_UNAVAILABLE', async () => {
    const res = await quote('dv', 1, 'USDT_TRC20');
    expect(res.errors?.[0]).toMatchObject({
      message: MESSAGES.outOfStockOnSubmit,
      extensions: { code: 'PRODUCT_UNAVAILABLE' },
    });
  });

  it('refuses SSL keys below the bulk minimum of 4000', async () => {
    const res = await quote('ssl-certificates', 3999, 'USDT_TRC20');
    expect(res.errors?.[0]).toMatchObject({
      message: MESSAGES.belowMinimumQuantity(4000),
      extensions: {
        code: 'BAD_USER_INPUT',
        fieldErrors: [{ field: 'quantity', message: MESSAGES.belowMinimumQuantity(4000) }],
      },
    });
  });

  it('refuses an unknown payment method as a GraphQL input error', async () => {
    const res = await quote('ssl-certificates', 4000, 'DOGE');
    expect(res.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('is public: customers and admins get the same quote', async () => {
    const customer = await server.createUser();
    const admin = await server.createUser({ admin: true });
    const variables = { productId: productIds['ssl-certificates'], quantity: 4000, paymentMethod: 'BTC' };
    for (const token of [undefined, customer.token, admin.token]) {
      const res = await server.gql(QUOTE, variables, { token });
      expect(res.errors).toBeUndefined();
      expect(res.data!.quote).toMatchObject({ paymentAmountCrypto: '1.08800000' });
    }
  });
});
