/**
 * The admin's licence-key inventory (docs/inventory.md) in the Products Stock tab: each product's fulfilment and, for
 * products stocked by keys, the keys by status; importing keys by paste (20,000 at once too) and from a file with the
 * report (duplicates and invalid lines by line number); revoking a key and the server's refusal of an unknown one; an order's key
 * reservation in the counts (on Refresh) and as a note in its history; another admin's import followed live; the tab and the dialogs at 360 px,
 * by keyboard and under axe.
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { ACTOR_KIND_LABELS, ORDER_STATUS_LABELS } from '../../common/labels';
import { placeOrderViaApi } from './support/orders';
import { adminToken, gql, seriousA11yViolations, signUpViaApi, submitAdminLogin } from './support/store';

// A keyed product no other spec orders from: its counts move only with these tests.
const SLUG = 'monero-classic-key';
// A product an admin delivers by hand.
const MANUAL_SLUG = 'dv';

// One worker, in order: the tests compare the product's counts before and after.
test.describe.configure({ mode: 'default' });

interface KeyStock {
  available: number;
  reserved: number;
  delivered: number;
  revoked: number;
}

/** Previews what is in the dialog's form (nothing written yet), then imports it from the preview. */
async function previewThenImport(dialog: Locator, expectedNew: string): Promise<void> {
  await dialog.getByRole('button', { name: 'Preview import', exact: true }).click();
  await expect(dialog.getByTestId('key-preview-summary')).toHaveText(expectedNew, { timeout: 30_000 });
  await dialog.getByRole('button', { name: 'Import keys', exact: true }).click();
}

async function productBySlug(request: APIRequestContext, slug: string): Promise<{ id: string; name: string }> {
  const { product } = await gql(request, 'query ($slug: String!) { product(slug: $slug) { id name } }', { slug });
  return product;
}

async function keyStockViaApi(request: APIRequestContext, productId: string): Promise<KeyStock> {
  const { adminKeyStock } = await gql(
    request,
    'query ($id: ID!) { adminKeyStock(productId: $id) { available reserved delivered revoked } }',
    { id: productId },
    await adminToken(request),
  );
  return adminKeyStock;
}

async function openStockTab(page: Page): Promise<void> {
  await submitAdminLogin(page);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.getByRole('tab', { name: 'Products Stock' }).click();
  // Generous: on a busy machine the first load of the tab (and its key counts) can take a while.
  await expect(page.getByTestId('admin-product').first()).toBeVisible({ timeout: 30_000 });
}

/** A product's row (a table row on wide screens, a list item on phones). */
function productRow(page: Page, name: string): Locator {
  return page.getByTestId('admin-product').filter({ has: page.getByText(name, { exact: true }) });
}

/** The four counts as the admin reads them, e.g. "312 available". */
async function expectCounts(scope: Locator, stock: KeyStock): Promise<void> {
  const counts = scope.getByTestId('key-counts');
  for (const status of ['available', 'reserved', 'delivered', 'revoked'] as const) {
    await expect(counts.getByTestId(`key-count-${status}`)).toHaveText(
      `${stock[status].toLocaleString('en-US')} ${status}`,
    );
  }
}

