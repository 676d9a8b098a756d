/**
 * The Content-Security-Policy as Chromium enforces it: the store, checkout's QR code, the admin panel
 * (live over WebSocket) and the bundled GraphiQL all work without a single violation; another site
 * cannot frame the admin panel; a missing asset reveals no file-system path.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { signInBrowser } from './support/orders';
import { signUpViaApi, submitAdminLogin } from './support/store';

/** The browser globals these checks use (tests/e2e has no DOM typings). */
interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}
interface BrowserGlobals {
  document: {
    addEventListener(
      type: 'securitypolicyviolation',
      listener: (event: {
        effectiveDirective: string;
        blockedURI: string;
        sourceFile: string;
        lineNumber: number;
      }) => void,
    ): void;
  };
  sessionStorage: KeyValueStore;
  localStorage: KeyValueStore;
}

/**
 * Records what CSP refuses on this page: the console's "Refused to …" / "Content Security Policy"
 * lines and the documents' `securitypolicyviolation` events (kept across navigations in sessionStorage).
 */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const logged: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (/Content Security Policy|Refused to/i.test(text)) logged.push(text);
  });
  await page.addInitScript(() => {
    const { document, sessionStorage } = globalThis as unknown as BrowserGlobals;
    document.addEventListener('securitypolicyviolation', (event) => {
      const seen = JSON.parse(sessionStorage.getItem('csp-violations') ?? '[]') as string[];
      seen.push(
        `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      );
      sessionStorage.setItem('csp-violations', JSON.stringify(seen));
    });
  });
  return async () => {
    const events = await page
      .evaluate(() => {
        const { sessionStorage } = globalThis as unknown as BrowserGlobals;
        return JSON.parse(sessionStorage.getItem('csp-violations') ?? '[]') as string[];
      })
      .catch(() => []);
    return [...logged, ...events];
  };
}

test('the storefront, a product, sign-in and checkout run without a CSP violation', async ({ page }) => {
  const violations = await watchCsp(page);

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
  await expect
    .poll(() =>
      qr.evaluate((img) => {
        const loaded = img as unknown as { complete: boolean; naturalWidth: number };
        return loaded.complete ? loaded.naturalWidth : 0;
      }),
    )
    .toBeGreaterThan(0);

  expect(await violations()).toEqual([]);
});

test('the admin panel signs in and goes live over WebSocket without a CSP violation', async ({ page }) => {
  const violations = await watchCsp(page);
  await submitAdminLogin(page);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  // "Live" means the graphql-ws connection is open: connect-src allows the same-origin WebSocket.
  await expect(page.getByTestId('live-indicator')).toHaveText('Live');
  expect(await violations()).toEqual([]);
});

test('GraphiQL loads and runs a query without a CSP violation', async ({ page }) => {
  const violations = await watchCsp(page);
  await page.goto('/graphql');
  const editor = page.getByLabel('Query Editor').locator('.CodeMirror');
  await expect(editor).toBeVisible();
  await editor.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  // The editor closes brackets as they are typed; typing the closing ones steps over them.
  await page.keyboard.type('{ products { name } }');
  await expect(editor).toContainText('{ products { name } }');
  // GraphiQL takes in an edit 100 ms after the last keystroke (then saves it): run only after that, or
  // it sends the previous operation's name.
  await expect
    .poll(() => page.evaluate(() => (globalThis as unknown as BrowserGlobals).localStorage.getItem('graphiql:query')))
    .toBe('{ products { name } }');
  await page.getByRole('button', { name: 'Execute query (Ctrl-Enter)' }).click();
  await expect(page.getByLabel('Result Window')).toContainText('"name": "Litecoin (LTC) Licence Key"');
  expect(await violations()).toEqual([]);
});

test('another site cannot frame the admin panel', async ({ page, baseURL }) => {
  // Another origin on the same machine (another port): a public one would be stopped by Chromium's
  // private-network rules before CSP had a say.
  const attacker = http.createServer((_req, res) => {
    res.setHeader('content-type', 'text/html');
    res.end(`<h1>Win a prize</h1><iframe src="${baseURL}/admin"></iframe>`);
  });
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  try {
    await page.goto(`http://127.0.0.1:${(attacker.address() as AddressInfo).port}/`);
    const frame = page.frameLocator('iframe');
    // Chromium replaces a refused frame with its error page; the admin login never renders inside it.
    await expect.poll(() => page.frames()[1]?.url()).toMatch(/^chrome-error:/);
    await expect(frame.getByLabel('Email')).toHaveCount(0);
    await expect(frame.getByRole('button', { name: 'Sign In' })).toHaveCount(0);
  } finally {
    attacker.close();
  }
});

test('a missing asset is a plain 404 that names no file-system path', async ({ request }) => {
  const res = await request.get('/assets/nonexistent.js');
  expect(res.status()).toBe(404);
  expect(res.headers()['content-type']).toMatch(/^text\/plain/);
  const body = await res.text();
  expect(body).toBe('Not found');
});
