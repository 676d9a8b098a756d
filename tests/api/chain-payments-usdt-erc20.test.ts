/**
 * USDT on Ethereum (USDT_ERC20) confirmed on a real local chain (anvil) with a real ERC-20 contract deployed from its
 * compiled bytecode (tests/support/chain-fixtures/erc20.ts: a 6-decimal stablecoin): the chain-reader conformance suite
 * (tests/support/chain-fixtures/conformance.ts), then what only a token shows: another token's transfer, a typed
 * transaction read while pending, the exact amount paid twice, a reverted transfer, one sent before the order, the
 * EIP-681 token URI, a contract of other decimals, the store's one address shared with ETH, each method reading
 * only its own payments, and a transfer whose receipt is over the answer cap (docs/payments.md).
 */
import { encodeFunctionData, erc20Abi, getAddress, type Address } from 'viem';
import { EthReader } from '../../server/src/payments/chains/eth-reader';
import { MAX_ANSWER_BYTES, decimalToUnits } from '../../server/src/payments/chains/chain-reader';
import { startAnvil, type Anvil } from '../support/chain-fixtures/anvil';
import { startChainStore, type ChainStore } from '../support/chain-fixtures/chain-store';
import { chainReaderConformance } from '../support/chain-fixtures/conformance';
import { deployErc20, type Erc20 } from '../support/chain-fixtures/erc20';

/** The store's one Ethereum address: ETH and USDT_ERC20 both pay it. */
const STORE = '0x00000000000000000000000000000000000051a7';
const OTHER = '0x000000000000000000000000000000000000beef';
/** A contract that sends the store 1 unit of USDT, then writes a flood of empty logs (review 28). */
const SPAMMER = '0x000000000000000000000000000000000000c0de';
const UNITS_PER_USDT = 1_000_000n;

let anvil: Anvil;
let usdt: Erc20;
/** Another token of the same decimals: its transfers pay nothing. */
let otherToken: Erc20;
let store: ChainStore;
let payer: string;
/** A USDT transfer sent two hours before any order exists. */
let earlyPayment: string;

beforeAll(async () => {
  // The chain starts two hours ago: the tokens and one early payment, then its clock jumps to now.
  const now = Math.floor(Date.now() / 1000);
  anvil = await startAnvil({ genesisTime: now - 7_200 });
  payer = anvil.accounts[1];
  const holders = [payer, anvil.accounts[3]];
  usdt = await deployErc20(anvil, { name: 'Tether USD', symbol: 'USDT', decimals: 6, holders, supply: 10n ** 12n });
  otherToken = await deployErc20(anvil, { name: 'Other', symbol: 'OTH', decimals: 6, holders, supply: 10n ** 12n });
  earlyPayment = await usdt.transfer(anvil.accounts[3], STORE, 123n);
  await anvil.rpc('evm_setNextBlockTimestamp', [now]);
  await anvil.mine(1);
  store = await startChainStore({
    method: 'USDT_ERC20',
    slug: 'usdt-erc20-test-product',
    env: {
      ETH_RPC_URL: anvil.url,
      PAY_ADDRESS_USDT_ERC20: STORE,
      PAY_ADDRESS_ETH: STORE,
      USDT_ERC20_CONTRACT: getAddress(usdt.address),
      CONFIRMATIONS_USDT_ERC20: '3',
      CONFIRMATIONS_ETH: '3',
    },
  });
}, 90_000);

afterAll(async () => {
  await store?.close();
  await anvil?.close();
});

const placeOrder: ChainStore['placeOrder'] = (...args) => store.placeOrder(...args);
const readOrder: ChainStore['readOrder'] = (...args) => store.readOrder(...args);
const submitTx: ChainStore['submitTx'] = (...args) => store.submitTx(...args);
const orderWhen: ChainStore['orderWhen'] = (...args) => store.orderWhen(...args);
const sql: ChainStore['server']['sql'] = (...args) => store.server.sql(...args);

/** "10.000001" USDT → 10000001n. */
const units = (usdtAmount: string) => decimalToUnits(usdtAmount, 6);
const wei = (eth: string) => decimalToUnits(eth, 18);

