/**
 * The shop as its owner names it, and only what it can take (issue 31, items 2 and 6; docs/product.md "Store settings",
 * "Payment methods shown"): the footer, the home page's hero and benefits and a product page name the payment methods
 * the store has configured, on the e2e store (every crypto method) and on a second store with USDT (TRC-20) only; the
 * owner edits the Terms text in the admin's Settings tab and /terms, rendered by the server, shows it; a malformed time
 * zone is refused under its field. 360 and 1280 px screenshots, axe clean.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEFAULT_STORE_SETTINGS, STORE_SETTINGS_MESSAGES } from '../../common/store-settings';
import { startSecondStore, type SecondStore } from './support/second-store';
import { adminToken, E2E_ADMIN, gql, seriousA11yViolations, submitAdminLogin } from './support/store';

const SHOTS = 'test-results/store-settings';
const CRYPTO = ['USDT (TRC-20)', 'Bitcoin (BTC)', 'Ethereum (ETH)', 'USDT (ERC-20)'];

async function footerMethods(page: Page): Promise<string[]> {
  return page.getByTestId('footer-methods').getByRole('listitem').allTextContents();
}

test.describe('payment methods shown', () => {
  let store: SecondStore;
  test.beforeAll(async () => {
    test.setTimeout(240_000);
    store = await startSecondStore({
      PAY_ADDRESS_BTC: '',
      PAY_ADDRESS_ETH: '',
      PAY_ADDRESS_USDT_ERC20: '',
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
    });
  });
  test.afterAll(async () => {
    await store?.stop();
  });

  test('the e2e store names every configured crypto method and never PayPal or Skrill outside checkout', async ({
    page,
  }) => {
    await page.goto('/');
    expect((await footerMethods(page)).sort()).toEqual([...CRYPTO].sort());
    const main = page.locator('main');
    await expect(main).not.toContainText('PayPal');
    await expect(main).not.toContainText('Skrill');
    await expect(main).toContainText('Pay with USDT (TRC-20), Bitcoin (BTC), Ethereum (ETH) or USDT (ERC-20).');
    await page.goto('/products');
    await expect(page.locator('section[aria-labelledby="why-choose-us"]')).toContainText(
      'Pay with USDT (TRC-20), Bitcoin (BTC), Ethereum (ETH) or USDT (ERC-20) — no bank account or card needed.',
    );
  });

  test('a store with USDT (TRC-20) only names only it: footer, hero, benefits, product page', async ({ page }) => {
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      // Server-rendered: the markup as sent already names only USDT (the Apollo state after it lists every method).
      const html = (await (await page.request.get(`${store.url}/`)).text()).split('__APOLLO_STATE__')[0];
      expect(html).toContain('USDT (TRC-20)');
      expect(html).not.toContain('Bitcoin (BTC)');
      expect(html).not.toContain('Ethereum (ETH)');

      await page.goto(`${store.url}/`);
      expect(await footerMethods(page)).toEqual(['USDT (TRC-20)']);
      const main = page.locator('main');
      await expect(main).toContainText('Pay with USDT (TRC-20).');
      await expect(main).not.toContainText(/Bitcoin \(BTC\)|Ethereum|BTC · ETH/);
      await page.screenshot({ path: `${SHOTS}/usdt-only-home-${width}.png`, fullPage: true });

      // /products' "Why Choose Us" too, as the server sends it and once the app has loaded.
      const catalogue = (await (await page.request.get(`${store.url}/products`)).text()).split('__APOLLO_STATE__')[0];
      expect(catalogue).toContain('Pay with USDT (TRC-20) — no bank account or card needed.');
      expect(catalogue).not.toMatch(/Bitcoin \(BTC\)|Ethereum \(ETH\)/);
      await page.goto(`${store.url}/products`);
      const reasons = page.locator('section[aria-labelledby="why-choose-us"]');
      await expect(reasons).toContainText('Pay with USDT (TRC-20) — no bank account or card needed.');
      await expect(reasons).not.toContainText(/Bitcoin \(BTC\)|Ethereum \(ETH\)/);

      await page.goto(`${store.url}/products/litecoin-keys`);
      const cta = page.locator('section[aria-labelledby="purchase-cta"]');
      await expect(cta).toContainText('Pay with USDT (TRC-20).');
      await expect(cta).toContainText('Your keys arrive in your dashboard');
      await expect(page.locator('main')).not.toContainText(/Bitcoin \(BTC\)|Ethereum \(ETH\)/);
      expect(await footerMethods(page)).toEqual(['USDT (TRC-20)']);
      await page.screenshot({ path: `${SHOTS}/usdt-only-product-${width}.png`, fullPage: true });
    }
    expect(await seriousA11yViolations(page, 'product page')).toEqual([]);
  });
});

test.describe('the store name in the admin', () => {
  let store: SecondStore;
  test.beforeAll(async () => {
    test.setTimeout(240_000);
    // A store of its own: renaming the e2e store would change the titles other specs read meanwhile.
    store = await startSecondStore({ ADMIN_EMAIL: E2E_ADMIN.email, ADMIN_PASSWORD: E2E_ADMIN.password });
  });
  test.afterAll(async () => {
    await store?.stop();
  });

  test("the admin's header shows the owner's store name, and a save in Settings renames it at once", async ({
    page,
  }) => {
    await page.goto(`${store.url}/admin`);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await page.getByLabel('Email').fill(E2E_ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
    const header = page.getByTestId('admin-store-name');
    await expect(header).toHaveText(DEFAULT_STORE_SETTINGS.storeName);

    await page.getByRole('tab', { name: 'Settings' }).click();
    const form = page.getByTestId('admin-settings');
    await form.getByLabel('Store name').fill('Harbour Keys');
    await form.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByTestId('toast').filter({ hasText: 'Settings saved' })).toBeVisible();
    await expect(header).toHaveText('Harbour Keys');
    // And from the server on a fresh load, with the store's own pages.
    await page.reload();
    await expect(page.getByTestId('admin-store-name')).toHaveText('Harbour Keys');
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${SHOTS}/admin-header-${width}.png` });
    }
    await page
      .getByRole('link', { name: /View store|Store/ })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`^${store.url}/$`));
    await expect(page.getByRole('contentinfo')).toContainText('Harbour Keys');
  });
});

test.describe('store settings', () => {
  test.afterEach(async ({ request }) => {
    // Back to the defaults for the other specs.
    await gql(
      request,
      `mutation ($input: StoreSettingsInput!) { updateStoreSettings(input: $input) { storeName } }`,
      { input: DEFAULT_STORE_SETTINGS },
      await adminToken(request),
    );
  });

  test('the owner edits the Terms in Settings; /terms (server-rendered) and the footer link show it', async ({
    page,
  }) => {
    const terms = `Terms written by the owner ${Date.now()}.\n\nA second paragraph of them.`;
    await submitAdminLogin(page);
    await page.waitForURL(/\/admin\/dashboard/);
    await page.getByRole('tab', { name: 'Settings' }).click();
    const form = page.getByTestId('admin-settings');
    await expect(form.getByLabel('Store name')).toHaveValue(DEFAULT_STORE_SETTINGS.storeName);

    // A time zone the server does not know: refused under its field, focused, nothing saved.
    await form.getByLabel('Time zone of the hours').fill('Mars/Olympus');
    await form.getByRole('button', { name: 'Save settings' }).click();
    const zone = form.getByLabel('Time zone of the hours');
    await expect(zone).toHaveAttribute('aria-invalid', 'true');
    await expect(form).toContainText(STORE_SETTINGS_MESSAGES.timeZoneInvalid);
    await expect(zone).toBeFocused();
    await zone.fill('Europe/Berlin');

    await form.getByLabel('Terms of Service text').fill(terms);
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${SHOTS}/admin-settings-${width}.png`, fullPage: true });
    }
    expect(await seriousA11yViolations(page, 'settings tab')).toEqual([]);
    await form.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByTestId('toast').filter({ hasText: 'Settings saved' })).toBeVisible();

    // The server renders the page with the owner's text (and the hours' new time zone on /support).
    const html = await (await page.request.get('/terms')).text();
    expect(html).toContain('Terms written by the owner');
    expect(html).toContain('A second paragraph of them.');

    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click();
    await expect(page).toHaveURL(/\/terms$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
    const text = page.getByTestId('policy-text');
    await expect(text.locator('p')).toHaveText([terms.split('\n\n')[0], terms.split('\n\n')[1]]);
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${SHOTS}/terms-${width}.png`, fullPage: true });
    }
    expect(await seriousA11yViolations(page, '/terms')).toEqual([]);

    await page.goto('/support');
    await expect(page.locator('main')).toContainText('Mon-Fri 9AM-5PM (Europe/Berlin)');
  });
});
