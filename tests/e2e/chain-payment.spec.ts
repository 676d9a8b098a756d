/**
 * On-chain payment confirmation (docs/payments.md) in the browser, on a real local chain (anvil, started by
 * scripts/e2e-server.mjs; the store confirms ETH after 3 blocks and polls every second): a customer checks out with
 * ETH, pays the order's exact unique amount from an anvil account, and /verify follows the detection, the
 * confirmations and the delivery live; the admin queue shows the chain's evidence, and an underpayment is flagged on
 * both sides with its amounts.
 *
 * Screenshots of the states go to /tmp/shots (outside the repository) for a look by eye.
 */
import fs from 'node:fs';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { TEST_ADDRESSES } from '../support/fixtures';
import { ethToWei, e2eChain, lockChain } from './support/chain';
import { isSameDocument, markDocument, productIdBySlug, signInBrowser } from './support/orders';
import { expectToast, gql, seriousA11yViolations, signUpViaApi, submitAdminLogin } from './support/store';

const SHOTS = '/tmp/shots';
/** scripts/e2e-server.mjs's PAY_ADDRESS_ETH. */
const STORE_ETH = TEST_ADDRESSES.ETH;

// In order, in one worker: mining blocks for one test's payment would confirm the other's too.
test.describe.configure({ mode: 'default' });

