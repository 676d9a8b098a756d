/**
 * USDT on Ethereum (USDT_ERC20, docs/payments.md) in the browser: the method comes from the registry alone, so the
 * checkout lists it, /verify asks for the token's transfer (EIP-681: the token contract, the store's address, the
 * amount in the token's smallest unit) on the address ETH shares, and a real transfer of the test token on the local
 * chain (scripts/e2e-server.mjs deploys it) is detected, confirmed and delivered live. Screenshots of /verify at 360
 * and 1280 px go to /tmp/shots (outside the repository) for a look by eye.
 */
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { encodeFunctionData, erc20Abi, getAddress } from 'viem';
import { TEST_ADDRESSES } from '../support/fixtures';
import { anvilClient } from '../support/chain-fixtures/anvil';
import { e2eChain, lockChain } from './support/chain';
import { isSameDocument, markDocument, signInBrowser } from './support/orders';
import { seriousA11yViolations, signUpViaApi } from './support/store';

const SHOTS = '/tmp/shots';
/** scripts/e2e-server.mjs's PAY_ADDRESS_USDT_ERC20, the same as its PAY_ADDRESS_ETH. */
const STORE = TEST_ADDRESSES.ETH;

/** The test token scripts/e2e-server.mjs deployed, as it wrote it into E2E_CHAIN_FILE. */
function usdtContract(): string {
  const { usdt } = JSON.parse(fs.readFileSync(process.env.E2E_CHAIN_FILE!, 'utf8')) as { usdt: string };
  return getAddress(usdt);
}

async function shoot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: width < 600 ? 800 : 900 });
    await page.waitForTimeout(300);
    await page.evaluate('window.scrollTo(0, 0)');
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test('USDT (ERC-20): checked out, asked for as a token transfer on /verify, paid on chain and delivered live', async ({
  page,
}) => {
  test.slow();
  const chain = e2eChain();
  const contract = usdtContract();
  const user = await signUpViaApi(page.request, 'Token Buyer');
  await signInBrowser(page, user);

  await page.goto('/checkout?product=dogecoin-keys');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await page.getByRole('radio', { name: /USDT \(ERC-20\)/ }).check();
  await expect(page.getByTestId('pay-amount')).toHaveText(/^\d+\.\d{6} USDT$/);
  await expect(page.getByTestId('on-chain-note')).toHaveText(
    'USDT (ERC-20) payments are found on the blockchain and confirmed automatically after 3 confirmations: no transaction ID or screenshot is needed.',
  );
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/verify\?order=[0-9a-f-]{36}$/);

  const request = page.getByRole('region', { name: 'Send your payment' });
  const exact = (await request.getByTestId('exact-amount').textContent())?.trim() ?? '';
  expect(exact).toMatch(/^\d+\.\d{6} USDT$/);
  const units = BigInt(exact.replace(' USDT', '').replace('.', ''));
  await expect(request.getByTestId('exact-address')).toHaveText(STORE);
  await expect(request.getByRole('img', { name: /QR code of the USDT \(ERC-20\) payment request/ })).toBeVisible();
  await expect(request.getByRole('link', { name: 'Open in wallet' })).toHaveAttribute(
    'href',
    `ethereum:${contract}/transfer?address=${STORE}&uint256=${units}`,
  );
  expect(await seriousA11yViolations(page, '/verify of a USDT (ERC-20) order')).toEqual([]);
  await shoot(page, 'verify-usdt-erc20-pending');
  await markDocument(page);

  // The chain is this test's while it pays: its blocks would be confirmations of another test's payment.
  const release = await lockChain();
  try {
    const [, payer] = await chain.accounts();
    const hash = await chain.rpc<string>('eth_sendTransaction', [
      {
        from: payer,
        to: contract,
        data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [STORE as `0x${string}`, units] }),
      },
    ]);
    await anvilClient(chain.url).mined(hash);
    await expect(page.getByText('Payment detected — 1 of 3 confirmations')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('link', { name: /View transaction/ })).toHaveAttribute(
      'href',
      `https://etherscan.io/tx/${hash}`,
    );
    await expect(page.getByRole('region', { name: 'Order Details' })).toContainText(`Amount received${exact}`);
    await chain.mine(2);
  } finally {
    release();
  }
  await expect(page.getByRole('heading', { name: 'Delivered' })).toBeVisible({ timeout: 20_000 });
  expect(await isSameDocument(page)).toBe(true);
  await shoot(page, 'verify-usdt-erc20-delivered');
});
