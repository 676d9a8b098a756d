/**
 * Checkout (docs/product.md "Checkout", "Input rules", "Messages", "Fixed numbers"): the buying journey from the
 * catalogue to the live verify page, the sign-in requirement, every validation message of both steps, bulk pricing, the
 * methods that cannot be paid with, and products that are out of stock.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ORDER_STATUS_LABELS, PAYMENT_METHOD_LABELS } from '../../common/labels';
import { MESSAGES } from '../../common/validation';
import { TEST_ADDRESSES } from '../support/fixtures';
import { adminToken, expectToast, gotoHydrated, gql, PNG_1x1, signUpViaApi } from './support/store';
import { clipboardText, isSameDocument, markDocument, setOrderStatus, signInBrowser } from './support/orders';

/** Checks a toast, then closes it so the next one shows at once (toasts queue). */
async function seeToast(page: Page, title: string, description?: string): Promise<void> {
  await expectToast(page, title, description);
  const toast = page.getByTestId('toast').filter({ hasText: title });
  await toast.getByRole('button', { name: 'Close' }).click();
  await expect(toast).toBeHidden();
}

async function continueToPayment(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
}

/** A certificate product (MANUAL: issued for a domain) in stock, of this test's own. */
async function certificateProductInStock(request: APIRequestContext): Promise<{ name: string }> {
  const token = await adminToken(request);
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const name = `E2E Checkout Certificate ${suffix}`;
  const { createProduct } = await gql(
    request,
    'mutation ($input: ProductInput!) { createProduct(input: $input) { id } }',
    {
      input: {
        name,
        slug: `e2e-checkout-certificate-${suffix}`,
        category: 'ssl_certificates',
        description: 'A certificate issued for a domain',
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
  return { name };
}

async function signedInAt(page: Page, path: string) {
  const user = await signUpViaApi(page.request);
  await signInBrowser(page, user);
  // Server-rendered: a click on a link before the page has hydrated can be lost (seen once on a busy CI run).
  await gotoHydrated(page, path);
  return user;
}

test('buy with USDT and a PNG proof, then watch the verify page follow the admin live', async ({
  page,
  context,
  request,
}) => {
  test.slow();
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const user = await signedInAt(page, '/products');

  // Catalogue → product → checkout.
  await page
    .getByTestId('product-card')
    .filter({ hasText: 'Litecoin (LTC) Licence Key' })
    .getByRole('link', { name: 'View Details' })
    .click();
  await expect(page).toHaveURL(/\/products\/litecoin-keys$/);
  await page.getByRole('link', { name: 'Purchase Now', exact: true }).click();
  await expect(page).toHaveURL(/\/checkout\?product=litecoin-keys$/);

  // Step 1: the product came with the address, so there is no picker; the e-mail is the account's.
  await expect(page.getByText('Step 1 of 2')).toBeVisible();
  await expect(page.getByLabel('Product')).toHaveCount(0);
  await expect(page.getByLabel('Quantity')).toHaveValue('1');
  await expect(page.getByLabel('Email')).toHaveValue(user.email);
  const summary = page.getByTestId('order-summary');
  await expect(summary).toContainText('Litecoin (LTC) Licence Key');
  await expect(summary).toContainText('1 x $34.00');
  await page.getByLabel('Quantity').fill('3');
  // Licence keys are issued for no domain: the field is not asked (common/fulfilment-kinds asksForDomain).
  await expect(page.getByLabel('Domain (optional)')).toHaveCount(0);
  await expect(summary).toContainText('3 x $34.00');
  await expect(summary.getByTestId('order-total')).toHaveText('$102.00');
  await expect(summary).toContainText('102.00 USDT');
  for (const bullet of ['Instant delivery after payment confirmation', 'Full product access', '24/7 support']) {
    await expect(summary).toContainText(bullet);
  }
  await continueToPayment(page);

  // Step 2 with USDT: the held quote's exact amount (its own last digits), the rate, the countdown, the address
  // (copied), the QR code.
  await expect(page.getByText('Step 2 of 2')).toBeVisible();
  await expect(page.getByRole('radio', { name: /USDT \(TRC-20\)/ })).toBeChecked();
  for (const name of [
    PAYMENT_METHOD_LABELS.BTC,
    PAYMENT_METHOD_LABELS.ETH,
    PAYMENT_METHOD_LABELS.PAYPAL,
    PAYMENT_METHOD_LABELS.SKRILL,
  ]) {
    await expect(page.getByRole('radio', { name: new RegExp(name.replace(/[()]/g, '\\$&')) })).toBeVisible();
  }
  await expect(page.getByTestId('pay-amount')).toHaveText(/^102\.00\d{4} USDT$/);
  await expect(page.getByTestId('pay-amount')).not.toHaveText('102.000000 USDT');
  const held = (await page.getByTestId('pay-amount').textContent())!;
  await expect(page.getByText('$102.00 in US dollars')).toBeVisible();
  await expect(page.getByTestId('quote-rate')).toHaveText('1 USDT = 1.00 USD · source fixed');
  await expect(page.getByRole('timer')).toHaveText(/^Price held for (30:00|29:[0-5]\d)$/);
  await expect(page.getByTestId('pay-address')).toHaveText(TEST_ADDRESSES.USDT_TRC20);
  await expect(page.getByRole('img', { name: 'QR code of the USDT (TRC-20) payment address' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Payment Instructions' })).toBeVisible();
  await expect(page.getByText('Wait for confirmation (typically 1-24 hours).')).toBeVisible();
  await page.getByRole('button', { name: 'Copy address' }).click();
  await seeToast(page, 'Address Copied');
  expect(await clipboardText(page)).toBe(TEST_ADDRESSES.USDT_TRC20);

  await expect(page.getByRole('button', { name: "I've Sent the Payment" })).toBeEnabled();
  await page.getByLabel('Transaction ID (optional)').fill('abc123DEF456');
  await page
    .getByLabel('Payment proof image')
    .setInputFiles({ name: 'proof.png', mimeType: 'image/png', buffer: PNG_1x1 });
  await expect(page.getByTestId('proof-name')).toHaveText('proof.png');
  await page.getByRole('button', { name: 'Submit Payment Proof' }).click();
  await expectToast(page, 'Order submitted successfully!', 'Redirecting to payment verification...');
  await expect(page).toHaveURL(/\/verify\?order=[0-9a-f-]{36}$/);
  const orderId = new URL(page.url()).searchParams.get('order')!;

  // Verify: pending, then whatever the admin decides shows up without a reload.
  await expect(page.getByRole('heading', { name: 'Payment verification in progress' })).toBeVisible();
  await expect(page.getByText(orderId)).toBeVisible();
  // The order's exact amount is the one step 2 held: the quote plus its own offset of a few millionths (USDT has 6
  // decimals on chain).
  await expect(page.getByTestId('exact-amount')).toHaveText(held);
  await markDocument(page);

  const admin = await adminToken(request);
  await setOrderStatus(request, admin, orderId, 'SUCCESS');
  // Licence keys are delivered as soon as the payment is confirmed: the order completes by itself.
  await expect(page.getByRole('heading', { name: 'Delivered' })).toBeVisible();

  await setOrderStatus(request, admin, orderId, 'NOT_RECEIVED');
  await expect(page.getByRole('heading', { name: 'Payment not detected' })).toBeVisible();
  const help = page.getByTestId('need-help');
  await expect(help).toContainText('Your order ID');
  await expect(help).toContainText('wallet transaction hash');
  await expect(help).toContainText('screenshot of the payment');
  await expect(help.getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', '/support');
  expect(await isSameDocument(page)).toBe(true);

  // The journey ends on the dashboard, where the order is listed with its short id and current status.
  await page.getByTestId('nav-user').click();
  await expect(page).toHaveURL(/\/dashboard/);
  await page.getByRole('tab', { name: /Orders/ }).click();
  await expect(page.getByText(`Order #${orderId.slice(0, 8)}`)).toBeVisible();
  await expect(page.getByRole('tabpanel')).toContainText(ORDER_STATUS_LABELS.NOT_RECEIVED);
});

test('signed out, checkout sends to sign-in and comes back with the product chosen', async ({ page, request }) => {
  const user = await signUpViaApi(request);
  await page.goto('/checkout?product=litecoin-keys');
  await expectToast(page, 'Authentication Required', 'Please sign in to continue with checkout');
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fcheckout%3Fproduct%3Dlitecoin-keys$/);

  await page.getByRole('tab', { name: 'Sign In' }).click();
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();

  await expect(page).toHaveURL(/\/checkout\?product=litecoin-keys$/);
  await expect(page.getByText('Step 1 of 2')).toBeVisible();
  await expect(page.getByTestId('order-summary')).toContainText('Litecoin (LTC) Licence Key');
  await expect(page.getByLabel('Product')).toHaveCount(0);
});

test('step 1 shows every validation message and clamps the quantity', async ({ page, request }) => {
  const certificate = await certificateProductInStock(request);
  await signedInAt(page, '/checkout');
  await expect(page.getByTestId('order-summary')).toContainText('Select a product to continue');

  // No product yet.
  await continueToPayment(page);
  await seeToast(page, 'Validation Error', MESSAGES.invalidProduct);

  // The picker lists in-stock products only, as name plus price.
  const picker = page.getByLabel('Product');
  await expect(picker.locator('option', { hasText: 'Litecoin (LTC) Licence Key - $34' })).toHaveCount(1);
  await expect(picker.locator('option', { hasText: 'Domain Validation SSL' })).toHaveCount(0);
  await picker.selectOption({ label: 'Litecoin (LTC) Licence Key - $34' });
  await expect(page.getByTestId('order-summary')).toContainText('Litecoin (LTC) Licence Key');

  // Quantity: the input clamps to [1, 10000], and to the licence keys in stock (a few hundred demo keys here).
  const quantity = page.getByLabel('Quantity');
  await quantity.fill('0');
  await quantity.blur();
  await expect(quantity).toHaveValue('1');
  await quantity.fill('20000');
  await quantity.blur();
  const inStock = Number(await quantity.getAttribute('max'));
  expect(inStock).toBeGreaterThan(12);
  expect(inStock).toBeLessThan(10000);
  await expect(quantity).toHaveValue(String(inStock));
  await expect(page.getByText(`From 1 to ${inStock.toLocaleString('en-US')} (`)).toBeVisible();
  await quantity.fill('-4');
  await quantity.blur();
  await expect(quantity).toHaveValue('1');
  await quantity.fill('12');

  // Email.
  const email = page.getByLabel('Email');
  await email.fill('not-an-email');
  await continueToPayment(page);
  await seeToast(page, 'Validation Error', MESSAGES.invalidEmail);
  await email.fill(`${'a'.repeat(250)}@example.com`);
  await continueToPayment(page);
  await seeToast(page, 'Validation Error', MESSAGES.emailTooLong);
  await email.fill('buyer@example.com');

  // Domain: asked for a certificate product only (MANUAL; the seeded ones are out of stock, so one of its own).
  await expect(page.getByLabel('Domain (optional)')).toHaveCount(0);
  await picker.selectOption({ label: `${certificate.name} - $24.99` });
  const domain = page.getByLabel('Domain (optional)');
  await domain.fill('Not A Domain');
  await continueToPayment(page);
  await seeToast(page, 'Validation Error', MESSAGES.invalidDomain);
  await domain.fill(`${'a'.repeat(60)}.`.repeat(4) + 'example.com');
  await continueToPayment(page);
  await seeToast(page, 'Validation Error', MESSAGES.domainTooLong);
  await domain.fill('');
  // Back to the licence keys: no domain again, and the quantity as before.
  await picker.selectOption({ label: 'Litecoin (LTC) Licence Key - $34' });
  await expect(page.getByLabel('Domain (optional)')).toHaveCount(0);
  await quantity.fill('12');

  // Valid: step 2, and Back keeps what was entered.
  await continueToPayment(page);
  await expect(page.getByText('Step 2 of 2')).toBeVisible();
  await expect(page.getByTestId('pay-amount')).toHaveText(/^408\.00\d{4} USDT$/);
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByText('Step 1 of 2')).toBeVisible();
  await expect(quantity).toHaveValue('12');
  await expect(email).toHaveValue('buyer@example.com');
});

test('step 2 refuses a bad transaction ID and a proof that is not an image', async ({ page }) => {
  await signedInAt(page, '/checkout?product=litecoin-keys');
  await continueToPayment(page);
  await expect(page.getByText('Step 2 of 2')).toBeVisible();

  const txid = page.getByLabel('Transaction ID (optional)');
  await txid.fill('a'.repeat(101));
  await page.getByRole('button', { name: "I've Sent the Payment" }).click();
  await seeToast(page, 'Validation Error', MESSAGES.transactionIdTooLong);
  await txid.fill('0xabc-123');
  await page.getByRole('button', { name: "I've Sent the Payment" }).click();
  await seeToast(page, 'Validation Error', MESSAGES.transactionIdChars);

  await page
    .getByLabel('Payment proof image')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
  await seeToast(page, 'Validation Error', MESSAGES.proofNotImage);
  await expect(page.getByTestId('proof-name')).toHaveCount(0);
  await expect(page.getByRole('button', { name: "I've Sent the Payment" })).toBeEnabled();
  // Nothing was ordered: still on checkout.
  await expect(page).toHaveURL(/\/checkout\?product=litecoin-keys$/);
});

test('the bulk SSL package starts at 4000 keys for $54,400.00', async ({ page }) => {
  await signedInAt(page, '/checkout?product=ssl-certificates');
  const quantity = page.getByLabel('Quantity');
  await expect(quantity).toHaveValue('4000');
  const summary = page.getByTestId('order-summary');
  await expect(summary).toContainText('SSL Key Bulk Package');
  await expect(summary).toContainText('4,000 x $13.60');
  await expect(summary.getByTestId('order-total')).toHaveText('$54,400.00');
  await expect(summary).toContainText('54,400.00 USDT');

  // Below the bulk minimum the input clamps back to it.
  await quantity.fill('100');
  await quantity.blur();
  await expect(quantity).toHaveValue('4000');

  await continueToPayment(page);
  await expect(page.getByTestId('pay-amount')).toHaveText(/^54,400\.00\d{4} USDT$/);
  await expect(page.getByText('$54,400.00 in US dollars')).toBeVisible();
  await page.getByRole('radio', { name: /Bitcoin \(BTC\)/ }).check();
  await expect(page.getByTestId('pay-amount')).toHaveText(/^1\.088000\d\d BTC$/);
  await expect(page.getByTestId('quote-rate')).toHaveText('1 BTC = 50,000.00 USD · source fixed');
  await expect(page.getByTestId('pay-address')).toHaveText(TEST_ADDRESSES.BTC);
});

test('PayPal and Skrill show the support notice and cannot be submitted', async ({ page }) => {
  await signedInAt(page, '/checkout?product=litecoin-keys');
  await continueToPayment(page);
  for (const name of [PAYMENT_METHOD_LABELS.PAYPAL, PAYMENT_METHOD_LABELS.SKRILL]) {
    await page.getByRole('radio', { name: new RegExp(`^${name}`) }).check();
    const notice = page.getByTestId('method-unavailable');
    await expect(notice).toContainText('Please contact support and open a ticket');
    await expect(notice.getByRole('link')).toHaveAttribute('href', '/support');
    await expect(page.getByTestId('pay-address')).toHaveCount(0);
    await expect(page.getByRole('button', { name: "I've Sent the Payment" })).toBeDisabled();
  }
  await page.getByRole('radio', { name: /USDT \(TRC-20\)/ }).check();
  await expect(page.getByRole('button', { name: "I've Sent the Payment" })).toBeEnabled();
});

test('an out-of-stock product opened by slug goes back to the catalogue', async ({ page }) => {
  await signedInAt(page, '/checkout?product=dv');
  await expectToast(page, 'Product Unavailable', MESSAGES.outOfStockOpened);
  await expect(page).toHaveURL(/\/products$/);
});

test('an unknown product slug falls back to the picker', async ({ page }) => {
  await signedInAt(page, '/checkout?product=no-such-product');
  await expect(page.getByText('Step 1 of 2')).toBeVisible();
  await expect(page.getByLabel('Product')).toBeVisible();
  await expect(page.getByTestId('order-summary')).toContainText('Select a product to continue');
});
