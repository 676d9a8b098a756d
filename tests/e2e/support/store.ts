/**
 * Helpers for browser tests: talk to the API the way a second client would (to set up users, or to act
 * as the admin), sign in through the UI, check toasts, and scan pages with axe-core.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

import e2eAdmin from './e2e-admin.json';

/** A real 1×1 PNG, for payment proofs (shared with the API tests). */
export { PNG_1x1 } from '../../support/fixtures';

/** The admin scripts/e2e-server.mjs creates. */
export const E2E_ADMIN: { email: string; password: string } = e2eAdmin;
export const PASSWORD = 'Passw0rdOK';

let counter = 0;
export function uniqueEmail(prefix = 'buyer'): string {
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${++counter}@example.com`;
}

export async function gql<T = any>(
  request: APIRequestContext,
  query: string,
  variables: Record<string, unknown> = {},
  token?: string,
): Promise<T> {
  const res = await request.post('/graphql', {
    data: { query, variables },
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  const body = await res.json();
  if (body.errors) throw new Error(`GraphQL error: ${JSON.stringify(body.errors)}`);
  return body.data as T;
}

export interface ApiUser {
  email: string;
  password: string;
  fullName: string;
  token: string;
  id: string;
}

/** Signs a customer up through the API (fast set-up for tests that are not about sign-up). */
export async function signUpViaApi(request: APIRequestContext, fullName = 'Test Buyer'): Promise<ApiUser> {
  const email = uniqueEmail();
  const data = await gql(
    request,
    `mutation ($input: SignUpInput!) { signUp(input: $input) { accessToken viewer { id } } }`,
    { input: { fullName, email, password: PASSWORD } },
  );
  return { email, password: PASSWORD, fullName, token: data.signUp.accessToken, id: data.signUp.viewer.id };
}

export async function adminToken(request: APIRequestContext): Promise<string> {
  const data = await gql(request, `mutation ($input: SignInInput!) { signIn(input: $input) { accessToken } }`, {
    input: E2E_ADMIN,
  });
  return data.signIn.accessToken;
}

/** Signs in through the /auth page and waits until the app knows the session. */
export async function signInUi(
  page: Page,
  user: { email: string; password: string },
  redirect?: string,
): Promise<void> {
  await page.goto(redirect ? `/auth?redirect=${encodeURIComponent(redirect)}` : '/auth');
  await page.getByRole('tab', { name: 'Sign In' }).click();
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByTestId('nav-user')).toBeVisible();
}

/**
 * Fills in and submits the login form at /admin (as the e2e admin unless told otherwise). The caller
 * checks what follows.
 */
export async function submitAdminLogin(
  page: Page,
  user: { email: string; password: string } = E2E_ADMIN,
): Promise<void> {
  await page.goto('/admin');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** Asserts a toast with this title (and description) is showing. */
export async function expectToast(page: Page, title: string, description?: string): Promise<void> {
  const toast = page.getByTestId('toast').filter({ hasText: title });
  await expect(toast).toBeVisible();
  if (description) await expect(toast).toContainText(description);
}

/** Closes the showing toast, so the next one is not queued behind it. */
export async function dismissToast(page: Page): Promise<void> {
  // A toast may go by itself (or be replaced) while the click is on its way: then there is nothing left to close.
  await page
    .getByTestId('toast')
    .getByRole('button', { name: 'Close' })
    .click({ timeout: 5_000 })
    .catch(() => undefined);
  await expect(page.getByTestId('toast')).toHaveCount(0, { timeout: 15_000 });
}

/**
 * The page's serious or critical WCAG 2 A/AA violations as axe-core finds them, one line each (prefixed
 * with `label` when given): a test expects the list to be empty.
 */
export async function seriousA11yViolations(page: Page, label?: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const prefix = label ? `${label}: ` : '';
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${prefix}${v.id} (${v.impact}) ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * Waits until nothing on the page is mid-transition (a step or a card fading in): axe measures colours as they are
 * drawn, so a contrast read halfway through a fade fails a page that is fine. Endless animations (a spinner) are left.
 */
export async function settled(page: Page): Promise<void> {
  // The page's document as far as this needs it (the tests compile without the DOM's types).
  type Animated = {
    document: {
      getAnimations(): { playState: string; effect: { getComputedTiming(): { iterations?: number } } | null }[];
    };
  };
  await page.waitForFunction(() =>
    (globalThis as unknown as Animated).document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
}

/**
 * Opens a page and waits until it responds to input: a server-rendered page (docs/architecture.md "Web rendering")
 * is shown before its scripts run, and typing into it before it has hydrated is lost.
 */
export async function gotoHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}
