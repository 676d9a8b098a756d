/**
 * The second-factor review in the browser (issue 30; docs/staff-and-permissions.md "Two-factor sign-in"): a customer
 * whose session was not checked lately is asked for the password (not a code) before setting up two-factor sign-in,
 * then sets it up; the admin's customer view clears the factors of a locked-out owner after a confirmation. 360 and
 * 1280 px screenshots.
 */
import { expect, test, type Page } from '@playwright/test';
import { totpCode } from '../../server/src/accounts/totp';
import { expectToast, gql, signInUi, signUpViaApi, submitAdminLogin } from './support/store';

const now = () => Math.floor(Date.now() / 1000);

async function shoot(page: Page, name: string): Promise<void> {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('the first factor asks a session not checked lately for the password; support clears a locked-out owner', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const customer = await signUpViaApi(request, 'Locked Out Owner');
  await signInUi(page, customer);

  // TOTP switched on and off through the API (a session of its own): switching off drops every session's check, so
  // the browser's session is no longer checked, as one signed in long ago.
  const { signIn } = await gql(request, `mutation ($input: SignInInput!) { signIn(input: $input) { accessToken } }`, {
    input: { email: customer.email, password: customer.password },
  });
  const token: string = signIn.accessToken;
  const { beginTotpEnrolment } = await gql(request, `mutation { beginTotpEnrolment { secret } }`, {}, token);
  await gql(
    request,
    `mutation ($c: String!) { confirmTotpEnrolment(code: $c) }`,
    {
      c: totpCode(beginTotpEnrolment.secret),
    },
    token,
  );
  await gql(
    request,
    `mutation ($p: String!, $c: String!) { disableTotp(password: $p, code: $c) }`,
    { p: customer.password, c: totpCode(beginTotpEnrolment.secret, now() + 30) },
    token,
  );

  await page.goto('/dashboard');
  await page.getByRole('tab', { name: 'Profile' }).click();
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  const stepUp = page.getByRole('dialog', { name: 'Confirm it is you' });
  await expect(stepUp).toBeVisible();
  await expect(stepUp).toContainText('Adding a way to sign in needs your password first.');
  await expect(stepUp.getByLabel('Authentication code')).toHaveCount(0);
  await expect(stepUp.getByLabel('Password')).toBeFocused();
  await stepUp.getByLabel('Password').fill('NotThePassw0rd');
  await stepUp.getByRole('button', { name: 'Confirm' }).click();
  await expect(stepUp.getByText('Invalid email or password')).toBeVisible();
  await shoot(page, 'step-up-password');
  await stepUp.getByLabel('Password').fill(customer.password);
  await stepUp.getByRole('button', { name: 'Confirm' }).click();
  await expect(stepUp).toHaveCount(0);
  await expectToast(page, 'Confirmed');

  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await expect(page.getByAltText('QR code to add this account to an authenticator app')).toBeVisible();
  const secret = ((await page.getByTestId('totp-secret').innerText()) ?? '').replace(/\s+/g, '');
  await page.getByLabel('Code from the app').fill(totpCode(secret));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);

  // The owner lost the phone: support clears the factors from the customer's view, after a confirmation.
  const admin = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await submitAdminLogin(admin);
  await expect(admin).toHaveURL(/\/admin\/dashboard/);
  await admin.getByRole('tab', { name: 'Customers' }).click();
  await admin.getByLabel('Search customers').fill(customer.email);
  const rows = admin.getByTestId('admin-customer');
  await expect(rows).toHaveCount(1);
  await rows.first().getByRole('button', { name: 'View Locked Out Owner' }).click();
  const view = admin.getByRole('dialog', { name: 'Locked Out Owner' });
  await expect(view.getByText('Signs in with a second factor')).toBeVisible();
  await view.getByRole('button', { name: 'Clear sign-in methods' }).click();
  const confirm = admin.getByRole('dialog', { name: "Clear Locked Out Owner's sign-in methods?" });
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await shoot(admin, 'clear-sign-in-methods');
  await confirm.getByRole('button', { name: 'Clear sign-in methods' }).click();
  await expectToast(admin, 'Sign-in methods cleared');
  await expect(view.getByText('Signs in with a second factor')).toHaveCount(0);
  await expect(view.getByRole('button', { name: 'Clear sign-in methods' })).toHaveCount(0);

  // The password alone signs in again.
  const signedIn = await gql(
    request,
    `mutation ($input: SignInInput!) { signIn(input: $input) { secondFactorRequired } }`,
    { input: { email: customer.email, password: customer.password } },
  );
  expect(signedIn.signIn.secondFactorRequired).toBe(false);
});
