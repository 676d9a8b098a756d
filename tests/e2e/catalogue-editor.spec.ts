/**
 * The admin's catalogue editor (docs/product.md "Catalogue editor") in the Products Stock tab: an admin edits a price
 * and the product page shows it; creates a product with an image and finds it on /products; a bad or taken slug is
 * shown under the slug field (the shared rules' message, then the server's); the list and the editor at 360 px by
 * keyboard, with screenshots at 360 and 1280 px.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { PRODUCT_MESSAGES } from '../../common/validation';
import { adminToken, dismissToast, expectToast, gql, PNG_1x1, submitAdminLogin } from './support/store';

const SCREENSHOTS = 'test-results/catalogue-editor';

/** A product of this test's own, made through the API, so no other spec sees its price move. */
async function createProductViaApi(request: APIRequestContext, price: number): Promise<{ name: string; slug: string }> {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const input = {
    name: `E2E Editor ${suffix}`,
    slug: `e2e-editor-${suffix}`,
    category: 'scripts',
    description: 'A product the catalogue editor spec edits',
    price,
    fulfilment: 'MANUAL',
  };
  await gql(
    request,
    'mutation ($input: ProductInput!) { createProduct(input: $input) { id } }',
    { input },
    await adminToken(request),
  );
  return input;
}

async function openProductsTab(page: Page): Promise<void> {
  await submitAdminLogin(page);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  // Toasts queue: the sign-in's would hold back the editor's.
  await expectToast(page, 'Login Successful');
  await dismissToast(page);
  await page.getByRole('tab', { name: 'Products Stock' }).click();
  await expect(page.getByTestId('admin-product').first()).toBeVisible({ timeout: 30_000 });
}

test('an admin edits a price and the product page shows it', async ({ page, request }) => {
  const product = await createProductViaApi(request, 10);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openProductsTab(page);
  await page.screenshot({ path: `${SCREENSHOTS}/list-top-1280.png` });
  const row = page.getByTestId('admin-product').filter({ has: page.getByText(product.name, { exact: true }) });
  await row.getByRole('button', { name: `Edit ${product.name}` }).click();

  const dialog = page.getByRole('dialog', { name: `Edit ${product.name}` });
  await expect(dialog.getByRole('textbox', { name: 'Slug' })).toHaveValue(product.slug);
  await dialog.getByRole('textbox', { name: 'Price' }).fill('12.34');
  await page.screenshot({ path: `${SCREENSHOTS}/editor-1280.png` });
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expectToast(page, 'Product saved', product.name);
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('$12.34');
  await page.screenshot({ path: `${SCREENSHOTS}/list-1280.png` });

  await page.goto(`/products/${product.slug}`);
  await expect(page.getByTestId('product-price')).toHaveText('$12.34');
});

