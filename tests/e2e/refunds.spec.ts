/**
 * Refunds paid on chain (docs/payments.md "Refunds") in the browser, on the e2e store's local chain (anvil; ETH after 3
 * confirmations): an order paid twice over, the admin offers the suggested refund from the order view, the customer
 * claims it on /verify (a bad address refused with the chain's reason, then their wallet's), the admin finds it under
 * Refunds with the address to copy, pays it from an anvil account and records the transaction, and /verify shows it
 * paid once the chain confirms it.
 *
 * Screenshots go to /tmp/shots (outside the repository) for a look by eye.
 */
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { REFUND_MESSAGES } from '../../common/refunds';
import { TEST_ADDRESSES } from '../support/fixtures';
import { ethToWei, e2eChain, lockChain } from './support/chain';
import { clipboardText, productIdBySlug, signInBrowser } from './support/orders';
import { dismissToast, expectToast, gql, seriousA11yViolations, signUpViaApi, submitAdminLogin } from './support/store';

const SHOTS = '/tmp/shots';
/** scripts/e2e-server.mjs's PAY_ADDRESS_ETH. */
const STORE_ETH = TEST_ADDRESSES.ETH;
/** The customer's wallet: a real EIP-55 address. */
const CUSTOMER_WALLET = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
/** Someone else's address: not the store's, whose watcher would take a payout there as a customer's payment first. */
const STRANGER = '0x000000000000000000000000000000000000beef';

/** Screenshots of `target` at phone and desktop widths. */
async function shoot(page: Page, name: string, target: (page: Page) => ReturnType<Page['locator']>) {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: width < 600 ? 800 : 900 });
    await page.waitForTimeout(300);
    await page.mouse.move(0, 0);
    await target(page).screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

let releaseChain: (() => void) | null = null;
test.beforeEach(async () => {
  releaseChain = await lockChain();
});
test.afterEach(() => {
  releaseChain?.();
  releaseChain = null;
});

