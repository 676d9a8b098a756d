/**
 * The buyer's path of issue 31 at 360 and 1280 px: errors under their fields on sign-up (wrong, then taken, then
 * right input); the product page, checkout's two steps, /verify while waiting and the delivery it shows live once the
 * seller confirms, down to the keys in the dashboard; /verify for an unpaid order as an invoice (countdown, warning and
 * amount above the fold on a phone); and the catalogue filtered by category and search from the address,
 * server-rendered. Axe clean; screenshots for a person to look at (SHOTS_DIR, else the test's output folder).
 */
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { MESSAGES } from '../../common/validation';
import { placeOrderViaApi, setOrderStatus, signInBrowser } from './support/orders';
import {
  adminToken,
  expectToast,
  gotoHydrated,
  PASSWORD,
  seriousA11yViolations,
  settled,
  signUpViaApi,
  uniqueEmail,
} from './support/store';

async function shoot(page: Page, testInfo: TestInfo, name: string, width: number, fullPage = true): Promise<void> {
  await page.setViewportSize({ width, height: width < 600 ? 740 : 900 });
  await expect
    .poll(() => page.evaluate<number>('document.documentElement.scrollWidth'), {
      message: `${name}: no sideways scroll`,
    })
    .toBeLessThanOrEqual(width);
  const dir = process.env.SHOTS_DIR;
  await page.screenshot({
    path: dir ? `${dir}/${name}-${width}.png` : testInfo.outputPath(`${name}-${width}.png`),
    fullPage,
  });
}

/** A field's message under it: marked invalid, described by its helper text, which says `message`. */
async function expectFieldError(page: Page, id: string, message: string): Promise<void> {
  const input = page.locator(`#${id}`);
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await expect(input).toHaveAttribute('aria-describedby', new RegExp(`${id}-helper-text`));
  await expect(page.locator(`#${id}-helper-text`)).toHaveText(message);
}

for (const width of [360, 1280]) {
  test(`sign-up at ${width} px: each error under its field, the first focused; then a taken e-mail; then right`, async ({
    page,
    request,
  }, testInfo) => {
    await page.setViewportSize({ width, height: width < 600 ? 740 : 900 });
    const taken = await signUpViaApi(request);
    await gotoHydrated(page, '/auth');
    await page.getByRole('tab', { name: 'Sign Up' }).click();

    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Create Account' }).click();
    // The spec's summary toast, and every message where the eye is.
    await expectToast(page, 'Validation Error', MESSAGES.fullNameRequired);
    await expectFieldError(page, 'sign-up-full-name', MESSAGES.fullNameRequired);
    await expectFieldError(page, 'sign-up-email', MESSAGES.invalidEmail);
    await expectFieldError(page, 'sign-up-password', MESSAGES.passwordMin);
    await expect(page.getByLabel('Full Name')).toBeFocused();
    expect(await seriousA11yViolations(page, 'sign-up with errors')).toEqual([]);
    await shoot(page, testInfo, 'sign-up-errors', width);

    // Typing in a field takes its message away; the others stay until the next try.
    await page.getByLabel('Full Name').fill('Grace Hopper');
    await expect(page.locator('#sign-up-full-name')).toHaveAttribute('aria-invalid', 'false');
    await expectFieldError(page, 'sign-up-email', MESSAGES.invalidEmail);

    // The server's refusal of a field sits under that field too.
    await page.getByLabel('Email').fill(taken.email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expectToast(page, 'Error', MESSAGES.emailTaken);
    await expectFieldError(page, 'sign-up-email', MESSAGES.emailTaken);
    await expect(page.getByLabel('Email')).toBeFocused();
    await expect(page.locator('#sign-up-password')).toHaveAttribute('aria-invalid', 'false');

    await page.getByLabel('Email').fill(uniqueEmail('fields'));
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    // One toast, the latest: no stale 'Validation Error' or 'Error' queued behind it.
    await expect(page.getByTestId('toast')).toHaveCount(1);
    await expect(page.getByTestId('toast')).toContainText('Success!');
    // It came along to the dashboard, the move it announced; the next page does not inherit it.
    // The brand's link home (a route change within the app, at every width).
    await page.getByRole('navigation', { name: 'Main' }).locator('a[href="/"]').first().click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('toast')).toHaveCount(0);
  });
}

