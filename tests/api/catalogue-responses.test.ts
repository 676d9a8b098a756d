/**
 * Catalogue-only queries are answered from responses kept with the catalogue cache
 * (server/src/graphql/catalogue-response-cache.ts). What a caller sees must not change: each slug
 * gets its own product, a query that also asks for something personal is answered for its caller,
 * and a change to a product shows at once (admin-products.test.ts covers changes made on another
 * process).
 */
import { ProductService } from '../../server/src/catalogue/product.service';
import { CatalogueResponseCache } from '../../server/src/graphql/catalogue-response-cache';
import { startTestServer, type TestServer, type TestUser } from '../support/test-server';

const PRODUCT = `query Product($slug: String!) { product(slug: $slug) { slug name price inStock } }`;
const LIST = `{ products { slug inStock } }`;
const LIST_AND_ME = `{ products { slug } me { email } }`;
const SET_STOCK = `mutation SetStock($productId: ID!, $inStock: Boolean!) {
  setProductStock(productId: $productId, inStock: $inStock) { inStock }
}`;

let server: TestServer;
let admin: TestUser;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.createUser({ admin: true });
  alice = await server.createUser({ email: 'alice@catalogue.test' });
  bob = await server.createUser({ email: 'bob@catalogue.test' });
});
afterAll(() => server.close());

async function productRow(slug: string): Promise<{ id: string; name: string; price: string }> {
  const [row] = await server.sql<{ id: string; name: string; price: string }>(
    `SELECT id, name, price::text FROM products WHERE slug = $1`,
    [slug],
  );
  return row;
}

it('answers each slug with its own product, the same query text for both', async () => {
  for (const slug of ['bitcoin-bot', 'news-site-script', 'bitcoin-bot', 'news-site-script']) {
    const res = await server.gql(PRODUCT, { slug });
    expect(res.errors).toBeUndefined();
    const row = await productRow(slug);
    expect(res.data).toEqual({ product: { slug, name: row.name, price: Number(row.price), inStock: true } });
  }
  expect((await server.gql(PRODUCT, { slug: 'no-such-product' })).data).toEqual({ product: null });
});

it('answers a query that also reads `me` for its own caller', async () => {
  const forAlice = await server.gql(LIST_AND_ME, {}, { token: alice.token });
  const forBob = await server.gql(LIST_AND_ME, {}, { token: bob.token });
  const signedOut = await server.gql(LIST_AND_ME, {});
  expect(forAlice.data!.me).toEqual({ email: 'alice@catalogue.test' });
  expect(forBob.data!.me).toEqual({ email: 'bob@catalogue.test' });
  expect(forBob.data!.products).toEqual(forAlice.data!.products);
  expect(signedOut.data!.me).toBeNull();
});

it('shows a stock change at once to every caller, signed in or not', async () => {
  const { id } = await productRow('bitcoin-bot');
  const inStock = async (token?: string) =>
    (await server.gql<{ products: { slug: string; inStock: boolean }[] }>(LIST, {}, { token })).data!.products.find(
      (p) => p.slug === 'bitcoin-bot',
    )!.inStock;
  expect([await inStock(), await inStock(alice.token), await inStock(admin.token)]).toEqual([true, true, true]);

  await server.gql(SET_STOCK, { productId: id, inStock: false }, { token: admin.token });
  expect([await inStock(), await inStock(alice.token), await inStock(admin.token)]).toEqual([false, false, false]);
  expect((await server.gql(PRODUCT, { slug: 'bitcoin-bot' })).data!.product.inStock).toBe(false);

  await server.gql(SET_STOCK, { productId: id, inStock: true }, { token: admin.token });
  expect(await inStock(bob.token)).toBe(true);
  expect((await server.gql(PRODUCT, { slug: 'bitcoin-bot' })).data!.product.inStock).toBe(true);
});

it('answers an unknown operation name or an unnamed choice with a GraphQL error, not a server error', async () => {
  const post = async (body: Record<string, unknown>) => {
    const response = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as { errors?: { message: string }[] } };
  };
  const unknown = await post({ query: LIST, operationName: 'Nope' });
  expect(unknown.status).toBe(400);
  expect(unknown.body.errors?.[0].message).toBe('Unknown operation named "Nope".');
  const two = await post({ query: `query A { products { slug } } query B { products { name } }` });
  expect(two.status).toBe(400);
  expect(two.body.errors?.[0].message).toBe('Must provide operation name if query contains multiple operations.');
});

describe('the response store', () => {
  const products = () => server.app.container.get(ProductService);
  const responses = () => server.app.container.get(CatalogueResponseCache);

  beforeEach(() => products().invalidate());

  it('answers a repeat from the store, keyed by the variables the query declares', async () => {
    const store = await responses().current();
    const first = await server.gql(PRODUCT, { slug: 'bitcoin-bot' });
    expect([...store.values()]).toEqual([{ data: first.data }]);
    // What the store holds is what the next caller gets: the repeat does not execute. (The repeat asks with its
    // own Accept header, so the HTTP hit path above, catalogue-get.test.ts, has not kept its answer.)
    const [key] = store.keys();
    const marked = { product: { ...first.data!.product, name: 'Served from the store' } };
    store.set(key, { data: marked });
    const accept = { headers: { accept: 'application/json' } };
    expect((await server.gql(PRODUCT, { slug: 'bitcoin-bot' }, accept)).data).toEqual(marked);
    // A variable the query does not declare is ignored by execution, and by the key.
    expect((await server.gql(PRODUCT, { slug: 'bitcoin-bot', ignored: 'x'.repeat(1000) })).data).toEqual(marked);
    expect(store.size).toBe(1);

    await server.gql(PRODUCT, { slug: 'news-site-script' });
    expect(store.size).toBe(2);
  });

  it('keeps no response of a query that reads more than the catalogue, or of an over-long slug', async () => {
    const store = await responses().current();
    await server.gql(LIST_AND_ME, {}, { token: alice.token });
    expect((await server.gql(PRODUCT, { slug: 'x'.repeat(600) })).data).toEqual({ product: null });
    expect(store.size).toBe(0);
  });

  it('holds at most 500 responses, dropping the oldest', async () => {
    const store = await responses().current();
    for (let i = 0; i < 501; i += 50) {
      await Promise.all(
        Array.from({ length: Math.min(50, 501 - i) }, (_, j) => server.gql(PRODUCT, { slug: `made-up-${i + j}` })),
      );
    }
    expect(store.size).toBe(500);
    await server.gql(PRODUCT, { slug: 'bitcoin-bot' });
    expect(store.size).toBe(500);
    expect([...store.values()].at(-1)).toEqual({ data: { product: expect.objectContaining({ slug: 'bitcoin-bot' }) } });
  });
});
