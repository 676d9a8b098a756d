/**
 * The admin's catalogue editor (docs/product.md "Catalogue editor"): createProduct and updateProduct over HTTP, JSON
 * and real multipart uploads, read back the way the storefront reads the catalogue (`product(slug)`, `products`),
 * whose cache must show a change at once.
 */
import { PRODUCT_LIMITS, PRODUCT_MESSAGES } from '../../common/validation';
import { InventoryService } from '../../server/src/inventory/inventory.service';
import { PNG_1x1, startTestServer, subscribeOnce, type TestServer, type TestUser } from '../support/test-server';

const PRODUCT_FIELDS = `id slug name category description longDescription price priceTiers { minQuantity unitPrice }
  minQuantity features fulfilment active image inStock`;
const CREATE = `mutation ($input: ProductInput!, $image: Upload) {
  createProduct(input: $input, image: $image) { ${PRODUCT_FIELDS} }
}`;
const UPDATE = `mutation ($id: ID!, $input: ProductInput!, $image: Upload) {
  updateProduct(id: $id, input: $input, image: $image) { ${PRODUCT_FIELDS} }
}`;
const PUBLIC_PRODUCT = `query ($slug: String!) { product(slug: $slug) { ${PRODUCT_FIELDS} } }`;
const PUBLIC_LIST = `{ products { slug name price active } }`;

/** A GIF's first bytes: an image by its magic bytes whatever the name says. */
const GIF_BYTES = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

let server: TestServer;
let admin: TestUser;
let customer: TestUser;
let counter = 0;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.createUser({ admin: true });
  customer = await server.createUser();
});
afterAll(() => server.close());

function fullInput(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    name: `Editor Bot ${counter}`,
    slug: `editor-bot-${counter}`,
    category: 'trading_bots',
    description: 'Trades while you sleep',
    longDescription: 'A long text.\nWith two lines.',
    price: 49.99,
    priceTiers: [
      { minQuantity: 10, unitPrice: 45 },
      { minQuantity: 100, unitPrice: 39.5 },
    ],
    minQuantity: 2,
    features: ['Backtested', 'Runs on any VPS'],
    fulfilment: 'MANUAL',
    active: true,
    ...overrides,
  };
}

async function counts(): Promise<{ products: number; files: number }> {
  const [row] = await server.sql<{ products: number; files: number }>(
    `SELECT (SELECT count(*)::int FROM products) AS products, (SELECT count(*)::int FROM stored_files) AS files`,
  );
  return row;
}

async function create(input: Record<string, unknown>) {
  return server.gql<{ createProduct: Record<string, any> }>(CREATE, { input }, { token: admin.token });
}