test('an admin creates a product with an image and it appears on /products', async ({ page }) => {
  test.slow(); // a long form filled field by field, then two storefront pages
  const name = `E2E New ${Date.now().toString(36)}`;
  const slug = name.toLowerCase().replace(/ /g, '-');
  await page.setViewportSize({ width: 1280, height: 900 });
  await openProductsTab(page);
  await page.getByRole('button', { name: 'New product' }).click();
  const dialog = page.getByRole('dialog', { name: 'New product' });

  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  // The slug is proposed from the name.
  await expect(dialog.getByRole('textbox', { name: 'Slug' })).toHaveValue(slug);
  await dialog.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Trading Bots' }).click();
  await dialog.getByRole('textbox', { name: 'Description', exact: true }).fill('Made in the browser');
  await dialog.getByRole('textbox', { name: 'Price' }).fill('25');
  await dialog.getByRole('button', { name: 'Add tier' }).click();
  await dialog.getByRole('textbox', { name: 'Tier 1 from quantity' }).fill('10');
  await dialog.getByRole('textbox', { name: 'Tier 1 unit price' }).fill('20');
  await dialog.getByRole('button', { name: 'Add feature' }).click();
  await dialog.getByRole('textbox', { name: 'Feature 1' }).fill('Works offline');
  await dialog.getByRole('combobox', { name: 'Fulfilment' }).click();
  await page.getByRole('option', { name: 'Delivered by hand' }).click();
  await dialog.getByTestId('product-image-input').setInputFiles({
    name: 'bot.png',
    mimeType: 'image/png',
    buffer: PNG_1x1,
  });
  await expect(dialog.getByTestId('product-image-preview')).toBeVisible();
  await expect(dialog.getByText('Selected: bot.png')).toBeVisible();
  await dialog.getByTestId('product-image-preview').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENSHOTS}/editor-new-1280.png` });
  await dialog.getByRole('button', { name: 'Create product' }).click();
  await expectToast(page, 'Product created', name);
  // In the list at once, without a reload.
  await expect(page.getByTestId('admin-product').filter({ hasText: name })).toBeVisible();

  await page.goto('/products');
  const card = page.getByTestId('product-card').filter({ hasText: name });
  await expect(card).toContainText('$25');
  const image = card.getByRole('img', { name });
  await expect(image).toHaveAttribute('src', /^\/product-images\/[0-9a-f-]{36}\.png$/);
  await image.scrollIntoViewIfNeeded();
  await expect.poll(() => image.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBe(1);

  await page.goto(`/products/${slug}`);
  await expect(page.getByText('Works offline')).toBeVisible();
});

test('a bad slug, then a taken one, is shown under the slug field', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openProductsTab(page);
  await page.getByRole('button', { name: 'New product' }).click();
  const dialog = page.getByRole('dialog', { name: 'New product' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Slug Test');
  const slug = dialog.getByRole('textbox', { name: 'Slug' });
  await slug.fill('Bad Slug!');
  await dialog.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Scripts' }).click();
  await dialog.getByRole('textbox', { name: 'Description', exact: true }).fill('Testing slugs');
  await dialog.getByRole('textbox', { name: 'Price' }).fill('5');
  await dialog.getByRole('button', { name: 'Create product' }).click();
  // The shared rules refuse it before anything is sent; focus goes to the field.
  await expect(slug).toHaveAccessibleDescription(PRODUCT_MESSAGES.slugFormat);
  await expect(slug).toBeFocused();

  // A valid slug another product has: the server's answer, under the same field.
  await slug.fill('bitcoin-bot');
  await dialog.getByRole('button', { name: 'Create product' }).click();
  await expect(slug).toHaveAccessibleDescription(PRODUCT_MESSAGES.slugTaken);
  await expect(slug).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog).toBeVisible();
});

test('at 360 px the list and the editor work by keyboard, full screen and without overflow', async ({
  browser,
  request,
}) => {
  const product = await createProductViaApi(request, 7);
  const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
  try {
    const page = await context.newPage();
    await openProductsTab(page);
    await page.screenshot({ path: `${SCREENSHOTS}/list-top-360.png` });
    const row = page.getByTestId('admin-product').filter({ has: page.getByText(product.name, { exact: true }) });
    const edit = row.getByRole('button', { name: `Edit ${product.name}` });
    await edit.scrollIntoViewIfNeeded();
    expect(await page.locator('html').evaluate((html) => html.scrollWidth)).toBeLessThanOrEqual(360);
    await page.screenshot({ path: `${SCREENSHOTS}/list-360.png` });

    await edit.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Edit ${product.name}` });
    await expect(dialog).toBeVisible();
    // Full screen: the dialog's paper fills the viewport.
    const box = await dialog.boundingBox();
    expect(box?.width).toBe(360);
    // Name first (focused), then the slug, by Tab.
    await expect(dialog.getByRole('textbox', { name: 'Name' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('textbox', { name: 'Slug' })).toBeFocused();
    // A price the rules refuse, shown under its field.
    const price = dialog.getByRole('textbox', { name: 'Price' });
    await price.fill('0');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(price).toHaveAccessibleDescription(PRODUCT_MESSAGES.pricePositive);
    // Only the fields scroll: the dialog's paper does not, so its title and buttons stay in view.
    expect(await dialog.evaluate((paper) => paper.scrollHeight - paper.clientHeight)).toBe(0);
    await expect(dialog.getByRole('heading', { name: `Edit ${product.name}` })).toBeInViewport();
    await expect(dialog.getByRole('button', { name: 'Save changes' })).toBeInViewport();
    expect(await page.locator('html').evaluate((html) => html.scrollWidth)).toBeLessThanOrEqual(360);
    await page.screenshot({ path: `${SCREENSHOTS}/editor-360.png` });
    await dialog.getByRole('button', { name: 'Add tier' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENSHOTS}/editor-360-lower.png` });
    // A tier row (two fields and its remove button) fits the width too.
    await dialog.getByRole('button', { name: 'Add tier' }).click();
    await dialog.getByRole('textbox', { name: 'Tier 1 from quantity' }).fill('10');
    await page.screenshot({ path: `${SCREENSHOTS}/editor-360-tier.png` });
    expect(await page.locator('html').evaluate((html) => html.scrollWidth)).toBeLessThanOrEqual(360);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(edit).toBeFocused();
  } finally {
    await context.close();
  }
});