const contexts: BrowserContext[] = [];
// The chain is held for each test: another file's transactions (refunds.spec.ts) would confirm these payments too.
let releaseChain: (() => void) | null = null;
test.beforeEach(async () => {
  releaseChain = await lockChain();
});
test.afterEach(async () => {
  releaseChain?.();
  releaseChain = null;
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

async function adminQueue(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  contexts.push(context);
  const page = await context.newPage();
  await submitAdminLogin(page);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  // The live feed's first sync (socket up, then the queue read again) can take longer than a click on a busy 2-core run.
  await expect(page.getByTestId('admin-orders')).toHaveAttribute('data-synced', 'true', { timeout: 30_000 });
  return page;
}

/**
 * Brings the order's row into the admin queue: the other worker's tests may have placed enough orders since this one
 * to push it off the first page, so "Load more" is followed until it is listed.
 */
async function showAdminOrder(admin: Page, shortId: string): Promise<void> {
  const row = admin.getByTestId('admin-order').filter({ hasText: shortId });
  const more = admin.getByRole('button', { name: 'Load more' });
  for (let page = 0; page < 10 && (await row.count()) === 0 && (await more.isVisible()); page++) {
    const listed = await admin.getByTestId('admin-order').count();
    await more.click();
    await expect.poll(() => admin.getByTestId('admin-order').count()).toBeGreaterThan(listed);
  }
  await expect(row).toHaveCount(1);
}

/** Screenshots of `page` at phone and desktop widths (whole page, or one element of it). */
async function shoot(page: Page, name: string, element?: (page: Page) => ReturnType<Page['locator']>) {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: width < 600 ? 800 : 900 });
    // The queue turns from a table into cards below MUI's lg breakpoint: let it re-render.
    await page.waitForTimeout(300);
    await page.evaluate('window.scrollTo(0, 0)');
    await page.mouse.move(0, 0);
    const target = element?.(page);
    if (target) await target.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
    else await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

test('an ETH payment on chain: detected, confirmed and delivered on /verify without a reload', async ({
  page,
  browser,
}) => {
  test.slow();
  const chain = e2eChain();
  const user = await signUpViaApi(page.request, 'Chain Buyer');
  await signInBrowser(page, user);

  // Checkout: the held quote, the order's exact amount with its own last digits (docs/payments.md "The quote lock"),
  // and its payment request's QR code; ETH needs no proof or transaction ID.
  await page.goto('/checkout?product=dogecoin-keys');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await page.getByRole('radio', { name: /Ethereum \(ETH\)/ }).check();
  await expect(page.getByTestId('pay-amount')).toHaveText(/^0\.0096\d\d ETH$/);
  const held = (await page.getByTestId('pay-amount').textContent())!;
  await expect(page.getByTestId('exact-amount-note')).toContainText('Send exactly this amount');
  await expect(
    page.getByRole('img', { name: 'QR code of the Ethereum (ETH) payment request, with the amount' }),
  ).toBeVisible();
  await expect(page.getByTestId('on-chain-note')).toHaveText(
    'Ethereum (ETH) payments are found on the blockchain and confirmed automatically after 3 confirmations: no transaction ID or screenshot is needed.',
  );
  await expect(
    page.getByText('Wait for confirmation: automatic after 3 confirmations on the blockchain.'),
  ).toBeVisible();
  await expect(page.getByLabel('Transaction ID (optional)')).toBeHidden();
  await shoot(page, 'checkout-eth');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expectToast(page, 'Order submitted successfully!');
  await expect(page).toHaveURL(/\/verify\?order=[0-9a-f-]{36}$/);
  const orderId = new URL(page.url()).searchParams.get('order')!;
  // The admin watches the queue from now on (the evidence must arrive live; by the end of this slow test other
  // workers' orders may have pushed the order off a freshly loaded first page).
  const admin = await adminQueue(browser);
  await showAdminOrder(admin, orderId.slice(0, 8));

  // /verify: the order's own exact amount, its address, QR code and wallet link.
  await expect(page.getByRole('heading', { name: 'Payment verification in progress' })).toBeVisible();
  await expect(
    page.getByText(
      // Nothing sent yet (issue 31): the page waits for the payment rather than checks for one.
      'Waiting for your payment: send it with the details below. It is confirmed automatically after 3 confirmations.',
    ),
  ).toBeVisible();
  const request = page.getByRole('region', { name: 'Send your payment' });
  const exact = (await request.getByTestId('exact-amount').textContent())?.trim() ?? '';
  expect(exact).toMatch(/^0\.0096\d\d ETH$/);
  // Exactly what step 2 held.
  expect(exact).toBe(held);
  const amount = exact.replace(' ETH', '');
  await expect(request.getByTestId('exact-address')).toHaveText(STORE_ETH);
  await expect(request.getByRole('img', { name: /QR code of the Ethereum \(ETH\) payment request/ })).toBeVisible();
  await expect(request.getByRole('link', { name: 'Open in wallet' })).toHaveAttribute(
    'href',
    `ethereum:${STORE_ETH}?value=${ethToWei(amount)}`,
  );
  await expect(page.getByRole('button', { name: 'Cancel order' })).toBeVisible();
  expect(await seriousA11yViolations(page, '/verify waiting for the payment')).toEqual([]);
  await shoot(page, 'verify-pending');
  await page.setViewportSize({ width: 1280, height: 720 });
  await markDocument(page);

  // Pay exactly that amount from an anvil account: mined at once, its first confirmation.
  const [payer] = await chain.accounts();
  const txId = await chain.send(payer, STORE_ETH, ethToWei(amount));
  await expect(page.getByText('Payment detected — 1 of 3 confirmations')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('link', { name: /View transaction/ })).toHaveAttribute(
    'href',
    `https://etherscan.io/tx/${txId}`,
  );
  await expect(page.getByRole('progressbar', { name: 'Confirmations of your payment' })).toHaveAttribute(
    'aria-valuetext',
    '1 of 3 confirmations',
  );
  // Paid: nothing more to send, no deadline, and no cancelling.
  await expect(page.getByRole('region', { name: 'Send your payment' })).toHaveCount(0);
  await expect(page.getByTestId('payment-deadline')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  const details = page.getByRole('region', { name: 'Order Details' });
  await expect(details).toContainText(txId);
  await expect(details).toContainText(`Amount received${exact}`);
  expect(await seriousA11yViolations(page, '/verify detected')).toEqual([]);
  await shoot(page, 'verify-detected');
  await page.setViewportSize({ width: 1280, height: 720 });

  // The admin queue shows the chain's evidence beside the proof.
  const row = admin.getByTestId('admin-order').filter({ hasText: orderId.slice(0, 8) });
  const evidence = row.getByTestId('chain-evidence');
  await expect(evidence).toContainText('Detected');
  await expect(evidence).toContainText('1 of 3 confirmations');
  await expect(evidence).toContainText(`Received ${exact}`);
  await expect(evidence.getByRole('link')).toHaveAttribute('href', `https://etherscan.io/tx/${txId}`);
  expect(await seriousA11yViolations(admin, 'admin queue with evidence')).toEqual([]);
  await shoot(admin, 'admin-evidence', (p) => p.getByTestId('admin-order').filter({ hasText: orderId.slice(0, 8) }));

  // Two more blocks: confirmed, paid, and the licence key delivered, all live.
  await chain.mine(2);
  await expect(page.getByRole('heading', { name: 'Delivered' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('link', { name: 'View your keys' })).toHaveAttribute(
    'href',
    `/dashboard?order=${orderId}`,
  );
  await expect(page.getByTestId('payment-progress')).toHaveCount(0);
  expect(await isSameDocument(page)).toBe(true);
  await shoot(page, 'verify-delivered');
});

test('an underpayment given by its transaction ID is flagged with its amounts on /verify and in the queue', async ({
  page,
  browser,
}) => {
  test.slow();
  const chain = e2eChain();
  const user = await signUpViaApi(page.request, 'Short Payer');
  const productId = await productIdBySlug(page.request, 'ripple-keys');
  const placed = await gql(
    page.request,
    'mutation ($input: PlaceOrderInput!) { placeOrder(input: $input) { id shortId paymentAmountCrypto } }',
    { input: { productId, quantity: 1, email: user.email, paymentMethod: 'ETH' } },
    user.token,
  );
  const order = placed.placeOrder as { id: string; shortId: string; paymentAmountCrypto: string };
  // The admin watches the queue from now on: the order is on its first page, and the flag must arrive live (by the
  // end of this slow test, other workers' orders may have pushed it off a freshly loaded first page).
  const admin = await adminQueue(browser);
  await expect(admin.getByRole('button', { name: `Details of order ${order.shortId}` })).toBeVisible();
  await signInBrowser(page, user);
  await page.goto(`/verify?order=${order.id}`);
  await expect(page.getByTestId('exact-amount')).toHaveText(`${order.paymentAmountCrypto} ETH`);
  await markDocument(page);

  // 0.001234 ETH is nobody's amount: it reaches the order only through the ID the customer gives.
  const [, payer] = await chain.accounts();
  const txId = await chain.send(payer, STORE_ETH, ethToWei('0.001234'));
  await page.getByRole('textbox', { name: 'Transaction ID' }).fill(txId);
  await page.getByRole('button', { name: 'Add transaction ID' }).click();
  await expectToast(page, 'Transaction ID added');

  const issue = page.getByTestId('payment-issue');
  await expect(issue).toContainText(`Underpaid: received 0.001234 ETH of ${order.paymentAmountCrypto} ETH`, {
    timeout: 20_000,
  });
  // Pay the rest (issue 27): what is still due (the amount less what arrived, within the price lock), with its own
  // QR code, wallet link and copy buttons; never the whole amount again.
  const due = (BigInt(order.paymentAmountCrypto.replace('.', '')) - 1234n).toString().padStart(7, '0');
  const dueEth = `${due.slice(0, -6)}.${due.slice(-6)}`;
  const rest = page.getByRole('region', { name: 'Pay the rest' });
  await expect(rest).toContainText('Send exactly this amount to the address below to pay the rest of your order');
  await expect(rest.getByTestId('exact-amount')).toHaveText(`${dueEth} ETH`);
  await expect(rest.getByTestId('exact-address')).toHaveText(STORE_ETH);
  await expect(rest.getByRole('img', { name: /QR code of the Ethereum \(ETH\) payment request/ })).toBeVisible();
  await expect(rest.getByRole('link', { name: 'Open in wallet' })).toHaveAttribute(
    'href',
    `ethereum:${STORE_ETH}?value=${ethToWei(dueEth)}`,
  );
  await expect(rest.getByRole('button', { name: 'Copy amount' })).toBeVisible();
  await expect(page.getByTestId('payment-deadline')).toBeVisible();
  expect(await isSameDocument(page)).toBe(true);
  expect(await seriousA11yViolations(page, '/verify underpaid')).toEqual([]);
  await shoot(page, 'verify-underpaid');
  await page.setViewportSize({ width: 1280, height: 720 });

  const flag = admin.getByRole('note', { name: `Payment issue of order ${order.shortId}` });
  await expect(flag).toContainText('Underpaid:');
  await expect(flag).toContainText(`received 0.001234 ETH of ${order.paymentAmountCrypto} ETH`);
  expect(await seriousA11yViolations(admin, 'admin queue with a flag')).toEqual([]);
  await shoot(admin, 'admin-underpaid');

  // The order's dialog shows the same evidence and flag.
  await admin.getByRole('button', { name: `Details of order ${order.shortId}` }).click();
  const dialog = admin.getByRole('dialog', { name: `Order ${order.shortId}` });
  await expect(dialog.getByTestId('chain-evidence')).toContainText('Received 0.001234 ETH');
  await expect(dialog.getByRole('note', { name: `Payment issue of order ${order.shortId}` })).toContainText(
    `received 0.001234 ETH of ${order.paymentAmountCrypto} ETH`,
  );
  expect(await seriousA11yViolations(admin, 'order dialog with a flag')).toEqual([]);
  await shoot(admin, 'admin-dialog-underpaid', (p) => p.getByRole('dialog'));
  await admin.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

  // The customer's dashboard says it where it shows the status.
  await page.goto('/dashboard?tab=orders');
  await expect(
    page
      .getByRole('listitem')
      .filter({ hasText: `Order #${order.shortId}` })
      .getByTestId('order-payment-issue'),
  ).toContainText('Underpaid: received 0.001234 ETH');
  // A payment was seen: the order can no longer be cancelled.
  await expect(
    page
      .getByRole('listitem')
      .filter({ hasText: `Order #${order.shortId}` })
      .getByRole('button', { name: 'Cancel order' }),
  ).toHaveCount(0);
  await shoot(page, 'dashboard-underpaid');
});
