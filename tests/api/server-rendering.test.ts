/**
 * Server-rendered pages against the real web build (docs/architecture.md "Web rendering"): what a crawler gets, and
 * that a product's price change, made as any product change is (the row, then the `products` notification), is in
 * the very next rendered page although pages are kept with the catalogue. Pages a visitor can vary at will (made-up
 * product slugs, query strings) are kept too, so they cost no render each (review finding 12). Uses `web/dist` when it
 * holds a server build newer than the web sources (as after `npm run build`), else builds one into `.test-data/`.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_STORE_SETTINGS } from '../../common/store-settings';
import { EventBus } from '../../server/src/core/event-bus';
import { GuideService } from '../../server/src/guides/guide.service';
import {
  CatalogueRenderedPages,
  renderingStats,
  SEARCH_PAGES_PER_CATALOGUE,
  withSettings,
} from '../../server/src/http/server-rendering';
import { StoreSettingsService } from '../../server/src/store-settings/store-settings.service';
import { repoRoot } from '../../server/src/paths';
import { eventually } from '../support/eventually';
import { startTestServer, type TestServer, type TestUser } from '../support/test-server';

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
let admin: TestUser;
beforeAll(async () => {
  server = await startTestServer({ env: { WEB_DIST_DIR: webBuild(), PUBLIC_URL: 'https://shop.example.com' } });
  admin = await server.createUser({ admin: true });
}, 240_000);
afterAll(() => server.close());

const page = async (url: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${server.url}${url}`, { headers: { accept: 'text/html', ...headers } });
  return { status: res.status, html: await res.text() };
};
const jsonLdOffer = (html: string) =>
  JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]).offers;
const apolloState = (html: string) =>
  JSON.parse(/<script type="application\/json" id="__APOLLO_STATE__">([\s\S]*?)<\/script>/.exec(html)![1]);

/**
 * How many pages the server rendered while answering 40 requests for `url(i)` (after 5 not counted), each answered
 * `status`: a URL a visitor can vary must be answered from a kept page, not rendered again.
 */
async function rendersFor(url: (i: number) => string, status: number): Promise<number> {
  const get = async (i: number) => expect((await page(url(i), { 'accept-encoding': 'identity' })).status).toBe(status);
  for (let i = 0; i < 5; i++) await get(-i - 1);
  const before = renderingStats.renders;
  for (let i = 0; i < 40; i++) await get(i);
  return renderingStats.renders - before;
}

/** The paths of the rendered pages kept in a store (CatalogueRenderedPages, GuideService.keptWithGuides). */
/** The pages kept in a store: within it, those of the current store settings (server-rendering.ts withSettings). */
const keptPages = (store: Map<string, unknown>) =>
  [...withSettings(store, server.app.container.get(StoreSettingsService).version()).keys()].filter((key) =>
    key.startsWith('page\n'),
  );

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

