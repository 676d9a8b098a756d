import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('products', () => {
  it('lists active products by price ascending', async () => {
    const res = await server.gql<{ products: { slug: string; price: number; active: boolean }[] }>(
      `{ products { slug price active } }`,
    );
    expect(res.errors).toBeUndefined();
    const prices = res.data!.products.map((p) => p.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(res.data!.products.every((p) => p.active)).toBe(true);
    expect(res.data!.products.map((p) => p.slug)).toEqual(expect.arrayContaining(['ssl-certificates', 'dv', 'bundle-10']));
  });
});