describe('createProduct', () => {
  it('adds a product with every field, on the storefront at once (the catalogue cache was warm)', async () => {
    await server.gql(PUBLIC_LIST);
    const input = fullInput();
    await server.gql(PUBLIC_PRODUCT, { slug: input.slug });

    const res = await create(input);
    expect(res.errors).toBeUndefined();
    const created = res.data!.createProduct;
    const expected = {
      slug: input.slug,
      name: input.name,
      category: 'trading_bots',
      description: 'Trades while you sleep',
      longDescription: 'A long text.\nWith two lines.',
      price: 49.99,
      priceTiers: input.priceTiers,
      minQuantity: 2,
      features: ['Backtested', 'Runs on any VPS'],
      fulfilment: 'MANUAL',
      active: true,
      image: null,
      inStock: true,
    };
    expect(created).toMatchObject(expected);

    const read = await server.gql(PUBLIC_PRODUCT, { slug: input.slug });
    expect(read.data!.product).toEqual({ id: created.id, ...expected });
    const list = await server.gql<{ products: { slug: string; price: number }[] }>(PUBLIC_LIST);
    expect(list.data!.products.find((p) => p.slug === input.slug)).toMatchObject({ price: 49.99 });
    // Its tiers price checkout: 10 at the tier's $45.
    const quote = await server.gql(
      `query ($id: ID!) { quote(productId: $id, quantity: 10, paymentMethod: USDT_TRC20) { unitPrice totalPrice } }`,
      { id: created.id },
    );
    expect(quote.data!.quote).toEqual({ unitPrice: 45, totalPrice: 450 });
  });

  it('trims text, drops an empty long description and defaults optional lists', async () => {
    const input = fullInput({ longDescription: '', priceTiers: null, features: null, active: null });
    const res = await create({ ...input, name: `  ${input.name}  ` });
    expect(res.errors).toBeUndefined();
    expect(res.data!.createProduct).toMatchObject({
      name: input.name,
      longDescription: null,
      priceTiers: [],
      features: [],
      active: true,
    });
  });

  it('keeps an inactive product off the storefront and in the admin list', async () => {
    const input = fullInput({ active: false });
    const res = await create(input);
    expect(res.errors).toBeUndefined();
    expect((await server.gql(PUBLIC_PRODUCT, { slug: input.slug })).data).toEqual({ product: null });
    const admins = await server.gql<{ adminProducts: { slug: string }[] }>(`{ adminProducts { slug } }`, {}, admin);
    expect(admins.data!.adminProducts.map((p) => p.slug)).toContain(input.slug);
  });

  it('tells admins watching the list (productChanged)', async () => {
    const sub = subscribeOnce(server.ws(admin.token), { query: `subscription { productChanged { slug price } }` });
    await sub.ready;
    const input = fullInput({ price: 12.5 });
    await create(input);
    expect((await sub.next()).data).toEqual({ productChanged: { slug: input.slug, price: 12.5 } });
    sub.dispose();
  });
});