describe('a made-up product URL', () => {
  it('gets the Product Not Found page (404, noindex) with its own URL, from one kept page', async () => {
    const slugs = Array.from({ length: 3 }, (_, i) => `no-such-product-${i}`);
    for (const slug of slugs) {
      const { status, html } = await page(`/products/${slug}`);
      expect(status).toBe(404);
      expect(html).toContain('<title>Product Not Found — CryptoCerts</title>');
      expect(html).toContain('<meta name="robots" content="noindex" />');
      expect(html).not.toContain('rel="canonical"');
      expect(html).toMatch(/<h1[^>]*>Product Not Found<\/h1>/);
      expect(html).toContain('doesn&#x27;t exist or is no longer available');
      expect(html).toContain(`<meta property="og:url" content="https://shop.example.com/products/${slug}" />`);
      // The browser hydrates from the answer for its own slug, so it shows the same page without asking again.
      expect(apolloState(html).ROOT_QUERY[`product({"slug":"${slug}"})`]).toBeNull();
      expect(html).not.toContain('_unknown_slug_');
    }
    // One page for every slug: the same bytes but for the slug.
    const [a, b] = await Promise.all(slugs.slice(0, 2).map(async (slug) => (await page(`/products/${slug}`)).html));
    expect(a.replaceAll(slugs[0], 'x')).toBe(b.replaceAll(slugs[1], 'x'));

    // Rendered once: a new slug on every request costs no render.
    expect(await rendersFor((i) => `/products/made-up-${i}-${Date.now()}`, 404)).toBe(0);
    // and keeps nothing per slug: the catalogue's store holds the 404 page once, next to real pages only.
    const store = await server.app.container.get(CatalogueRenderedPages).current();
    expect((await page('/products/one-more-made-up')).status).toBe(404);
    expect(keptPages(store).filter((key) => !/^page\n\/(products(\/[a-z0-9-]+)?|support)?$/.test(key))).toEqual([
      'page\n/products/_unknown_slug_',
    ]);
  });

  it('is the product once a product with that slug is added', async () => {
    const slug = 'rendering-new-bot';
    expect((await page(`/products/${slug}`)).status).toBe(404);
    const input = {
      name: 'Rendering New Bot',
      slug,
      category: 'trading_bots',
      description: 'Added while its 404 page was kept',
      price: 12.5,
      priceTiers: [],
      minQuantity: 1,
      features: [],
      fulfilment: 'MANUAL',
      active: true,
    };
    const created = await server.gql(
      `mutation ($input: ProductInput!) { createProduct(input: $input) { id } }`,
      { input },
      { token: admin.token },
    );
    expect(created.errors).toBeUndefined();
    const after = await page(`/products/${slug}`);
    expect(after.status).toBe(200);
    expect(after.html).toContain('<title>Rendering New Bot — CryptoCerts</title>');
    expect(jsonLdOffer(after.html).price).toBe('12.50');
  });
});