test('an admin imports keys by paste and from a file, reads the report, and revokes a key', async ({
  page,
  request,
}) => {
  test.slow(); // big imports, several dialogs
  const product = await productBySlug(request, SLUG);
  const manual = await productBySlug(request, MANUAL_SLUG);
  const before = await keyStockViaApi(request, product.id);
  expect(before.available).toBeGreaterThan(0);
  const run = `E2E-${Date.now().toString(36)}`;

  await openStockTab(page);
  const row = productRow(page, product.name);
  await expect(row.getByTestId('fulfilment')).toHaveText('Licence keys');
  await expectCounts(row, before);
  await expect(row.getByRole('switch', { name: `${product.name} on sale` })).toBeChecked();
  await expect(row.getByRole('switch', { name: `${product.name} on sale` })).toHaveAccessibleDescription(
    'Stock follows the licence keys',
  );
  await expect(row.getByTestId('stock-state')).toHaveText('On sale');

  const manualRow = productRow(page, manual.name);
  await expect(manualRow.getByTestId('fulfilment')).toHaveText('Delivered by hand');
  await expect(manualRow.getByRole('switch', { name: `${manual.name} in stock` })).toBeVisible();
  await expect(manualRow.getByRole('button', { name: /Import keys/ })).toHaveCount(0);
  await expect(manualRow.getByTestId('key-counts')).toHaveCount(0);

  // 1. A paste: two new keys, a blank line, a repeat of line 1, a line too long, a new key, a control character.
  await row.getByRole('button', { name: `Import keys into ${product.name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Import keys into ${product.name}` });
  const keysField = dialog.getByRole('textbox', { name: 'Keys, one per line' });
  await expect(keysField).toBeFocused();
  await keysField.fill(
    [`${run}-A`, `${run}-B`, '', `${run}-A`, 'X'.repeat(501), `${run}-C`, `${run}-D\u0007`].join('\n'),
  );
  await expect(dialog.getByText('6 lines to import')).toBeVisible();
  await previewThenImport(dialog, '3 new keys to import');

  const report = dialog.getByTestId('key-import-report');
  await expect(report.getByTestId('key-import-summary')).toHaveText('3 keys imported');
  const duplicates = report.getByTestId('key-import-duplicates');
  await expect(duplicates.getByRole('heading')).toHaveText('1 duplicate');
  await expect(duplicates).toContainText('Line 4');
  await expect(duplicates).toContainText('1 repeating an earlier line of this import');
  const invalid = report.getByTestId('key-import-invalid');
  await expect(invalid.getByRole('heading')).toHaveText('2 invalid lines');
  await expect(invalid.getByRole('listitem')).toHaveText([
    'Line 5: longer than 500 characters',
    'Line 7: contains control characters',
  ]);
  const afterPaste = { ...before, available: before.available + 3 };
  await expectCounts(report.getByTestId('key-import-stock'), afterPaste);

  // 2. A paste of 20,000 keys (about 700 KB: far over the API's 100 KB JSON body, so it goes up as a file).
  await dialog.getByRole('button', { name: 'Import more keys' }).click();
  await expect(keysField).toHaveValue('');
  await expect(keysField).toBeFocused();
  const many = Array.from({ length: 20_000 }, (_, i) => `${run}-BULK-${i}-ABCDE-FGHIJ`).join('\n');
  await keysField.evaluate((field, text) => {
    // Browser globals, which this file's TypeScript (Node's lib) does not declare.
    const { DataTransfer, ClipboardEvent } = globalThis as unknown as {
      DataTransfer: new () => { setData(type: string, data: string): void };
      ClipboardEvent: new (type: string, init: Record<string, unknown>) => Event;
    };
    const clipboardData = new DataTransfer();
    clipboardData.setData('text/plain', text);
    field.dispatchEvent(new ClipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true }));
  }, many);
  await expect(dialog.getByText('20,000 lines to import')).toBeVisible();
  await previewThenImport(dialog, '20,000 new keys to import');
  await expect(report.getByTestId('key-import-summary')).toHaveText('20,000 keys imported', { timeout: 30_000 });
  await expect(report).toContainText('Every line was imported.');
  const afterBulk = { ...afterPaste, available: afterPaste.available + 20_000 };
  await expectCounts(report.getByTestId('key-import-stock'), afterBulk);

  // 3. A .csv file (CRLF) through the file picker: 250 new keys, then line 251 holds a key imported above.
  await dialog.getByRole('button', { name: 'Import more keys' }).click();
  await expect(keysField).toHaveValue('');
  const fileKeys = [...Array.from({ length: 250 }, (_, i) => `${run}-F${i}`), `${run}-B`];
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Choose a .txt or .csv file' }).click();
  await (
    await chooser
  ).setFiles({ name: 'monero-keys.csv', mimeType: 'text/csv', buffer: Buffer.from(`${fileKeys.join('\r\n')}\r\n`) });
  await expect(dialog.getByTestId('key-file-name')).toContainText('monero-keys.csv');
  await expect(keysField).toBeDisabled();
  await previewThenImport(dialog, '250 new keys to import');
  await expect(report.getByTestId('key-import-summary')).toHaveText('250 keys imported');
  await expect(duplicates.getByRole('heading')).toHaveText('1 duplicate');
  await expect(duplicates).toContainText('Line 251');
  await expect(duplicates).toContainText('1 already in stock');
  await expect(invalid).toHaveCount(0);
  const afterFile = { ...before, available: afterBulk.available + 250 };
  await expectCounts(report.getByTestId('key-import-stock'), afterFile);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  await expectCounts(row, afterFile);
  expect(await keyStockViaApi(request, product.id)).toEqual(afterFile);

  // 4. Revoke: an unknown key is refused with the server's message; an imported one is revoked.
  await row.getByRole('button', { name: `Revoke a key of ${product.name}` }).click();
  const revokeDialog = page.getByRole('dialog', { name: `Revoke a key of ${product.name}` });
  const keyField = revokeDialog.getByRole('textbox', { name: 'Licence key' });
  await expect(keyField).toBeFocused();
  await keyField.fill(`${run}-NOT-IMPORTED`);
  await revokeDialog.getByRole('button', { name: 'Revoke key' }).click();
  await expect(keyField).toHaveAccessibleDescription('This product has no such key');
  await expect(keyField).toHaveAttribute('aria-invalid', 'true');

  await keyField.fill(`  ${run}-C `);
  await keyField.press('Enter');
  await expect(revokeDialog.getByTestId('key-revoked')).toContainText(`Key revoked${run}-C is out of stock for good`);
  const afterRevoke = { ...afterFile, available: afterFile.available - 1, revoked: afterFile.revoked + 1 };
  await expectCounts(revokeDialog, afterRevoke);
  await expect(keyField).toHaveValue('');
  await revokeDialog.getByRole('button', { name: 'Done' }).click();
  await expect(revokeDialog).toBeHidden();
  await expectCounts(row, afterRevoke);
  expect(await keyStockViaApi(request, product.id)).toEqual(afterRevoke);
});

