/**
 * Server rendering of the public pages (docs/architecture.md "Web rendering"): the HTML as a crawler or a browser
 * without JavaScript gets it holds the catalogue; hydration in a browser is silent and does not ask the API again;
 * product pages carry a JSON-LD Product; sitemap.xml lists the active catalogue; a stock change shows in the next
 * rendered page; the catalogue can be browsed with JavaScript off.
 */
import { expect, test, type APIRequestContext, type ConsoleMessage, type Page } from '@playwright/test';
import { adminToken, gotoHydrated, gql } from './support/store';

interface ApiProduct {
  id: string;
  slug: string;
  name: string;
  price: number;
  inStock: boolean;
  minQuantity: number;
}

const PRICE = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 2 });
const price = (dollars: number) => PRICE.format(dollars).replace(/\.00$/, '');

async function activeProducts(request: APIRequestContext): Promise<ApiProduct[]> {
  const data = await gql(request, '{ products { id slug name price inStock minQuantity } }');
  return data.products;
}

/** The page's HTML as sent (no script runs), and its text with tags and React's text separators removed. */
async function fetchPage(request: APIRequestContext, path: string) {
  const res = await request.get(path, { headers: { accept: 'text/html' } });
  const html = await res.text();
  const text = html
    .replace(/<!-- -->/g, '')
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ');
  return { res, html, text };
}

function jsonLd(html: string): Record<string, any>[] {
  return Array.from(html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g), (m) =>
    JSON.parse(m[1]),
  );
}

test.describe('server-rendered HTML', () => {
  test('/products holds every active product with its price, and its SEO head', async ({ request }) => {
    const products = await activeProducts(request);
    const { res, html, text } = await fetchPage(request, '/products');
    expect(res.status()).toBe(200);
    expect(res.headers()['cache-control']).toBe('no-cache');
    for (const product of products) {
      expect(text).toContain(product.name);
      expect(text).toContain(price(product.price));
    }
    expect(html).toMatch(/<title>Products — CryptoCerts<\/title>/);
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/localhost:\d+\/products" \/>/);
    expect(html).toContain('<meta property="og:title" content="Products — CryptoCerts" />');
    expect(html).toMatch(/<meta name="description" content="[^"]{50,}" \/>/);
  });

  test('a product page holds its name, price and description, and a JSON-LD Product that matches it', async ({
    request,
  }) => {
    const products = await activeProducts(request);
    const product = products.find((p) => p.slug === 'ssl-certificates')!;
    const { res, html, text } = await fetchPage(request, '/products/ssl-certificates');
    expect(res.status()).toBe(200);
    expect(text).toContain(product.name);
    expect(text).toContain(price(product.price));
    expect(html).toContain(`<title>${product.name} — CryptoCerts</title>`);
    expect(html).toContain('<meta property="og:type" content="product" />');
    const [ld] = jsonLd(html);
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: product.name,
      sku: product.slug,
      url: expect.stringMatching(/\/products\/ssl-certificates$/),
      offers: {
        '@type': 'Offer',
        price: product.price.toFixed(2),
        priceCurrency: 'USD',
        availability: product.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
        eligibleQuantity: { minValue: product.minQuantity },
      },
    });
  });

  test('the home page, guides and support arrive with their content', async ({ request }) => {
    const home = await fetchPage(request, '/');
    expect(home.text).toContain('Secure Your Website with SSL Certificates, Paid in Crypto');
    for (const offer of ['1 SSL Certificate', '$14', '5 SSL Certificates', '$70', '10 SSL Certificates', '$140']) {
      expect(home.text).toContain(offer);
    }
    const { guides } = await gql(request, '{ guides { title } }');
    const guidesPage = await fetchPage(request, '/guides');
    expect(guides.length).toBeGreaterThan(0);
    // The first tab's guides are rendered; every title is in the page's data for the other tabs.
    expect(guidesPage.html).toContain(guides[0].title);
    expect(guidesPage.text).toContain('SSL Installation Guides');
    const support = await fetchPage(request, '/support');
    expect(support.text).toContain('Create a Support Ticket');
  });

  test('an unknown product is a 404 page that asks not to be indexed', async ({ request }) => {
    const { res, html, text } = await fetchPage(request, '/products/no-such-product');
    expect(res.status()).toBe(404);
    expect(text).toContain('Product Not Found');
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(jsonLd(html)).toEqual([]);
  });

  test('sitemap.xml lists every active product and the public pages; robots.txt keeps crawlers out of admin', async ({
    request,
  }) => {
    const products = await activeProducts(request);
    const xml = await (await request.get('/sitemap.xml')).text();
    const locs = Array.from(xml.matchAll(/<loc>([^<]+)<\/loc>/g), (m) => new URL(m[1]).pathname);
    expect(locs.filter((p) => p.startsWith('/products/')).sort()).toEqual(
      products.map((p) => `/products/${p.slug}`).sort(),
    );
    expect(locs).toEqual(expect.arrayContaining(['/', '/products', '/guides', '/support']));
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toContain('Disallow: /admin');
    expect(robots).toContain('Disallow: /dashboard');
  });

  test('a stock change shows in the next rendered page, in the page and in its JSON-LD', async ({ request }) => {
    // A product no other spec relies on; restored at the end.
    const SLUG = 'monero-classic-key';
    const before = (await activeProducts(request)).find((p) => p.slug === SLUG)!;
    expect(before.inStock).toBe(true);
    await fetchPage(request, `/products/${SLUG}`); // rendered and kept with the catalogue
    const token = await adminToken(request);
    const setStock = (inStock: boolean) =>
      gql(
        request,
        'mutation ($id: ID!, $inStock: Boolean!) { setProductStock(productId: $id, inStock: $inStock) { id } }',
        { id: before.id, inStock },
        token,
      );
    await setStock(false);
    try {
      const after = await fetchPage(request, `/products/${SLUG}`);
      expect(jsonLd(after.html)[0].offers.availability).toBe('https://schema.org/OutOfStock');
      expect(after.text).toContain('Out of Stock');
      const list = await fetchPage(request, '/products');
      expect(list.html).toContain(before.name);
    } finally {
      await setStock(true);
    }
    const restored = await fetchPage(request, `/products/${SLUG}`);
    expect(jsonLd(restored.html)[0].offers.availability).toBe('https://schema.org/InStock');
  });
});

