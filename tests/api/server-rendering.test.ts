/**
 * Server-rendered pages against the real web build (docs/architecture.md "Web rendering"): what a crawler gets, and
 * that a product's price change, made as any product change is (the row, then the `products` notification), is in
 * the very next rendered page although pages are kept with the catalogue. Uses `web/dist` when it holds a server
 * build newer than the web sources (as after `npm run build`), else builds one into `.test-data/`.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { EventBus } from '../../server/src/core/event-bus';
import { repoRoot } from '../../server/src/paths';
import { startTestServer, type TestServer } from '../support/test-server';

const SOURCES = ['web/src', 'web/public', 'web/index.html', 'web/vite.config.ts', 'web/build', 'common'];

function newestSource(): number {
  let newest = 0;
  const visit = (p: string) => {
    const stat = fs.statSync(p);
    if (stat.isDirectory()) for (const name of fs.readdirSync(p)) visit(path.join(p, name));
    else newest = Math.max(newest, stat.mtimeMs);
  };
  for (const entry of SOURCES) visit(path.join(repoRoot, entry));
  return newest;
}

/** A web build with the server-rendering bundle, no older than the sources. */
function webBuild(): string {
  const fresh = (dir: string) => {
    const bundle = path.join(dir, '.ssr', 'entry-server.cjs');
    return fs.existsSync(bundle) && fs.statSync(bundle).mtimeMs >= newestSource();
  };
  const dist = path.join(repoRoot, 'web', 'dist');
  if (fresh(dist)) return dist;
  const own = path.join(repoRoot, '.test-data', 'web-ssr-test');
  if (fresh(own)) return own;
  for (const ssr of [[], ['--ssr']]) {
    const result = spawnSync(
      'npx',
      ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'error', ...ssr],
      {
        cwd: repoRoot,
        env: { ...process.env, WEB_DIST_DIR: own, NODE_ENV: 'production' },
        encoding: 'utf8',
      },
    );
    if (result.status !== 0) throw new Error(`vite build failed: ${result.stderr}`);
  }
  return own;
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { WEB_DIST_DIR: webBuild(), PUBLIC_URL: 'https://shop.example.com' } });
}, 240_000);
afterAll(() => server.close());

const page = async (url: string) => {
  const res = await fetch(`${server.url}${url}`, { headers: { accept: 'text/html' } });
  return { status: res.status, html: await res.text() };
};
const jsonLdOffer = (html: string) =>
  JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]).offers;

describe('server-rendered product page', () => {
  it('shows a new price in the next page after the change, and in its JSON-LD', async () => {
    const before = await page('/products/bitcoin-bot');
    expect(before.status).toBe(200);
    const [{ id, price }] = await server.sql<{ id: string; price: string }>(
      `SELECT id, price FROM products WHERE slug = 'bitcoin-bot'`,
    );
    expect(jsonLdOffer(before.html).price).toBe(Number(price).toFixed(2));
    // Kept with the catalogue: the same page again until the catalogue changes.
    expect((await page('/products/bitcoin-bot')).html).toBe(before.html);

    await server.sql(`UPDATE products SET price = 1234.5 WHERE id = $1`, [id]);
    await server.app.container.get(EventBus).publish({ topic: 'products', id });
    // The notification comes back through PostgreSQL: the next page after it has the new price.
    let after = await page('/products/bitcoin-bot');
    for (let i = 0; i < 100 && !after.html.includes('$1,234.5'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      after = await page('/products/bitcoin-bot');
    }
    expect(after.html).toContain('$1,234.5');
    expect(jsonLdOffer(after.html)).toMatchObject({ price: '1234.50', priceCurrency: 'USD' });
    expect((await page('/products')).html).toContain('$1,234.5');
  });

  it('carries the canonical URL at PUBLIC_URL and the data the browser hydrates from', async () => {
    const { html } = await page('/products/bitcoin-bot');
    expect(html).toContain('<link rel="canonical" href="https://shop.example.com/products/bitcoin-bot" />');
    const state = JSON.parse(
      /<script type="application\/json" id="__APOLLO_STATE__">([\s\S]*?)<\/script>/.exec(html)![1],
    );
    expect(Object.values(state).some((entry) => (entry as { slug?: string }).slug === 'bitcoin-bot')).toBe(true);
    expect(html).not.toMatch(/<script>(?!<\/script>)/); // no inline script: the CSP would block it
  });
});
