/**
 * ETH payments confirmed on a real local chain (anvil): the chain-reader conformance suite
 * (tests/support/chain-fixtures/conformance.ts: unique amounts, the watcher and its confirmations, typed transaction
 * ids, the exceptions every chain shares) on anvil, then what only this chain shows here: a typed id read while
 * pending, an amount paid twice, a dropped transaction, a reverted one, one sent before the order (docs/payments.md). Real transfers between anvil's accounts; blocks mined on
 * demand.
 */
import { startAnvil, type Anvil } from '../support/chain-fixtures/anvil';
import { decimalToUnits } from '../../server/src/payments/chains/chain-reader';
import { CANCEL, startChainStore, type ChainStore } from '../support/chain-fixtures/chain-store';
import { chainReaderConformance } from '../support/chain-fixtures/conformance';
import { eventually } from '../support/eventually';
import type { TestServer, TestUser } from '../support/test-server';

const STORE = '0x00000000000000000000000000000000000051a7';
const OTHER = '0x000000000000000000000000000000000000beef';
const WEI_PER_MICRO_ETH = 10n ** 12n;

let anvil: Anvil;
let store: ChainStore;
let server: TestServer;
let customer: TestUser;
let payer: string;
/** A payment sent two hours before any order exists. */
let earlyPayment: string;

beforeAll(async () => {
  // The chain starts two hours ago: one early payment, then its clock jumps to now for everything else.
  const now = Math.floor(Date.now() / 1000);
  anvil = await startAnvil({ genesisTime: now - 7_200 });
  earlyPayment = await anvil.send(anvil.accounts[2], STORE, 123n * WEI_PER_MICRO_ETH);
  await anvil.rpc('evm_setNextBlockTimestamp', [now]);
  await anvil.mine(1);
  store = await startChainStore({
    method: 'ETH',
    slug: 'eth-test-product',
    env: { ETH_RPC_URL: anvil.url, PAY_ADDRESS_ETH: STORE, CONFIRMATIONS_ETH: '3' },
  });
  ({ server, customer } = store);
  payer = anvil.accounts[1];
}, 60_000);

afterAll(async () => {
  await store?.close();
  await anvil?.close();
});

// The store is started in beforeAll: these read it when called.
const placeOrder: ChainStore['placeOrder'] = (...args) => store.placeOrder(...args);
const readOrder: ChainStore['readOrder'] = (...args) => store.readOrder(...args);
const submitTx: ChainStore['submitTx'] = (...args) => store.submitTx(...args);

/** The amount of an order in wei: "0.004001" ETH → 4001000000000000n. */
const wei = (eth: string) => decimalToUnits(eth, 18);

chainReaderConformance({
  method: 'ETH',
  currency: 'ETH',
  chainName: 'Ethereum',
  unitDecimals: 18,
  requiredConfirmations: 3,
  // Anvil mines each transaction at once: the watcher sees it in its block.
  detectedConfirmations: 1,
  quote: '0.004000',
  amountPattern: /^0\.004\d{3}$/,
  small: 1_000n * WEI_PER_MICRO_ETH,
  storeAddress: STORE,
  otherAddress: OTHER,
  unknownTxId: `0x${'ab'.repeat(32)}`,
  explorerUrl: (txId) => `https://etherscan.io/tx/${txId}`,
  store: () => store,
  pay: (to, value) => anvil.send(payer, to, value),
  advanceOne: () => anvil.mine(1),
  confirm: () => anvil.mine(3),
});