describe('validation', () => {
  const long = (n: number) => 'x'.repeat(n);
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['no name', { name: '' }, 'name', PRODUCT_MESSAGES.nameRequired],
    ['an invisible name', { name: '\u200b ' }, 'name', PRODUCT_MESSAGES.nameRequired],
    ['a long name', { name: long(PRODUCT_LIMITS.name + 1) }, 'name', PRODUCT_MESSAGES.nameTooLong],
    ['a control character in the name', { name: 'Bot\u0007' }, 'name', PRODUCT_MESSAGES.nameCharacters],
    ['no slug', { slug: '' }, 'slug', PRODUCT_MESSAGES.slugRequired],
    ['an upper-case slug', { slug: 'Bitcoin-Bot' }, 'slug', PRODUCT_MESSAGES.slugFormat],
    ['a slug with a space', { slug: 'bitcoin bot' }, 'slug', PRODUCT_MESSAGES.slugFormat],
    ['a slug with a double hyphen', { slug: 'bitcoin--bot' }, 'slug', PRODUCT_MESSAGES.slugFormat],
    ['a slug ending in a hyphen', { slug: 'bitcoin-' }, 'slug', PRODUCT_MESSAGES.slugFormat],
    ['a long slug', { slug: long(PRODUCT_LIMITS.slug + 1) }, 'slug', PRODUCT_MESSAGES.slugTooLong],
    ['an unknown category', { category: 'guns' }, 'category', PRODUCT_MESSAGES.categoryInvalid],
    ['no category', { category: null }, 'category', PRODUCT_MESSAGES.categoryInvalid],
    ['no description', { description: ' ' }, 'description', PRODUCT_MESSAGES.descriptionRequired],
    [
      'a long description',
      { description: long(PRODUCT_LIMITS.description + 1) },
      'description',
      PRODUCT_MESSAGES.descriptionTooLong,
    ],
    [
      'a long long description',
      { longDescription: long(PRODUCT_LIMITS.longDescription + 1) },
      'longDescription',
      PRODUCT_MESSAGES.longDescriptionTooLong,
    ],
    [
      'a NUL in the long description',
      { longDescription: 'a\u0000b' },
      'longDescription',
      PRODUCT_MESSAGES.longDescriptionCharacters,
    ],
    ['no price', { price: null }, 'price', PRODUCT_MESSAGES.priceRequired],
    ['a zero price', { price: 0 }, 'price', PRODUCT_MESSAGES.pricePositive],
    ['a negative price', { price: -5 }, 'price', PRODUCT_MESSAGES.pricePositive],
    ['a price with three decimals', { price: 19.999 }, 'price', PRODUCT_MESSAGES.priceDecimals],
    ['a huge price', { price: PRODUCT_LIMITS.priceMax + 1 }, 'price', PRODUCT_MESSAGES.priceTooHigh],
    ['a minimum of 0', { minQuantity: 0, priceTiers: [] }, 'minQuantity', PRODUCT_MESSAGES.minQuantityInvalid],
    ['a minimum of 1.5', { minQuantity: 1.5, priceTiers: [] }, 'minQuantity', PRODUCT_MESSAGES.minQuantityInvalid],
    [
      'a minimum above 50000',
      { minQuantity: 50001, priceTiers: [] },
      'minQuantity',
      PRODUCT_MESSAGES.minQuantityTooHigh,
    ],
    [
      'a tier below the minimum',
      { minQuantity: 5, priceTiers: [{ minQuantity: 4, unitPrice: 3 }] },
      'priceTiers.0.minQuantity',
      PRODUCT_MESSAGES.tierBelowMinimum,
    ],
    [
      'tiers out of order',
      {
        priceTiers: [
          { minQuantity: 20, unitPrice: 3 },
          { minQuantity: 10, unitPrice: 2 },
        ],
      },
      'priceTiers.1.minQuantity',
      PRODUCT_MESSAGES.tiersNotAscending,
    ],
    [
      'two tiers with one quantity',
      {
        priceTiers: [
          { minQuantity: 10, unitPrice: 3 },
          { minQuantity: 10, unitPrice: 2 },
        ],
      },
      'priceTiers.1.minQuantity',
      PRODUCT_MESSAGES.tiersNotAscending,
    ],
    [
      'a tier of 2.5 units',
      { priceTiers: [{ minQuantity: 2.5, unitPrice: 3 }] },
      'priceTiers.0.minQuantity',
      PRODUCT_MESSAGES.tierQuantityInvalid,
    ],
    [
      'a free tier',
      { priceTiers: [{ minQuantity: 10, unitPrice: 0 }] },
      'priceTiers.0.unitPrice',
      PRODUCT_MESSAGES.tierPricePositive,
    ],
    [
      'a tier without a price',
      { priceTiers: [{ minQuantity: 10 }] },
      'priceTiers.0.unitPrice',
      PRODUCT_MESSAGES.tierPriceRequired,
    ],
    [
      'a tier price with three decimals',
      { priceTiers: [{ minQuantity: 10, unitPrice: 1.005 }] },
      'priceTiers.0.unitPrice',
      PRODUCT_MESSAGES.tierPriceDecimals,
    ],
    [
      'too many tiers',
      {
        priceTiers: Array.from({ length: PRODUCT_LIMITS.priceTiers + 1 }, (_, i) => ({
          minQuantity: 10 + i,
          unitPrice: 1,
        })),
      },
      'priceTiers',
      PRODUCT_MESSAGES.tooManyTiers,
    ],
    ['an empty feature', { features: ['Fast', ' '] }, 'features.1', PRODUCT_MESSAGES.featureRequired],
    ['a long feature', { features: [long(PRODUCT_LIMITS.feature + 1)] }, 'features.0', PRODUCT_MESSAGES.featureTooLong],
    ['a line break in a feature', { features: ['a\nb'] }, 'features.0', PRODUCT_MESSAGES.featureCharacters],
    [
      'too many features',
      { features: Array.from({ length: PRODUCT_LIMITS.features + 1 }, (_, i) => `Feature ${i}`) },
      'features',
      PRODUCT_MESSAGES.tooManyFeatures,
    ],
  ];

  it.each(cases)('refuses %s with the field message, writing nothing', async (_name, change, field, message) => {
    const before = await counts();
    const res = await create(fullInput(change));
    expect(res.data).toBeNull();
    expect(res.errors?.[0]).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT' } });
    expect(res.errors?.[0].extensions?.fieldErrors).toContainEqual({ field, message });
    expect(await counts()).toEqual(before);
  });

  it('reports every refused field at once', async () => {
    const res = await create(fullInput({ name: '', slug: 'No Good', price: 0 }));
    expect(res.errors?.[0].extensions?.fieldErrors).toEqual([
      { field: 'name', message: PRODUCT_MESSAGES.nameRequired },
      { field: 'slug', message: PRODUCT_MESSAGES.slugFormat },
      { field: 'price', message: PRODUCT_MESSAGES.pricePositive },
    ]);
  });

  it('refuses the same input on update, leaving the product as it was', async () => {
    const created = (await create(fullInput())).data!.createProduct;
    const res = await server.gql(UPDATE, { id: created.id, input: fullInput({ price: -1 }) }, admin);
    expect(res.errors?.[0].extensions?.fieldErrors).toEqual([
      { field: 'price', message: PRODUCT_MESSAGES.pricePositive },
    ]);
    const [row] = await server.sql(`SELECT slug, price FROM products WHERE id = $1`, [created.id]);
    expect(row).toEqual({ slug: created.slug, price: '49.99' });
  });
});