test('an over-payment refunded: offered by the admin, claimed on /verify, paid and recorded, confirmed on chain', async ({
  page,
  browser,
}) => {
  test.slow();
  const chain = e2eChain();
  const [payer, treasury] = await chain.accounts();
  const user = await signUpViaApi(page.request, 'Refund Buyer');
  const productId = await productIdBySlug(page.request, 'ripple-keys');
  const placed = await gql(
    page.request,
    'mutation ($input: PlaceOrderInput!) { placeOrder(input: $input) { id shortId paymentAmountCrypto } }',
    { input: { productId, quantity: 1, email: user.email, paymentMethod: 'ETH' } },
    user.token,
  );
  const order = placed.placeOrder as { id: string; shortId: string; paymentAmountCrypto: string };
  const due = order.paymentAmountCrypto.replace(/0+$/, '');
  // Paid twice: the second payment is the excess to refund.
  await chain.send(payer, STORE_ETH, ethToWei(order.paymentAmountCrypto));
  await chain.send(payer, STORE_ETH, ethToWei(order.paymentAmountCrypto));
  await chain.mine(3);
  await expect
    .poll(
      async () =>
        (
          await gql(
            page.request,
            'query ($id: ID!) { order(id: $id) { paymentIssueKind } }',
            { id: order.id },
            user.token,
          )
        ).order.paymentIssueKind,
      { timeout: 30_000 },
    )
    .toBe('OVERPAID');

  // The admin offers the suggested refund from the order view.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await submitAdminLogin(admin);
  await expect(admin).toHaveURL(/\/admin\/dashboard$/);
  await admin.getByRole('button', { name: `Details of order ${order.shortId}` }).click();
  const refunds = admin.getByRole('region', { name: 'Refunds' });
  await expect(refunds.getByLabel('Amount (ETH)')).toHaveValue(due);
  await expect(refunds.getByLabel('Reason (the customer reads it)')).toHaveValue(
    `You sent ${(Number(due) * 2).toFixed(6).replace(/0+$/, '')} ETH for ${due} ETH due: the difference is refunded.`,
  );
  await shoot(admin, 'admin-order-refund-offer', (p) => p.getByRole('region', { name: 'Refunds' }));
  // An amount the API refuses is marked under its field, which takes the focus (issue 31).
  const amount = refunds.getByLabel('Amount (ETH)');
  await amount.fill('abc');
  await refunds.getByRole('button', { name: 'Offer refund' }).click();
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await expect(amount).toHaveAccessibleDescription(REFUND_MESSAGES.amountInvalid);
  await expect(amount).toBeFocused();
  await amount.fill(due);
  await expect(amount).toHaveAttribute('aria-invalid', 'false');
  await refunds.getByRole('button', { name: 'Offer refund' }).click();
  await expectToast(admin, 'Refund offered');
  await expect(refunds).toContainText('Offered: waiting for your address');
  await admin.keyboard.press('Escape');

  // The customer claims it on /verify: a bad address is refused with the reason, nothing is saved.
  await signInBrowser(page, user);
  await page.goto(`/verify?order=${order.id}`);
  const card = page.getByRole('region', { name: 'Refunds' });
  await expect(card).toContainText(`${due} ETH`);
  await expect(card).toContainText('Offered: waiting for your address');
  const address = card.getByLabel('Your Ethereum address');
  await address.fill('0x1234');
  await card.getByRole('button', { name: 'Confirm address' }).click();
  await expect(card.getByRole('alert')).toHaveText(
    'This address is not an Ethereum address (0x and 40 hexadecimal digits). Enter your Ethereum address.',
  );
  expect(await seriousA11yViolations(page, '/verify refund claim')).toEqual([]);
  await shoot(page, 'verify-refund-claim', (p) => p.getByRole('region', { name: 'Refunds' }));
  await address.fill(CUSTOMER_WALLET);
  await card.getByRole('button', { name: 'Confirm address' }).click();
  await expectToast(page, 'Address confirmed');
  await expect(card).toContainText('Claimed: the store will send it');
  await expect(card).toContainText(CUSTOMER_WALLET);
  await expect(card.getByRole('button', { name: 'Confirm address' })).toHaveCount(0);

  // The admin sees it under Refunds, with the address to copy, pays it and records the transaction.
  await admin.goto('/admin/dashboard?tab=refunds');
  const row = admin
    .getByTestId('admin-refunds')
    .locator('[data-testid^="refund-to-pay-"]')
    .filter({ hasText: order.shortId });
  await expect(row).toContainText(`${due} ETH`);
  await expect(row).toContainText(CUSTOMER_WALLET);
  await expect(row).toContainText(user.email);
  await expect(row).toContainText('To pay');
  await adminContext.grantPermissions(['clipboard-read', 'clipboard-write']);
  await row.getByRole('button', { name: 'Copy address' }).click();
  await expectToast(admin, 'Address copied');
  await dismissToast(admin);
  expect(await clipboardText(admin)).toBe(CUSTOMER_WALLET);
  expect(await seriousA11yViolations(admin, 'admin refunds')).toEqual([]);
  await shoot(admin, 'admin-refunds', (p) => p.getByTestId('admin-refunds'));
  // Withdrawing a claimed refund asks for the statement that it was not paid (it may have been, unrecorded).
  await row.getByRole('button', { name: 'Withdraw' }).click();
  const withdraw = admin.getByRole('dialog', { name: 'Withdraw this refund?' });
  await expect(withdraw).toContainText('The customer already claimed it: withdraw it only if you did not send it.');
  await expect(withdraw.getByRole('button', { name: 'Cancel (not paid)' })).toBeVisible();
  await shoot(admin, 'admin-refund-withdraw-claimed', (p) => p.getByRole('dialog'));
  await withdraw.getByRole('button', { name: 'Keep it' }).click();
  await expect(withdraw).toHaveCount(0);

  // A payout to someone else is refused at once: the chain already shows it.
  const wrong = await chain.send(treasury, STRANGER, ethToWei(due));
  await row.getByLabel('Transaction ID of your payment').fill(wrong);
  await row.getByRole('button', { name: 'Record payment' }).click();
  await expect(row.getByRole('alert')).toContainText('The transaction pays someone else');
  const right = await chain.send(treasury, CUSTOMER_WALLET, ethToWei(due));
  await row.getByLabel('Transaction ID of your payment').fill(right);
  await row.getByRole('button', { name: 'Record payment' }).click();
  await expectToast(admin, 'Payment recorded');
  await dismissToast(admin);
  await expect(row).toContainText('Recorded: waiting for the chain to confirm it (1 confirmation so far).');
  await shoot(admin, 'admin-refunds-sent', (p) => p.getByTestId('admin-refunds'));

  // Confirmed on chain: /verify says paid, live.
  await expect(card).toContainText('Sent: waiting for confirmations', { timeout: 20_000 });
  await chain.mine(2);
  await expect(card.getByText('Paid', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(card.getByRole('link', { name: right })).toHaveAttribute('href', `https://etherscan.io/tx/${right}`);
  await shoot(page, 'verify-refund-paid', (p) => p.getByRole('region', { name: 'Refunds' }));
  await adminContext.close();
});
