/**
 * Guides (docs/product.md "Guides"): search by title or server type, the three category tabs, guide cards and the FAQ,
 * on the seeded installation guides.
 */
import { expect, test } from '@playwright/test';
import { gotoHydrated, gql } from './support/store';

interface ApiGuide {
  title: string;
  serverType: string;
  category: 'HOSTING_PANEL' | 'WEB_SERVER' | 'OTHER';
  steps: string[];
  helpfulCount: number;
  views: number;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const fmt = (n: number) => new Intl.NumberFormat('en-US').format(n);

test('tabs show each category, and a card shows its server type, numbered steps and counts', async ({
  page,
  request,
}) => {
  const { guides } = await gql<{ guides: ApiGuide[] }>(
    request,
    '{ guides { title serverType category steps helpfulCount views } }',
  );
  const titles = (category: ApiGuide['category']) => guides.filter((g) => g.category === category).map((g) => g.title);

  await gotoHydrated(page, '/guides');
  await expect(page.getByRole('heading', { level: 1, name: 'SSL Installation Guides' })).toBeVisible();
  const cards = page.getByTestId('guide-card');
  await expect(page.getByRole('tab', { name: /^Hosting Panels/ })).toHaveAttribute('aria-selected', 'true');
  await expect(cards.getByRole('heading')).toHaveText(titles('HOSTING_PANEL'));

  const cpanel = guides.find((g) => g.serverType === 'cPanel')!;
  const card = page.getByRole('article', { name: cpanel.title });
  await expect(card.getByText('cPanel', { exact: true })).toBeVisible();
  const steps = card.getByRole('listitem');
  await expect(steps).toHaveCount(cpanel.steps.length);
  // Each step starts with its number.
  for (const [index, step] of cpanel.steps.entries()) {
    await expect(steps.nth(index)).toHaveText(new RegExp(`^${index + 1}\\s*${escapeRegExp(step)}$`));
  }
  await expect(card).toContainText(`${fmt(cpanel.helpfulCount)} found this helpful`);
  await expect(card).toContainText(`${fmt(cpanel.views)} views`);

  await page.getByRole('tab', { name: /^Web Servers/ }).click();
  await expect(cards.getByRole('heading')).toHaveText(titles('WEB_SERVER'));
  await page.getByRole('tab', { name: /^Other/ }).click();
  await expect(cards.getByRole('heading')).toHaveText(titles('OTHER'));
});

test('search matches titles', async ({ page }) => {
  await gotoHydrated(page, '/guides');
  await expect(page.getByTestId('guide-card').first()).toBeVisible();
  // Only the Tomcat guide's title mentions a keystore; its tab opens by itself.
  await page.getByLabel('Search guides').fill('keystore');
  await expect(page.getByRole('tab', { name: /^Web Servers/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('guide-card').getByRole('heading')).toHaveText([
    'Install an SSL Certificate on Tomcat (Java Keystore)',
  ]);
  await expect(page.getByRole('tab', { name: /^Hosting Panels/ })).toContainText('(0)');
  await page.getByRole('tab', { name: /^Hosting Panels/ }).click();
  await expect(page.getByText('No guides match "keystore" in Hosting Panels')).toBeVisible();
});

test('search matches server types', async ({ page }) => {
  await gotoHydrated(page, '/guides');
  await expect(page.getByTestId('guide-card').first()).toBeVisible();
  // Server type OpenSSL: two of these three titles do not contain the word.
  await page.getByLabel('Search guides').fill('openssl');
  await expect(page.getByRole('tab', { name: /^Other/ })).toHaveAttribute('aria-selected', 'true');
  const headings = page.getByTestId('guide-card').getByRole('heading');
  await expect(headings).toHaveCount(3);
  await expect(headings).toContainText(['Verify an SSL Installation and Fix Chain Errors']);

  await page.getByLabel('Search guides').fill('no-such-server');
  await expect(page.getByText('No guides match "no-such-server"', { exact: true })).toBeVisible();
  await expect(page.getByTestId('guide-card')).toHaveCount(0);

  await page.getByLabel('Search guides').fill('');
  await expect(page.getByTestId('guide-card')).not.toHaveCount(0);
});

test('three FAQ cards in the FAQ section', async ({ page }) => {
  await gotoHydrated(page, '/guides');
  const faq = page.locator('#faq');
  await expect(faq.getByRole('heading', { level: 2, name: 'Frequently Asked Questions' })).toBeVisible();
  await expect(faq.getByRole('heading', { level: 3 })).toHaveText([
    'What is an SSL certificate?',
    'How do I verify my SSL installation?',
    'What is the difference between DV, OV and EV?',
  ]);
});