describe('slugs', () => {
  it('refuses a slug another product has, on create and on update', async () => {
    const before = await counts();
    const taken = await create(fullInput({ slug: 'bitcoin-bot' }));
    expect(taken.errors?.[0]).toMatchObject({
      message: PRODUCT_MESSAGES.slugTaken,
      extensions: { code: 'BAD_USER_INPUT', fieldErrors: [{ field: 'slug', message: PRODUCT_MESSAGES.slugTaken }] },
    });
    expect(await counts()).toEqual(before);

    const mine = (await create(fullInput())).data!.createProduct;
    const update = await server.gql(UPDATE, { id: mine.id, input: fullInput({ slug: 'bitcoin-bot' }) }, admin);
    expect(update.errors?.[0].extensions?.fieldErrors).toEqual([
      { field: 'slug', message: PRODUCT_MESSAGES.slugTaken },
    ]);
    // Keeping its own slug is no clash.
    const same = await server.gql(UPDATE, { id: mine.id, input: fullInput({ slug: mine.slug }) }, admin);
    expect(same.errors).toBeUndefined();
  });

  it('gives one of 8 concurrent creates with one slug the product, and the others the slug error', async () => {
    const slug = 'race-slug';
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => create(fullInput({ slug, name: `Racer ${i}` }))),
    );
    const won = results.filter((r) => r.data?.createProduct);
    const lost = results.filter((r) => r.errors);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(7);
    for (const res of lost) {
      expect(res.errors![0]).toMatchObject({
        message: PRODUCT_MESSAGES.slugTaken,
        extensions: { code: 'BAD_USER_INPUT', fieldErrors: [{ field: 'slug', message: PRODUCT_MESSAGES.slugTaken }] },
      });
    }
    const rows = await server.sql(`SELECT name FROM products WHERE slug = $1`, [slug]);
    expect(rows).toEqual([{ name: won[0].data!.createProduct.name }]);
  });
});

