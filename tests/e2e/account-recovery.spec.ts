/**
 * Accounts customers can recover (issue 29) in the browser, on a second store that mails through a real SMTP server
 * (tests/support/inbox.ts): "Forgot password?" on /auth, the mailed link's reset page, signing in with the new
 * password; the dashboard's Security section at 360 and 1280 px (its devices, one signed out from there); an e-mail
 * change and its undo, each done on a click only.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ACCOUNT_MESSAGES, MESSAGES } from '../../common/validation';
import { Inbox } from '../support/inbox';
import { startSecondStore, type SecondStore } from './support/second-store';
import { expectToast, PASSWORD, seriousA11yViolations, uniqueEmail } from './support/store';

test.describe.configure({ mode: 'serial' });

const NEW_PASSWORD = 'N3wPassword';
const inbox = new Inbox();
let store: SecondStore;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  await inbox.start();
  store = await startSecondStore({ SMTP_URL: `smtp://127.0.0.1:${inbox.port}` });
});

test.afterAll(async () => {
  await store?.stop();
  await inbox.close();
});

async function api(request: APIRequestContext, query: string, variables: Record<string, unknown> = {}) {
  const res = await request.post(`${store.url}/graphql`, {
    data: { query, variables },
    headers: {
      'content-type': 'application/json',
      'user-agent':
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
    },
  });
  const body = await res.json();
  if (body.errors) throw new Error(`GraphQL error: ${JSON.stringify(body.errors)}`);
  return body.data;
}

async function signUp(request: APIRequestContext): Promise<{ email: string; accessToken: string }> {
  const email = uniqueEmail('recover');
  const data = await api(request, `mutation ($input: SignUpInput!) { signUp(input: $input) { accessToken } }`, {
    input: { fullName: 'Rita Recover', email, password: PASSWORD },
  });
  return { email, accessToken: data.signUp.accessToken };
}

/** A field's message under it (issue 31): marked invalid, described by its helper text, which says `message`. */
async function expectFieldError(page: Page, id: string, message: string): Promise<void> {
  const input = page.locator(`#${id}`);
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await expect(input).toHaveAttribute('aria-describedby', new RegExp(`${id}-helper-text`));
  await expect(page.locator(`#${id}-helper-text`)).toHaveText(message);
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto(`${store.url}/auth`);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByTestId('nav-user')).toHaveText('Rita Recover');
}

test('a customer who forgot the password asks for a link, follows it from the mail, and signs in again', async ({
  page,
  request,
}) => {
  const { email } = await signUp(request);
  await page.goto(`${store.url}/auth`);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/auth\/reset$/);
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expectFieldError(page, 'reset-email', MESSAGES.invalidEmail);
  await expect(page.getByLabel('Email')).toBeFocused();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText(`If ${email} has an account`);

  const mail = await inbox.waitFor(email, /Reset your/);
  const link = /(\/auth\/reset\?token=[A-Za-z0-9_-]+)/.exec(mail.text ?? '')![1];
  await page.goto(`${store.url}${link}`);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  expect(await seriousA11yViolations(page, 'reset page')).toEqual([]);
  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByLabel('Confirm new password').fill('shorter');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expectToast(page, 'Validation Error', 'Password must be at least 8 characters');
  // Each message under its field, the first one focused (issue 31).
  await expectFieldError(page, 'new-password', MESSAGES.passwordMin);
  await expectFieldError(page, 'new-password-confirm', ACCOUNT_MESSAGES.passwordsDiffer);
  await expect(page.getByLabel('New password', { exact: true })).toBeFocused();
  expect(await seriousA11yViolations(page, 'reset page with errors')).toEqual([]);
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expectToast(page, 'Password changed');
  await expect(page).toHaveURL(/\/auth$/);

  await signIn(page, email, NEW_PASSWORD);
  await inbox.waitFor(email, /password was changed/);
  // The link works once.
  await page.goto(`${store.url}${link}`);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await page.getByLabel('New password', { exact: true }).fill('An0therPassword');
  await page.getByLabel('Confirm new password').fill('An0therPassword');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expectToast(page, 'Error', 'This link has already been used.');
});

