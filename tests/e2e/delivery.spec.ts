/**
 * Instant delivery as the customer sees it (docs/inventory.md "Delivery"): the stock count on the product page and the
 * checkout's quantity, the order's keys in the dashboard (`/dashboard?order=<id>`, the address /verify and the
 * delivery e-mail link to) appearing live once an admin confirms the payment, copying them, downloading them as one
 * text file, a DOWNLOAD product's file, a 4,000-key order, and /verify saying Delivered.
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { ORDER_STATUS_LABELS } from '../../common/labels';
import {
  clipboardText,
  isSameDocument,
  markDocument,
  placeOrderViaApi,
  setOrderStatus,
  signInBrowser,
  type PlacedOrder,
} from './support/orders';
import { adminToken, gql, seriousA11yViolations, signInUi, signUpViaApi, type ApiUser } from './support/store';

interface DeliveredOrder {
  status: string;
  keys: { value: string }[];
  keysFileUrl: string | null;
  downloadUrl: string | null;
}

/** The order as its owner reads it through the API. */
async function orderViaApi(request: APIRequestContext, user: ApiUser, orderId: string): Promise<DeliveredOrder> {
  const data = await gql(
    request,
    'query ($id: ID!) { order(id: $id) { status keys { value } keysFileUrl downloadUrl } }',
    { id: orderId },
    user.token,
  );
  return data.order;
}

/** The admin confirms the payment; the store delivers in the background and completes the order (SYSTEM). */
async function confirmAndWaitForDelivery(
  request: APIRequestContext,
  user: ApiUser,
  orderId: string,
): Promise<DeliveredOrder> {
  await setOrderStatus(request, await adminToken(request), orderId, 'SUCCESS');
  const status = async () =>
    (await gql(request, 'query ($id: ID!) { order(id: $id) { status } }', { id: orderId }, user.token)).order.status;
  await expect.poll(status, { timeout: 20_000 }).toBe('COMPLETED');
  return orderViaApi(request, user, orderId);
}

async function availableQuantity(request: APIRequestContext, slug: string): Promise<number> {
  const data = await gql(request, 'query ($slug: String!) { product(slug: $slug) { availableQuantity } }', { slug });
  return data.product.availableQuantity;
}

const keysDialog = (page: Page) => page.getByRole('dialog', { name: 'Licence keys' });
const keyValues = (dialog: Locator) => dialog.getByTestId('licence-key');

const orderCard = (page: Page, order: PlacedOrder) =>
  page
    .getByRole('tabpanel')
    .getByRole('listitem')
    .filter({ hasText: `Order #${order.shortId}` });