it('deploys a real 6-decimal token (the fixture the suite pays with)', async () => {
  expect(await usdt.decimals()).toBe(6);
  expect(await usdt.balanceOf(STORE)).toBe(123n);
});

chainReaderConformance({
  method: 'USDT_ERC20',
  currency: 'USDT',
  chainName: 'Ethereum',
  unitDecimals: 6,
  requiredConfirmations: 3,
  // Anvil mines each transaction at once: the watcher sees its log in its block.
  detectedConfirmations: 1,
  quote: '10.000000',
  amountPattern: /^10\.\d{6}$/,
  small: UNITS_PER_USDT,
  storeAddress: STORE,
  otherAddress: OTHER,
  unknownTxId: `0x${'cd'.repeat(32)}`,
  explorerUrl: (txId) => `https://etherscan.io/tx/${txId}`,
  store: () => store,
  pay: (to, value) => usdt.transfer(payer, to, value),
  advanceOne: () => anvil.mine(1),
  confirm: () => anvil.mine(3),
});

describe('USDT_ERC20 only', () => {
  it("asks wallets for the token's transfer (EIP-681), naming the configured contract", async () => {
    const order = await placeOrder();
    const res = await store.server.gql(
      `query ($id: ID!) { order(id: $id) { paymentUri paymentQrSvg } }`,
      { id: order.id },
      {
        token: store.customer.token,
      },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.order.paymentUri).toBe(
      `ethereum:${getAddress(usdt.address)}/transfer?address=${STORE}&uint256=${units(order.paymentAmountCrypto)}`,
    );
    expect(res.data!.order.paymentQrSvg).toMatch(/^<svg/);
    await sql(`UPDATE orders SET status = 'CANCELLED' WHERE id = $1`, [order.id]);
  });

  it("does not count another token's transfer of the exact amount; its typed id is WRONG_TOKEN", async () => {
    const order = await placeOrder();
    const other = await otherToken.transfer(payer, STORE, units(order.paymentAmountCrypto));
    await anvil.mine(3);
    // A transfer of USDT made after it is seen (the watcher read past the other token's block), and it paid nothing.
    const marker = await placeOrder(store.other);
    await usdt.transfer(payer, STORE, units(marker.paymentAmountCrypto));
    await orderWhen(marker.id, (o) => o.payment !== null, 'the later USDT payment seen', store.other);
    expect(await sql(`SELECT 1 FROM chain_payments WHERE tx_id = $1`, [other])).toHaveLength(0);
    expect((await readOrder(order.id)).payment).toBeNull();

    expect((await submitTx(order.id, other)).errors).toBeUndefined();
    const flagged = await orderWhen(order.id, (o) => o.paymentIssueKind === 'WRONG_TOKEN', 'WRONG_TOKEN');
    expect(flagged.paymentIssue).toBe(`Transaction ${other} sends a token other than USDT (ERC-20) to our address.`);
    expect(flagged.status).toBe('PENDING');
    expect(flagged.payment).toBeNull();
  });

  it('reads a typed transaction at once while still pending (its transfer call), then follows it to SUCCESS', async () => {
    const order = await placeOrder();
    await anvil.setAutomine(false);
    let hash: string;
    try {
      hash = await usdt.transfer(payer, STORE, units(order.paymentAmountCrypto), { mined: false });
      expect((await submitTx(order.id, hash)).errors).toBeUndefined();
      const pending = await orderWhen(order.id, (o) => o.payment, 'pending payment');
      expect(pending.payment).toMatchObject({ txId: hash, confirmations: 0, status: 'DETECTED' });
      await anvil.mine(1);
    } finally {
      await anvil.setAutomine(true);
    }
    await anvil.mine(2);
    const paid = await orderWhen(order.id, (o) => o.status === 'SUCCESS', 'SUCCESS');
    expect(paid.payment).toMatchObject({ txId: hash!, confirmations: 3, status: 'CONFIRMED' });
    // Read from its call while pending, from its log once mined: one payment.
    expect(await sql(`SELECT count(*)::int AS n FROM chain_payments WHERE tx_id = $1`, [hash!])).toEqual([{ n: 1 }]);
  });

  it('waits for a pending call it cannot read (no transfer in it yet) instead of judging it, then judges it mined', async () => {
    const order = await placeOrder();
    await anvil.setAutomine(false);
    let hash: string;
    try {
      // approve(): a call to the token that moves nothing; while pending, nothing says what it will pay.
      hash = await anvil.rpc<string>('eth_sendTransaction', [
        {
          from: payer,
          to: usdt.address,
          gas: '0x30d40',
          data: encodeFunctionData({
            abi: erc20Abi,
            functionName: 'approve',
            args: [STORE as Address, units(order.paymentAmountCrypto)],
          }),
        },
      ]);
      expect((await submitTx(order.id, hash)).errors).toBeUndefined();
      const waiting = await orderWhen(order.id, (o) => o.paymentIssueKind === 'NOT_FOUND', 'NOT_FOUND while pending');
      expect(waiting.paymentIssue).toBe(
        `Transaction ${hash} was not found on the Ethereum network yet. We keep checking until the payment window ends.`,
      );
      await anvil.mine(1);
    } finally {
      await anvil.setAutomine(true);
    }
    const judged = await orderWhen(order.id, (o) => o.paymentIssueKind === 'WRONG_RECIPIENT', 'WRONG_RECIPIENT mined');
    expect(judged.paymentIssue).toBe(`Transaction ${hash!} does not pay our address ${STORE}.`);
    expect(judged.payment).toBeNull();
  });

  it('confirms an order paid its exact amount twice and flags the extra for a refund decision', async () => {
    const order = await placeOrder();
    const first = await usdt.transfer(payer, STORE, units(order.paymentAmountCrypto));
    const second = await usdt.transfer(anvil.accounts[3], STORE, units(order.paymentAmountCrypto));
    await anvil.mine(3);
    const paid = await orderWhen(
      order.id,
      (o) => o.status === 'SUCCESS' && o.paymentIssueKind === 'OVERPAID',
      'SUCCESS + OVERPAID',
    );
    const due = order.paymentAmountCrypto.replace(/0+$/, '');
    const twice = (Number(order.paymentAmountCrypto) * 2).toFixed(6).replace(/0+$/, '');
    expect(paid.paymentIssue).toBe(
      `Overpaid: received ${twice} USDT for ${due} USDT due. An admin decides on refunding the difference.`,
    );
    const rows = await sql(`SELECT tx_id, matched_by FROM chain_payments WHERE order_id = $1 ORDER BY tx_id`, [
      order.id,
    ]);
    expect(rows).toEqual([first, second].sort().map((tx_id) => ({ tx_id, matched_by: 'AMOUNT' })));
  });

  it('flags a reverted transfer (more than the sender holds): it paid nothing', async () => {
    const order = await placeOrder();
    const hash = await usdt.transfer(anvil.accounts[5], STORE, units(order.paymentAmountCrypto));
    const receipt = await anvil.rpc<{ status: string }>('eth_getTransactionReceipt', [hash]);
    expect(receipt.status).toBe('0x0');
    expect((await submitTx(order.id, hash)).errors).toBeUndefined();
    const flagged = await orderWhen(order.id, (o) => o.paymentIssueKind === 'FAILED', 'FAILED');
    expect(flagged.paymentIssue).toBe(`Transaction ${hash} failed on chain and paid nothing.`);
    expect(flagged.payment).toBeNull();
  });

  it('flags a transfer sent before the order was placed', async () => {
    const order = await placeOrder();
    expect((await submitTx(order.id, earlyPayment)).errors).toBeUndefined();
    const flagged = await orderWhen(order.id, (o) => o.paymentIssueKind === 'BEFORE_ORDER', 'BEFORE_ORDER');
    expect(flagged.paymentIssue).toBe(`Transaction ${earlyPayment} was sent before this order was placed.`);
  });

  it('refuses to read a token contract whose decimals are not 6 (a mistyped or foreign USDT_ERC20_CONTRACT)', async () => {
    const wide = await deployErc20(anvil, { name: 'Wide', symbol: 'WID', decimals: 18, holders: [], supply: 0n });
    const reader = new EthReader({ rpcUrl: anvil.url, token: { contract: wide.address, decimals: 6 } });
    await expect(reader.incoming(STORE, null)).rejects.toThrow(
      `the token contract ${wide.address} has 18 decimals, not 6: is it the right contract, on this network?`,
    );
    const nothing = new EthReader({ rpcUrl: anvil.url, token: { contract: OTHER, decimals: 6 } });
    await expect(nothing.transaction(earlyPayment)).rejects.toThrow(/^eth: /);
    // The right contract reads.
    const right = new EthReader({ rpcUrl: anvil.url, token: { contract: usdt.address, decimals: 6 } });
    expect((await right.transaction(earlyPayment))?.transfers).toEqual([
      { index: 0, to: STORE, units: 123n, token: usdt.address },
    ]);
  });
});