test("an order's reserved keys show on Refresh, another admin's import live, and the order's history notes them", async ({
  page,
  request,
}) => {
  test.slow(); // two tabs and an order dialog
  const product = await productBySlug(request, SLUG);
  await openStockTab(page);
  const before = await keyStockViaApi(request, product.id);
  const row = productRow(page, product.name);
  await expectCounts(row, before);

  const customer = await signUpViaApi(request, 'Key Buyer');
  const order = await placeOrderViaApi(request, customer, { slug: SLUG, quantity: 2 });
  // An order that leaves the product on sale is not pushed live: the dashboard's Refresh fetches the counts again.
  await page.getByRole('button', { name: 'Refresh' }).click();
  const reserved = { ...before, available: before.available - 2, reserved: before.reserved + 2 };
  await expectCounts(row, reserved);

  // Another admin imports keys (through the API): the product is pushed live, and the counts follow.
  const run = `E2E-${Date.now().toString(36)}`;
  await gql(
    request,
    'mutation ($id: ID!, $keys: [String!]) { importProductKeys(productId: $id, keys: $keys) { added } }',
    { id: product.id, keys: [1, 2, 3, 4, 5].map((n) => `${run}-LIVE-${n}`) },
    await adminToken(request),
  );
  await expectCounts(row, { ...reserved, available: reserved.available + 5 });

  await page.getByRole('tab', { name: 'Orders' }).click();
  await page.getByRole('button', { name: `Details of order ${order.shortId}` }).click();
  const dialog = page.getByRole('dialog', { name: `Order ${order.shortId}` });
  const events = dialog.getByTestId('order-event');
  await expect(events).toHaveCount(2);
  await expect(events.nth(0)).toContainText('Order placed (Pending)');
  const note = events.nth(1);
  await expect(note.getByTestId('order-event-note')).toHaveText('2 licence keys reserved');
  await expect(note).toContainText(`(while ${ORDER_STATUS_LABELS.PENDING})`);
  await expect(note).not.toContainText(`${ORDER_STATUS_LABELS.PENDING}to${ORDER_STATUS_LABELS.PENDING}`);
  await expect(note.getByTestId('order-event-actor')).toContainText(ACTOR_KIND_LABELS.CUSTOMER);
  await expect(note.getByTestId('order-event-actor')).toContainText(customer.email);
});

