/**
 * Verify (docs/product.md "Verify", "Messages"): the order's details, the four status presentations following an
 * admin's changes live (no reload), and the error screens.
 */
import { expect, test } from '@playwright/test';
import { ORDER_STATUS_LABELS, PAYMENT_METHOD_LABELS } from '../../common/labels';
import { TEST_ADDRESSES } from '../support/fixtures';
import { adminToken, expectToast, signUpViaApi } from './support/store';
import { isSameDocument, markDocument, placeOrderViaApi, setOrderStatus, signInBrowser } from './support/orders';

test('shows the order and follows every status change live', async ({ page, request }) => {
  test.slow();
  const user = await signUpViaApi(request);
  const { id: orderId } = await placeOrderViaApi(request, user, {
    slug: 'litecoin-keys',
    quantity: 2,
    domainName: 'verify.example.com',
  });
  await signInBrowser(page, user);
  await page.goto(`/verify?order=${orderId}`);

  await expect(page.getByRole('heading', { name: 'Payment verification in progress' })).toBeVisible();
  await expect(page.getByText('This may take 1 to 24 hours.')).toBeVisible();
  const details = page.getByRole('region', { name: 'Order Details' });
  for (const text of [
    orderId,
    ORDER_STATUS_LABELS.PENDING,
    'Litecoin (LTC) Licence Key',
    'verify.example.com',
    PAYMENT_METHOD_LABELS.USDT_TRC20,
    TEST_ADDRESSES.USDT_TRC20,
    // The order's exact amount: the quote plus its own offset of a few millionths (USDT has 6 decimals on chain).
    /68\.00\d{4} USDT/,
    '$68.00',
  ]) {
    await expect(details).toContainText(text);
  }
  await expect(page.getByTestId('need-help')).toHaveCount(0);
  await markDocument(page);

  const admin = await adminToken(request);
  // A licence-key order is delivered as soon as its payment is confirmed (SUCCESS, then COMPLETED by the store a
  // moment later): the page goes on to Delivered by itself. The SUCCESS and PROCESSING presentations, which such an
  // order only passes through, are rendered in tests/web/delivery.test.tsx.
  await setOrderStatus(request, admin, orderId, 'SUCCESS');
  await expect(page.getByRole('heading', { name: 'Delivered' })).toBeVisible();
  await expect(page.getByText('Your order is complete: your licence keys are ready.')).toBeVisible();
  await expect(details).toContainText(ORDER_STATUS_LABELS.COMPLETED);
  await expect(page.getByRole('link', { name: 'View your keys' })).toHaveAttribute(
    'href',
    `/dashboard?order=${orderId}`,
  );

  await setOrderStatus(request, admin, orderId, 'NOT_RECEIVED');
  await expect(page.getByRole('heading', { name: 'Payment not detected' })).toBeVisible();
  const help = page.getByTestId('need-help');
  await expect(help.getByRole('heading', { name: 'Need Help?' })).toBeVisible();
  await expect(help).toContainText(orderId);
  await expect(help).toContainText('Your wallet transaction hash');
  await expect(help).toContainText('A screenshot of the payment');
  await expect(page.getByRole('link', { name: 'View your keys' })).toHaveCount(0);

  // Paid again: its keys were delivered already, and the order completes again.
  await setOrderStatus(request, admin, orderId, 'PROCESSING');
  await expect(page.getByRole('heading', { name: 'Delivered' })).toBeVisible();
  await expect(details).toContainText(ORDER_STATUS_LABELS.COMPLETED);
  await expect(page.getByTestId('need-help')).toHaveCount(0);

  expect(await isSameDocument(page)).toBe(true);

  await setOrderStatus(request, admin, orderId, 'NOT_RECEIVED');
  await page.getByTestId('need-help').getByRole('link', { name: 'Contact Support' }).click();
  await expect(page).toHaveURL(/\/support$/);
});

test('without an order id: "No order ID provided" with the way home', async ({ page }) => {
  await page.goto('/verify');
  await expect(page.getByRole('heading', { name: 'No order ID provided' })).toBeVisible();
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('an unknown, malformed or someone else\'s order: "Order not found"', async ({ page, request }) => {
  const owner = await signUpViaApi(request);
  const { id: othersOrder } = await placeOrderViaApi(request, owner);
  const user = await signUpViaApi(request);
  await signInBrowser(page, user);

  for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', othersOrder]) {
    await page.goto(`/verify?order=${id}`);
    await expect(page.getByRole('heading', { name: 'Order not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Return to Home' })).toBeVisible();
  }
});

test('signed out, verify sends to sign-in and comes back to the order', async ({ page, request }) => {
  const user = await signUpViaApi(request);
  const { id: orderId } = await placeOrderViaApi(request, user);
  await page.goto(`/verify?order=${orderId}`);
  await expectToast(page, 'Authentication Required');
  await expect(page).toHaveURL(new RegExp(`/auth\\?redirect=${encodeURIComponent(`/verify?order=${orderId}`)}$`));

  await page.getByRole('tab', { name: 'Sign In' }).click();
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/verify\\?order=${orderId}$`));
  await expect(page.getByRole('heading', { name: 'Payment verification in progress' })).toBeVisible();
});
