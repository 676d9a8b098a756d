/**
 * An axe-core scan of every route (customer and admin), signed in where the page needs it. Fails on any
 * serious or critical WCAG 2 A/AA violation.
 */
import { expect, test, type Page } from '@playwright/test';
import { placeOrderViaApi } from './support/orders';
import { adminToken, seriousA11yViolations, signInUi, signUpViaApi, submitAdminLogin } from './support/store';

async function expectNoSeriousViolations(page: Page, label: string): Promise<void> {
  // Let lazy routes, queries and entry animations settle before scanning.
  await page.waitForLoadState('networkidle');
  expect(await seriousA11yViolations(page, label)).toEqual([]);
}

const PUBLIC_ROUTES = [
  '/',
  '/products',
  '/products/ssl-certificates',
  '/products/dv',
  '/products/no-such-product',
  '/auth',
  '/guides',
  '/support',
  '/verify',
  '/admin',
  '/no/such/page',
];

for (const route of PUBLIC_ROUTES) {
  test(`no serious a11y violations on ${route} (signed out)`, async ({ page }) => {
    await page.goto(route);
    await expectNoSeriousViolations(page, route);
  });
}

test('no serious a11y violations on the signed-in customer pages', async ({ page, request }) => {
  test.slow(); // six pages, each scanned once settled
  const user = await signUpViaApi(request, 'Axe Customer');
  const order = await placeOrderViaApi(request, user, { slug: 'litecoin-keys', quantity: 1 });
  await signInUi(page, user);
  for (const route of [
    '/dashboard',
    // The order's keys (before payment) over the Orders tab.
    `/dashboard?order=${order.id}`,
    '/checkout',
    '/checkout?product=litecoin-keys',
    `/verify?order=${order.id}`,
    '/support',
  ]) {
    await page.goto(route);
    await expectNoSeriousViolations(page, route);
  }
});

test('no serious a11y violations on the admin dashboard', async ({ page, request }) => {
  test.slow(); // two large pages to scan (the products tab has every product's licence keys and buttons)
  await adminToken(request); // the admin exists
  await submitAdminLogin(page);
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await expectNoSeriousViolations(page, '/admin/dashboard (orders)');
  await page.getByRole('tab', { name: 'Products Stock' }).click();
  await expectNoSeriousViolations(page, '/admin/dashboard (products)');
  // The support desk's queue at phone width (its ticket view: tests/e2e/support-desk.spec.ts).
  await page.setViewportSize({ width: 360, height: 800 });
  await page.getByRole('tab', { name: /^Tickets/ }).click();
  await expect(page.getByTestId('admin-tickets')).toBeVisible();
  await expectNoSeriousViolations(page, '/admin/dashboard (tickets, 360 px)');
});

test('no serious a11y violations in the catalogue editor at 360 px', async ({ browser, request }) => {
  test.slow(); // two axe scans of a long form
  await adminToken(request); // the admin exists
  const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
  try {
    const page = await context.newPage();
    await submitAdminLogin(page);
    await expect(page).toHaveURL(/\/admin\/dashboard/);
    await page.getByRole('tab', { name: 'Products Stock' }).click();
    await page.getByRole('button', { name: 'New product' }).click();
    const dialog = page.getByRole('dialog', { name: 'New product' });
    await dialog.getByRole('button', { name: 'Add tier' }).click();
    await dialog.getByRole('button', { name: 'Add feature' }).click();
    await expectNoSeriousViolations(page, 'new product editor at 360 px');
    // With every field's error showing.
    await dialog.getByRole('button', { name: 'Create product' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');
    await expectNoSeriousViolations(page, 'new product editor with errors at 360 px');
  } finally {
    await context.close();
  }
});

test('no serious a11y violations on the admin customers and overview tabs', async ({ page, request }) => {
  test.slow(); // a customer dialog and three charts to scan
  await adminToken(request); // the admin exists
  await submitAdminLogin(page);
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await page.getByRole('tab', { name: 'Customers' }).click();
  await expect(page.getByTestId('admin-customer').first()).toBeVisible();
  await expectNoSeriousViolations(page, '/admin/dashboard (customers)');
  await page
    .getByTestId('admin-customer')
    .first()
    .getByRole('button', { name: /^View / })
    .click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoSeriousViolations(page, '/admin/dashboard (a customer)');
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await page.getByRole('tab', { name: 'Overview' }).click();
  await expect(page.getByTestId('chart-revenue-by-day')).toBeVisible();
  await page.getByTestId('chart-by-product').getByRole('button', { name: 'Show table' }).click();
  await expectNoSeriousViolations(page, '/admin/dashboard (overview)');
});

test('no serious a11y violations on the admin block rules tab at 360 px and 1280 px', async ({ browser, request }) => {
  test.slow(); // two scans
  await adminToken(request); // the admin exists
  const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
  try {
    const page = await context.newPage();
    await submitAdminLogin(page);
    await expect(page).toHaveURL(/\/admin\/dashboard/);
    await page.getByRole('tab', { name: 'Block rules' }).click();
    const form = page.getByRole('form', { name: 'Add a rule' });
    // With the value's error showing (nothing is added: other specs share this store).
    await form.getByRole('button', { name: 'Add rule' }).click();
    await expect(form.getByRole('textbox', { name: 'Value' })).toHaveAttribute('aria-invalid', 'true');
    await expectNoSeriousViolations(page, '/admin/dashboard (block rules, 360 px)');
    await page.setViewportSize({ width: 1280, height: 900 });
    await expectNoSeriousViolations(page, '/admin/dashboard (block rules, 1280 px)');
  } finally {
    await context.close();
  }
});