describe('/products with filters in the address (issue 31)', () => {
  const cards = (html: string) => html.match(/data-testid="product-card"/g)?.length ?? 0;

  it('renders the category, search and sort it is asked for, one kept page per filter however it is spelt', async () => {
    const [{ count }] = await server.sql<{ count: string }>(
      `SELECT count(*) FROM products WHERE active AND category = 'crypto_keys'`,
    );
    const crypto = await page('/products?category=crypto_keys');
    expect(crypto.status).toBe(200);
    expect(cards(crypto.html)).toBe(Number(count));
    expect(crypto.html).toMatch(/<h2[^>]*>Litecoin \(LTC\) Licence Key<\/h2>/);
    expect(crypto.html).not.toMatch(/<h2[^>]*>Bitcoin Trading Bot Pro<\/h2>/);
    // The canonical URL stays the catalogue's: a filter is a view of it.
    expect(crypto.html).toContain('<link rel="canonical" href="https://shop.example.com/products" />');

    const search = await page('/products?q=litecoin&category=crypto_keys');
    expect(cards(search.html)).toBe(1);
    expect(search.html).toContain('value="litecoin"');
    const sorted = await page('/products?category=crypto_keys&sort=price-desc');
    const names = [...sorted.html.matchAll(/<h2[^>]*id="product-[^"]+"[^>]*>([^<]+)<\/h2>/g)].map((m) => m[1]);
    expect(names[0]).toBe('Monero (XMR) Licence Key');

    // The same filter in another spelling (defaults, junk, order) is the same kept page, rendered once.
    for (const query of [
      '?sort=price&category=crypto_keys',
      '?category=crypto_keys&utm_source=x',
      '?category=crypto_keys&category=nope',
    ]) {
      expect((await page(`/products${query}`)).html).toBe(crypto.html);
    }
    expect(await rendersFor((i) => `/products?category=crypto_keys&junk=${i}`, 200)).toBe(0);
    expect((await page('/products?category=made-up&sort=cheapest')).html).toBe((await page('/products')).html);
  });

  it(`keeps at most ${SEARCH_PAGES_PER_CATALOGUE} searches per catalogue; a further one is the client-rendered page`, async () => {
    const store = await server.app.container.get(CatalogueRenderedPages).current();
    const searches = () => keptPages(store).filter((key) => key.includes('q=')).length;
    for (let i = 0; searches() < SEARCH_PAGES_PER_CATALOGUE; i++) {
      expect((await page(`/products?q=fill${i}-${Date.now()}`)).html).toContain('__APOLLO_STATE__');
    }
    const before = renderingStats.renders;
    const beyond = await page(`/products?q=one-more-${Date.now()}`);
    expect(beyond.status).toBe(200);
    expect(beyond.html).not.toContain('__APOLLO_STATE__');
    expect(beyond.html).toContain('<div id="root"></div>');
    expect(renderingStats.renders).toBe(before);
    expect(searches()).toBe(SEARCH_PAGES_PER_CATALOGUE);
    // A search already kept is still served from it.
    expect(cards((await page('/products?category=crypto_keys&q=litecoin')).html)).toBe(1);
  });
});

describe('/guides', () => {
  it('is one kept page whatever the query string, rendered once', async () => {
    const plain = await page('/guides');
    expect(plain.status).toBe(200);
    expect(plain.html).toContain('<title>SSL Installation Guides — CryptoCerts</title>');
    for (const query of ['?search=nginx', '?utm_source=x&utm_medium=y', `?${'a'.repeat(2000)}=1`, '?tab=WEB_SERVER']) {
      expect((await page(`/guides${query}`)).html).toBe(plain.html);
    }
    expect(await rendersFor((i) => `/guides?junk=${i}-${Date.now()}&q=${'x'.repeat(Math.max(0, i) * 10)}`, 200)).toBe(
      0,
    );
    expect(keptPages(server.app.container.get(GuideService).keptWithGuides())).toEqual(['page\n/guides']);
  });

  it('shows a guide change in the next page after it commits', async () => {
    const [guide] = await server.sql<{ id: string; title: string }>(
      `SELECT id, title FROM installation_guides WHERE category = 'HOSTING_PANEL' ORDER BY views DESC, title LIMIT 1`,
    );
    expect((await page('/guides')).html).toContain(`>${guide.title}<`);
    // Changed by SQL, as guides are (the app never writes them): the table's trigger announces it.
    await server.sql(`UPDATE installation_guides SET title = 'Renamed Panel Guide' WHERE id = $1`, [guide.id]);
    try {
      const after = await eventually(
        async () => {
          const { html } = await page('/guides');
          return html.includes('>Renamed Panel Guide<') && html;
        },
        5_000,
        'renamed guide on /guides',
      );
      expect(after).not.toContain(`>${guide.title}<`);
    } finally {
      await server.sql(`UPDATE installation_guides SET title = $2 WHERE id = $1`, [guide.id, guide.title]);
    }
  });
});

describe('store settings on rendered pages', () => {
  const SAVE = `mutation ($input: StoreSettingsInput!) { updateStoreSettings(input: $input) { storeName } }`;

  it("renders /terms with the owner's text, and a save drops every kept page (name, contacts, texts)", async () => {
    const before = await page('/terms');
    expect(before.status).toBe(200);
    expect(before.html).toContain('<title>Terms of Service — CryptoCerts</title>');
    expect(before.html).toContain(DEFAULT_STORE_SETTINGS.termsText.split('\n')[0]);
    // Kept pages of the catalogue and of the guides, rendered before the save.
    expect((await page('/support')).html).toContain('support@cryptocerts.store');
    expect((await page('/guides')).html).toContain('>CryptoCerts<');

    const input = {
      ...DEFAULT_STORE_SETTINGS,
      storeName: 'Owner Named Shop',
      supportEmail: 'help@owner.example',
      termsText: 'Owner terms <b>not markup</b>.\n\nSecond paragraph.',
    };
    const saved = await server.gql(SAVE, { input }, { token: admin.token });
    expect(saved.errors).toBeUndefined();
    try {
      const terms = await page('/terms');
      expect(terms.html).toContain('<title>Terms of Service — Owner Named Shop</title>');
      // Plain text: the owner's angle brackets are escaped, never markup; each paragraph its own.
      expect(terms.html).toContain('Owner terms &lt;b&gt;not markup&lt;/b&gt;.</p>');
      expect(terms.html).toContain('>Second paragraph.</p>');
      const support = await page('/support');
      expect(support.html).toContain('help@owner.example');
      expect(support.html).not.toContain('support@cryptocerts.store');
      expect((await page('/guides')).html).toContain('>Owner Named Shop<');
    } finally {
      await server.gql(SAVE, { input: DEFAULT_STORE_SETTINGS }, { token: admin.token });
    }
  });
});