describe('updateProduct', () => {
  it('replaces every field; the storefront shows the new price at once', async () => {
    const created = (await create(fullInput())).data!.createProduct;
    // Warm the cache with the old values.
    expect((await server.gql(PUBLIC_PRODUCT, { slug: created.slug })).data!.product.price).toBe(49.99);
    await server.gql(PUBLIC_LIST);

    const input = fullInput({
      category: 'scripts',
      description: 'Now a script',
      longDescription: '',
      price: 59,
      priceTiers: [{ minQuantity: 5, unitPrice: 55.55 }],
      minQuantity: 1,
      features: ['One'],
    });
    const res = await server.gql(UPDATE, { id: created.id, input }, admin);
    expect(res.errors).toBeUndefined();
    const expected = {
      id: created.id,
      slug: input.slug,
      name: input.name,
      category: 'scripts',
      description: 'Now a script',
      longDescription: null,
      price: 59,
      priceTiers: [{ minQuantity: 5, unitPrice: 55.55 }],
      minQuantity: 1,
      features: ['One'],
      fulfilment: 'MANUAL',
      active: true,
      image: null,
      inStock: true,
    };
    expect(res.data!.updateProduct).toEqual(expected);
    expect((await server.gql(PUBLIC_PRODUCT, { slug: input.slug })).data!.product).toEqual(expected);
    expect((await server.gql(PUBLIC_PRODUCT, { slug: created.slug })).data!.product).toBeNull();
    const list = await server.gql<{ products: { slug: string; price: number }[] }>(PUBLIC_LIST);
    expect(list.data!.products.find((p) => p.slug === input.slug)).toMatchObject({ price: 59 });
  });

  it('runs concurrent updates of one product in turn: the last wins whole, none is torn', async () => {
    const created = (await create(fullInput())).data!.createProduct;
    const inputs = Array.from({ length: 6 }, (_, i) =>
      fullInput({ slug: created.slug, name: `Concurrent ${i}`, price: 10 + i, features: [`Feature ${i}`] }),
    );
    const results = await Promise.all(inputs.map((input) => server.gql(UPDATE, { id: created.id, input }, admin)));
    expect(results.map((r) => r.errors)).toEqual(inputs.map(() => undefined));
    const [row] = await server.sql(`SELECT name, price, features FROM products WHERE id = $1`, [created.id]);
    const winner = Number(row.name.replace('Concurrent ', ''));
    // Every field from the same save.
    expect(row).toEqual({ name: `Concurrent ${winner}`, price: `${10 + winner}.00`, features: [`Feature ${winner}`] });
    expect((await server.gql(PUBLIC_PRODUCT, { slug: created.slug })).data!.product).toMatchObject({
      name: `Concurrent ${winner}`,
      price: 10 + winner,
    });
  });

  it('takes a product off the storefront when made inactive', async () => {
    const created = (await create(fullInput())).data!.createProduct;
    await server.gql(PUBLIC_PRODUCT, { slug: created.slug });
    await server.gql(UPDATE, { id: created.id, input: fullInput({ slug: created.slug, active: false }) }, admin);
    expect((await server.gql(PUBLIC_PRODUCT, { slug: created.slug })).data).toEqual({ product: null });
  });

  it('is NOT_FOUND for an unknown or malformed id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await server.gql(UPDATE, { id, input: fullInput() }, admin);
      expect(res.data).toBeNull();
      expect(res.errors?.[0]).toMatchObject({ message: 'Product not found', extensions: { code: 'NOT_FOUND' } });
    }
  });

  it('refuses switching to MANUAL while open orders hold its keys, and allows it once they are released', async () => {
    const created = (
      await create(fullInput({ fulfilment: 'KEYS', minQuantity: 1, priceTiers: [], category: 'crypto_keys' }))
    ).data!.createProduct;
    await server.app.container.get(InventoryService).importKeys(created.id, 'EDITOR-KEY-1\nEDITOR-KEY-2');
    const placed = await server.gql(
      `mutation ($input: PlaceOrderInput!) { placeOrder(input: $input) { id } }`,
      { input: { productId: created.id, quantity: 1, email: customer.email, paymentMethod: 'USDT_TRC20' } },
      customer,
    );
    expect(placed.errors).toBeUndefined();
    const input = fullInput({ slug: created.slug, fulfilment: 'MANUAL', minQuantity: 1, priceTiers: [] });

    const refused = await server.gql(UPDATE, { id: created.id, input }, admin);
    const message = PRODUCT_MESSAGES.fulfilmentKeysReserved(1);
    expect(refused.errors?.[0]).toMatchObject({
      message,
      extensions: { code: 'BAD_USER_INPUT', fieldErrors: [{ field: 'fulfilment', message }] },
    });
    const [row] = await server.sql(`SELECT fulfilment FROM products WHERE id = $1`, [created.id]);
    expect(row.fulfilment).toBe('KEYS');

    const cancelled = await server.gql(
      `mutation ($id: ID!) { cancelOrder(orderId: $id) { status } }`,
      { id: placed.data!.placeOrder.id },
      customer,
    );
    expect(cancelled.errors).toBeUndefined();
    const allowed = await server.gql(UPDATE, { id: created.id, input }, admin);
    expect(allowed.errors).toBeUndefined();
    expect(allowed.data!.updateProduct).toMatchObject({ fulfilment: 'MANUAL', inStock: true });
  });

  it('puts a KEYS product out of stock when a new minimum is more than its keys', async () => {
    const created = (
      await create(fullInput({ fulfilment: 'KEYS', minQuantity: 1, priceTiers: [], category: 'crypto_keys' }))
    ).data!.createProduct;
    await server.app.container.get(InventoryService).importKeys(created.id, 'MIN-KEY-1\nMIN-KEY-2');
    expect((await server.gql(PUBLIC_PRODUCT, { slug: created.slug })).data!.product.inStock).toBe(true);
    const input = fullInput({ slug: created.slug, fulfilment: 'KEYS', minQuantity: 3, priceTiers: [] });
    const res = await server.gql(UPDATE, { id: created.id, input }, admin);
    expect(res.data!.updateProduct).toMatchObject({ minQuantity: 3, inStock: false });
    expect((await server.gql(PUBLIC_PRODUCT, { slug: created.slug })).data!.product.inStock).toBe(false);
  });
});