test('2 Zcash keys: bought at checkout, shown live once paid, copied, downloaded, and Delivered on /verify', async ({
  page,
  context,
  request,
}) => {
  test.slow();
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const user = await signUpViaApi(request, 'Key Buyer');
  await signInBrowser(page, user);

  // The product page says how many keys can be bought.
  const inStock = await availableQuantity(request, 'zcash-keys');
  expect(inStock).toBeGreaterThan(2);
  await page.goto('/products/zcash-keys');
  await expect(page.getByTestId('stock-count')).toHaveText(`${inStock.toLocaleString('en-US')} in stock`);

  // Checkout: the quantity offers no more than the keys in stock.
  await page.getByRole('link', { name: 'Purchase Now', exact: true }).click();
  await expect(page).toHaveURL(/\/checkout\?product=zcash-keys$/);
  const quantity = page.getByLabel('Quantity');
  await expect(page.getByText(`(${inStock.toLocaleString('en-US')} in stock)`)).toBeVisible();
  await quantity.fill('9999');
  await quantity.blur();
  await expect(quantity).toHaveValue(String(inStock));
  await quantity.fill('2');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await page.getByRole('button', { name: "I've Sent the Payment" }).click();
  await expect(page).toHaveURL(/\/verify\?order=[0-9a-f-]{36}$/);
  const order: PlacedOrder = (() => {
    const id = new URL(page.url()).searchParams.get('order')!;
    return { id, shortId: id.slice(0, 8) };
  })();

  // Before payment the dashboard has no keys for it, and says when they come. Opened with the keyboard.
  await page.goto('/dashboard?tab=orders');
  const card = orderCard(page, order);
  await expect(card).toContainText(ORDER_STATUS_LABELS.PENDING);
  const keysLink = card.getByRole('link', { name: `Keys of order ${order.shortId}` });
  await keysLink.focus();
  await page.keyboard.press('Enter');
  const dialog = keysDialog(page);
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`[?&]order=${order.id}`));
  await expect(dialog).toContainText('Zcash');
  await expect(dialog).toContainText(`Order #${order.shortId}`);
  await expect(dialog.getByTestId('keys-pending')).toHaveText('Your keys appear here once the payment is confirmed.');
  await expect(keyValues(dialog)).toHaveCount(0);
  await expect(dialog.getByRole('link', { name: 'Download all keys (.txt)' })).toHaveCount(0);
  expect((await orderViaApi(request, user, order.id)).keys).toEqual([]);
  await markDocument(page);

  // The admin confirms the payment: the keys arrive (delivered in the background) with no reload.
  await setOrderStatus(request, await adminToken(request), order.id, 'SUCCESS');
  await expect(keyValues(dialog)).toHaveCount(2);
  await expect(dialog.getByTestId('keys-count')).toHaveText('2 licence keys delivered');
  const delivered = await orderViaApi(request, user, order.id);
  const keys = delivered.keys.map((key) => key.value);
  expect(keys).toHaveLength(2);
  await expect(keyValues(dialog)).toHaveText(keys);

  // Copy one key, then all of them.
  await dialog.getByRole('button', { name: 'Copy key 2' }).click();
  await expect(dialog.getByRole('button', { name: 'Copied key 2' })).toHaveText('Copied');
  expect(await clipboardText(page)).toBe(keys[1]);
  await dialog.getByRole('button', { name: 'Copy all keys' }).click();
  await expect(dialog.getByRole('button', { name: 'Copied all keys' })).toBeVisible();
  expect(await clipboardText(page)).toBe(keys.join('\n'));

  // The download holds exactly those keys, one per line.
  const download = dialog.getByRole('link', { name: 'Download all keys (.txt)' });
  const href = await download.getAttribute('href');
  expect(href).toMatch(new RegExp(`^/order-keys/${order.id}\\.txt\\?exp=\\d+&sig=[0-9a-f]+$`));
  const file = await page.request.get(href!);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toMatch(/^text\/plain/);
  const text = await file.text();
  expect(text.split('\n').filter((line) => line !== '')).toEqual(keys);
  expect(text).toBe(`${keys.join('\n')}\n`);
  // A Zcash key is no DOWNLOAD product: no file.
  await expect(dialog.getByRole('link', { name: 'Download file' })).toHaveCount(0);

  expect(await seriousA11yViolations(page, 'keys dialog')).toEqual([]);

  // Escape closes it, back on the Orders tab, where the order's card followed too: still no reload.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page).not.toHaveURL(/[?&]order=/);
  await expect(page.getByRole('tab', { name: 'Orders' })).toHaveAttribute('aria-selected', 'true');
  await expect(card).toContainText(ORDER_STATUS_LABELS.COMPLETED);
  await expect(keysLink).toBeFocused();
  expect(await isSameDocument(page)).toBe(true);

  // /verify: Delivered, with the way to the keys.
  await page.goto(`/verify?order=${order.id}`);
  await expect(page.getByRole('heading', { name: 'Delivered' })).toBeVisible();
  await expect(page.getByText('Your order is complete: your licence keys are ready.')).toBeVisible();
  await expect(page.getByTestId('verify-status-reason')).toHaveCount(0);
  const viewKeys = page.getByRole('link', { name: 'View your keys' });
  await expect(viewKeys).toHaveAttribute('href', `/dashboard?order=${order.id}`);
  await viewKeys.click();
  await expect(keyValues(keysDialog(page))).toHaveText(keys);
});