describe('ETH only: a transaction id the customer gives', () => {
  it('is read at once while still pending (0 confirmations), then followed to SUCCESS', async () => {
    const order = await placeOrder();
    await anvil.setAutomine(false);
    let hash: string;
    try {
      hash = await anvil.send(payer, STORE, wei(order.paymentAmountCrypto));
      expect((await submitTx(order.id, hash)).errors).toBeUndefined();
      const pending = await eventually(async () => (await readOrder(order.id)).payment, 15_000, 'pending payment');
      expect(pending).toMatchObject({ txId: hash, confirmations: 0, status: 'DETECTED' });
      await anvil.mine(1);
    } finally {
      await anvil.setAutomine(true);
    }
    await anvil.mine(2);
    const paid = await eventually(
      async () => {
        const o = await readOrder(order.id);
        return o.status === 'SUCCESS' && o;
      },
      15_000,
      'SUCCESS',
    );
    expect(paid.payment).toMatchObject({ txId: hash!, confirmations: 3 });
  });

  it('confirms an order paid its exact amount twice and flags the extra for a refund decision', async () => {
    const order = await placeOrder();
    const first = await anvil.send(payer, STORE, wei(order.paymentAmountCrypto));
    const second = await anvil.send(anvil.accounts[3], STORE, wei(order.paymentAmountCrypto));
    await anvil.mined(second);
    await anvil.mine(3);
    const paid = await eventually(
      async () => {
        const o = await readOrder(order.id);
        return o.status === 'SUCCESS' && o.paymentIssueKind === 'OVERPAID' && o;
      },
      15_000,
      'SUCCESS + OVERPAID',
    );
    const due = order.paymentAmountCrypto.replace(/0+$/, '');
    const twice = (Number(order.paymentAmountCrypto) * 2).toFixed(6).replace(/0+$/, '');
    expect(paid.paymentIssue).toBe(
      `Overpaid: received ${twice} ETH for ${due} ETH due. An admin decides on refunding the difference.`,
    );
    const rows = await server.sql(`SELECT tx_id, matched_by FROM chain_payments WHERE order_id = $1 ORDER BY tx_id`, [
      order.id,
    ]);
    expect(rows).toEqual([first, second].sort().map((tx_id) => ({ tx_id, matched_by: 'AMOUNT' })));
  });

  it('drops a payment the chain forgot (replaced or dropped from the mempool): it paid nothing', async () => {
    const order = await placeOrder();
    await anvil.setAutomine(false);
    let hash: string;
    try {
      hash = await anvil.send(payer, STORE, wei(order.paymentAmountCrypto));
      expect((await submitTx(order.id, hash)).errors).toBeUndefined();
      await eventually(async () => (await readOrder(order.id)).payment, 15_000, 'pending payment');
      await anvil.rpc('anvil_dropTransaction', [hash]);
    } finally {
      await anvil.setAutomine(true);
    }
    // Gone for over an hour (the clock moved on: seen two hours ago).
    await server.sql(`UPDATE chain_payments SET detected_at = now() - interval '2 hours' WHERE tx_id = $1`, [hash!]);
    const dropped = await eventually(
      async () => {
        const o = await readOrder(order.id);
        return o.payment?.status === 'FAILED' && o;
      },
      15_000,
      'the payment marked failed',
    );
    expect(dropped.status).toBe('PENDING');
    // Nothing seen on chain any more: the customer may cancel again.
    const cancelled = await server.gql(CANCEL, { id: order.id }, { token: customer.token });
    expect(cancelled.errors).toBeUndefined();
    expect(cancelled.data!.cancelOrder.status).toBe('CANCELLED');
  });

  it('flags a reverted transaction: it paid nothing', async () => {
    const order = await placeOrder();
    const hash = await anvil.whileReverting(STORE, () =>
      anvil.send(payer, STORE, wei(order.paymentAmountCrypto), { gas: 100_000n }),
    );
    const receipt = await anvil.rpc<{ status: string }>('eth_getTransactionReceipt', [hash]);
    expect(receipt.status).toBe('0x0');
    expect((await submitTx(order.id, hash)).errors).toBeUndefined();
    const flagged = await eventually(
      async () => {
        const o = await readOrder(order.id);
        return o.paymentIssueKind === 'FAILED' && o;
      },
      15_000,
      'FAILED',
    );
    expect(flagged.paymentIssue).toBe(`Transaction ${hash} failed on chain and paid nothing.`);
    expect(flagged.status).toBe('PENDING');
    expect(flagged.payment).toBeNull();
  });

  it('flags a transaction sent before the order was placed', async () => {
    const early = earlyPayment;
    const order = await placeOrder();
    expect((await submitTx(order.id, early)).errors).toBeUndefined();
    const flagged = await eventually(
      async () => {
        const o = await readOrder(order.id);
        return o.paymentIssueKind === 'BEFORE_ORDER' && o;
      },
      15_000,
      'BEFORE_ORDER',
    );
    expect(flagged.paymentIssue).toBe(`Transaction ${early} was sent before this order was placed.`);
  });
});

