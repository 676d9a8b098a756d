/**
 * The admin panel (docs/product.md "Admin", "Roles", "Messages"): login and its refusals, the live order
 * queue (status changes seen by the customer and by another admin, new orders arriving), payment proof
 * viewing, stock switches reflected in the store, and certificate issuing down to the customer's
 * download.
 */
import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';
import { ORDER_STATUS_LABELS } from '../../common/labels';
import { MESSAGES } from '../../common/validation';
import { CERTIFICATE_PEM } from '../support/fixtures';
import { placeOrderViaApi, setOrderStatus, type PlaceOrderOptions, type PlacedOrder } from './support/orders';
import {
  E2E_ADMIN,
  adminToken,
  expectToast,
  gql,
  seriousA11yViolations,
  signInUi,
  signUpViaApi,
  submitAdminLogin,
  type ApiUser,
} from './support/store';

/**
 * The customer places an order through the API as the checkout would: by default one item, with a
 * transaction id and a PNG payment proof.
 */
function placeOrder(request: APIRequestContext, user: ApiUser, options: PlaceOrderOptions = {}): Promise<PlacedOrder> {
  return placeOrderViaApi(request, user, { quantity: 1, transactionId: 'abc123def456', proof: true, ...options });
}

/** Signs in at /admin as the e2e admin and waits for the dashboard. */
async function signInAdmin(page: Page): Promise<void> {
  await submitAdminLogin(page);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
}

/** Extra browsers (a customer, another admin, a visitor) for a test; closed after it. */
const openContexts: BrowserContext[] = [];
async function newPage(browser: Browser, options?: BrowserContextOptions): Promise<Page> {
  const context = await browser.newContext(options);
  openContexts.push(context);
  return context.newPage();
}
test.afterEach(async () => {
  await Promise.all(openContexts.splice(0).map((context) => context.close()));
});

async function adminPage(browser: Browser): Promise<Page> {
  const page = await newPage(browser);
  await signInAdmin(page);
  return page;
}

// One worker, in order: the tests look for their orders on the queue's first page, which another
// test's burst of orders could push them off.
test.describe.configure({ mode: 'default' });

const statusSelect = (page: Page, order: PlacedOrder) =>
  page.getByRole('combobox', { name: `Status of order ${order.shortId}` });

test.describe('admin login', () => {
  test('an admin signs in, lands on the dashboard, skips the login while signed in, and logs out', async ({ page }) => {
    await signInAdmin(page);
    await expectToast(page, 'Login Successful', 'Welcome to the admin dashboard');
    await expect(page.getByRole('tab', { name: 'Orders' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tab', { name: 'Products Stock' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Refresh' })).toBeEnabled();
    await expect(page.getByTestId('live-indicator')).toHaveText('Live');

    // Already signed in (also after a reload, from the refresh cookie): /admin goes straight on.
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible();
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/admin$/);
  });

  test("a customer's account is refused with 'Access Denied' and ends signed out", async ({ page, request }) => {
    const customer = await signUpViaApi(request, 'Not An Admin');
    await submitAdminLogin(page, customer);
    await expectToast(page, 'Access Denied', "You don't have admin privileges");
    await expect(page).toHaveURL(/\/admin$/);

    // The dashboard repeats the check, and the session (refresh cookie included) is gone.
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
  });

  test('a signed-in customer who opens the dashboard is sent to the admin login', async ({ page, request }) => {
    const customer = await signUpViaApi(request, 'Curious Customer');
    await signInUi(page, customer);
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/admin$/);
    await expect(
      page.getByText(`You are signed in as ${customer.email}, which is not an admin account.`),
    ).toBeVisible();
  });

  test("an admin who signs in over a customer's session sees nothing of the customer's afterwards", async ({
    page,
    request,
  }) => {
    const customer = await signUpViaApi(request, 'Leftover Customer');
    await signInUi(page, customer);
    await expect(page.getByTestId('nav-user')).toContainText('Leftover Customer');
    await submitAdminLogin(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
    // Back to the store without a reload: the nav bar names the admin, not the customer.
    await page.getByRole('link', { name: 'View store' }).click();
    await expect(page.getByTestId('nav-user')).toBeVisible();
    await expect(page.getByTestId('nav-user')).not.toContainText('Leftover Customer');
  });

  test("a wrong password shows 'Login Failed' with the server's message", async ({ page }) => {
    await submitAdminLogin(page, { email: E2E_ADMIN.email, password: 'WrongPassw0rd' });
    await expectToast(page, 'Login Failed', MESSAGES.invalidCredentials);
    await expect(page).toHaveURL(/\/admin$/);
  });
});