describe('images', () => {
  const upload = (
    query: string,
    variables: Record<string, unknown>,
    file: { name: string; type: string; bytes: Buffer },
  ) => server.upload<Record<string, any>>(query, variables, file, { fileVariable: 'image', token: admin.token });

  it('stores a real PNG sent multipart and serves it publicly with its type', async () => {
    const input = fullInput();
    const res = await upload(CREATE, { input }, { name: 'bot.png', type: 'image/png', bytes: PNG_1x1 });
    expect(res.errors).toBeUndefined();
    const image: string = res.data!.createProduct.image;
    expect(image).toMatch(/^\/product-images\/[0-9a-f-]{36}\.png$/);
    expect((await server.gql(PUBLIC_PRODUCT, { slug: input.slug })).data!.product.image).toBe(image);

    // Anyone may fetch it, signed in or not: product images are public, and never change behind one URL.
    const served = await fetch(`${server.url}${image}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG_1x1)).toBe(true);
    // The wrong extension, an unknown id, or a file of another kind are not found.
    expect((await fetch(`${server.url}${image.replace('.png', '.gif')}`)).status).toBe(404);
    expect((await fetch(`${server.url}/product-images/00000000-0000-4000-8000-000000000000.png`)).status).toBe(404);
  });

  it('never serves a private file (a payment proof) under /product-images', async () => {
    const productId = (await create(fullInput({ minQuantity: 1, priceTiers: [] }))).data!.createProduct.id;
    const placed = await server.upload(
      `mutation ($input: PlaceOrderInput!, $proof: Upload) { placeOrder(input: $input, proof: $proof) { id } }`,
      { input: { productId, quantity: 1, email: customer.email, paymentMethod: 'USDT_TRC20' } },
      { name: 'proof.png', type: 'image/png', bytes: PNG_1x1 },
      { token: customer.token },
    );
    expect(placed.errors).toBeUndefined();
    const [{ payment_proof_file_id: fileId }] = await server.sql(
      `SELECT payment_proof_file_id FROM orders WHERE id = $1`,
      [placed.data!.placeOrder.id],
    );
    expect((await fetch(`${server.url}/product-images/${fileId}.png`)).status).toBe(404);
  });

  it('replaces the image on update and deletes the old file; an update without one keeps it', async () => {
    const input = fullInput();
    const created = (await upload(CREATE, { input }, { name: 'a.png', type: 'image/png', bytes: PNG_1x1 })).data!
      .createProduct;
    const before = await counts();
    const replaced = await upload(
      UPDATE,
      { id: created.id, input },
      { name: 'b.gif', type: 'image/gif', bytes: GIF_BYTES },
    );
    expect(replaced.errors).toBeUndefined();
    expect(replaced.data!.updateProduct.image).toMatch(/^\/product-images\/[0-9a-f-]{36}\.gif$/);
    expect(await counts()).toEqual(before);
    expect((await fetch(`${server.url}${created.image}`)).status).toBe(404);

    const kept = await server.gql(UPDATE, { id: created.id, input: { ...input, price: 1 } }, admin);
    expect(kept.data!.updateProduct).toMatchObject({ price: 1, image: replaced.data!.updateProduct.image });
  });

  it.each([
    [
      'a text file named .png',
      { name: 'notes.png', type: 'image/png', bytes: Buffer.from('just some text') },
      PRODUCT_MESSAGES.imageNotImage,
    ],
    [
      'an image over 5 MB',
      {
        name: 'huge.png',
        type: 'image/png',
        bytes: Buffer.concat([PNG_1x1, Buffer.alloc(PRODUCT_LIMITS.imageBytes + 1 - PNG_1x1.length)]),
      },
      PRODUCT_MESSAGES.imageTooLarge,
    ],
  ])('refuses %s on create and on update, leaving no file and no product', async (_name, file, message) => {
    const before = await counts();
    const refused = await upload(CREATE, { input: fullInput() }, file);
    expect(refused.errors?.[0]).toMatchObject({
      message,
      extensions: { code: 'BAD_USER_INPUT', fieldErrors: [{ field: 'image', message }] },
    });
    expect(await counts()).toEqual(before);

    const [product] = await server.sql(`SELECT id, slug, price, image FROM products WHERE slug = 'bitcoin-bot'`);
    const update = await upload(UPDATE, { id: product.id, input: fullInput({ slug: 'bitcoin-bot', price: 1 }) }, file);
    expect(update.errors?.[0].extensions?.fieldErrors).toEqual([{ field: 'image', message }]);
    expect(await counts()).toEqual(before);
    expect((await server.sql(`SELECT id, slug, price, image FROM products WHERE slug = 'bitcoin-bot'`))[0]).toEqual(
      product,
    );
  });

  it('stores no file when the input is refused, or the slug taken, with a good image', async () => {
    const before = await counts();
    const refused = await upload(
      CREATE,
      { input: fullInput({ price: 0 }) },
      { name: 'a.png', type: 'image/png', bytes: PNG_1x1 },
    );
    expect(refused.errors?.[0].extensions?.fieldErrors).toEqual([
      { field: 'price', message: PRODUCT_MESSAGES.pricePositive },
    ]);
    const taken = await upload(
      CREATE,
      { input: fullInput({ slug: 'bitcoin-bot' }) },
      { name: 'a.png', type: 'image/png', bytes: PNG_1x1 },
    );
    expect(taken.errors?.[0].extensions?.fieldErrors).toEqual([{ field: 'slug', message: PRODUCT_MESSAGES.slugTaken }]);
    expect(await counts()).toEqual(before);
  });

  it('keeps the seeded static images', async () => {
    const res = await server.gql(PUBLIC_PRODUCT, { slug: 'bitcoin-bot' });
    expect(res.data!.product.image).toBe('/images/products/bitcoin-bot.svg');
  });
});
