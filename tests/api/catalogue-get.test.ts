/**
 * Catalogue reads over GET with automatic persisted queries, their caching headers and 304s, and the hit path that
 * answers a kept catalogue request before Express (server/src/http/catalogue-hit-path.ts). What a client sees must
 * be what the full path sends: the same bytes, fresh after every product change, refused where Apollo refuses.
 * Raw `node:http` requests, so that encodings and headers are exactly what went over the wire.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import zlib from 'node:zlib';
import { startTestServer, type TestServer, type TestUser } from '../support/test-server';

const PRODUCTS = `query ProductsPage { products { id slug name price inStock } }`;
const PRODUCT = `query ProductDetailPage($slug: String!) { product(slug: $slug) { slug name price inStock } }`;
const ME = `query Me { me { email } }`;
const SET_STOCK = `mutation SetStock($productId: ID!, $inStock: Boolean!) {
  setProductStock(productId: $productId, inStock: $inStock) { inStock }
}`;

let server: TestServer;
let admin: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.createUser({ admin: true });
});
afterAll(() => server.close());

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  text: string;
}

function raw(method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${server.url}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const bytes = Buffer.concat(chunks);
        resolve({ status: res.statusCode!, headers: res.headers, body: bytes, text: bytes.toString('utf8') });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The APQ GET URL of an operation: hash only, or with its text to register it. */
function getUrl(query: string, operationName: string, variables: object, withQuery = false): string {
  const params = new URLSearchParams({
    operationName,
    variables: JSON.stringify(variables),
    extensions: JSON.stringify({ persistedQuery: { version: 1, sha256Hash: sha256(query) } }),
  });
  if (withQuery) params.set('query', query);
  return `/graphql?${params}`;
}

const PREFLIGHT = { 'apollo-require-preflight': 'true' };
const JSON_POST = { 'content-type': 'application/json' };

/** A request sent twice in a row: the first takes the full path, the second finds what it kept. */
async function twice(send: () => Promise<RawResponse>): Promise<[RawResponse, RawResponse]> {
  const first = await send();
  // The answer is kept once its compressed copies are made, on the thread pool.
  await new Promise((resolve) => setTimeout(resolve, 50));
  return [first, await send()];
}

/** Headers that are the same on every answer to one request (not its id, date or connection). */
function answerHeaders(res: RawResponse): Record<string, unknown> {
  const { 'x-request-id': id, date, connection, 'keep-alive': keepAlive, ...rest } = res.headers;
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  void date;
  void connection;
  void keepAlive;
  return rest;
}

async function setStock(slug: string, inStock: boolean): Promise<void> {
  const [{ id }] = await server.sql<{ id: string }>(`SELECT id FROM products WHERE slug = $1`, [slug]);
  const res = await server.gql(SET_STOCK, { productId: id, inStock }, { token: admin.token });
  expect(res.errors).toBeUndefined();
}