test('at 360 px the tab and the import dialog work by keyboard, without serious a11y violations', async ({
  browser,
  request,
}) => {
  test.slow(); // two axe scans
  const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
  try {
    const page = await context.newPage();
    const product = await productBySlug(request, SLUG);
    await openStockTab(page);
    const row = productRow(page, product.name);
    await expect(row.getByTestId('key-counts')).toBeVisible();
    // Nothing wider than the screen.
    expect(await page.locator('html').evaluate((html) => html.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await seriousA11yViolations(page, 'products tab at 360 px')).toEqual([]);

    const importButton = row.getByRole('button', { name: `Import keys into ${product.name}` });
    await importButton.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Import keys into ${product.name}` });
    await expect(dialog).toBeVisible();
    // An empty paste is refused in the dialog, under the field.
    await dialog.getByRole('button', { name: 'Preview import', exact: true }).click();
    const keysField = dialog.getByRole('textbox', { name: 'Keys, one per line' });
    await expect(keysField).toHaveAccessibleDescription('Paste keys, one per line, or choose a file');

    await keysField.focus();
    await page.keyboard.insertText(`E2E-${Date.now().toString(36)}-PHONE\n${'Y'.repeat(600)}`);
    // Tab from the field: past the file button to Cancel and Preview import.
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Choose a .txt or .csv file' })).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Preview import', exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    // The preview takes the focus (its summary); Tab reaches Back, then Import keys.
    await expect(dialog.getByTestId('key-preview-summary')).toHaveText('1 new key to import');
    expect(await seriousA11yViolations(page, 'import preview at 360 px')).toEqual([]);
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Back' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Import keys', exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    const summary = dialog.getByTestId('key-import-summary');
    await expect(summary).toHaveText('1 key imported');
    await expect(dialog.getByTestId('key-import-invalid').getByRole('listitem')).toHaveText([
      'Line 2: longer than 500 characters',
    ]);
    expect(await page.locator('html').evaluate((html) => html.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await seriousA11yViolations(page, 'import report at 360 px')).toEqual([]);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    // Focus goes back to the button that opened the dialog.
    await expect(importButton).toBeFocused();
  } finally {
    await context.close();
  }
});

test("the import preview flags another product's key and a sold one before anything is written", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const product = await productBySlug(request, SLUG);
  const other = await productBySlug(request, 'ripple-keys');
  const run = `PREVIEW-${Date.now().toString(36)}`;
  // A key already in another product's stock.
  await gql(
    request,
    'mutation ($id: ID!, $k: [String!]) { importProductKeys(productId: $id, keys: $k) { added } }',
    { id: other.id, k: [`${run}-RIPPLE`] },
    await adminToken(request),
  );
  const before = await keyStockViaApi(request, product.id);

  await openStockTab(page);
  const row = productRow(page, product.name);
  await row.getByRole('button', { name: `Import keys into ${product.name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Import keys into ${product.name}` });
  const keysField = dialog.getByRole('textbox', { name: 'Keys, one per line' });
  await keysField.fill([`${run}-NEW`, `${run}-RIPPLE`, `${run}-NEW`].join('\n'));
  await dialog.getByRole('button', { name: 'Preview import', exact: true }).click();

  const preview = dialog.getByTestId('key-import-preview');
  await expect(preview.getByTestId('key-preview-summary')).toHaveText('2 new keys to import');
  const otherProducts = preview.getByTestId('key-preview-other-products');
  await expect(otherProducts.getByRole('heading')).toHaveText('1 key of another product');
  await expect(otherProducts).toContainText('Line 2');
  await expect(preview.getByTestId('key-preview-named-products')).toContainText(other.name);
  await expect(preview.getByTestId('key-preview-left-out')).toContainText('1 line repeating an earlier line');
  // A preview writes nothing.
  expect(await keyStockViaApi(request, product.id)).toEqual(before);
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/store-settings/import-preview-${width}.png` });
  }
  expect(await seriousA11yViolations(page, 'import preview')).toEqual([]);

  // Back keeps the text: the admin takes the other product's key out, previews again, and imports.
  await dialog.getByRole('button', { name: 'Back' }).click();
  await expect(keysField).toHaveValue([`${run}-NEW`, `${run}-RIPPLE`, `${run}-NEW`].join('\n'));
  await keysField.fill(`${run}-NEW`);
  await previewThenImport(dialog, '1 new key to import');
  await expect(dialog.getByTestId('key-import-summary')).toHaveText('1 key imported');
  expect(await keyStockViaApi(request, product.id)).toEqual({ ...before, available: before.available + 1 });
});
