/**
 * The quote lock in a real Chromium (issue 27; docs/payments.md "The quote lock"): checkout's step 2 holds the exact
 * amount to send, shows it with the rate, its source and a live countdown, and the order placed with it asks for
 * exactly that amount on /verify, with the same rate and the lock's own countdown; both pages at 360 and 1280 px
 * (screenshots in SHOTS_DIR, else the test's output folder). A second store of this spec's own with a 15-second lock
 * (RATE_LOCK_MINUTES=0.25) lets the price expire for real: refreshed by hand, and refused by placeOrder with its
 * reason above the new amount; its only rate provider answers nothing, so BTC has no price there.
 */
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { PAYMENT_METHOD_LABELS } from '../../common/labels';
import { MESSAGES } from '../../common/validation';
import { TEST_ADDRESSES } from '../support/fixtures';
import { CHECKOUT_TEXTS } from '../../web/src/features/checkout/checkout.texts';
import { gotoHydrated, PASSWORD, seriousA11yViolations, signUpViaApi, uniqueEmail } from './support/store';
import { signInBrowser } from './support/orders';
import { startSecondStore, type SecondStore } from './support/second-store';

const BTC_RATE_LINE = '1 BTC = 50,000.00 USD · source fixed';

/** Full-page screenshot at `width` px, after checking that nothing is wider than the window (no sideways scroll). */
async function shoot(page: Page, testInfo: TestInfo, name: string, width: number): Promise<void> {
  await page.setViewportSize({ width, height: 900 });
  await expect
    .poll(() => page.evaluate<number>('document.documentElement.scrollWidth'), {
      message: `${name}: no sideways scroll`,
    })
    .toBeLessThanOrEqual(width);
  const dir = process.env.SHOTS_DIR;
  await page.screenshot({
    path: dir ? `${dir}/${name}-${width}.png` : testInfo.outputPath(`${name}-${width}.png`),
    fullPage: true,
  });
}

/** "Price held for 29:41" → seconds left. */
function secondsIn(text: string | null): number {
  const match = /(\d+):(\d{2})$/.exec(text ?? '');
  if (!match) throw new Error(`No countdown in ${JSON.stringify(text)}`);
  return Number(match[1]) * 60 + Number(match[2]);
}

test('step 2 shows the held amount, rate and countdown; /verify asks for that amount with the rate and the lock', async ({
  page,
}, testInfo) => {
  test.slow();
  const user = await signUpViaApi(page.request);
  await signInBrowser(page, user);
  await gotoHydrated(page, '/checkout?product=litecoin-keys');
  await page.getByRole('button', { name: CHECKOUT_TEXTS.continueToPayment }).click();
  await expect(page.getByText('Step 2 of 2')).toBeVisible();

  await page.getByRole('radio', { name: /Bitcoin \(BTC\)/ }).check();
  // $34.00 at 50,000 USD per BTC is 0.00068 BTC; the held quote adds its own last digits.
  const amount = page.getByTestId('pay-amount');
  await expect(amount).toHaveText(/^0\.000680\d\d BTC$/);
  const held = await amount.textContent();
  await expect(page.getByTestId('quote-rate')).toHaveText(BTC_RATE_LINE);
  await expect(page.getByTestId('pay-address')).toHaveText(TEST_ADDRESSES.BTC);
  await expect(
    page.getByRole('img', { name: `QR code of the ${PAYMENT_METHOD_LABELS.BTC} payment request, with the amount` }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Copy amount' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Copy address' })).toBeVisible();

  // The countdown is live: RATE_LOCK_MINUTES (30) from the hold, going down each second.
  const countdown = page.getByRole('timer');
  await expect(countdown).toHaveText(/^Price held for (30:00|29:[0-5]\d)$/);
  const first = secondsIn(await countdown.textContent());
  await expect.poll(async () => secondsIn(await countdown.textContent()), { timeout: 5_000 }).toBeLessThan(first);

  // Another method is another quote; coming back to BTC gets the same held quote back (the amount does not move).
  await page.getByRole('radio', { name: /USDT \(TRC-20\)/ }).check();
  await expect(amount).toHaveText(/^34\.00\d{4} USDT$/);
  await expect(page.getByTestId('quote-rate')).toHaveText('1 USDT = 1.00 USD · source fixed');
  await page.getByRole('radio', { name: /Bitcoin \(BTC\)/ }).check();
  await expect(amount).toHaveText(held!);

  expect(await seriousA11yViolations(page, 'checkout step 2 with a held quote')).toEqual([]);
  await shoot(page, testInfo, 'checkout-step2', 1280);
  await shoot(page, testInfo, 'checkout-step2', 360);

  await page.getByRole('button', { name: CHECKOUT_TEXTS.submitNoProof }).click();
  await expect(page).toHaveURL(/\/verify\?order=[0-9a-f-]{36}$/);

  // /verify: exactly the held amount, the rate it was priced at, and the lock counting down.
  await expect(page.getByRole('heading', { name: 'Payment verification in progress' })).toBeVisible();
  await expect(page.getByTestId('exact-amount')).toHaveText(held!);
  await expect(page.getByTestId('order-rate')).toHaveText(BTC_RATE_LINE);
  const lock = page.getByTestId('price-lock').getByRole('timer');
  await expect(lock).toHaveText(/^Price locked for (30:00|29:[0-5]\d)$/);
  const locked = secondsIn(await lock.textContent());
  await expect.poll(async () => secondsIn(await lock.textContent()), { timeout: 5_000 }).toBeLessThan(locked);

  expect(await seriousA11yViolations(page, '/verify with the price lock')).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 900 });
  await shoot(page, testInfo, 'verify-pending', 1280);
  await shoot(page, testInfo, 'verify-pending', 360);
});