/** Console errors and warnings, uncaught errors and GraphQL requests while a page loads and hydrates. */
function watch(page: Page) {
  const problems: string[] = [];
  const queries: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('request', (req) => {
    if (req.url().endsWith('/graphql')) queries.push(JSON.parse(req.postData() ?? '{}').query ?? '');
  });
  return { problems, queries };
}

test.describe('hydration', () => {
  for (const path of ['/', '/products', '/products/ssl-certificates', '/guides', '/support']) {
    test(`${path} hydrates without errors or warnings and without fetching its data again`, async ({ page }) => {
      const { problems, queries } = watch(page);
      await gotoHydrated(page, path);
      await page.waitForLoadState('networkidle');
      // Hydrated: React handles the menu button (a click opens the drawer, which needs JavaScript).
      await page.setViewportSize({ width: 360, height: 740 });
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(page.locator('.MuiDrawer-paper').getByRole('link', { name: 'Home' })).toBeVisible();
      expect(problems).toEqual([]);
      // Only the session check (deferred until the page has loaded); the page's own data came with the HTML.
      expect(queries.filter((q) => !q.includes('RefreshSession'))).toEqual([]);
    });
  }
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the catalogue, a product and the guides can be browsed', async ({ page, request }) => {
    const products = await activeProducts(request);
    const product = products.find((p) => p.slug === 'ssl-certificates')!;
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Secure Your Website with SSL Certificates, Paid in Crypto',
    );
    await page.getByRole('main').getByRole('link', { name: 'Browse Products' }).click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Our Products' })).toBeVisible();
    const card = page.getByRole('article', { name: product.name, exact: true });
    await expect(card.getByText(price(product.price), { exact: true })).toBeVisible();
    await card.getByRole('link', { name: 'View Details' }).click();
    await expect(page).toHaveURL(/\/products\/ssl-certificates$/);
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Installation Guide' }).click();
    await expect(page).toHaveURL(/\/guides$/);
    await expect(page.getByTestId('guide-card').first()).toBeVisible();
  });
});

test.describe('screenshots', () => {
  for (const javaScriptEnabled of [true, false]) {
    test.describe(`JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
      test.use({ javaScriptEnabled });
      for (const width of [360, 1280]) {
        test(`/ and a product page at ${width} px`, async ({ page }, testInfo) => {
          await page.setViewportSize({ width, height: 900 });
          for (const [name, path] of [
            ['home', '/'],
            ['product', '/products/ssl-certificates'],
          ]) {
            await page.goto(path);
            await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
            await page.screenshot({
              path: testInfo.outputPath(`ssr-${name}-${width}-js-${javaScriptEnabled ? 'on' : 'off'}.png`),
              fullPage: true,
            });
          }
        });
      }
    });
  }
});