for (const width of [360, 1280]) {
  test(`the Security section lists the devices and signs one out (${width} px)`, async ({ page, request }) => {
    await page.setViewportSize({ width, height: 900 });
    const { email } = await signUp(request);
    await signIn(page, email, PASSWORD);
    // Another device: the sign-up above was made without a browser; this one signs in from an iPhone.
    await api(request, `mutation ($input: SignInInput!) { signIn(input: $input) { accessToken } }`, {
      input: { email, password: PASSWORD },
    });
    await page.goto(`${store.url}/dashboard?tab=profile`);
    const security = page.getByRole('heading', { name: 'Security', exact: true });
    await expect(security).toBeVisible();
    const devices = page.getByRole('list', { name: 'Signed-in devices' });
    await expect(devices.getByText('This device')).toBeVisible();
    await expect(devices.getByText('Safari on iOS').first()).toBeVisible();
    await expect(page.getByText('Not confirmed yet.')).toBeVisible();
    expect(await seriousA11yViolations(page, `security ${width}`)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`security-${width}.png`), fullPage: true });

    // Change password: the browser's messages, then the API's (a wrong current password), under their fields.
    const change = page.getByRole('form', { name: 'Change password' });
    await change.getByLabel('New password', { exact: true }).fill('short');
    await change.getByLabel('Confirm new password').fill('different');
    await change.getByRole('button', { name: 'Change password' }).click();
    await expectToast(page, 'Validation Error', MESSAGES.passwordRequired);
    await expectFieldError(page, 'current-password', MESSAGES.passwordRequired);
    await expectFieldError(page, 'changed-password', MESSAGES.passwordMin);
    await expectFieldError(page, 'changed-password-confirm', ACCOUNT_MESSAGES.passwordsDiffer);
    await expect(page.locator('#current-password')).toBeFocused();
    await change.getByLabel('Current password').fill('Wr0ngPassword');
    await change.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await change.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await change.getByRole('button', { name: 'Change password' }).click();
    await expectToast(page, 'Error', ACCOUNT_MESSAGES.wrongPassword);
    await expectFieldError(page, 'current-password', ACCOUNT_MESSAGES.wrongPassword);
    await expect(page.locator('#current-password')).toBeFocused();
    await expect(page.locator('#changed-password')).toHaveAttribute('aria-invalid', 'false');
    // Change e-mail: the address's message under it.
    const emailForm = page.getByRole('form', { name: 'Change e-mail' });
    await emailForm.getByLabel('New e-mail address').fill('nobody');
    await emailForm.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await emailForm.getByRole('button', { name: 'Send confirmation link' }).click();
    await expectFieldError(page, 'new-email', MESSAGES.invalidEmail);
    await expect(page.locator('#new-email')).toBeFocused();
    expect(await seriousA11yViolations(page, `security errors ${width}`)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`security-errors-${width}.png`), fullPage: true });

    const before = await devices.getByRole('listitem').count();
    await devices.getByRole('button', { name: 'Sign out' }).first().click();
    await expectToast(page, 'Signed out', 'That device was signed out.');
    await expect(devices.getByRole('listitem')).toHaveCount(before - 1);

    // The verification mail's link confirms the address; the section says so.
    const verify = await inbox.waitFor(email, /Confirm your e-mail/);
    const link = /(\/auth\/verify\?token=[A-Za-z0-9_-]+)/.exec(verify.text ?? '')![1];
    await page.goto(`${store.url}${link}`);
    await expect(page.getByRole('status')).toHaveText('Your e-mail address is confirmed. Thank you.');
    await page.getByRole('link', { name: 'Go to your account' }).click();
    await expect(page.getByText('Confirmed', { exact: true })).toBeVisible();
  });
}

test('an e-mail change and its undo happen only when the customer clicks (a mail scanner opening the links changes nothing)', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 360, height: 800 });
  const { email, accessToken } = await signUp(request);
  const newEmail = uniqueEmail('moved');
  const asked = await request.post(`${store.url}/graphql`, {
    data: {
      query: `mutation ($e: String!, $p: String!) { requestEmailChange(newEmail: $e, password: $p) }`,
      variables: { e: newEmail, p: PASSWORD },
    },
    headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
  });
  expect((await asked.json()).data).toEqual({ requestEmailChange: true });
  const linkIn = async (to: string, subject: RegExp) =>
    /(\/auth\/email\?token=[A-Za-z0-9_-]+(?:&kept=1)?)/.exec((await inbox.waitFor(to, subject)).text ?? '')![1];
  const confirm = await linkIn(newEmail, /Confirm your new e-mail/);
  const keep = await linkIn(email, /being changed/);
  expect(keep).toMatch(/&kept=1$/);

  // Opened (as a scanner would): nothing is sent until the button is clicked.
  await page.goto(`${store.url}${confirm}`);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await page.goto(`${store.url}${keep}`);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await expect(page.getByRole('heading', { name: 'Keep your e-mail address' })).toBeVisible();
  await expect(page.getByText('Your password is replaced too')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('keep-address-360.png'), fullPage: true });

  await page.goto(`${store.url}${confirm}`);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await page.getByRole('button', { name: 'Confirm my new address' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Done: your account uses the address this link was sent to. Sign in with it.',
  );

  await page.goto(`${store.url}${keep}`);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await page.getByRole('button', { name: 'Keep my address' }).click();
  await expect(page.getByRole('status')).toContainText('Done: your account has this address again');
  await inbox.waitFor(email, /Reset your/);
});
