/**
 * The admin's Customers tab (docs/product.md "Customers"): the admin finds a customer by e-mail, opens their view
 * (orders and tickets) and blocks them after a confirmation; the blocked customer is then refused at sign-in with
 * the clear message, and unblocking lets them in again.
 */
import { expect, test } from '@playwright/test';
import { CUSTOMER_MESSAGES } from '../../common/validation';
import { placeOrderViaApi } from './support/orders';
import { adminToken, expectToast, gql, signUpViaApi, submitAdminLogin } from './support/store';

test('the admin finds a customer by e-mail and blocks them; the customer is refused at sign-in', async ({
  page,
  browser,
  request,
}, testInfo) => {
  const customer = await signUpViaApi(request, 'Blockable Customer');
  await placeOrderViaApi(request, customer, { slug: 'litecoin-keys', quantity: 1 });
  await gql(
    request,
    `mutation ($input: CreateTicketInput!) { createTicket(input: $input) { id } }`,
    { input: { title: 'Where is my key?', description: 'Please help', category: 'ORDER' } },
    customer.token,
  );

  await page.setViewportSize({ width: 1280, height: 900 });
  await submitAdminLogin(page);
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  // The sign-in toast goes by itself after 5 s (closing it could race that): screenshots without it.
  await expect(page.getByTestId('toast')).toHaveCount(0, { timeout: 15_000 });
  await page.getByRole('tab', { name: 'Customers' }).click();
  await expect(page.getByTestId('admin-customer').first()).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('customers-1280.png') });
  await expect(page).toHaveURL(/tab=customers/);
  await page.getByLabel('Search customers').fill(customer.email.toUpperCase());
  const rows = page.getByTestId('admin-customer');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(customer.email);
  await expect(rows.first()).toContainText('Blockable Customer');
  // Signed up by the API, never followed the mailed link: the admin sees it (and nothing is withheld for it).
  await expect(rows.first().getByText('E-mail not confirmed', { exact: true })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Showing 1 of 1 customer' })).toBeVisible();

  await rows.first().getByRole('button', { name: 'View Blockable Customer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Blockable Customer' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Where is my key?');
  await expect(dialog.getByRole('listitem').filter({ hasText: 'Pending' })).toHaveCount(1);
  await page.screenshot({ path: testInfo.outputPath('customer-dialog-1280.png') });

  await dialog.getByRole('button', { name: 'Block' }).click();
  const confirm = page.getByRole('dialog', { name: 'Block Blockable Customer?' });
  // The confirmation opens on Cancel: Enter does not block anyone by accident.
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Block customer' }).click();
  await expectToast(page, 'Customer blocked');
  await expect(dialog.getByText(/^Blocked since/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Unblock' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(rows.first().getByText('Blocked', { exact: true })).toBeVisible();
  await page.setViewportSize({ width: 360, height: 800 });
  await expect(rows.first().getByText('Blocked', { exact: true })).toBeVisible();
  // After the resize has settled (the tabs measure themselves again on resize).
  await expect.poll(() => page.locator('html').evaluate((html) => html.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: testInfo.outputPath('customers-360.png') });
  await rows.first().getByRole('button', { name: 'View Blockable Customer' }).click();
  await expect(dialog.getByRole('button', { name: 'Unblock' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('customer-dialog-360.png') });
  await dialog.getByRole('button', { name: 'Close' }).click();

  // The customer, in another browser, is refused with the message.
  const other = await browser.newContext();
  const customerPage = await other.newPage();
  await customerPage.goto('/auth');
  await customerPage.getByRole('tab', { name: 'Sign In' }).click();
  await customerPage.getByLabel('Email').fill(customer.email);
  await customerPage.getByLabel('Password', { exact: true }).fill(customer.password);
  await customerPage.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(customerPage.getByTestId('toast')).toContainText(CUSTOMER_MESSAGES.accountBlocked);
  await expect(customerPage.getByTestId('nav-user')).toHaveCount(0);

  // Unblocked (through the API here), they sign in again.
  await gql(
    request,
    `mutation ($id: ID!) { setCustomerBlocked(userId: $id, blocked: false) { blocked } }`,
    { id: customer.id },
    await adminToken(request),
  );
  await customerPage.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(customerPage.getByTestId('nav-user')).toBeVisible();
  await other.close();
});
