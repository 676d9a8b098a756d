/**
 * Staff roles in the browser (issue 30 items 1-2; docs/staff-and-permissions.md), on a second store that mails through
 * a real SMTP server (tests/support/inbox.ts) and starts with one owner (ADMIN_EMAIL): the owner invites someone as
 * SUPPORT from the Staff tab (screenshots at 360 and 1280 px); the invited person follows the mailed link, creates an
 * account with that address and accepts; their admin panel shows only SUPPORT's tabs, no product or price editing and
 * no status change; the owner makes them FULFILMENT and their open panel follows (its live socket closes, it reconnects
 * and reads the role again): stock and keys, still no editing.
 */
import { expect, test, type Page } from '@playwright/test';
import { Inbox } from '../support/inbox';
import { startSecondStore, type SecondStore } from './support/second-store';
import { expectToast, PASSWORD, uniqueEmail } from './support/store';

const OWNER = { email: 'owner@staff-e2e.example.com', password: 'OwnerPassw0rd' };
const inbox = new Inbox();
let store: SecondStore;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  await inbox.start();
  store = await startSecondStore({
    SMTP_URL: `smtp://127.0.0.1:${inbox.port}`,
    ADMIN_EMAIL: OWNER.email,
    ADMIN_PASSWORD: OWNER.password,
  });
});

test.afterAll(async () => {
  await store?.stop();
  await inbox.close();
});

async function signInAdmin(page: Page, user: { email: string; password: string }): Promise<void> {
  await page.goto(`${store.url}/admin`);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
}

const tabNames = async (page: Page) =>
  (await page.getByRole('tablist', { name: 'Admin sections' }).getByRole('tab').allInnerTexts()).map((t) => t.trim());

test('an owner invites SUPPORT; the mailed link is accepted with a new account; each role sees only its tools', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const ownerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const owner = await ownerContext.newPage();
  await signInAdmin(owner, OWNER);
  await expect(owner.getByText(`Signed in as ${OWNER.email} (Owner)`)).toBeVisible();
  expect(await tabNames(owner)).toEqual(expect.arrayContaining(['Orders', 'Products Stock', 'Overview', 'Staff']));

  await owner.getByRole('tab', { name: 'Staff' }).click();
  await expect(owner).toHaveURL(/tab=staff/);
  const invited = uniqueEmail('staff');
  await owner.getByTestId('invite-email').fill(invited);
  await owner.getByLabel('Role', { exact: true }).click();
  await owner.getByRole('option', { name: 'Support' }).click();
  await owner.getByRole('button', { name: 'Send invitation' }).click();
  await expectToast(owner, 'Invitation sent', `${invited} as Support`);
  const invitedRow = owner.getByTestId('staff-member').filter({ hasText: invited });
  await expect(invitedRow).toContainText('Invited');
  await expect(owner.getByTestId('staff-member').filter({ hasText: OWNER.email })).toContainText('Active');
  await owner.screenshot({ path: test.info().outputPath('staff-tab-1280.png'), fullPage: true });
  await owner.setViewportSize({ width: 360, height: 780 });
  await expect(owner.getByTestId('admin-staff').getByText(invited)).toBeVisible();
  await owner.screenshot({ path: test.info().outputPath('staff-tab-360.png'), fullPage: true });
  await owner.setViewportSize({ width: 1280, height: 900 });

  // The invited person follows the link, signs up with that address, comes back and accepts.
  const mail = await inbox.waitFor(invited, /invited to the/);
  const link = /https?:\/\/\S+\/auth\/invite\?token=[A-Za-z0-9_-]+/.exec(mail.text ?? '')![0];
  const path = new URL(link).pathname + new URL(link).search;
  const staffContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const staff = await staffContext.newPage();
  await staff.goto(`${store.url}${path}`);
  await staff.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await staff.getByRole('link', { name: 'Sign in or create an account' }).click();
  await staff.getByRole('tab', { name: 'Sign Up' }).click();
  await staff.getByLabel('Full Name').fill('Sam Support');
  await staff.getByLabel('Email').fill(invited);
  await staff.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await staff.getByRole('button', { name: 'Create Account' }).click();
  await expect(staff).toHaveURL(/\/auth\/invite\?token=/);
  await staff.getByRole('button', { name: 'Accept the invitation' }).click();
  await expect(staff.getByText('Welcome to the staff: your role is Support.')).toBeVisible();
  await staff.getByRole('link', { name: 'Open the admin panel' }).click();

  // SUPPORT: tickets, customers and the orders (read only); no products, prices, overview, webhooks or staff.
  await expect(staff.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  await expect(staff.getByText(`Signed in as ${invited} (Support)`)).toBeVisible();
  expect(await tabNames(staff)).toEqual(['Orders', 'Tickets', 'Customers', 'Block rules', 'Rates', 'Outbox']);
  // A link to a tab the role may not use opens the first one it may.
  await staff.goto(`${store.url}/admin/dashboard?tab=products`);
  await expect(staff.getByRole('tab', { name: 'Orders' })).toHaveAttribute('aria-selected', 'true');
  await expect(staff.getByRole('button', { name: 'New product' })).toHaveCount(0);
  await expect(staff.getByTestId('edit-product')).toHaveCount(0);

  // The owner makes them FULFILMENT: stock and keys, still no product editing.
  await owner.reload();
  const row = owner.getByTestId('staff-member').filter({ hasText: invited });
  await expect(row).toContainText('Active');
  await row.getByRole('combobox', { name: `Role of ${invited}` }).click();
  await owner.getByRole('option', { name: 'Fulfilment' }).click();
  await expectToast(owner, 'Role changed', `${invited}: Fulfilment`);

  // No reload: the change closes the open page's live socket, and on reconnecting the panel reads the role again.
  await expect(staff.getByText(`Signed in as ${invited} (Fulfilment)`)).toBeVisible({ timeout: 20_000 });
  expect(await tabNames(staff)).toEqual(['Orders', 'Products Stock', 'Rates']);
  await staff.getByRole('tab', { name: 'Products Stock' }).click();
  await expect(staff.getByTestId('admin-product').first()).toBeVisible();
  await expect(staff.getByRole('button', { name: 'New product' })).toHaveCount(0);
  await expect(staff.getByTestId('edit-product')).toHaveCount(0);

  await ownerContext.close();
  await staffContext.close();
});