describe('GET with a persisted query', () => {
  it('asks for the query text once, then answers the hash alone with ETag and Cache-Control', async () => {
    const unknown = await raw('GET', getUrl(`${PRODUCTS} `, 'ProductsPage', {}), PREFLIGHT);
    expect(JSON.parse(unknown.text).errors[0].extensions.code).toBe('PERSISTED_QUERY_NOT_FOUND');

    const registered = await raw('GET', getUrl(PRODUCTS, 'ProductsPage', {}, true), PREFLIGHT);
    expect(registered.status).toBe(200);
    const products = JSON.parse(registered.text).data.products;
    expect(products.map((p: { slug: string }) => p.slug)).toContain('bitcoin-bot');

    const [full, kept] = await twice(() => raw('GET', getUrl(PRODUCTS, 'ProductsPage', {}), PREFLIGHT));
    for (const res of [full, kept]) {
      expect(res.status).toBe(200);
      expect(res.text).toBe(registered.text);
      expect(res.headers['cache-control']).toBe('public, no-cache');
      expect(res.headers.etag).toMatch(/^W\/"[0-9a-f]+-[\w+/]{27}"$/);
      expect(res.headers.vary).toMatch(/Accept-Encoding/);
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    }
    expect(answerHeaders(kept)).toEqual(answerHeaders(full));
  });

  it('answers a matching If-None-Match with 304 and no body, until the catalogue changes', async () => {
    const url = getUrl(PRODUCT, 'ProductDetailPage', { slug: 'bitcoin-bot' }, true);
    const [first] = await twice(() => raw('GET', url, PREFLIGHT));
    const etag = first.headers.etag!;
    expect(JSON.parse(first.text).data.product).toMatchObject({ slug: 'bitcoin-bot', inStock: true });

    for (const ifNoneMatch of [etag, `"other", ${etag}`, etag.replace(/^W\//, ''), '*']) {
      const notModified = await raw('GET', url, { ...PREFLIGHT, 'if-none-match': ifNoneMatch });
      expect(notModified.status).toBe(304);
      expect(notModified.body.length).toBe(0);
      expect(notModified.headers.etag).toBe(etag);
      expect(notModified.headers['cache-control']).toBe('public, no-cache');
    }
    expect((await raw('GET', url, { ...PREFLIGHT, 'if-none-match': 'W/"stale"' })).status).toBe(200);

    await setStock('bitcoin-bot', false);
    try {
      const changed = await raw('GET', url, { ...PREFLIGHT, 'if-none-match': etag });
      expect(changed.status).toBe(200);
      expect(changed.headers.etag).not.toBe(etag);
      expect(JSON.parse(changed.text).data.product.inStock).toBe(false);
      // and the new answer is kept and revalidates in turn
      const [, again] = await twice(() => raw('GET', url, { ...PREFLIGHT, 'if-none-match': etag }));
      expect(again.text).toBe(changed.text);
      expect((await raw('GET', url, { ...PREFLIGHT, 'if-none-match': changed.headers.etag! })).status).toBe(304);
    } finally {
      await setStock('bitcoin-bot', true);
    }
    const restored = await raw('GET', url, PREFLIGHT);
    expect(JSON.parse(restored.text).data.product.inStock).toBe(true);
  });

  it('sends the kept answer in the encoding asked for, the same bytes once decoded', async () => {
    const url = getUrl(PRODUCTS, 'ProductsPage', {}, true);
    const [plain] = await twice(() => raw('GET', url, PREFLIGHT));
    for (const [encoding, decode] of [
      ['br', zlib.brotliDecompressSync],
      ['gzip', zlib.gunzipSync],
    ] as const) {
      const [full, kept] = await twice(() => raw('GET', url, { ...PREFLIGHT, 'accept-encoding': encoding }));
      for (const res of [full, kept]) {
        expect(res.headers['content-encoding']).toBe(encoding);
        expect(Number(res.headers['content-length'])).toBe(res.body.length);
        expect(decode(res.body).toString('utf8')).toBe(plain.text);
        expect(res.headers.etag).toBe(plain.headers.etag);
      }
    }
  });

  it('keeps the answers for each Accept apart: own ETag, Vary names Accept, no 304 across types', async () => {
    const url = getUrl(PRODUCTS, 'ProductsPage', {}, true);
    const get = (accept: string, ifNoneMatch?: string) =>
      raw('GET', url, { ...PREFLIGHT, accept, ...(ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {}) });
    const JSON_TYPE = 'application/json';
    const GRAPHQL_TYPE = 'application/graphql-response+json';
    const [json, jsonKept] = await twice(() => get(JSON_TYPE));
    // The other type's first request takes the full path (nothing kept for its Accept yet): not a 304.
    const crossFull = await get(GRAPHQL_TYPE, json.headers.etag);
    const [graphql, graphqlKept] = await twice(() => get(GRAPHQL_TYPE));
    for (const [res, type] of [
      [json, JSON_TYPE],
      [jsonKept, JSON_TYPE],
      [crossFull, GRAPHQL_TYPE],
      [graphql, GRAPHQL_TYPE],
      [graphqlKept, GRAPHQL_TYPE],
    ] as const) {
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe(`${type}; charset=utf-8`);
      expect(res.text).toBe(json.text);
      expect(res.headers.vary!.split(/\s*,\s*/)).toEqual(expect.arrayContaining(['Accept', 'Accept-Encoding']));
    }
    expect(graphql.headers.etag).not.toBe(json.headers.etag);
    expect(jsonKept.headers.etag).toBe(json.headers.etag);
    expect([crossFull.headers.etag, graphqlKept.headers.etag]).toEqual([graphql.headers.etag, graphql.headers.etag]);

    // Kept answers: each type's ETag revalidates its own bytes only.
    for (const [accept, own, other] of [
      [JSON_TYPE, json, graphql],
      [GRAPHQL_TYPE, graphql, json],
    ] as const) {
      const notModified = await get(accept, own.headers.etag);
      expect(notModified.status).toBe(304);
      expect(notModified.headers.vary).toBe(own.headers.vary);
      const cross = await get(accept, other.headers.etag);
      expect(cross.status).toBe(200);
      expect(cross.headers['content-type']).toBe(own.headers['content-type']);
      expect(cross.headers.etag).toBe(own.headers.etag);
    }
  });

  it('refuses a GET without a preflight header, kept or not (CSRF prevention)', async () => {
    const url = getUrl(PRODUCTS, 'ProductsPage', {}, true);
    await twice(() => raw('GET', url, PREFLIGHT));
    const refused = await raw('GET', url);
    expect(refused.status).toBe(400);
    expect(refused.headers['cache-control']).toBe('no-store');
    expect(refused.text).toMatch(/preflight/i);
  });

  it('marks a GET answer that is not the catalogue `no-store`', async () => {
    const user = await server.createUser({ email: 'get-me@catalogue.test' });
    const headers = { ...PREFLIGHT, authorization: `Bearer ${user.token}` };
    const [first, second] = await twice(() => raw('GET', getUrl(ME, 'Me', {}, true), headers));
    for (const res of [first, second]) {
      expect(JSON.parse(res.text).data.me).toEqual({ email: 'get-me@catalogue.test' });
      expect(res.headers['cache-control']).toBe('no-store');
    }
    const anonymous = await raw('GET', getUrl(ME, 'Me', {}, true), PREFLIGHT);
    expect(JSON.parse(anonymous.text).data.me).toBeNull();
  });
});

describe('POST', () => {
  it('answers a repeated catalogue POST with the same bytes and headers', async () => {
    const body = JSON.stringify({ query: PRODUCTS, operationName: 'ProductsPage' });
    const [full, kept] = await twice(() => raw('POST', '/graphql', JSON_POST, body));
    expect(full.status).toBe(200);
    expect(kept.text).toBe(full.text);
    expect(answerHeaders(kept)).toEqual(answerHeaders(full));
    // a POST is not a cacheable read
    expect(kept.headers['cache-control']).toBeUndefined();
    expect(kept.headers.etag).toBe(full.headers.etag);
  });

  it('hands a body of a kept length that is not kept to the full path intact', async () => {
    // Same length, other slugs: each is its own product.
    const bodyFor = (slug: string) => JSON.stringify({ query: PRODUCT, variables: { slug } });
    await twice(() => raw('POST', '/graphql', JSON_POST, bodyFor('bitcoin-bot')));
    const other = await raw('POST', '/graphql', JSON_POST, bodyFor('bitcoin-bo1'));
    expect(bodyFor('bitcoin-bo1')).toHaveLength(bodyFor('bitcoin-bot').length);
    expect(JSON.parse(other.text)).toEqual({ data: { product: null } });

    // A malformed body of that length gets body-parser's answer, as it always did.
    const malformed = bodyFor('bitcoin-bot').replace('{', '[');
    const refused = await raw('POST', '/graphql', JSON_POST, malformed);
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.text).errors[0].extensions.code).toBe('BAD_REQUEST');
  });

  it('shows a stock change at once to a repeated POST', async () => {
    const body = JSON.stringify({ query: PRODUCT, variables: { slug: 'news-site-script' } });
    const [, before] = await twice(() => raw('POST', '/graphql', JSON_POST, body));
    expect(JSON.parse(before.text).data.product.inStock).toBe(true);
    await setStock('news-site-script', false);
    try {
      const after = await raw('POST', '/graphql', JSON_POST, body);
      expect(JSON.parse(after.text).data.product.inStock).toBe(false);
    } finally {
      await setStock('news-site-script', true);
    }
  });

  it('runs a mutation of a kept length as a mutation', async () => {
    const query = `{ products { slug } }`;
    await twice(() => raw('POST', '/graphql', JSON_POST, JSON.stringify({ query })));
    // `mutation` padded to the same length: the hit path reads it, finds nothing and hands it on.
    const mutation = JSON.stringify({ query: `mutation { signOut }`.padEnd(query.length) });
    expect(mutation).toHaveLength(JSON.stringify({ query }).length);
    const res = await raw('POST', '/graphql', JSON_POST, mutation);
    expect(JSON.parse(res.text)).toEqual({ data: { signOut: true } });
  });
});