describe('ETH and USDT_ERC20 on one address', () => {
  it('each method reads only its own payments, even of the same number', async () => {
    const ethOrder = await placeOrder(undefined, 'ETH');
    const usdtOrder = await placeOrder(store.other, 'USDT_ERC20');
    expect(ethOrder.paymentAmountCrypto).toMatch(/^0\.004\d{3}$/);
    // USDT of the ETH order's number ("0.004001" USDT) and ETH of the USDT order's number ("10.0000dd" ETH), both to the
    // shared address: neither is the other method's payment.
    const usdtOfEthNumber = await usdt.transfer(payer, STORE, units(ethOrder.paymentAmountCrypto));
    const ethOfUsdtNumber = await anvil.send(payer, STORE, wei(usdtOrder.paymentAmountCrypto));
    await anvil.mine(3);
    // Then each pays its own order in its own currency.
    const ethPayment = await anvil.send(anvil.accounts[3], STORE, wei(ethOrder.paymentAmountCrypto));
    const usdtPayment = await usdt.transfer(anvil.accounts[3], STORE, units(usdtOrder.paymentAmountCrypto));
    await anvil.mine(3);
    const ethPaid = await orderWhen(ethOrder.id, (o) => o.status === 'SUCCESS', 'the ETH order paid');
    const usdtPaid = await orderWhen(usdtOrder.id, (o) => o.status === 'SUCCESS', 'the USDT order paid', store.other);
    expect(ethPaid.payment).toMatchObject({
      txId: ethPayment,
      amount: ethOrder.paymentAmountCrypto.replace(/0+$/, ''),
    });
    expect(usdtPaid.payment).toMatchObject({ txId: usdtPayment });
    expect(ethPaid.paymentIssue).toBeNull();
    expect(usdtPaid.paymentIssue).toBeNull();
    const rows = await sql<{ tx_id: string; method: string; order_id: string | null }>(
      `SELECT tx_id, method, order_id FROM chain_payments WHERE tx_id = ANY($1) ORDER BY method, tx_id`,
      [[usdtOfEthNumber, ethOfUsdtNumber, ethPayment, usdtPayment]],
    );
    expect(rows).toEqual(
      [
        { tx_id: ethOfUsdtNumber, method: 'ETH', order_id: null },
        { tx_id: ethPayment, method: 'ETH', order_id: ethOrder.id },
        { tx_id: usdtOfEthNumber, method: 'USDT_ERC20', order_id: null },
        { tx_id: usdtPayment, method: 'USDT_ERC20', order_id: usdtOrder.id },
      ].sort((a, b) => a.method.localeCompare(b.method) || a.tx_id.localeCompare(b.tx_id)),
    );
  });

  it("a typed id of the other method's payment is WRONG_TOKEN, both ways", async () => {
    const ethOrder = await placeOrder(undefined, 'ETH');
    const usdtOrder = await placeOrder(undefined, 'USDT_ERC20');
    // Amounts no open order has (half a USDT, 0.0007 ETH more), so the watchers give them to no one.
    const usdtSent = await usdt.transfer(payer, STORE, units(usdtOrder.paymentAmountCrypto) + UNITS_PER_USDT / 2n);
    const ethSent = await anvil.send(payer, STORE, wei(ethOrder.paymentAmountCrypto) + wei('0.0007'));
    await anvil.mine(3);
    expect((await submitTx(ethOrder.id, usdtSent)).errors).toBeUndefined();
    expect((await submitTx(usdtOrder.id, ethSent)).errors).toBeUndefined();
    const eth = await orderWhen(ethOrder.id, (o) => o.paymentIssueKind === 'WRONG_TOKEN', 'ETH order WRONG_TOKEN');
    expect(eth.paymentIssue).toBe(`Transaction ${usdtSent} sends a token other than Ethereum (ETH) to our address.`);
    const token = await orderWhen(usdtOrder.id, (o) => o.paymentIssueKind === 'WRONG_TOKEN', 'USDT order WRONG_TOKEN');
    expect(token.paymentIssue).toBe(`Transaction ${ethSent} sends a token other than USDT (ERC-20) to our address.`);
    expect(eth.payment).toBeNull();
    expect(token.payment).toBeNull();
  });
});