for (const width of [360, 1280]) {
  test(`checkout, /verify and delivery at ${width} px: product page, both steps, waiting, delivered live, the keys`, async ({
    page,
    request,
  }, testInfo) => {
    test.slow(); // a whole purchase and five axe scans
    await page.setViewportSize({ width, height: width < 600 ? 740 : 900 });
    const user = await signUpViaApi(request, 'Path Buyer');
    await signInBrowser(page, user);

    // The product page says how keys arrive, then Purchase Now.
    await gotoHydrated(page, '/products/litecoin-keys');
    const cta = page.locator('section[aria-labelledby="purchase-cta"]');
    await expect(cta).toContainText('Your keys arrive in your dashboard');
    await settled(page);
    expect(await seriousA11yViolations(page, `product page at ${width}`)).toEqual([]);
    await shoot(page, testInfo, 'path-product', width);
    await page.getByRole('link', { name: 'Purchase Now', exact: true }).click();
    await expect(page).toHaveURL(/\/checkout\?product=litecoin-keys$/);

    // Step 1: two keys, no domain asked.
    await expect(page.getByText('Step 1 of 2')).toBeVisible();
    await page.getByLabel('Quantity').fill('2');
    await expect(page.getByLabel('Domain (optional)')).toHaveCount(0);
    await expect(page.getByTestId('order-summary').getByTestId('order-total')).toHaveText('$68.00');
    await settled(page);
    expect(await seriousA11yViolations(page, `checkout step 1 at ${width}`)).toEqual([]);
    await shoot(page, testInfo, 'path-checkout-step-1', width);
    await page.getByRole('button', { name: 'Continue to Payment' }).click();

    // Step 2: the held amount to send, then "I've Sent the Payment" without an ID or proof.
    await expect(page.getByText('Step 2 of 2')).toBeVisible();
    await expect(page.getByTestId('pay-amount')).toHaveText(/^68\.00\d{4} USDT$/);
    const held = (await page.getByTestId('pay-amount').textContent())!;
    await settled(page);
    expect(await seriousA11yViolations(page, `checkout step 2 at ${width}`)).toEqual([]);
    await shoot(page, testInfo, 'path-checkout-step-2', width);
    await page.getByRole('button', { name: "I've Sent the Payment" }).click();
    await expect(page).toHaveURL(/\/verify\?order=[0-9a-f-]{36}$/);
    const orderId = new URL(page.url()).searchParams.get('order')!;

    // /verify while waiting: the spec's headline, the same amount, the timeline at its first step.
    await expect(page.getByRole('heading', { level: 1, name: 'Payment verification in progress' })).toBeVisible();
    await expect(page.getByTestId('exact-amount')).toHaveText(held);
    await expect(page.getByRole('region', { name: 'Order progress' }).getByRole('listitem').first()).toContainText(
      'Awaiting payment',
    );
    await settled(page);
    expect(await seriousA11yViolations(page, `/verify waiting at ${width}`)).toEqual([]);
    await shoot(page, testInfo, 'path-verify-waiting', width);

    // The seller confirms: delivered live, no reload, and the way to the keys.
    await setOrderStatus(request, await adminToken(request), orderId, 'SUCCESS');
    await expect(page.getByRole('heading', { level: 1, name: 'Delivered', exact: true })).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByText('Your order is complete: your licence keys are ready.')).toBeVisible();
    await settled(page);
    expect(await seriousA11yViolations(page, `/verify delivered at ${width}`)).toEqual([]);
    await shoot(page, testInfo, 'path-verify-delivered', width);
    await page.getByRole('link', { name: 'View your keys' }).click();
    const dialog = page.getByRole('dialog', { name: 'Licence keys' });
    await expect(dialog.getByTestId('keys-count')).toHaveText('2 licence keys delivered');
    await expect(dialog.getByTestId('licence-key')).toHaveCount(2);
    await expect(dialog.getByRole('link', { name: 'Download all keys (.txt)' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Copy all keys' })).toBeVisible();
    await settled(page);
    expect(await seriousA11yViolations(page, `keys at ${width}`)).toEqual([]);
    await shoot(page, testInfo, 'path-keys', width, false);
  });
}

test('/verify for an unpaid order: countdown, network warning and amount above the fold on a phone', async ({
  page,
  request,
}, testInfo) => {
  const user = await signUpViaApi(request);
  const { id } = await placeOrderViaApi(request, user, { slug: 'litecoin-keys', quantity: 2 });
  await signInBrowser(page, user);
  await page.setViewportSize({ width: 360, height: 740 });
  await gotoHydrated(page, `/verify?order=${id}`);

  await expect(page.getByRole('heading', { level: 1, name: 'Payment verification in progress' })).toBeVisible();
  await expect(page.getByText('Waiting for your payment: send it with the details below.')).toBeVisible();
  const invoice = page.getByRole('region', { name: 'Send your payment' });
  // Live: the payment window's time left ticks down once the page has mounted.
  const deadline = invoice.getByTestId('payment-deadline');
  await expect(deadline).toContainText(/Pay by .* · \d+:\d\d:\d\d left/);
  const warning = invoice.getByTestId('network-warning');
  await expect(warning).toContainText('Send only USDT on TRON (TRC-20).');
  await expect(invoice.getByTestId('exact-amount')).toHaveText(/^68\.00\d{4} USDT$/);
  for (const part of [
    deadline,
    warning,
    invoice.getByTestId('exact-amount'),
    invoice.getByRole('button', { name: 'Copy amount' }),
  ]) {
    await expect(part).toBeInViewport({ ratio: 1 });
  }
  await expect(invoice.getByRole('img', { name: /QR code of the USDT \(TRC-20\) payment request/ })).toBeVisible();

  const timeline = page.getByRole('region', { name: 'Order progress' });
  await expect(timeline.getByRole('listitem')).toHaveText([
    /^Awaiting payment.*Order placed/,
    /^Payment sent \(current step\)/,
    /^Paid/,
    /^Delivered/,
  ]);
  expect(await seriousA11yViolations(page, '/verify unpaid at 360')).toEqual([]);
  await shoot(page, testInfo, 'verify-unpaid-fold', 360, false);
  await shoot(page, testInfo, 'verify-unpaid', 360);
  await shoot(page, testInfo, 'verify-unpaid', 1280);
  expect(await seriousA11yViolations(page, '/verify unpaid at 1280')).toEqual([]);
});

test('the catalogue by category and search from the address, server-rendered; the bulk price beside the listed one', async ({
  page,
  request,
}, testInfo) => {
  // The server's own HTML already holds the filtered list (no script needed to narrow it).
  const html = await (await request.get('/products?category=crypto_keys&q=litecoin')).text();
  // (The page's data for the app, after the markup, holds every product: only the cards count.)
  expect(html.match(/data-testid="product-card"/g)).toHaveLength(1);
  expect(html).toMatch(/<h2[^>]*>Litecoin \(LTC\) Licence Key<\/h2>/);
  expect(html).toMatch(/Showing 1 of \d+ products/);

  await page.setViewportSize({ width: 360, height: 740 });
  await gotoHydrated(page, '/products?category=crypto_keys');
  const cards = page.getByTestId('product-card');
  await expect(page.getByTestId('catalogue-count')).toHaveText(/^Showing 7 of \d+ products$/);
  await expect(cards).toHaveCount(7);
  await expect(cards.filter({ hasText: 'SSL' })).toHaveCount(0);
  const categories = page.getByRole('navigation', { name: 'Categories' });
  await expect(categories.getByRole('link', { name: 'Crypto Keys' })).toHaveAttribute('aria-current', 'page');
  expect(await seriousA11yViolations(page, '/products by category at 360')).toEqual([]);
  await shoot(page, testInfo, 'catalogue-crypto-keys-fold', 360, false);
  await shoot(page, testInfo, 'catalogue-crypto-keys', 360);

  // A search typed in the box goes into the address, within the category.
  await page.getByRole('searchbox', { name: 'Search products' }).fill('litecoin');
  await page.getByRole('searchbox', { name: 'Search products' }).press('Enter');
  await expect(page).toHaveURL(/\/products\?category=crypto_keys&q=litecoin$/);
  await expect(cards).toHaveCount(1);
  await expect(page.getByRole('article', { name: 'Litecoin (LTC) Licence Key' })).toBeVisible();

  // Sorting keeps the filter; All products drops the category but keeps the search and the sort.
  await page.getByRole('searchbox', { name: 'Search products' }).fill('key');
  await page.getByRole('searchbox', { name: 'Search products' }).press('Enter');
  // The search's navigation first: a sort chosen while it is in flight would build on the address before it.
  await expect(page).toHaveURL(/\/products\?category=crypto_keys&q=key$/);
  await page.getByLabel('Sort by').selectOption('price-desc');
  await expect(page).toHaveURL(/\/products\?category=crypto_keys&q=key&sort=price-desc$/);
  await expect(cards.first()).toContainText('Monero (XMR) Licence Key');
  await categories.getByRole('link', { name: 'All products' }).click();
  await expect(page).toHaveURL(/\/products\?q=key&sort=price-desc$/);

  await page.setViewportSize({ width: 1280, height: 900 });
  await gotoHydrated(page, '/products');
  const bulk = page.getByRole('article', { name: 'SSL Key Bulk Package' });
  await expect(bulk.getByText('$14', { exact: true })).toBeVisible();
  await expect(bulk.getByTestId('bulk-price')).toHaveText('$13.60 each at the 4,000 minimum');
  expect(await seriousA11yViolations(page, '/products at 1280')).toEqual([]);
  await shoot(page, testInfo, 'catalogue-all-fold', 1280, false);
  await gotoHydrated(page, '/products?q=nothing-like-this');
  await expect(page.getByTestId('catalogue-no-match')).toContainText('No products match your search');
});
