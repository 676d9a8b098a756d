/**
 * The Content-Security-Policy as Chromium enforces it: the store, checkout's QR code, the admin panel
 * (live over WebSocket) and the bundled GraphiQL all work without a single violation; another site
 * cannot frame the admin panel; a missing asset reveals no file-system path.
 */
import { expect, test, type Page } from '@playwright/test';
import { signInBrowser } from './support/orders';
import { signUpViaApi, submitAdminLogin } from './support/store';

/**
 * Records what CSP refuses on this page: the console's "Refused to …" / "Content Security Policy"
 * lines and the documents' `securitypolicyviolation` events (kept across navigations in sessionStorage).
 */
function watchCsp(page: Page): () => Promise<string[]> {
  const logged: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (/Content Security Policy|Refused to/i.test(text)) logged.push(text);
  });
  void page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const seen = JSON.parse(sessionStorage.getItem('csp-violations') ?? '[]') as string[];
      seen.push(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`);
      sessionStorage.setItem('csp-violations', JSON.stringify(seen));
    });
  });
  return async () => {
    const events = await page
      .evaluate(() => JSON.parse(sessionStorage.getItem('csp-violations') ?? '[]') as string[])
      .catch(() => []);
    return [...logged, ...events];
  };
}

test('the storefront, a product, sign-in and checkout run without a CSP violation', async ({ page }) => {
  const violations = watchCsp(page);

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await page.goto('/products/litecoin-keys');
  await expect(page.getByRole('heading', { level: 1, name: 'Litecoin (LTC) Licence Key' })).toBeVisible();

  await page.goto('/auth');
  await expect(page.getByRole('tab', { name: 'Sign In' })).toBeVisible();

  // Checkout's QR code is a data: SVG image: it must load, not be refused.
  await signInBrowser(page, await signUpViaApi(page.request));
  await page.goto('/checkout?product=litecoin-keys');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  const qr = page.getByRole('img', { name: 'QR code of the USDT (TRC-20) payment address' });
  await expect(qr).toBeVisible();
  await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);

  expect(await violations()).toEqual([]);
});

test('the admin panel signs in and goes live over WebSocket without a CSP violation', async ({ page }) => {
  const violations = watchCsp(page);
  await submitAdminLogin(page);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  // "Live" means the graphql-ws connection is open: connect-src allows the same-origin WebSocket.
  await expect(page.getByTestId('live-indicator')).toHaveText('Live');
  expect(await violations()).toEqual([]);
});

test('GraphiQL loads and runs a query without a CSP violation', async ({ page }) => {
  const violations = watchCsp(page);
  await page.goto('/graphql');
  const editor = page.getByLabel('Query Editor').locator('.CodeMirror');
  await expect(editor).toBeVisible();
  await editor.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  // The editor closes brackets as they are typed; typing the closing ones steps over them.
  await page.keyboard.type('{ products { name } }');
  await expect(editor).toContainText('{ products { name } }');
  await page.getByRole('button', { name: 'Execute query (Ctrl-Enter)' }).click();
  await expect(page.getByLabel('Result Window')).toContainText('"name": "Litecoin (LTC) Licence Key"');
  expect(await violations()).toEqual([]);
});

test('another site cannot frame the admin panel', async ({ page, baseURL }) => {
  const refusals: string[] = [];
  page.on('console', (message) => {
    if (/frame-ancestors/.test(message.text())) refusals.push(message.text());
  });
  // A page of another origin (served by the browser itself) that tries to embed /admin.
  await page.route('http://attacker.test/', (route) =>
    route.fulfill({ contentType: 'text/html', body: `<h1>Win a prize</h1><iframe src="${baseURL}/admin"></iframe>` }),
  );
  await page.goto('http://attacker.test/');
  await expect.poll(() => refusals.length).toBeGreaterThan(0);
  expect(refusals[0]).toContain(`${baseURL}/admin`);
  await expect(page.frameLocator('iframe').getByLabel('Email')).toHaveCount(0);
});

test('a missing asset is a plain 404 that names no file-system path', async ({ request }) => {
  const res = await request.get('/assets/nonexistent.js');
  expect(res.status()).toBe(404);
  expect(res.headers()['content-type']).toMatch(/^text\/plain/);
  const body = await res.text();
  expect(body).toBe('Not found');
});
