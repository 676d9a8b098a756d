/**
 * How the store's files and answers travel (docs/architecture.md "Web rendering"): built files precompressed by the
 * build step and served by Accept-Encoding, with Vary and their caching; API answers compressed above the threshold;
 * sitemap.xml and robots.txt from the catalogue. The web build is a small one made here with the real build step
 * (web/build/precompress.ts), so these checks do not depend on `npm run build:web`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { precompressDirectory } from '../../web/build/precompress';
import { startTestServer, type TestServer } from '../support/test-server';

const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'store-web-'));
const script = `export const lines = [${Array.from({ length: 400 }, (_, i) => `"line ${i} of the bundle"`).join(',')}];\n`;
fs.mkdirSync(path.join(webDist, 'assets'));
fs.writeFileSync(path.join(webDist, 'index.html'), `<!doctype html><title>Store</title><div id="root"></div>`);
fs.writeFileSync(path.join(webDist, 'assets', 'main-abc123.js'), script);
fs.writeFileSync(path.join(webDist, 'assets', 'logo-abc123.png'), Buffer.alloc(2048, 7));

const PUBLIC_URL = 'https://shop.example.com';

let server: TestServer;
beforeAll(async () => {
  await precompressDirectory(webDist);
  server = await startTestServer({ env: { WEB_DIST_DIR: webDist, PUBLIC_URL } });
});
afterAll(async () => {
  await server.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

/** GET without fetch's own decoding: the bytes and headers as sent. */
async function rawGet(url: string, acceptEncoding: string | null) {
  const { request } = await import('node:http');
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      const req = request(`${server.url}${url}`, {
        headers: acceptEncoding === null ? {} : { 'accept-encoding': acceptEncoding },
      });
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end();
    },
  );
}

/** POST a GraphQL query as JSON, with the given Accept-Encoding, undecoded. */
async function rawGraphql(query: string, acceptEncoding: string) {
  const { request } = await import('node:http');
  return new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const req = request(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-encoding': acceptEncoding },
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(JSON.stringify({ query }));
  });
}

describe('built files', () => {
  it('writes a brotli and a gzip copy beside each text file, and none beside an image', () => {
    expect(
      zlib.brotliDecompressSync(fs.readFileSync(path.join(webDist, 'assets', 'main-abc123.js.br'))).toString(),
    ).toBe(script);
    expect(zlib.gunzipSync(fs.readFileSync(path.join(webDist, 'assets', 'main-abc123.js.gz'))).toString()).toBe(script);
    expect(fs.existsSync(path.join(webDist, 'assets', 'logo-abc123.png.br'))).toBe(false);
  });

  it.each([
    ['gzip, deflate, br, zstd', 'br', (b: Buffer) => zlib.brotliDecompressSync(b)],
    ['gzip', 'gzip', (b: Buffer) => zlib.gunzipSync(b)],
    ['br;q=0, gzip;q=0.5', 'gzip', (b: Buffer) => zlib.gunzipSync(b)],
    ['identity', undefined, (b: Buffer) => b],
    [null, undefined, (b: Buffer) => b],
  ])(
    'a hashed script asked with Accept-Encoding %p comes as %p, immutable, varying on the encoding',
    async (accept, encoding, decode) => {
      const res = await rawGet('/assets/main-abc123.js', accept);
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/^text\/javascript/);
      expect(res.headers['vary']).toMatch(/Accept-Encoding/i);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(Number(res.headers['content-length'])).toBe(res.body.length);
      if (encoding) expect(res.body.length).toBeLessThan(script.length / 4);
      expect(decode(res.body).toString()).toBe(script);
    },
  );

  it('sends an image as it is', async () => {
    const res = await rawGet('/assets/logo-abc123.png', 'br, gzip');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-type']).toBe('image/png');
  });

  it('has the app page revalidated on every visit (no-cache), compressed too', async () => {
    const res = await rawGet('/dashboard', 'br');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(zlib.brotliDecompressSync(res.body).toString()).toContain('<div id="root"></div>');
  });

  it('answers a missing asset with a plain 404, not the page', async () => {
    const res = await rawGet('/assets/missing-abc.js', 'br');
    expect(res.status).toBe(404);
    expect(res.body.toString()).toBe('Not found');
  });
});

describe('API answers', () => {
  const BIG = '{ products { id slug name description longDescription features price } }';

  it('are compressed with brotli (or gzip) from 1 KiB on, and decode to the same JSON', async () => {
    const plain = await rawGraphql(BIG, 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const json = JSON.parse(plain.body.toString());
    expect(json.data.products.length).toBeGreaterThan(10);

    const br = await rawGraphql(BIG, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toMatch(/Accept-Encoding/i);
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(plain.body.length / 2);
    expect(JSON.parse(zlib.brotliDecompressSync(br.body).toString())).toEqual(json);

    const gzip = await rawGraphql(BIG, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gzip.body).toString())).toEqual(json);
  });

  it('under 1 KiB are sent as they are (compressing them saves less than a packet)', async () => {
    const small = await rawGraphql('{ products { id } }', 'br, gzip');
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers['vary']).toMatch(/Accept-Encoding/i);
    expect(JSON.parse(small.body.toString()).data.products.length).toBeGreaterThan(10);
  });
});

describe('sitemap.xml and robots.txt', () => {
  it('lists the public pages and every active product at PUBLIC_URL, and no inactive one', async () => {
    await server.sql(
      `INSERT INTO products (slug, name, category, description, price, active) VALUES ('retired-script', 'Retired', 'scripts', 'Gone', 1, false)`,
    );
    const active = await server.sql<{ slug: string }>(`SELECT slug FROM products WHERE active ORDER BY slug`);
    const res = await fetch(`${server.url}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = await res.text();
    const locs = Array.from(xml.matchAll(/<loc>([^<]+)<\/loc>/g), (m) => m[1]);
    const productSlugs = locs.filter((l) => l.startsWith(`${PUBLIC_URL}/products/`)).map((l) => l.split('/').pop());
    expect(productSlugs.sort()).toEqual(active.map((r) => r.slug));
    expect(productSlugs).not.toContain('retired-script');
    for (const page of ['/', '/products', '/guides', '/support']) expect(locs).toContain(PUBLIC_URL + page);
  });

  it('robots.txt keeps crawlers out of the admin panel and the dashboard and names the sitemap', async () => {
    const res = await fetch(`${server.url}/robots.txt`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Disallow: \/admin$/m);
    expect(text).toMatch(/^Disallow: \/dashboard$/m);
    expect(text).not.toMatch(/^Disallow: \/$/m);
    expect(text).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });
});
