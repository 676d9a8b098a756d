/**
 * The admin's Webhooks tab (docs/jobs-and-events.md "Webhooks"): an admin adds an endpoint on a receiver started by
 * the test, sees its secret once (and it is the key the deliveries are signed with), a placed order's event shows up
 * as delivered, Redeliver sends it again with the same event id, and Delete asks first. The e2e server runs outside
 * production, so a receiver on 127.0.0.1 is allowed. Other specs place orders at the same time: this spec finds its
 * own deliveries by event id.
 */
import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { clipboardText, placeOrderViaApi } from './support/orders';
import { expectToast, seriousA11yViolations, signUpViaApi, submitAdminLogin } from './support/store';

interface Received {
  headers: http.IncomingHttpHeaders;
  raw: string;
  body: { id: string; type: string; data: { orderId?: string } };
}

/** An integrator's endpoint: records every POST and answers with `respond(n)` (n counts from 1). */
async function startReceiver(respond: (n: number) => { status: number; body: string }) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      received.push({ headers: req.headers, raw, body: JSON.parse(raw) });
      const answer = respond(received.length);
      res.writeHead(answer.status, { 'content-type': 'text/plain' }).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/${randomBytes(4).toString('hex')}`;
  return { url, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

function signatureIsValid(request: Received, secret: string): boolean {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(request.headers['store-signature']));
  if (!match) return false;
  return createHmac('sha256', secret).update(`${match[1]}.${request.raw}`).digest('hex') === match[2];
}

async function openWebhooks(page: Page): Promise<void> {
  await submitAdminLogin(page);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.getByRole('tab', { name: 'Webhooks' }).click();
  await expect(page).toHaveURL(/tab=webhooks/);
}

/** Adds an endpoint for `events` through the dialog and returns the secret it shows. */
async function addEndpoint(page: Page, url: string, events: string[], screenshot?: string): Promise<string> {
  await page.getByRole('button', { name: 'Add endpoint' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Endpoint URL').fill(url);
  for (const name of events) await dialog.getByRole('checkbox', { name: new RegExp(`^${name}`) }).check();
  if (screenshot) await page.screenshot({ path: test.info().outputPath(screenshot) });
  await dialog.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(dialog.getByRole('heading', { name: 'Endpoint added' })).toBeVisible();
  await expect(dialog).toContainText("You won't see it again");
  const secret = await dialog.getByTestId('webhook-secret').inputValue();
  expect(secret).toMatch(/^whsec_/);
  return secret;
}

test('an admin adds an endpoint, sees its secret once, watches a delivery succeed and redelivers it', async ({
  page,
  request,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const receiver = await startReceiver(() => ({ status: 200, body: 'thanks' }));
  try {
    await openWebhooks(page);

    // The rules' messages, under their fields.
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Endpoint URL').fill('ftp://example.com/hook');
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(dialog).toContainText('Enter a valid URL starting with http:// or https://');
    await expect(dialog).toContainText('Choose at least one event');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    const secret = await addEndpoint(page, receiver.url, ['order.created'], 'webhooks-add-1280.png');
    await page.getByRole('dialog').getByRole('button', { name: 'Copy' }).click();
    await expect(page.getByRole('dialog').getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await clipboardText(page)).toBe(secret);
    await page.screenshot({ path: test.info().outputPath('webhooks-secret-1280.png') });
    await page.getByRole('dialog').getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // Shown once: nowhere on the page now, and not after a reload.
    await expect(page.locator('body')).not.toContainText(secret);

    const endpoint = page.getByTestId('webhook-endpoint').filter({ hasText: receiver.url });
    await expect(endpoint).toContainText('order.created');
    await expect(endpoint).toContainText('No deliveries yet');

    const customer = await signUpViaApi(request, 'Webhook Buyer');
    const order = await placeOrderViaApi(request, customer, { slug: 'litecoin-keys', quantity: 2 });
    await expect.poll(() => receiver.received.some((r) => r.body.data.orderId === order.id)).toBe(true);
    const delivered = receiver.received.find((r) => r.body.data.orderId === order.id)!;
    expect(signatureIsValid(delivered, secret)).toBe(true);
    expect(delivered.headers['store-event-id']).toBe(delivered.body.id);

    const row = endpoint.getByTestId('webhook-delivery').filter({ hasText: `Event ${delivered.body.id.slice(0, 8)}` });
    await expect(row).toContainText('Succeeded');
    await expect(row).toContainText('1 attempt');
    await expect(row).toContainText('HTTP 200');
    await expect(row).toContainText('thanks');
    await page.reload();
    await expect(row).toContainText('Succeeded');
    await expect(page.locator('body')).not.toContainText(secret);
    await page.screenshot({ path: test.info().outputPath('webhooks-1280.png'), fullPage: true });
    expect(await seriousA11yViolations(page, 'webhooks tab')).toEqual([]);

    await row.getByRole('button', { name: /^Redeliver/ }).click();
    await expectToast(
      page,
      'Redelivery queued',
      'The order.created event is on its way again, with the same event id.',
    );
    await expect
      .poll(() => receiver.received.filter((r) => r.headers['store-event-id'] === delivered.body.id).length)
      .toBe(2);
    const again = receiver.received.filter((r) => r.headers['store-event-id'] === delivered.body.id)[1];
    expect(again.raw).toBe(delivered.raw);
    expect(signatureIsValid(again, secret)).toBe(true);
    await expect(row).toContainText('2 attempts');
    await expect(row).toContainText('Succeeded');

    await endpoint.getByRole('button', { name: /^Delete endpoint/ }).click();
    const confirm = page.getByRole('dialog');
    await expect(confirm.getByRole('heading', { name: 'Delete this endpoint?' })).toBeVisible();
    await expect(confirm).toContainText(receiver.url);
    expect(await seriousA11yViolations(page, 'delete dialog')).toEqual([]);
    await confirm.getByRole('button', { name: 'Delete endpoint' }).click();
    await expectToast(page, 'Endpoint deleted', receiver.url);
    await expect(endpoint).toHaveCount(0);
  } finally {
    await receiver.close();
  }
});

test('on a phone the endpoint and a failing delivery fit the screen', async ({ page, request }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  // A receiver that is down: the log shows the status code, the start of its answer and the next attempt.
  const receiver = await startReceiver(() => ({ status: 500, body: 'Internal error: database unavailable' }));
  try {
    await openWebhooks(page);
    await addEndpoint(page, receiver.url, ['order.created', 'order.paid'], 'webhooks-add-360.png');
    await page.screenshot({ path: test.info().outputPath('webhooks-secret-360.png') });
    await page.getByRole('dialog').getByRole('button', { name: 'Done' }).click();

    const customer = await signUpViaApi(request, 'Webhook Phone Buyer');
    const order = await placeOrderViaApi(request, customer, { slug: 'litecoin-keys', quantity: 2 });
    await expect.poll(() => receiver.received.some((r) => r.body.data.orderId === order.id)).toBe(true);
    const eventId = receiver.received.find((r) => r.body.data.orderId === order.id)!.body.id;

    const endpoint = page.getByTestId('webhook-endpoint').filter({ hasText: receiver.url });
    const row = endpoint.getByTestId('webhook-delivery').filter({ hasText: `Event ${eventId.slice(0, 8)}` });
    await expect(row).toContainText('Pending');
    await expect(row).toContainText('HTTP 500');
    await expect(row).toContainText('Internal error: database unavailable');
    await expect(row).toContainText('Next attempt');
    expect(await page.locator('html').evaluate((html) => html.scrollWidth)).toBeLessThanOrEqual(360);
    await page.screenshot({ path: test.info().outputPath('webhooks-360.png'), fullPage: true });
    expect(await seriousA11yViolations(page, 'webhooks tab on a phone')).toEqual([]);
  } finally {
    await receiver.close();
  }
});