test.describe('orders', () => {
  test("a status change is seen live on the customer's open /verify page", async ({ browser, request }) => {
    test.slow(); // several browsers signing in
    const customer = await signUpViaApi(request, 'Verify Watcher');
    const order = await placeOrder(request, customer);

    const customerPage = await newPage(browser);
    await signInUi(customerPage, customer);
    await customerPage.goto(`/verify?order=${order.id}`);
    await expect(customerPage.getByText('Payment verification in progress')).toBeVisible();

    const admin = await adminPage(browser);
    await statusSelect(admin, order).selectOption({ label: ORDER_STATUS_LABELS.SUCCESS });
    // Marking paid by hand asks first, saying what will be delivered and what the payment rests on.
    const confirm = admin.getByRole('dialog', { name: `Mark order ${order.shortId} as Success?` });
    await expect(confirm).toContainText(`1 licence key will be delivered to ${customer.email}`);
    await expect(confirm).toContainText('Nothing has been seen on chain');
    await expect(confirm).toContainText('The customer gave a payment proof and transaction ID abc123def456.');
    await confirm.getByRole('button', { name: 'Mark as paid' }).click();
    await expectToast(
      admin,
      'Order status updated successfully',
      `Order ${order.shortId} is now Success. It moves to Completed once delivered.`,
    );
    // Payment confirmed: the licence key is delivered at once and the store completes the order, live on both pages.
    await expect(customerPage.getByRole('heading', { level: 1, name: 'Delivered', exact: true })).toBeVisible();
    await expect(statusSelect(admin, order)).toHaveValue('COMPLETED');

    await statusSelect(admin, order).selectOption({ label: ORDER_STATUS_LABELS.NOT_RECEIVED });
    await expect(customerPage.getByRole('heading', { level: 1, name: 'Payment not detected' })).toBeVisible();

    // The audit trail names the admin for each change, and notes the key's reservation and delivery.
    await admin.getByRole('button', { name: `Details of order ${order.shortId}` }).click();
    const dialog = admin.getByRole('dialog', { name: `Order ${order.shortId}` });
    const events = dialog.getByTestId('order-event');
    await expect(events).toHaveCount(6);
    await expect(events.nth(0)).toContainText('Order placed (Pending)');
    await expect(events.nth(0)).toContainText(customer.email);
    await expect(events.nth(1)).toContainText('1 licence key reserved');
    await expect(events.nth(2)).toContainText(ORDER_STATUS_LABELS.PENDING);
    await expect(events.nth(2)).toContainText(ORDER_STATUS_LABELS.SUCCESS);
    await expect(events.nth(2)).toContainText(`by ${E2E_ADMIN.email}`);
    await expect(events.nth(3)).toContainText('1 licence key delivered');
    await expect(events.nth(4)).toContainText(ORDER_STATUS_LABELS.COMPLETED);
    await expect(events.nth(5)).toContainText(ORDER_STATUS_LABELS.NOT_RECEIVED);
  });

  test('marking an order paid with no proof and nothing on chain can be called off, and changes nothing', async ({
    page,
    request,
  }) => {
    const customer = await signUpViaApi(request, 'Bare Claim');
    const order = await placeOrderViaApi(request, customer, { quantity: 1 });
    await signInAdmin(page);
    await statusSelect(page, order).selectOption({ label: ORDER_STATUS_LABELS.PROCESSING });
    const confirm = page.getByRole('dialog', { name: `Mark order ${order.shortId} as Processing?` });
    await expect(confirm).toContainText('Nothing has been seen on chain');
    await expect(confirm).toContainText('The customer gave no proof and no transaction ID.');
    expect(await seriousA11yViolations(page)).toEqual([]);
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.screenshot({ path: test.info().outputPath(`mark-paid-dialog-${width}.png`) });
    }
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(statusSelect(page, order)).toHaveValue('PENDING');
    const after = await gql<{ order: { status: string } }>(
      request,
      `query ($id: ID!) { order(id: $id) { status } }`,
      {
        id: order.id,
      },
      await adminToken(request),
    );
    expect(after.order.status).toBe('PENDING');
  });

  test('"I paid 68.000002, where is my order?": the queue finds it by the exact amount, then by name', async ({
    page,
    request,
  }) => {
    const customer = await signUpViaApi(request, 'Wanda Whereismyorder');
    const order = await placeOrderViaApi(request, customer, { quantity: 1 });
    const other = await placeOrderViaApi(request, customer, { quantity: 1 });
    const { order: placed } = await gql<{ order: { paymentAmountCrypto: string } }>(
      request,
      `query ($id: ID!) { order(id: $id) { paymentAmountCrypto } }`,
      { id: order.id },
      customer.token,
    );
    await signInAdmin(page);
    const search = page.getByRole('searchbox', { name: 'Search orders' });
    await search.fill(placed.paymentAmountCrypto);
    await expect(page.getByText('Showing 1 of 1 order', { exact: true })).toBeVisible();
    await expect(statusSelect(page, order)).toBeVisible();
    await expect(statusSelect(page, other)).toBeHidden();

    await search.fill('whereismyorder');
    await expect(page.getByText('Showing 2 of 2 orders', { exact: true })).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.screenshot({ path: test.info().outputPath(`orders-search-${width}.png`), fullPage: true });
    }

    await search.fill('no order has this');
    await expect(page.getByText('No order matches this search')).toBeVisible();
  });

  test('an admin cancels a pending order from the queue; the customer sees it cancelled', async ({
    browser,
    request,
  }) => {
    test.slow(); // two browsers signing in
    const customer = await signUpViaApi(request, 'Cancelled By Admin');
    const order = await placeOrder(request, customer);
    const admin = await adminPage(browser);
    await statusSelect(admin, order).selectOption({ label: ORDER_STATUS_LABELS.CANCELLED });
    await expectToast(admin, 'Order status updated successfully', `Order ${order.shortId} is now Cancelled.`);
    await expect(statusSelect(admin, order)).toHaveValue('CANCELLED');

    await admin.getByRole('button', { name: `Details of order ${order.shortId}` }).click();
    const events = admin.getByRole('dialog', { name: `Order ${order.shortId}` }).getByTestId('order-event');
    // Placed, its licence key reserved, cancelled, and the key released back to stock.
    await expect(events).toHaveCount(4);
    const cancelled = events.filter({ hasText: `${ORDER_STATUS_LABELS.PENDING}to${ORDER_STATUS_LABELS.CANCELLED}` });
    await expect(cancelled).toContainText(`by ${E2E_ADMIN.email}`);
    await expect(events.filter({ hasText: '1 licence key released back to stock' })).toHaveCount(1);

    const customerPage = await newPage(browser);
    await signInUi(customerPage, customer);
    await customerPage.goto(`/verify?order=${order.id}`);
    await expect(customerPage.getByText(ORDER_STATUS_LABELS.CANCELLED).first()).toBeVisible();
  });

  test('two admins see each other’s status changes live', async ({ browser, request }) => {
    test.slow(); // several browsers signing in
    const customer = await signUpViaApi(request, 'Two Admins Customer');
    const order = await placeOrder(request, customer);
    const first = await adminPage(browser);
    const second = await adminPage(browser);
    await expect(statusSelect(second, order)).toHaveValue('PENDING');
    // Both live feeds up and caught up: a change announced before a feed is registered shows only on a refetch.
    for (const admin of [first, second]) {
      await expect(admin.getByTestId('admin-orders')).toHaveAttribute('data-synced', 'true');
    }

    // Unpaid statuses: a paid one (Success, Processing) has the order's licence keys delivered and the order
    // Completed by the store at once.
    await statusSelect(first, order).selectOption({ label: ORDER_STATUS_LABELS.NOT_RECEIVED });
    await expect(statusSelect(second, order)).toHaveValue('NOT_RECEIVED');

    await statusSelect(second, order).selectOption({ label: ORDER_STATUS_LABELS.PENDING });
    await expect(statusSelect(first, order)).toHaveValue('PENDING');
  });

  test('a new order placed by a customer appears live at the top of the open queue', async ({ page, request }) => {
    const customer = await signUpViaApi(request, 'Live Arrival');
    const older = await placeOrder(request, customer);
    await signInAdmin(page);
    const rows = page.getByTestId('admin-order');
    await expect(rows.filter({ hasText: older.shortId })).toBeVisible();
    await expect(page.getByTestId('live-indicator')).toHaveText('Live');
    // 'Live' means the socket is acknowledged; graphql-ws does not acknowledge the subscribe itself, and
    // under CI load the server registered it after the order below was announced (seen once in CI).
    // Known gap, noted on issue 5: a change in those first milliseconds shows only on the next refetch.
    await page.waitForTimeout(1000);

    const newer = await placeOrder(request, customer, { domainName: 'live.example.com' });
    const row = rows.filter({ hasText: newer.shortId });
    await expect(row).toBeVisible();
    await expect(row).toContainText('New');
    await expect(row).toContainText('Live Arrival');
    await expect(row).toContainText(customer.email);
    await expect(row).toContainText('live.example.com');
    const ids = await rows.evaluateAll((all) => all.map((el) => el.textContent ?? ''));
    const newerIndex = ids.findIndex((text) => text.includes(newer.shortId));
    const olderIndex = ids.findIndex((text) => text.includes(older.shortId));
    expect(newerIndex).toBeLessThan(olderIndex);
  });

  test('the payment proof opens in the viewer', async ({ page, request }) => {
    const customer = await signUpViaApi(request, 'Proof Sender');
    const order = await placeOrder(request, customer);
    await signInAdmin(page);
    await page.getByRole('button', { name: `View proof of order ${order.shortId}` }).click();
    const dialog = page.getByRole('dialog', { name: `Payment proof · Order ${order.shortId}` });
    const image = dialog.getByRole('img', { name: `Payment proof uploaded for order ${order.shortId}` });
    await expect(image).toBeVisible();
    await expect
      .poll(() =>
        // The image has loaded when it is complete with a width (tests/e2e has no DOM typings).
        image.evaluate((img) => {
          const loaded = img as unknown as { complete: boolean; naturalWidth: number };
          return loaded.complete ? loaded.naturalWidth : 0;
        }),
      )
      .toBeGreaterThan(0);
    await expect(dialog.getByRole('link', { name: 'Open in new tab' })).toHaveAttribute('href', /^\/files\/.+sig=/);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  });

  test('on a phone the queue is a list of cards without horizontal scrolling', async ({ browser, request }) => {
    const customer = await signUpViaApi(request, 'Phone Check');
    const order = await placeOrder(request, customer);
    const page = await newPage(browser, { viewport: { width: 360, height: 780 } });
    await signInAdmin(page);
    const card = page.getByRole('article', { name: `Order ${order.shortId}` });
    await expect(card).toBeVisible();
    await expect(card).toContainText('Phone Check');
    await expect(statusSelect(page, order)).toBeVisible();
    const pageWidth = await page.locator('html').evaluate((html) => html.scrollWidth);
    expect(pageWidth).toBeLessThanOrEqual(360);
  });
});

