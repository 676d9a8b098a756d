/**
 * The CAPTCHA in a real Chromium (docs/graphql-api.md "CAPTCHA"): a store with CAPTCHA=always (a second server of
 * this spec's own, so the other specs keep CAPTCHA off) asks at sign-up and at checkout; the web app fetches a
 * challenge, solves it in a Web Worker while its live status line says so, and sends again.
 */
import { expect, test, type Page } from '@playwright/test';
import { CAPTCHA_STATUS_TEXTS } from '../../common/captcha';
import { PASSWORD, uniqueEmail } from './support/store';
import { startSecondStore, type SecondStore } from './support/second-store';

test.describe.configure({ mode: 'serial' });

let store: SecondStore;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  store = await startSecondStore({ CAPTCHA: 'always' });
});

test.afterAll(async () => {
  await store?.stop();
});

/**
 * Holds each captchaChallenge answer back for a moment, so the page is seen while it works on the CAPTCHA (solving
 * alone takes a fraction of a second), and records the Web Workers the page starts.
 */
async function watchCaptcha(page: Page): Promise<{ workers: string[]; challenges: () => number }> {
  const workers: string[] = [];
  let challenges = 0;
  page.on('worker', (worker) => workers.push(worker.url()));
  await page.route(`${store.url}/graphql`, async (route) => {
    if (route.request().postData()?.includes('captchaChallenge')) {
      challenges++;
      await new Promise((resolve) => setTimeout(resolve, 1500));
    }
    await route.continue();
  });
  return { workers, challenges: () => challenges };
}

async function expectCaptchaSolved(page: Page): Promise<void> {
  const status = page.getByTestId('captcha-status');
  await expect(status).toHaveAttribute('role', 'status');
  await expect(status).toHaveAttribute('aria-live', 'polite');
  await expect(status).toHaveText(CAPTCHA_STATUS_TEXTS.solving);
}

test('signs up and checks out with CAPTCHA=always, solving each challenge in a Web Worker', async ({ page }) => {
  test.slow();
  const watch = await watchCaptcha(page);

  // Sign-up: refused without a CAPTCHA, solved, sent again; the new account is signed in.
  await page.goto(`${store.url}/auth`);
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('Full Name').fill('Captcha Buyer');
  await page.getByLabel('Email').fill(uniqueEmail('captcha'));
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expectCaptchaSolved(page);
  await expect(page.getByRole('button', { name: 'Creating account...' })).toBeDisabled();
  await expect(page.getByTestId('nav-user')).toBeVisible({ timeout: 30_000 });
  expect(watch.challenges()).toBe(1);

  // Checkout: the order is refused without a CAPTCHA, solved, sent again, and placed.
  await page.goto(`${store.url}/checkout?product=litecoin-keys`);
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  const submit = page.getByRole('button', { name: "I've Sent the Payment" });
  await expect(submit).toBeEnabled();
  await submit.click();
  await expectCaptchaSolved(page);
  await expect(page.getByTestId('captcha-status')).toHaveText(CAPTCHA_STATUS_TEXTS.solved, { timeout: 30_000 });
  await expect(page.getByText('Order submitted successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/verify\?order=[0-9a-f-]{36}$/, { timeout: 15_000 });
  expect(watch.challenges()).toBe(2);

  // The work ran in the library's worker, not on the page's thread.
  expect(watch.workers.some((url) => /\/assets\/captcha\.worker-[\w-]+\.js$/.test(url))).toBe(true);
});