// Last in the file: they rewrite the chain's recent blocks, which would take other tests' payments with them.
describe('ETH only: a reorganisation after the order was paid', () => {
  it('flags a paid order whose payment a reorganisation moved below its confirmations, and clears it once confirmed again', async () => {
    const order = await placeOrder();
    const hash = await anvil.send(payer, STORE, wei(order.paymentAmountCrypto));
    await anvil.mined(hash);
    await anvil.mine(3);
    await store.orderWhen(order.id, (o) => o.status === 'SUCCESS', 'SUCCESS');
    const raw = await anvil.rpc<string>('eth_getRawTransactionByHash', [hash]);
    const { blockNumber } = await anvil.rpc<{ blockNumber: string }>('eth_getTransactionByHash', [hash]);
    // A new branch from the block before the payment's, as long as the old one, with the payment in its last block.
    const depth = (await anvil.blockNumber()) - Number(blockNumber) + 1;
    await anvil.rpc('anvil_reorg', [depth, [[raw, depth - 1]]]);
    const moved = await store.orderWhen(order.id, (o) => o.paymentIssueKind === 'REORGED', 'REORGED');
    expect(moved.status).toBe('SUCCESS');
    expect(moved.paymentIssue).toBe(
      `Payment reorganised away: the payment in ${hash} had its confirmations, then a chain reorganisation moved it ` +
        'to a later block, below the confirmations required. The order was paid and may have been delivered; an admin decides.',
    );
    await anvil.mine(3);
    const again = await store.orderWhen(order.id, (o) => o.paymentIssueKind === null, 'the flag cleared');
    expect(again.payment).toMatchObject({ txId: hash, status: 'CONFIRMED' });
    expect(again.events.map((e: { note: string | null }) => e.note)).toContain(
      'The payment taken back by a chain reorganisation is confirmed again.',
    );
  });

  it('flags the paid order for the staff (mail, webhook event, history) when its confirmed payment leaves the chain', async () => {
    const admin = await server.createUser({ admin: true });
    const before = await anvil.rpc<string>('evm_snapshot');
    const order = await placeOrder();
    const hash = await anvil.send(payer, STORE, wei(order.paymentAmountCrypto));
    // Another paid order whose payment confirmed over a day ago (as far as the store knows): no longer watched.
    const old = await placeOrder();
    const oldHash = await anvil.send(payer, STORE, wei(old.paymentAmountCrypto));
    await anvil.mined(hash);
    await anvil.mined(oldHash);
    await anvil.mine(3);
    await store.orderWhen(order.id, (o) => o.status === 'SUCCESS', 'SUCCESS');
    await store.orderWhen(old.id, (o) => o.status === 'SUCCESS', 'SUCCESS');
    await server.sql(`UPDATE chain_payments SET confirmed_at = now() - interval '2 days' WHERE tx_id = $1`, [oldHash]);

    // The chain is rewound to before the payment and grows past it without it: the payment is gone.
    expect(await anvil.rpc('evm_revert', [before])).toBe(true);
    await anvil.mine(6);
    const flagged = await store.orderWhen(order.id, (o) => o.paymentIssueKind === 'REORGED', 'REORGED');
    const issue =
      `Payment reorganised away: the payment in ${hash} had its confirmations, then a chain reorganisation removed ` +
      'it from the chain. The order was paid and may have been delivered; an admin decides.';
    expect(flagged).toMatchObject({ status: 'SUCCESS', paymentIssue: issue });
    expect(flagged.events.map((e: { note: string | null }) => e.note)).toContain(issue);
    // Gone for good, not even in the mempool, for over an hour (seen two hours ago): it paid nothing, and the order
    // stays flagged.
    await server.sql(`UPDATE chain_payments SET detected_at = now() - interval '2 hours' WHERE tx_id = $1`, [hash]);
    await store.orderWhen(order.id, (o) => o.payment?.status === 'FAILED', 'the payment failed');
    expect((await readOrder(order.id)).paymentIssueKind).toBe('REORGED');
    const [row] = await server.sql(`SELECT status, reorged_at FROM chain_payments WHERE tx_id = $1`, [hash]);
    expect(row.reorged_at).not.toBeNull();
    // The payment confirmed two days ago was not re-read: nothing says it went (its order keeps no flag).
    expect(await readOrder(old.id)).toMatchObject({ status: 'SUCCESS', paymentIssueKind: null });
    const [kept] = await server.sql(`SELECT status, reorged_at FROM chain_payments WHERE tx_id = $1`, [oldHash]);
    expect(kept).toEqual({ status: 'CONFIRMED', reorged_at: null });

    // The webhook's event, and the staff's mail (never the customer's: they may be who reversed it).
    const events = await server.sql(
      `SELECT payload->>'kind' AS kind FROM domain_events WHERE type = 'order.payment_issue' AND payload->>'orderId' = $1`,
      [order.id],
    );
    expect(events.map((e) => e.kind)).toContain('REORGED');
    await eventually(async () => {
      const mails = await server.sql(`SELECT kind, to_address FROM notifications WHERE order_id = $1`, [order.id]);
      const reorged = mails.filter((m) => m.kind === 'PAYMENT_REORGED');
      return (
        reorged.length === 1 &&
        reorged[0].to_address.includes(admin.email) &&
        !mails.some((m) => m.kind === 'PAYMENT_ISSUE')
      );
    }, 15_000);
  });
});