test.describe('accessibility', () => {
  test('the order cards on a phone, the order dialog and the proof viewer pass an axe scan', async ({
    browser,
    request,
  }) => {
    const customer = await signUpViaApi(request, 'Axe Admin Check');
    const order = await placeOrder(request, customer, { domainName: 'axe.example.com' });
    const page = await newPage(browser, { viewport: { width: 360, height: 780 } });
    await signInAdmin(page);
    await expect(page.getByRole('article', { name: `Order ${order.shortId}` })).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole('button', { name: `Details of order ${order.shortId}` }).click();
    const dialog = page.getByRole('dialog', { name: `Order ${order.shortId}` });
    // Placed, and its licence key reserved.
    await expect(dialog.getByTestId('order-event')).toHaveCount(2);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await dialog.getByRole('button', { name: 'View payment proof' }).click();
    await expect(page.getByRole('img', { name: `Payment proof uploaded for order ${order.shortId}` })).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});

test.describe('products stock', () => {
  // A product no other spec relies on being in stock; restored at the end.
  const SLUG = 'news-site-script';

  test('a stock switch applies at once, shows in the store and on another admin’s screen', async ({
    browser,
    request,
  }) => {
    test.slow(); // several browsers signing in
    const { product } = await gql(request, 'query ($slug: String!) { product(slug: $slug) { id name inStock } }', {
      slug: SLUG,
    });
    expect(product.inStock).toBe(true);
    const token = await adminToken(request);
    try {
      const admin = await adminPage(browser);
      const other = await adminPage(browser);
      for (const page of [admin, other]) await page.getByRole('tab', { name: 'Products Stock' }).click();
      // A product stocked by licence keys: its switch pauses or resumes sales.
      const stockSwitch = (page: Page) => page.getByRole('switch', { name: `${product.name} on sale` });
      await expect(stockSwitch(admin)).toBeChecked();

      await stockSwitch(admin).click();
      await expectToast(admin, 'Product marked as out of stock', product.name);
      await expect(stockSwitch(admin)).not.toBeChecked();
      await expect(stockSwitch(other)).not.toBeChecked();

      const visitor = await newPage(browser);
      await visitor.goto('/products');
      const card = visitor.getByTestId('product-card').filter({ hasText: product.name });
      await expect(card.getByRole('button', { name: 'Currently Unavailable' })).toBeDisabled();

      await stockSwitch(other).click();
      await expectToast(other, 'Product marked as in stock', product.name);
      await expect(stockSwitch(admin)).toBeChecked();
      await visitor.reload();
      await expect(card.getByRole('link', { name: 'Quick Checkout' })).toBeVisible();
    } finally {
      await gql(
        request,
        'mutation ($id: ID!) { setProductStock(productId: $id, inStock: true) { id } }',
        { id: product.id },
        token,
      );
    }
  });

  test('every product is listed, inactive ones too, with slug, price and visibility', async ({ page, request }) => {
    const token = await adminToken(request);
    const { adminProducts } = await gql(request, '{ adminProducts { name slug active } }', {}, token);
    await signInAdmin(page);
    await page.getByRole('tab', { name: 'Products Stock' }).click();
    await expect(page).toHaveURL(/tab=products/);
    const rows = page.getByTestId('admin-product');
    await expect(rows.first()).toContainText(adminProducts[0].name);
    // Other specs create products meanwhile (catalogue-editor.spec.ts); the list adds them live, so it settles on
    // the API's count.
    await expect
      .poll(
        async () =>
          (await rows.count()) - (await gql(request, '{ adminProducts { id } }', {}, token)).adminProducts.length,
      )
      .toBe(0);
    await expect(rows.first()).toContainText(adminProducts[0].slug);
  });
});

test.describe('certificates', () => {
  test('an admin issues a certificate from the order and the customer downloads it', async ({ browser, request }) => {
    test.slow(); // several browsers signing in
    const customer = await signUpViaApi(request, 'Certificate Owner');
    // A certificate product: its kind (MANUAL) is the one an admin issues a certificate for (common/fulfilment-kinds
    // issuesCertificate); the seeded ones are out of stock, so this test has its own, in stock.
    const token = await adminToken(request);
    const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
    const { createProduct } = await gql(
      request,
      'mutation ($input: ProductInput!) { createProduct(input: $input) { id slug } }',
      {
        input: {
          name: `E2E Certificate ${suffix}`,
          slug: `e2e-certificate-${suffix}`,
          category: 'ssl_certificates',
          description: 'A certificate an admin issues',
          price: 24.99,
          fulfilment: 'MANUAL',
        },
      },
      token,
    );
    await gql(
      request,
      'mutation ($id: ID!) { setProductStock(productId: $id, inStock: true) { id } }',
      { id: createProduct.id },
      token,
    );
    const order = await placeOrder(request, customer, {
      slug: createProduct.slug,
      quantity: 1,
      domainName: 'shop.example.com',
    });
    const admin = await adminPage(browser);
    await admin.getByRole('button', { name: `Details of order ${order.shortId}` }).click();
    const dialog = admin.getByRole('dialog', { name: `Order ${order.shortId}` });
    await expect(dialog.getByLabel('Domain')).toHaveValue('shop.example.com');

    const choose = async (button: string, name: string, text: string) => {
      const chooser = admin.waitForEvent('filechooser');
      await dialog.getByRole('button', { name: button }).click();
      await (await chooser).setFiles({ name, mimeType: 'application/x-x509-ca-cert', buffer: Buffer.from(text) });
      await expect(dialog.getByText(name)).toBeVisible();
    };

    // A file that is not PEM is refused with the server's message.
    await choose('Choose certificate file', 'notes.txt', 'not a certificate');
    await dialog.getByRole('button', { name: 'Issue certificate' }).click();
    await expectToast(admin, 'Failed to issue certificate', MESSAGES.certificateFileNotPem);

    await dialog.getByLabel('Issued on').fill('2026-11-01');
    await dialog.getByLabel('Expires on').fill('2027-11-01');
    await dialog.getByText('Auto-renew').click();
    await choose('Choose certificate file', 'shop.crt', CERTIFICATE_PEM);
    await choose('Choose chain file', 'chain.pem', CERTIFICATE_PEM);
    await dialog.getByRole('button', { name: 'Issue certificate' }).click();
    await expectToast(admin, 'Certificate issued');
    await expect(
      dialog.getByTestId('order-event').filter({ hasText: 'Certificate issued for shop.example.com' }),
    ).toBeVisible();

    const customerPage = await newPage(browser);
    await signInUi(customerPage, customer, '/dashboard');
    await customerPage.getByRole('tab', { name: /Certificates/ }).click();
    await expect(customerPage.getByText('shop.example.com').first()).toBeVisible();
    const download = customerPage.getByRole('link', { name: 'Download Certificate for shop.example.com' });
    const href = await download.getAttribute('href');
    expect(href).toMatch(/^\/files\//);
    const file = await customerPage.request.get(href!);
    expect(file.status()).toBe(200);
    expect(await file.text()).toBe(CERTIFICATE_PEM);
  });
});

// Last: its 21 new orders would push the other tests' orders off the queue's first page.
test.describe('order queue paging', () => {
  test('the status filter and "Load more" page through the queue with the API cursor', async ({ page, request }) => {
    const customer = await signUpViaApi(request, 'Many Orders');
    const orders: PlacedOrder[] = [];
    for (let i = 0; i < 21; i++) orders.push(await placeOrder(request, customer, { proof: false }));
    const token = await adminToken(request);
    const done = orders[0];
    await setOrderStatus(request, token, done.id, 'COMPLETED');

    await signInAdmin(page);
    // The live feed is up and the list has caught up with it: no refetch can land after "Load more".
    await expect(page.getByTestId('admin-orders')).toHaveAttribute('data-synced', 'true');
    const rows = page.getByTestId('admin-order');
    // A page of 20, plus any order another worker's test changes meanwhile (deliveries complete orders by
    // themselves), which the live feed adds.
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(20);
    // The oldest of the 21 is on the second page.
    await expect(rows.filter({ hasText: done.shortId })).toHaveCount(0);
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect(rows.filter({ hasText: done.shortId })).toBeVisible();
    expect(await rows.count()).toBeGreaterThan(20);

    await page.getByLabel('Filter by status').selectOption({ label: ORDER_STATUS_LABELS.COMPLETED });
    await expect(page).toHaveURL(/status=COMPLETED/);
    await expect(rows.filter({ hasText: done.shortId })).toBeVisible();
    await expect(rows.filter({ hasText: orders[20].shortId })).toHaveCount(0);
    await expect(statusSelect(page, done)).toHaveValue('COMPLETED');
  });

  test('an order that arrives live while the queue is being fetched again stays in the list', async ({
    page,
    request,
  }) => {
    const customer = await signUpViaApi(request, 'Race Customer');
    // The feed's ready message makes the page fetch the queue again. Hold that response (read from the
    // database before the new order exists) until the new order has arrived live, then deliver it.
    let feedReady = false;
    page.on('websocket', (socket) =>
      socket.on('framereceived', ({ payload }) => {
        if (String(payload).includes('"adminOrderFeed":{"ready":true')) feedReady = true;
      }),
    );
    let releaseStale!: () => void;
    const staleHeld = new Promise<void>((resolve) => {
      void page.route('**/graphql', async (route) => {
        const body = route.request().postDataJSON() as { operationName?: string } | null;
        if (body?.operationName !== 'AdminOrders' || !feedReady) return route.continue();
        feedReady = false;
        const stale = await route.fetch();
        const held = new Promise<void>((release) => (releaseStale = release));
        resolve();
        await held;
        await route.fulfill({ response: stale });
      });
    });
    await signInAdmin(page);
    await staleHeld;
    const placed = await placeOrder(request, customer, { proof: false });
    const row = page.getByTestId('admin-order').filter({ hasText: placed.shortId });
    await expect(row).toBeVisible();
    releaseStale();
    await expect(page.getByTestId('admin-orders')).toHaveAttribute('data-synced', 'true');
    await expect(row).toBeVisible();
  });
});