/**
 * EVM bytecode: `token.transfer(to, 1)`, then `count` empty LOG0s. Its receipt's size grows with `count` (about 360
 * bytes of JSON a log), at about 400 gas a log: 30,000 logs, 10.8 MB, cost 12M gas.
 */
function floodingPayer(token: string, to: string, count: number): `0x${string}` {
  const hex = (address: string) => address.replace(/^0x/, '').toLowerCase();
  return `0x${[
    // mstore(0, 0xa9059cbb << 224): transfer(address,uint256)'s selector; mstore(4, to); mstore(0x24, 1)
    '63a9059cbb60e01b600052',
    `73${hex(to)}600452`,
    '6001602452',
    // call(gas, token, 0, 0, 0x44, 0, 0); pop
    `6000600060446000600073${hex(token)}5af150`,
    // push2 count; loop (at 0x4d): jumpdest dup1 iszero push2 0x0061 jumpi; log0(0, 0); push1 1 swap1 sub; jump 0x4d
    `61${count.toString(16).padStart(4, '0')}`,
    '5b80156100615760006000a06001900361004d56',
    // end (at 0x61): jumpdest stop
    '5b00',
  ].join('')}`;
}

describe('a transfer whose receipt is over the answer cap (review 28)', () => {
  it('is read from its log, and the payments after it are still seen', async () => {
    const order = await placeOrder();
    // One unit to the store from a contract that then writes 30,000 logs: reading its receipt would be stopped at the
    // cap, every poll, and the watch position never moved past it.
    await anvil.rpc('anvil_setCode', [SPAMMER, floodingPayer(usdt.address, STORE, 30_000)]);
    await usdt.transfer(payer, SPAMMER, 10n);
    const flood = await anvil.rpc<string>('eth_sendTransaction', [
      { from: anvil.accounts[2], to: SPAMMER, data: '0x', gas: '0x1c9c380' },
    ]);
    await anvil.mined(flood);
    const receipt = await anvil.rpc<{ status: string; logs: unknown[] }>('eth_getTransactionReceipt', [flood]);
    expect(receipt.status).toBe('0x1');
    expect(receipt.logs).toHaveLength(30_001);
    expect(JSON.stringify(receipt).length).toBeGreaterThan(MAX_ANSWER_BYTES);
    // A customer pays after it: seen and confirmed.
    const payment = await usdt.transfer(anvil.accounts[3], STORE, units(order.paymentAmountCrypto));
    await anvil.mine(3);
    const paid = await orderWhen(order.id, (o) => o.status === 'SUCCESS', 'the order paid after the flood');
    expect(paid.payment).toMatchObject({ txId: payment });
    // The flood's one unit is on record (no one's) and confirmed: re-read by id, its transfer is asked of the node by
    // block and contract, the receipt being over the cap.
    const reader = new EthReader({ rpcUrl: anvil.url, token: { contract: usdt.address, decimals: 6 } });
    expect(await reader.transaction(flood)).toMatchObject({
      status: 'succeeded',
      transfers: [{ index: 0, to: STORE, units: 1n, token: usdt.address }],
    });
    const deadline = Date.now() + 15_000;
    let rows: { status: string; order_id: string | null; output_index: number }[] = [];
    while (Date.now() < deadline) {
      rows = await sql(`SELECT status, order_id, output_index FROM chain_payments WHERE tx_id = $1`, [flood]);
      if (rows[0]?.status === 'CONFIRMED') break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(rows).toEqual([{ status: 'CONFIRMED', order_id: null, output_index: 0 }]);
  }, 60_000);
});
