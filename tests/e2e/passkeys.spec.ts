/**
 * Passkeys in the browser (issue 30 item 3; docs/staff-and-permissions.md "Passkeys") with Chromium's virtual
 * authenticator (DevTools WebAuthn domain: CTAP2, internal, resident keys, user verification), on a second store with
 * REQUIRE_STAFF_2FA on and one owner. A customer adds a passkey in the dashboard's Profile tab, signs out, and signs in
 * at /auth with the passkey alone. The owner's enrolment screen takes a passkey instead of TOTP, and signing in again
 * asks for it after the password. WebAuthn needs a domain, not an IP address: these pages are opened on localhost,
 * which is the store's PUBLIC_URL. Screenshots at 360 and 1280 px.
 */
import { expect, test, type Page } from '@playwright/test';
import { startSecondStore, type SecondStore } from './support/second-store';
import { PASSWORD, uniqueEmail } from './support/store';

const OWNER = { email: 'owner@passkeys-e2e.example.com', password: 'OwnerPassw0rd' };
let store: SecondStore;
let origin: string;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  store = await startSecondStore({
    REQUIRE_STAFF_2FA: 'true',
    ADMIN_EMAIL: OWNER.email,
    ADMIN_PASSWORD: OWNER.password,
  });
  origin = store.url.replace('127.0.0.1', 'localhost');
});
test.afterAll(async () => store?.stop());

async function shoot(page: Page, name: string): Promise<void> {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** A platform authenticator with a fingerprint that always matches, for this page, and what it holds. */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}

async function open(page: Page, path: string): Promise<void> {
  await page.goto(`${origin}${path}`);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

test('a customer adds a passkey in the dashboard, signs out, and signs in with the passkey alone', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const authenticator = await virtualAuthenticator(page);
  const email = uniqueEmail('passkey');
  await open(page, '/auth');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('Full Name').fill('Pass Key');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByTestId('nav-user')).toBeVisible();

  await open(page, '/dashboard');
  await page.getByRole('tab', { name: 'Profile' }).click();
  const section = page.getByRole('heading', { name: 'Passkeys' });
  await section.scrollIntoViewIfNeeded();
  await expect(page.getByText('No passkeys yet.')).toBeVisible();
  // A name is asked for first.
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByText('Name this passkey, for example the device it is on')).toBeVisible();
  await page.getByLabel('Passkey name').fill('MacBook');
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  const list = page.getByRole('list', { name: 'Your passkeys' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('MacBook');
  await expect(list).toContainText('not used yet');
  expect(await authenticator.credentials()).toHaveLength(1);
  await section.scrollIntoViewIfNeeded();
  await shoot(page, 'dashboard-passkeys');

  // Signed out, the passkey alone signs in: no e-mail, no password.
  await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
  await expect(page.getByTestId('nav-user')).toHaveCount(0);
  await open(page, '/auth');
  await expect(page.getByRole('button', { name: 'Use a passkey' })).toBeVisible();
  await shoot(page, 'auth-passkey');
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page.getByTestId('nav-user')).toBeVisible();
  await expect(page.getByText('Welcome back!')).toBeVisible();

  await open(page, '/dashboard');
  await page.getByRole('tab', { name: 'Profile' }).click();
  await expect(page.getByRole('list', { name: 'Your passkeys' })).toContainText('last used');

  // Removing asks first; this session proved the passkey a moment ago, so no step-up is needed.
  await page.getByRole('button', { name: 'Remove passkey MacBook' }).click();
  await expect(page.getByRole('dialog', { name: 'Remove this passkey?' })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('No passkeys yet.')).toBeVisible();
  await expect(page.getByText('Passkey removed')).toBeVisible();
});

test('an owner enrols with a passkey instead of TOTP and completes the password sign-in with it', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await virtualAuthenticator(page);
  const signInWithPassword = async () => {
    await open(page, '/admin');
    await page.getByLabel('Email').fill(OWNER.email);
    await page.getByLabel('Password', { exact: true }).fill(OWNER.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  };
  await signInWithPassword();
  await expect(page.getByRole('heading', { level: 1, name: 'Set up two-factor sign-in' })).toBeVisible();
  await page.getByLabel('Passkey name').fill('YubiKey');
  await shoot(page, 'admin-enrolment-passkey');
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();

  // Again: the password, then the passkey as the second factor.
  await page.getByRole('button', { name: 'Logout' }).click();
  await signInWithPassword();
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  // Its only factor is the passkey: no code is asked for.
  await expect(page.getByLabel('Authentication code')).toHaveCount(0);
  await shoot(page, 'admin-passkey-step');
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
});
