/**
 * The admin's Overview tab (docs/product.md "Sales overview"): with paid orders seeded through the API, the revenue
 * chart draws, the per-product table (the charts' text alternative) has the seeded product's exact revenue and units,
 * the counters link to their tabs, and the page is looked at in screenshots at 360 and 1280 px.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { formatUsd } from '../../common/pricing';
import { placeOrderViaApi, setOrderStatus } from './support/orders';
import { adminToken, gql, signUpViaApi, submitAdminLogin } from './support/store';

/** No other browser test buys this product, so its row is exactly what this test seeded. */
const SLUG = 'dash-encryption-keys';

/** The product's paid sales over the Overview's default range, the last 30 UTC days (as the page asks for them). */
async function productSales(request: APIRequestContext, token: string, productId: string) {
  const today = new Date();
  const to = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 1);
  const data = await gql(
    request,
    `query ($from: DateTimeISO!, $to: DateTimeISO!) {
      adminSalesReport(from: $from, to: $to) { byProduct { productId revenue orders quantity } }
    }`,
    { from: new Date(to - 30 * 86_400_000).toISOString(), to: new Date(to).toISOString() },
    token,
  );
  const row = data.adminSalesReport.byProduct.find((p: { productId: string }) => p.productId === productId);
  return row ?? { revenue: 0, orders: 0, quantity: 0 };
}

test('the overview charts paid sales with seeded data and links its counters', async ({ page, request }, testInfo) => {
  test.slow(); // seeds orders, then two viewports
  const token = await adminToken(request);
  const customer = await signUpViaApi(request, 'Overview Buyer');
  const { product } = await gql(request, 'query ($s: String!) { product(slug: $s) { id name } }', { s: SLUG });
  // What the page's default range (the last 30 UTC days) already holds for the product: nothing, unless this test
  // ran before on the same server (--repeat-each).
  const before = await productSales(request, token, product.id);
  let paid = before.revenue;
  for (const quantity of [1, 2, 3]) {
    const order = await placeOrderViaApi(request, customer, { slug: SLUG, quantity });
    await setOrderStatus(request, token, order.id, 'COMPLETED');
    const data = await gql(request, 'query ($id: ID!) { order(id: $id) { totalPrice } }', { id: order.id }, token);
    paid += data.order.totalPrice;
  }
  await placeOrderViaApi(request, customer, { slug: SLUG, quantity: 5 }); // pending: not revenue

  await page.setViewportSize({ width: 1280, height: 900 });
  await submitAdminLogin(page);
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  // The sign-in toast goes by itself after 5 s (closing it could race that): screenshots without it.
  await expect(page.getByTestId('toast')).toHaveCount(0, { timeout: 15_000 });
  await page.getByRole('tab', { name: 'Overview' }).click();
  await expect(page).toHaveURL(/tab=overview/);

  const revenueChart = page.getByTestId('chart-revenue-by-day');
  // Drawn: today's bar (the last day of the range) has the seeded revenue, so it has a height.
  const barHeights = () =>
    revenueChart
      .locator('.MuiBarChart-element')
      .evaluateAll((bars) => bars.map((bar) => bar.getBoundingClientRect().height));
  await expect.poll(async () => (await barHeights()).at(-1)).toBeGreaterThan(10);
  await expect(page.getByTestId('chart-by-product')).toContainText(product.name.slice(0, 10));
  await expect(page.getByRole('button', { name: 'Last 30 days' })).toHaveAttribute('aria-pressed', 'true');

  // The text alternative: every product's row, with the seeded one exact (3 more paid orders, 6 more units).
  const productChart = page.getByTestId('chart-by-product');
  await productChart.getByRole('button', { name: 'Show table' }).click();
  const row = productChart.getByRole('row').filter({ hasText: product.name });
  await expect(row.getByRole('cell')).toHaveText([
    product.name,
    formatUsd(paid),
    String(before.orders + 3),
    String(before.quantity + 6),
  ]);

  await testInfo.attach('overview-1280', { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
  await page.screenshot({ path: testInfo.outputPath('overview-1280.png'), fullPage: true });

  await page.setViewportSize({ width: 360, height: 800 });
  await expect.poll(async () => (await barHeights()).at(-1)).toBeGreaterThan(10);
  expect(await page.locator('html').evaluate((html) => html.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: testInfo.outputPath('overview-360.png'), fullPage: true });

  // A range preset changes the report; the counters open their tabs.
  await page.getByRole('button', { name: 'Last 12 months' }).click();
  await expect(page.getByText(/Paid orders \(Success, Processing, Completed\)/)).toBeVisible();
  // "Awaiting review" opens the queue on the same definition: the list's total is the counter's number.
  const awaiting = Number(await page.getByTestId('counter-awaiting-review').getByText(/^\d+$/).first().textContent());
  await page.getByTestId('counter-awaiting-review').getByRole('link').click();
  await expect(page).toHaveURL(/tab=orders&status=AWAITING_REVIEW/);
  await expect(page.getByLabel('Filter by status')).toHaveValue('AWAITING_REVIEW');
  await expect(
    awaiting === 0
      ? page.getByText('No orders awaiting review')
      : page.getByText(new RegExp(`^Showing \\d+ of ${awaiting} orders?$`)),
  ).toBeVisible();
});
