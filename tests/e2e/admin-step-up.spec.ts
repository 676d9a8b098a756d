/**
 * The admin panel's step-up (review 30; docs/staff-and-permissions.md "Two-factor sign-in"), on a second store with one
 * owner: the owner's browser session is opened before the account has a factor, then TOTP is switched on through the
 * API (another session), so the browser's sessions have never proved it. Setting an order to a paid status (1280 px)
 * and creating an API key (360 px) are then refused for them: the "Confirm it is you" dialog opens, a code confirms the
 * session, and the repeated action goes through. A move that hands nothing out (Cancelled) is not asked.
 */
import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { totpCode } from '../../server/src/accounts/totp';
import { ORDER_STATUS_LABELS } from '../../common/labels';
import { placeOrderViaApi } from './support/orders';
import { startSecondStore, type SecondStore } from './support/second-store';
import { expectToast, gql, signUpViaApi } from './support/store';

const OWNER = { email: 'owner@step-up-e2e.example.com', password: 'OwnerPassw0rd' };
let store: SecondStore;
let api: APIRequestContext;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  store = await startSecondStore({ ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password });
  api = await playwrightRequest.newContext({ baseURL: store.url });
});
test.afterAll(async () => {
  await api?.dispose();
  await store?.stop();
});

const now = () => Math.floor(Date.now() / 1000);

async function signInOwner(page: Page): Promise<void> {
  await page.goto(`${store.url}/admin`);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await page.getByLabel('Email').fill(OWNER.email);
  await page.getByLabel('Password', { exact: true }).fill(OWNER.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
}

test('sessions that never proved the new factor are asked for it before marking paid or creating an API key', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const customer = await signUpViaApi(api, 'Step Up Buyer');
  const paid = await placeOrderViaApi(api, customer, { quantity: 1 });
  const cancelled = await placeOrderViaApi(api, customer, { quantity: 1 });

  // Two browser sessions opened before the account had a factor.
  const desk = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  const phone = await (await browser.newContext({ viewport: { width: 360, height: 800 } })).newPage();
  await signInOwner(desk);
  await signInOwner(phone);

  // TOTP switched on through the API (a session of its own, which the confirmation stamps, not theirs).
  const { signIn } = await gql<{ signIn: { accessToken: string } }>(
    api,
    `mutation ($input: SignInInput!) { signIn(input: $input) { accessToken } }`,
    { input: OWNER },
  );
  const { beginTotpEnrolment } = await gql<{ beginTotpEnrolment: { secret: string } }>(
    api,
    `mutation { beginTotpEnrolment { secret } }`,
    {},
    signIn.accessToken,
  );
  const secret = beginTotpEnrolment.secret;
  const { confirmTotpEnrolment: recoveryCodes } = await gql<{ confirmTotpEnrolment: string[] }>(
    api,
    `mutation ($code: String!) { confirmTotpEnrolment(code: $code) }`,
    { code: totpCode(secret) },
    signIn.accessToken,
  );

  const statusOf = (order: { shortId: string }) =>
    desk.getByRole('combobox', { name: `Status of order ${order.shortId}` });
  // Routine: no code asked.
  await statusOf(cancelled).selectOption({ label: ORDER_STATUS_LABELS.CANCELLED });
  await expectToast(desk, 'Order status updated successfully');

  // Marking paid delivers the keys: refused until the session proves the factor, then repeated.
  const markPaid = async () => {
    await statusOf(paid).selectOption({ label: ORDER_STATUS_LABELS.SUCCESS });
    await desk
      .getByRole('dialog', { name: /^Mark order/ })
      .getByRole('button', { name: 'Mark as paid' })
      .click();
  };
  await markPaid();
  const deskStepUp = desk.getByRole('dialog', { name: 'Confirm it is you' });
  await expect(deskStepUp).toBeVisible();
  await expectToast(desk, 'Failed to update order status', 'Confirm it is you');
  await expect(desk.locator('.MuiDialog-container').last()).toHaveCSS('opacity', '1'); // faded in
  await desk.screenshot({ path: test.info().outputPath('step-up-mark-paid-1280.png') });
  await deskStepUp.getByLabel('Authentication code').fill(totpCode(secret, now() + 30));
  await deskStepUp.getByRole('button', { name: 'Confirm' }).click();
  await expect(deskStepUp).toBeHidden();
  await expect(statusOf(paid)).toHaveValue('PENDING');
  await markPaid();
  await expectToast(desk, 'Order status updated successfully');

  // Creating a key: the step-up opens over the dialog, which keeps what was typed for the repeat.
  await phone.getByRole('tablist', { name: 'Admin sections' }).getByRole('tab', { name: 'API keys' }).click();
  await phone.getByRole('button', { name: 'New API key' }).click();
  const dialog = phone.getByRole('dialog', { name: 'New API key' });
  await dialog.getByLabel('Name').fill('Fulfilment robot');
  await dialog.getByRole('checkbox', { name: /^KEYS/ }).check();
  await dialog.getByRole('button', { name: 'Create key' }).click();
  const phoneStepUp = phone.getByRole('dialog', { name: 'Confirm it is you' });
  await expect(phoneStepUp).toBeVisible();
  await expect(phone.locator('.MuiDialog-container').last()).toHaveCSS('opacity', '1'); // faded in
  await phone.screenshot({ path: test.info().outputPath('step-up-api-key-360.png') });
  // The step of the desk's code is taken: a recovery code does it.
  await phoneStepUp.getByLabel('Authentication code').fill(recoveryCodes[0]);
  await phoneStepUp.getByRole('button', { name: 'Confirm' }).click();
  await expect(phoneStepUp).toBeHidden();
  await expect(dialog.getByLabel('Name')).toHaveValue('Fulfilment robot');
  await dialog.getByRole('button', { name: 'Create key' }).click();
  await expect(phone.getByRole('dialog', { name: 'API key created' })).toContainText('You will not see it again');
  await desk.context().close();
  await phone.context().close();
});
