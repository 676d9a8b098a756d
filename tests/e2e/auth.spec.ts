import { expect, test } from '@playwright/test';
import { MESSAGES } from '../../common/validation';
import { signInBrowser } from './support/orders';
import { dismissToast, expectToast, PASSWORD, signInUi, signUpViaApi, uniqueEmail } from './support/store';

test('a visitor signs up, lands on the dashboard named in the nav bar, and stays signed in after a reload', async ({
  page,
}) => {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await expect(page.getByText('Must be 8+ characters with uppercase, lowercase, and number')).toBeVisible();
  await page.getByLabel('Full Name').fill('Grace Hopper');
  await page.getByLabel('Email').fill(uniqueEmail('signup'));
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expectToast(page, 'Success!', 'Account created successfully. You can now sign in.');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('nav-user')).toHaveText('Grace Hopper');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Grace Hopper');

  await page.reload();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('nav-user')).toHaveText('Grace Hopper');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Grace Hopper');
});

test('a session survives a refresh whose answer never reached the browser (the page was left mid-request)', async ({
  page,
  context,
  baseURL,
}) => {
  const user = await signUpViaApi(page.request, 'Ada Lovelace');
  await signInBrowser(page, user);
  const [cookie] = (await context.cookies()).filter((c) => c.name === 'store_refresh');
  // The server rotates the cookie the browser holds, but its answer is lost, as when a link is followed while a
  // page's refresh is in flight: the browser still holds the rotated cookie.
  const lost = await fetch(`${baseURL}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `store_refresh=${cookie.value}` },
    body: JSON.stringify({ query: 'mutation { refreshSession { accessToken } }' }),
  });
  expect(((await lost.json()) as { errors?: unknown }).errors).toBeUndefined();

  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('nav-user')).toHaveText('Ada Lovelace');
  await page.reload();
  await expect(page.getByTestId('nav-user')).toHaveText('Ada Lovelace');
});

test('a customer signs in and is welcomed back', async ({ page, request }) => {
  const user = await signUpViaApi(request, 'Alan Turing');
  await page.goto('/auth');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();

  await expectToast(page, 'Welcome back!', 'Signed in successfully.');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('nav-user')).toHaveText('Alan Turing');
});

test('a wrong password shows the server message under "Error" and keeps the visitor signed out', async ({
  page,
  request,
}) => {
  const user = await signUpViaApi(request);
  await page.goto('/auth');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill('WrongPassw0rd');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();

  await expectToast(page, 'Error', MESSAGES.invalidCredentials);
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
});

test('signing up with a taken e-mail shows the server message', async ({ page, request }) => {
  const user = await signUpViaApi(request);
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('Full Name').fill('Someone Else');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expectToast(page, 'Error', MESSAGES.emailTaken);
  await expect(page).toHaveURL(/\/auth$/);
});

test('every sign-up validation message shows as a "Validation Error" toast', async ({ page }) => {
  const ok = { fullName: 'Valid Name', email: uniqueEmail('invalid'), password: PASSWORD };
  const cases: [Partial<typeof ok>, string][] = [
    [{ fullName: '   ' }, MESSAGES.fullNameRequired],
    [{ fullName: 'x'.repeat(101) }, MESSAGES.fullNameTooLong],
    [{ email: 'not-an-email' }, MESSAGES.invalidEmail],
    [{ email: `${'a'.repeat(250)}@example.com` }, MESSAGES.emailTooLong],
    [{ password: 'Ab1' }, MESSAGES.passwordMin],
    [{ password: `Ab1${'c'.repeat(70)}` }, MESSAGES.passwordMax],
    [{ password: 'password1' }, MESSAGES.passwordUpper],
    [{ password: 'PASSWORD1' }, MESSAGES.passwordLower],
    [{ password: 'Password' }, MESSAGES.passwordNumber],
  ];
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  for (const [change, message] of cases) {
    const values = { ...ok, ...change };
    await page.getByLabel('Full Name').fill(values.fullName);
    await page.getByLabel('Email').fill(values.email);
    await page.getByLabel('Password', { exact: true }).fill(values.password);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expectToast(page, 'Validation Error', message);
    await dismissToast(page);
  }
  await expect(page).toHaveURL(/\/auth$/);
});

test('every sign-in validation message shows as a "Validation Error" toast', async ({ page }) => {
  await page.goto('/auth');
  await page.getByLabel('Email').fill('nobody@');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expectToast(page, 'Validation Error', MESSAGES.invalidEmail);
  await dismissToast(page);

  await page.getByLabel('Email').fill(uniqueEmail());
  await page.getByLabel('Password', { exact: true }).fill('');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expectToast(page, 'Validation Error', MESSAGES.passwordRequired);
});

test('the password can be shown and hidden again', async ({ page }) => {
  await page.goto('/auth');
  const password = page.getByLabel('Password', { exact: true });
  await password.fill('Secret123');
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Hide password' }).click();
  await expect(password).toHaveAttribute('type', 'password');
});

test('"Return to home" goes to the home page', async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('link', { name: 'Return to home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the redirect parameter is honoured for paths on this site', async ({ page, request }) => {
  const user = await signUpViaApi(request);
  await signInUi(page, user, '/support');
  await expect(page).toHaveURL(/\/support$/);
});

test('an absolute or protocol-relative redirect is refused (dashboard instead)', async ({ page, request }) => {
  const user = await signUpViaApi(request);
  await signInUi(page, user, 'https://evil.example/phish');
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/dashboard$/);

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await signInUi(page, user, '//evil.example/phish');
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/dashboard$/);
});

test('a signed-in visitor opening /auth goes straight to the redirect target or the dashboard', async ({
  page,
  request,
}) => {
  const user = await signUpViaApi(request);
  await signInUi(page, user);
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/auth?redirect=%2Fsupport');
  await expect(page).toHaveURL(/\/support$/);
});