test('the keys link works signed out (after signing in), and a DOWNLOAD product adds its file', async ({
  page,
  request,
}) => {
  const user = await signUpViaApi(request, 'Script Buyer');
  const order = await placeOrderViaApi(request, user, { slug: 'payeer-doubler-script', quantity: 1 });
  const delivered = await confirmAndWaitForDelivery(request, user, order.id);
  expect(delivered.keys).toHaveLength(1);
  expect(delivered.downloadUrl).toMatch(/^\/files\//);

  // The delivery e-mail's link, opened signed out: sign in, then straight to the keys.
  const link = `/dashboard?order=${order.id}`;
  await page.goto(link);
  await expect(page).toHaveURL(`/auth?redirect=${encodeURIComponent(link)}`);
  await signInUi(page, user, link);
  await expect(page).toHaveURL(link);
  const dialog = keysDialog(page);
  await expect(keyValues(dialog)).toHaveText([delivered.keys[0].value]);
  await expect(dialog.getByTestId('keys-count')).toHaveText('1 licence key delivered');

  const file = dialog.getByRole('link', { name: 'Download file' });
  const res = await page.request.get((await file.getAttribute('href'))!);
  expect(res.status()).toBe(200);
  expect((await res.body()).length).toBeGreaterThan(0);

  await page.goto(`/verify?order=${order.id}`);
  await expect(page.getByRole('heading', { name: 'Delivered' })).toBeVisible();
  await expect(page.getByText('Your order is complete: your licence keys and download are ready.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'View your keys and download' })).toHaveAttribute('href', link);
});

test('a 4,000-key order lists the first 100 keys and downloads all of them', async ({ page, request }) => {
  test.slow();
  const user = await signUpViaApi(request, 'Bulk Buyer');
  const order = await placeOrderViaApi(request, user, { slug: 'ssl-certificates', quantity: 4000 });
  const delivered = await confirmAndWaitForDelivery(request, user, order.id);
  expect(delivered.keys).toHaveLength(4000);

  await signInBrowser(page, user);
  await page.goto(`/dashboard?order=${order.id}`);
  const dialog = keysDialog(page);
  // 4,000 keys decrypted, sent and cached: more than the usual wait on a busy test machine.
  await expect(dialog.getByTestId('keys-count')).toHaveText('4,000 licence keys delivered', { timeout: 30_000 });
  await expect(keyValues(dialog)).toHaveCount(100);
  await expect(keyValues(dialog).first()).toHaveText(delivered.keys[0].value);
  await expect(keyValues(dialog).last()).toHaveText(delivered.keys[99].value);
  await expect(dialog.getByTestId('keys-more')).toHaveText('and 3,900 more in the download');

  const href = await dialog.getByRole('link', { name: 'Download all keys (.txt)' }).getAttribute('href');
  const file = await page.request.get(href!);
  expect(file.status()).toBe(200);
  const lines = (await file.text()).split('\n').filter((line) => line !== '');
  expect(lines).toEqual(delivered.keys.map((key) => key.value));
});

test('an order of someone else is not found in the keys view', async ({ page, request }) => {
  const owner = await signUpViaApi(request, 'Owner');
  // Not Zcash: the first test reads Zcash's stock and expects no other order to change it meanwhile.
  const order = await placeOrderViaApi(request, owner, { slug: 'ripple-keys', quantity: 1 });
  const other = await signUpViaApi(request, 'Someone Else');
  await signInBrowser(page, other);
  await page.goto(`/dashboard?order=${order.id}`);
  await expect(keysDialog(page)).toContainText('Order not found');
  await expect(keyValues(keysDialog(page))).toHaveCount(0);
  await keysDialog(page).getByRole('button', { name: 'Close' }).first().click();
  await expect(keysDialog(page)).toBeHidden();
});

for (const width of [360, 1280]) {
  test(`the dashboard opens on "Keys & downloads" after a keyed purchase: the order, its keys copied and downloadable (${width} px)`, async ({
    page,
    context,
    request,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.setViewportSize({ width, height: width < 600 ? 740 : 900 });
    const user = await signUpViaApi(request, 'Tab Buyer');
    const order = await placeOrderViaApi(request, user, { slug: 'litecoin-keys', quantity: 2 });
    const delivered = await confirmAndWaitForDelivery(request, user, order.id);
    const keys = delivered.keys.map((key) => key.value);
    expect(keys).toHaveLength(2);

    // No tab in the address: the dashboard opens on the tab that holds what was bought last.
    await signInBrowser(page, user);
    await page.goto('/dashboard');
    const tab = page.getByRole('tab', { name: 'Keys & downloads' });
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tab', { name: 'Certificates' })).toHaveAttribute('aria-selected', 'false');
    const panel = page.getByRole('tabpanel');
    await expect(panel.getByText('No certificates yet')).toHaveCount(0);
    const row = page.getByTestId('keys-tab').getByRole('listitem').filter({ hasText: order.shortId });
    await expect(row.getByRole('heading', { name: 'Litecoin (LTC) Licence Key' })).toBeVisible();
    await expect(row).toContainText(`Quantity 2 · ${ORDER_STATUS_LABELS.COMPLETED}`);
    expect(await seriousA11yViolations(page, `keys tab ${width}`)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`keys-tab-${width}.png`), fullPage: true });

    // Its keys: listed, copied one by one and all at once, and one text file to download.
    await row.getByRole('link', { name: `View your keys: Litecoin (LTC) Licence Key, order ${order.shortId}` }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]order=${order.id}`));
    const dialog = keysDialog(page);
    await expect(dialog.getByTestId('keys-count')).toHaveText('2 licence keys delivered');
    await expect(keyValues(dialog)).toHaveText(keys);
    await dialog.getByRole('button', { name: 'Copy all keys' }).click();
    await expect(dialog.getByRole('button', { name: 'Copied all keys' })).toBeVisible();
    expect(await clipboardText(page)).toBe(keys.join('\n'));
    const download = dialog.getByRole('link', { name: 'Download all keys (.txt)' });
    await expect(download).toBeVisible();
    const file = await page.request.get((await download.getAttribute('href'))!);
    expect(file.status()).toBe(200);
    expect(await file.text()).toBe(`${keys.join('\n')}\n`);
    expect(await seriousA11yViolations(page, `keys tab dialog ${width}`)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`keys-tab-dialog-${width}.png`) });
  });
}
