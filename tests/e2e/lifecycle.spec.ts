/**
 * The order lifecycle in the web app (docs/order-lifecycle.md "In the web app"): a customer cancels a PENDING order
 * from the dashboard or /verify (and is not offered it later), adds a transaction ID on /verify, and an admin reads
 * who moved the order in its history. "Overdue" in the admin queue needs an order past its payment window, which a
 * browser test cannot make: tests/web/admin-orders.test.tsx renders it.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ACTOR_KIND_LABELS, ORDER_STATUS_LABELS } from '../../common/labels';
import { MESSAGES } from '../../common/validation';
import { placeOrderViaApi, setOrderStatus, signInBrowser, type PlacedOrder } from './support/orders';
import {
  E2E_ADMIN,
  adminToken,
  dismissToast,
  expectToast,
  gql,
  seriousA11yViolations,
  signUpViaApi,
  submitAdminLogin,
  type ApiUser,
} from './support/store';

async function cancelOrderViaApi(request: APIRequestContext, user: ApiUser, orderId: string): Promise<void> {
  await gql(request, 'mutation ($orderId: ID!) { cancelOrder(orderId: $orderId) { id } }', { orderId }, user.token);
}

async function orderStatus(request: APIRequestContext, user: ApiUser, orderId: string): Promise<string> {
  const data = await gql(request, 'query ($id: ID!) { order(id: $id) { status } }', { id: orderId }, user.token);
  return data.order.status;
}

async function openOrdersTab(page: Page): Promise<void> {
  await page.goto('/dashboard?tab=orders');
  await expect(page.getByRole('tab', { name: 'Orders' })).toHaveAttribute('aria-selected', 'true');
}

const orderCard = (page: Page, order: PlacedOrder) =>
  page
    .getByRole('tabpanel')
    .getByRole('listitem')
    .filter({ hasText: `Order #${order.shortId}` });

const cancelButton = (page: Page, order: PlacedOrder) =>
  page.getByRole('button', { name: `Cancel order ${order.shortId}` });

test.describe('customer', () => {
  test('cancels a pending order from the dashboard after confirming; a paid order offers no cancel', async ({
    page,
    request,
  }) => {
    const user = await signUpViaApi(request, 'Cancelling Customer');
    const paid = await placeOrderViaApi(request, user);
    await setOrderStatus(request, await adminToken(request), paid.id, 'SUCCESS');
    // Its licence keys are delivered a moment later, and the order completes (the dashboard is not live).
    await expect.poll(() => orderStatus(request, user, paid.id)).toBe('COMPLETED');
    const pending = await placeOrderViaApi(request, user, { domainName: 'cancel.example.com' });
    await signInBrowser(page, user);
    await openOrdersTab(page);

    await expect(orderCard(page, paid)).toContainText(ORDER_STATUS_LABELS.COMPLETED);
    await expect(cancelButton(page, paid)).toHaveCount(0);
    await expect(page.getByRole('group', { name: 'Pending Orders' })).toHaveText(/1$/);

    // "Keep order" changes nothing.
    await cancelButton(page, pending).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this order?' });
    await expect(dialog).toContainText(`Order #${pending.shortId} (Litecoin (LTC) Licence Key) will be cancelled.`);
    await dialog.getByRole('button', { name: 'Keep order' }).click();
    await expect(dialog).toBeHidden();
    await expect(orderCard(page, pending)).toContainText(ORDER_STATUS_LABELS.PENDING);

    await cancelButton(page, pending).click();
    await dialog.getByRole('button', { name: 'Cancel order' }).click();
    await expectToast(page, 'Order cancelled', `Order #${pending.shortId} has been cancelled.`);
    await expect(dialog).toBeHidden();
    await expect(orderCard(page, pending)).toContainText(ORDER_STATUS_LABELS.CANCELLED);
    await expect(cancelButton(page, pending)).toHaveCount(0);
    await expect(page.getByRole('group', { name: 'Pending Orders' })).toHaveText(/0$/);

    // The API has it too: a reload shows the same.
    await page.reload();
    await expect(orderCard(page, pending)).toContainText(ORDER_STATUS_LABELS.CANCELLED);
  });

  test('an order that moved on meanwhile is not cancelled: the API says why and the card catches up', async ({
    page,
    request,
  }) => {
    const user = await signUpViaApi(request, 'Late Canceller');
    const order = await placeOrderViaApi(request, user);
    await signInBrowser(page, user);
    await openOrdersTab(page);
    await expect(orderCard(page, order)).toContainText(ORDER_STATUS_LABELS.PENDING);

    // The admin confirms the payment while the customer's dashboard still shows PENDING (it is not live).
    await setOrderStatus(request, await adminToken(request), order.id, 'SUCCESS');
    await cancelButton(page, order).click();
    await page
      .getByRole('dialog', { name: 'Cancel this order?' })
      .getByRole('button', { name: 'Cancel order' })
      .click();
    await expectToast(page, 'Error', MESSAGES.onlyPendingCanBeCancelled);
    // Paid, and perhaps delivered already (the store completes a paid licence-key order within a second).
    await expect(orderCard(page, order)).toContainText(
      new RegExp(`${ORDER_STATUS_LABELS.SUCCESS}|${ORDER_STATUS_LABELS.COMPLETED}`),
    );
    await expect(cancelButton(page, order)).toHaveCount(0);
  });

  test('cancels from /verify, which then shows the cancelled order', async ({ page, request }) => {
    const user = await signUpViaApi(request, 'Verify Canceller');
    const order = await placeOrderViaApi(request, user);
    await signInBrowser(page, user);
    await page.goto(`/verify?order=${order.id}`);
    await expect(page.getByRole('heading', { name: 'Payment verification in progress' })).toBeVisible();

    await cancelButton(page, order).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this order?' });
    expect(await seriousA11yViolations(page, 'cancel dialog')).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel order' }).click();
    await expectToast(page, 'Order cancelled');
    await expect(page.getByRole('heading', { name: 'Order cancelled' })).toBeVisible();
    const details = page.getByRole('region', { name: 'Order Details' });
    await expect(details).toContainText(ORDER_STATUS_LABELS.CANCELLED);
    await expect(cancelButton(page, order)).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Add your transaction ID' })).toHaveCount(0);
    await expect(page.getByTestId('payment-deadline')).toHaveCount(0);
  });

  test('/verify offers no cancel and no transaction ID form once the order has moved on', async ({ page, request }) => {
    const user = await signUpViaApi(request, 'Paid Verifier');
    const order = await placeOrderViaApi(request, user);
    await signInBrowser(page, user);
    await page.goto(`/verify?order=${order.id}`);
    await expect(cancelButton(page, order)).toBeVisible();

    // The page is live: the admin's change takes the offers away without a reload.
    await setOrderStatus(request, await adminToken(request), order.id, 'NOT_RECEIVED');
    await expect(page.getByRole('heading', { name: 'Payment not detected' })).toBeVisible();
    await expect(cancelButton(page, order)).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Add your transaction ID' })).toHaveCount(0);
    // An admin's decision carries no reason of the store's own.
    await expect(page.getByTestId('verify-status-reason')).toHaveCount(0);
  });

  test('adds a transaction ID on /verify with the checkout rules, and sees when the payment is due', async ({
    page,
    request,
  }) => {
    const user = await signUpViaApi(request, 'Late Hash');
    const order = await placeOrderViaApi(request, user);
    const { order: placed } = await gql(
      request,
      'query ($id: ID!) { order(id: $id) { paymentDueAt } }',
      { id: order.id },
      user.token,
    );
    await signInBrowser(page, user);
    await page.goto(`/verify?order=${order.id}`);

    // The deadline as the browser's clock shows it, in the app's date format.
    const due = new Date(placed.paymentDueAt);
    const date = due.toLocaleDateString('en-US', { month: 'short', day: '2-digit', year: 'numeric' });
    const time = due.toLocaleTimeString('en-US', { hour: '2-digit', minute: '2-digit' });
    // (followed by the time left, counting down)
    await expect(page.getByTestId('payment-deadline')).toContainText(`Pay by ${date}, ${time}`);

    const details = page.getByRole('region', { name: 'Order Details' });
    await expect(details).toContainText('Transaction IDNot provided');
    const form = page.getByRole('region', { name: 'Add your transaction ID' });
    expect(await seriousA11yViolations(page, 'transaction ID form')).toEqual([]);

    await form.getByLabel('Transaction ID').fill('0xabc-123');
    await form.getByRole('button', { name: 'Add transaction ID' }).click();
    await expectToast(page, 'Validation Error', MESSAGES.transactionIdChars);
    await dismissToast(page);

    await form.getByLabel('Transaction ID').fill('');
    await form.getByRole('button', { name: 'Add transaction ID' }).click();
    await expectToast(page, 'Validation Error', MESSAGES.transactionIdRequired);
    await dismissToast(page);

    await form.getByLabel('Transaction ID').fill('  abc123DEF456  ');
    await form.getByRole('button', { name: 'Add transaction ID' }).click();
    await expectToast(page, 'Transaction ID added');
    await expect(details).toContainText('abc123DEF456');
    await expect(form).toHaveCount(0);

    await page.reload();
    await expect(page.getByRole('region', { name: 'Order Details' })).toContainText('abc123DEF456');
    await expect(page.getByRole('region', { name: 'Add your transaction ID' })).toHaveCount(0);
    // Still PENDING: the customer may still cancel.
    await expect(cancelButton(page, order)).toBeVisible();
  });
});

test.describe('admin', () => {
  test("the order history names who moved the order: the customer's cancel, the admin's override", async ({
    page,
    request,
  }) => {
    const user = await signUpViaApi(request, 'History Customer');
    const order = await placeOrderViaApi(request, user);
    await cancelOrderViaApi(request, user, order.id);
    // Reopening a cancelled order is not on the lifecycle's regular path: an admin's override.
    await setOrderStatus(request, await adminToken(request), order.id, 'PENDING');

    await submitAdminLogin(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
    await page.getByRole('button', { name: `Details of order ${order.shortId}` }).click();
    const dialog = page.getByRole('dialog', { name: `Order ${order.shortId}` });
    // The status changes; the notes about the order's licence keys (same status) come between them.
    await expect(dialog.getByTestId('order-event')).toHaveCount(6);
    const events = dialog.getByTestId('order-event').filter({ hasNot: page.getByTestId('order-event-note') });
    await expect(events).toHaveCount(3);
    const notes = dialog.getByTestId('order-event-note');
    await expect(notes).toHaveText([
      '2 licence keys reserved',
      '2 licence keys released back to stock',
      '2 licence keys reserved',
    ]);

    await expect(events.nth(0).getByTestId('order-event-actor')).toContainText(ACTOR_KIND_LABELS.CUSTOMER);
    await expect(events.nth(0)).toContainText(user.email);

    await expect(events.nth(1)).toContainText(`${ORDER_STATUS_LABELS.PENDING}to${ORDER_STATUS_LABELS.CANCELLED}`);
    await expect(events.nth(1).getByTestId('order-event-actor')).toContainText(ACTOR_KIND_LABELS.CUSTOMER);
    await expect(events.nth(1)).toContainText(`by ${user.email}`);
    await expect(events.nth(1)).toContainText('Reason: Cancelled by the customer');
    await expect(events.nth(1)).not.toContainText('override');

    await expect(events.nth(2)).toContainText(`${ORDER_STATUS_LABELS.CANCELLED}to${ORDER_STATUS_LABELS.PENDING}`);
    await expect(events.nth(2).getByTestId('order-event-actor')).toContainText(ACTOR_KIND_LABELS.ADMIN);
    await expect(events.nth(2)).toContainText(`by ${E2E_ADMIN.email}`);
    await expect(events.nth(2)).toContainText('override');
    expect(await seriousA11yViolations(page, 'order history')).toEqual([]);
  });
});
