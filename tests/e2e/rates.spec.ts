/**
 * The admin's Rates tab (docs/payments.md "How prices are made") on the e2e store, which prices from the `fixed`
 * provider (RATE_BTC_USD 50000, RATE_ETH_USD 2500): each currency's rate and source, each provider's last answer, the
 * settings in force, and the same in `exchangeRates`. Screenshots at 1280 and 360 px wide go to the test's output
 * folder. The states without a price (providers disagreeing or stale) are the API's tests (tests/api/exchange-rates).
 */
import { expect, test } from '@playwright/test';
import { dismissToast, gql, seriousA11yViolations, submitAdminLogin } from './support/store';

test('an admin sees the rate of each currency, its providers and the settings in force', async ({
  page,
  request,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await submitAdminLogin(page);
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await dismissToast(page);
  await page.getByRole('tab', { name: 'Rates' }).click();
  await expect(page).toHaveURL(/tab=rates/);
  const tab = page.getByTestId('admin-rates');

  await expect(tab.getByTestId('rate-BTC')).toContainText('$50,000.00');
  await expect(tab.getByTestId('rate-BTC')).toContainText('fixed');
  await expect(tab.getByTestId('rate-ETH')).toContainText('$2,500.00');
  await expect(tab.getByTestId('rate-USDT')).toContainText('$1.00');

  const rows = tab.getByTestId('rate-provider');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('fixed');
  await expect(rows.first()).toContainText('50000.00000000');
  await expect(rows.first()).toContainText('Counts');
  await expect(tab.getByTestId('rate-settings')).toContainText('Providers (RATE_PROVIDERS)');
  await expect(tab.getByTestId('rate-settings')).toContainText('every 60 s');
  await page.screenshot({ path: testInfo.outputPath('rates-1280.png'), fullPage: true });
  expect(await seriousA11yViolations(page, 'admin rates')).toEqual([]);

  // What the tab shows is what the API quotes.
  const { exchangeRates } = await gql<{ exchangeRates: { currency: string; usd: string; source: string }[] }>(
    request,
    `{ exchangeRates { currency usd source } }`,
  );
  expect(exchangeRates).toEqual([
    { currency: 'BTC', usd: '50000.00000000', source: 'fixed' },
    { currency: 'ETH', usd: '2500.00000000', source: 'fixed' },
    { currency: 'USDT', usd: '1.00000000', source: 'fixed' },
  ]);

  await page.setViewportSize({ width: 360, height: 800 });
  await expect(tab.getByTestId('rate-USDT')).toBeVisible();
  await expect(rows.first()).toContainText('fixed');
  await page.screenshot({ path: testInfo.outputPath('rates-360.png'), fullPage: true });
});
