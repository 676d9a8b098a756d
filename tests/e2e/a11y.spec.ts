/**
 * An axe-core scan of every route (customer and admin), signed in where the page needs it. Fails on any
 * serious or critical WCAG 2 A/AA violation.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN, adminToken, gql, signInUi, signUpViaApi } from './support/store';

async function expectNoSeriousViolations(page: Page, label: string): Promise<void> {
  // Let lazy routes, queries and entry animations settle before scanning.
  await page.waitForLoadState('networkidle');
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${label}: ${v.id} (${v.impact}) ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious).toEqual([]);
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
  const user = await signUpViaApi(request, 'Axe Customer');
  const { product } = await gql(request, `{ product(slug: "litecoin-keys") { id } }`);
  const order = await gql(
    request,
    `mutation ($input: PlaceOrderInput!) { placeOrder(input: $input) { id } }`,
    {
      input: {
        productId: product.id,
        quantity: 1,
        email: user.email,
        paymentMethod: 'USDT_TRC20',
        idempotencyKey: `axe-${Date.now()}`,
      },
    },
    user.token,
  );
  await signInUi(page, user);
  for (const route of [
    '/dashboard',
    '/checkout',
    '/checkout?product=litecoin-keys',
    `/verify?order=${order.placeOrder.id}`,
    '/support',
  ]) {
    await page.goto(route);
    await expectNoSeriousViolations(page, route);
  }
});

test('no serious a11y violations on the admin dashboard', async ({ page, request }) => {
  await adminToken(request); // the admin exists
  await page.goto('/admin');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: /sign in|log in|login/i }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await expectNoSeriousViolations(page, '/admin/dashboard (orders)');
  await page.getByRole('tab', { name: 'Products Stock' }).click();
  await expectNoSeriousViolations(page, '/admin/dashboard (products)');
});
