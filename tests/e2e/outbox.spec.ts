/**
 * The admin's Outbox (docs/jobs-and-events.md "E-mail"): the e2e server has no SMTP_URL, as the embedded demo, so
 * the "order received" message of an order just placed is listed as Not sent with the reason; its preview shows the
 * HTML (in a sandboxed frame, under the app's CSP) and the plain text with the amount to send; Resend tries again.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { placeOrderViaApi } from './support/orders';
import {
  adminToken,
  expectToast,
  gql,
  seriousA11yViolations,
  signUpViaApi,
  submitAdminLogin,
  type ApiUser,
} from './support/store';

const NO_SMTP = 'not sent: no SMTP server configured';

/** A customer with an order just placed, its amount to send ("4.00 USDT"), and its message once written. */
async function orderWithMessage(request: APIRequestContext): Promise<{ customer: ApiUser; amount: string }> {
  const customer = await signUpViaApi(request, 'Outbox Buyer');
  const order = await placeOrderViaApi(request, customer, { slug: 'litecoin-keys', quantity: 2 });
  const data = await gql(
    request,
    'query ($id: ID!) { order(id: $id) { paymentAmountCrypto } }',
    { id: order.id },
    customer.token,
  );
  // The message is written by a job right after checkout; the page shows it once it is there.
  const token = await adminToken(request);
  await expect
    .poll(async () => {
      const outbox = await gql(
        request,
        '{ adminNotifications(first: 50) { edges { node { to status } } } }',
        {},
        token,
      );
      return outbox.adminNotifications.edges.find((e: { node: { to: string } }) => e.node.to === customer.email)?.node
        .status;
    })
    .toBe('NOT_SENT');
  return { customer, amount: `${data.order.paymentAmountCrypto} USDT` };
}

/** Signs in as the e2e admin and opens the Outbox tab; collects CSP violations reported on the page. */
async function openOutbox(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text())) {
      violations.push(message.text());
    }
  });
  await submitAdminLogin(page);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.getByRole('tab', { name: 'Outbox' }).click();
  await expect(page).toHaveURL(/tab=outbox/);
  return violations;
}

test('an admin sees the order-received message as not sent, previews it and resends it', async ({ page, request }) => {
  const { customer, amount } = await orderWithMessage(request);
  const violations = await openOutbox(page);

  // The customer's order mail (their sign-up's address confirmation is another message to them).
  const row = page
    .getByTestId('outbox-message')
    .filter({ hasText: customer.email })
    .filter({ hasText: 'Order received' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('received: send');
  await expect(row).toContainText('Order received');
  await expect(row).toContainText('Not sent');
  await expect(row).toContainText(NO_SMTP);
  await expect(row).toContainText('0 attempts');
  await page.screenshot({ path: test.info().outputPath('outbox-1280.png') });

  await row.getByRole('button', { name: /^Preview/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading')).toContainText('received: send');
  const frame = dialog.frameLocator('iframe[title^="HTML version"]');
  await expect(frame.locator('body')).toContainText(amount);
  await expect(frame.locator('body')).toContainText('Hello Outbox Buyer,');
  // The frame is sandboxed: no scripts, no access to the admin's page.
  await expect(dialog.locator('iframe')).toHaveAttribute('sandbox', '');
  await page.screenshot({ path: test.info().outputPath('outbox-preview-1280.png') });

  await dialog.getByRole('tab', { name: 'Plain text' }).click();
  await expect(dialog.getByLabel(/^Plain-text version/)).toContainText(`Amount to send: ${amount}`);
  expect(await seriousA11yViolations(page, 'outbox preview')).toEqual([]);

  await dialog.getByRole('button', { name: 'Resend' }).click();
  // Without an SMTP server a resend ends at once as it did the first time, and says why.
  await expectToast(page, 'Message not sent', 'not sent: no SMTP server configured');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(row).toContainText('Not sent');
  expect(violations).toEqual([]);
});

test('on a phone the outbox is a list of cards and the preview fills the screen', async ({ page, request }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const { customer, amount } = await orderWithMessage(request);
  const violations = await openOutbox(page);

  const card = page.getByRole('article').filter({ hasText: customer.email }).filter({ hasText: 'Order received' });
  await expect(card).toContainText('Not sent');
  await expect(card).toContainText(NO_SMTP);
  expect(await page.locator('html').evaluate((html) => html.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: test.info().outputPath('outbox-360.png'), fullPage: true });

  await card.getByRole('button', { name: /^Preview/ }).click();
  const frame = page.getByRole('dialog').frameLocator('iframe');
  await expect(frame.locator('body')).toContainText(amount);
  await page.screenshot({ path: test.info().outputPath('outbox-preview-360.png') });
  expect(violations).toEqual([]);
});