test.describe('a price that expires, and a coin without a price (a store with a 15-second lock, no BTC rate)', () => {
  test.describe.configure({ mode: 'serial' });
  let store: SecondStore;

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    // Kraken alone, at a port where nothing answers: BTC and ETH have no price; USDT stays 1 USD.
    store = await startSecondStore({
      RATE_LOCK_MINUTES: '0.25',
      RATE_PROVIDERS: 'kraken',
      RATE_KRAKEN_URL: 'http://127.0.0.1:9',
    });
  });

  test.afterAll(async () => {
    await store?.stop();
  });

  test('refreshed by hand at zero, and refused on submit with the reason above the new amount', async ({
    page,
  }, testInfo) => {
    test.slow();
    const email = uniqueEmail('lock');
    const signUp = await page.request.post(`${store.url}/graphql`, {
      data: {
        query: 'mutation ($input: SignUpInput!) { signUp(input: $input) { accessToken } }',
        variables: { input: { fullName: 'Lock Buyer', email, password: PASSWORD } },
      },
    });
    expect((await signUp.json()).errors).toBeUndefined();
    // The browser's session on that store: the refresh cookie its sign-in sets (as signInBrowser does on the main one).
    const signIn = await page.request.post(`${store.url}/graphql`, {
      data: {
        query: 'mutation ($input: SignInInput!) { signIn(input: $input) { accessToken } }',
        variables: { input: { email, password: PASSWORD } },
      },
    });
    expect((await signIn.json()).errors).toBeUndefined();
    await gotoHydrated(page, `${store.url}/checkout?product=litecoin-keys`);
    await page.getByRole('button', { name: CHECKOUT_TEXTS.continueToPayment }).click();

    // No BTC price right now: the server's reason instead of an amount, and nothing to submit.
    await page.getByRole('radio', { name: /Bitcoin \(BTC\)/ }).check();
    await expect(page.getByTestId('quote-error')).toHaveText(MESSAGES.ratesUnavailable('BTC'));
    await expect(page.getByTestId('pay-amount')).toHaveCount(0);
    await expect(page.getByRole('button', { name: CHECKOUT_TEXTS.submitNoProof })).toBeDisabled();
    await shoot(page, testInfo, 'checkout-no-rate', 360);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('radio', { name: /USDT \(TRC-20\)/ }).check();

    const amount = page.getByTestId('pay-amount');
    await expect(amount).toHaveText(/^34\.00\d{4} USDT$/);
    await expect(page.getByRole('timer')).toHaveText(/^Price held for 0:(1\d|0\d)$/);

    // At zero: the price expired, the address and the QR code are put away, and a new price can be held.
    const expired = page.getByTestId('quote-expired');
    await expect(expired).toContainText(CHECKOUT_TEXTS.priceExpired, { timeout: 25_000 });
    await expect(page.getByTestId('pay-address')).toHaveCount(0);
    await expect(page.getByRole('img', { name: /QR code/ })).toHaveCount(0);
    await shoot(page, testInfo, 'checkout-expired', 360);
    await page.setViewportSize({ width: 1280, height: 900 });
    await expired.getByRole('button', { name: CHECKOUT_TEXTS.refreshPrice }).click();
    await expect(page.getByRole('timer')).toHaveText(/^Price held for 0:(1\d|0\d)$/);
    // A new price, counting down again (the account's expired quote was let go, so its amount may come back).
    await expect(amount).toHaveText(/^34\.00\d{4} USDT$/);
    await expect(page.getByTestId('pay-address')).toHaveText(TEST_ADDRESSES.USDT_TRC20);

    // Let it expire again and submit anyway: placeOrder refuses the price, step 2 holds a new one and says why.
    await expect(expired).toBeVisible({ timeout: 25_000 });
    await page.getByRole('button', { name: CHECKOUT_TEXTS.submitNoProof }).click();
    await expect(page.getByTestId('quote-notice')).toHaveText(MESSAGES.quoteExpired);
    await expect(page.getByRole('timer')).toHaveText(/^Price held for 0:(1\d|0\d)$/);
    await expect(amount).toHaveText(/^34\.00\d{4} USDT$/);
    const third = await amount.textContent();
    await expect(page).toHaveURL(/\/checkout\?product=litecoin-keys$/);
    await shoot(page, testInfo, 'checkout-refused', 360);
    await page.setViewportSize({ width: 1280, height: 900 });

    // Placed in time, the order asks for the new amount; its lock ends a few seconds later, and /verify says so.
    await page.getByRole('button', { name: CHECKOUT_TEXTS.submitNoProof }).click();
    await expect(page).toHaveURL(/\/verify\?order=[0-9a-f-]{36}$/);
    await expect(page.getByTestId('exact-amount')).toHaveText(third!);
    await expect(page.getByTestId('price-lock')).toHaveText(
      'The price lock ended: a payment sent now is re-quoted at the current rate',
      { timeout: 25_000 },
    );
    await shoot(page, testInfo, 'verify-lock-ended', 360);
  });
});
