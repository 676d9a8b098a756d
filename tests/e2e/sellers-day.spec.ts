/**
 * The seller's day of issue 31 at 360 and 1280 px, as a new shop owner walks it: a customer writes "I paid
 * 68.000002, where is my order?" and the owner finds the order by that exact amount; marks it paid by hand, with the
 * confirmation that says what will happen (the keys to deliver, nothing seen on chain, no proof given); then restocks
 * the product, reading the import's preview (new keys, one already sold) before anything is written. Axe clean at
 * each step; screenshots for a person to look at (SHOTS_DIR, else the test's output folder).
 */
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { ORDER_STATUS_LABELS } from '../../common/labels';
import { placeOrderViaApi, type PlacedOrder } from './support/orders';
import { expectToast, gql, seriousA11yViolations, settled, signUpViaApi, submitAdminLogin } from './support/store';

// A keyed product whose counts no other spec compares.
const SLUG = 'dogecoin-keys';

async function shoot(page: Page, testInfo: TestInfo, name: string, width: number, fullPage = false): Promise<void> {
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

const statusSelect = (page: Page, order: PlacedOrder) =>
  page.getByRole('combobox', { name: `Status of order ${order.shortId}` });

for (const width of [360, 1280]) {
  test(`the seller's day at ${width} px: an order found by its exact amount, marked paid after the confirmation, stock imported from the preview`, async ({
    page,
    request,
  }, testInfo) => {
    test.slow(); // a delivery, an import and six axe scans
    await page.setViewportSize({ width, height: width < 600 ? 740 : 900 });
    const customer = await signUpViaApi(request, 'Dora Dayseller');
    const order = await placeOrderViaApi(request, customer, { slug: SLUG, quantity: 2 });
    // Another order of the same customer: the amount finds only the one it belongs to.
    const other = await placeOrderViaApi(request, customer, { slug: SLUG, quantity: 1 });
    const { order: placed } = await gql<{ order: { paymentAmountCrypto: string; product: { name: string } } }>(
      request,
      'query ($id: ID!) { order(id: $id) { paymentAmountCrypto product { name } } }',
      { id: order.id },
      customer.token,
    );
    const productName = placed.product.name;

    await submitAdminLogin(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();

    // 1. "I paid <amount>, where is my order?": the exact amount finds it.
    const search = page.getByRole('searchbox', { name: 'Search orders' });
    await search.fill(placed.paymentAmountCrypto);
    await expect(page.getByText('Showing 1 of 1 order', { exact: true })).toBeVisible();
    await expect(statusSelect(page, order)).toBeVisible();
    await expect(statusSelect(page, other)).toBeHidden();
    await settled(page);
    expect(await seriousA11yViolations(page, `order search at ${width}`)).toEqual([]);
    await shoot(page, testInfo, 'sellers-day-search', width, true);

    // 2. Marked paid by hand: the dialog says what will happen before anything does.
    await statusSelect(page, order).selectOption({ label: ORDER_STATUS_LABELS.SUCCESS });
    const confirm = page.getByRole('dialog', {
      name: `Mark order ${order.shortId} as ${ORDER_STATUS_LABELS.SUCCESS}?`,
    });
    await expect(confirm).toContainText(`2 licence keys will be delivered to ${customer.email}`);
    await expect(confirm).toContainText('Nothing has been seen on chain');
    await expect(confirm).toContainText('The customer gave no proof and no transaction ID.');
    await settled(page);
    expect(await seriousA11yViolations(page, `mark-paid confirmation at ${width}`)).toEqual([]);
    await shoot(page, testInfo, 'sellers-day-mark-paid', width);
    await confirm.getByRole('button', { name: 'Mark as paid' }).click();
    await expect(confirm).toBeHidden();
    await expectToast(
      page,
      'Order status updated successfully',
      `Order ${order.shortId} is now ${ORDER_STATUS_LABELS.SUCCESS}. It moves to ${ORDER_STATUS_LABELS.COMPLETED} once delivered.`,
    );
    // Delivered in the background: the row follows live, with one set of status names.
    await expect(statusSelect(page, order)).toHaveValue('COMPLETED', { timeout: 20_000 });
    const { order: delivered } = await gql<{ order: { keys: { value: string }[] } }>(
      request,
      'query ($id: ID!) { order(id: $id) { keys { value } } }',
      { id: order.id },
      customer.token,
    );
    expect(delivered.keys).toHaveLength(2);
    const sold = delivered.keys[0].value;

    // 3. Restock: a paste with two new keys, one of the keys just sold and a repeat, previewed first.
    await page.getByRole('tab', { name: 'Products Stock' }).click();
    const row = page.getByTestId('admin-product').filter({ has: page.getByText(productName, { exact: true }) });
    await expect(row.getByTestId('key-counts')).toBeVisible({ timeout: 30_000 });
    await row.getByRole('button', { name: `Import keys into ${productName}` }).click();
    const dialog = page.getByRole('dialog', { name: `Import keys into ${productName}` });
    const run = `DAY-${width}-${Date.now().toString(36)}`.toUpperCase();
    const keysField = dialog.getByRole('textbox', { name: 'Keys, one per line' });
    await keysField.fill([`${run}-ONE`, sold, `${run}-TWO`, `${run}-ONE`].join('\n'));
    await dialog.getByRole('button', { name: 'Preview import', exact: true }).click();

    const preview = dialog.getByTestId('key-import-preview');
    await expect(preview.getByTestId('key-preview-summary')).toHaveText('2 new keys to import', { timeout: 30_000 });
    await expect(preview).toContainText('4 lines read. Nothing is imported until you confirm.');
    const soldSection = preview.getByTestId('key-preview-sold');
    await expect(soldSection.getByRole('heading')).toHaveText('1 key already sold');
    await expect(soldSection).toContainText('Line 2');
    await expect(preview.getByTestId('key-preview-left-out')).toContainText('1 line repeating an earlier line');
    await settled(page);
    expect(await seriousA11yViolations(page, `import preview at ${width}`)).toEqual([]);
    await shoot(page, testInfo, 'sellers-day-import-preview', width);

    // The preview wrote nothing: the import that follows still finds both keys new.
    await dialog.getByRole('button', { name: 'Import keys', exact: true }).click();
    await expect(dialog.getByTestId('key-import-summary')).toHaveText('2 keys imported');
    await settled(page);
    expect(await seriousA11yViolations(page, `import report at ${width}`)).toEqual([]);
    await shoot(page, testInfo, 'sellers-day-import-report', width);
  });
}
