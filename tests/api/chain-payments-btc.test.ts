/**
 * BTC payments confirmed "on chain" through the real API: the chain-reader conformance suite
 * (tests/support/chain-fixtures/conformance.ts: unique amounts, the watcher and its confirmations, typed transaction
 * ids, the exceptions every chain shares) on this fixture, then what only Bitcoin does: several outputs in one
 * transaction, a typed id read in the mempool (docs/payments.md). The chain is NOT a chain: it is a
 * FIXTURE server (tests/support/chain-fixtures/esplora-fixture.ts) speaking the shape of Esplora's REST API
 * (Blockstream's / mempool.space's: tip height, /tx/:txid, an address's history). Transactions are made up and put
 * in its mempool by hand, and "mined" on demand; no node, no signatures, no consensus.
 *
 * Not covered here, unlike ETH: failed transactions and other tokens (BTC has neither), and a mined payment sent
 * before the order (the fixture's block times are always about now); a pending one the watcher saw first is.
 */
import { startEsploraFixture, type EsploraFixture } from '../support/chain-fixtures/esplora-fixture';
import { trimZeros } from '../../common/pricing';
import { decimalToUnits, unitsToDecimal } from '../../server/src/payments/chains/chain-reader';
import { startChainStore, type ChainStore } from '../support/chain-fixtures/chain-store';
import { chainReaderConformance } from '../support/chain-fixtures/conformance';
import { eventually } from '../support/eventually';
import type { TestServer, TestUser } from '../support/test-server';

/** The store's receiving address (P2WPKH), and others' (P2WPKH and legacy P2PKH). */
const STORE = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const OTHER = 'bc1qhnhsyzvf46w4mukvt4xapes5mqylfhp2yjutqm';
const OTHER_LEGACY = '1Et7Ud5hkX5F3hM9XPf6gPNKKr69m1HSSf';

let esplora: EsploraFixture;
let store: ChainStore;
let server: TestServer;

beforeAll(async () => {
  esplora = await startEsploraFixture();
  store = await startChainStore({
    method: 'BTC',
    slug: 'btc-test-product',
    env: { BTC_API_URL: esplora.url, PAY_ADDRESS_BTC: STORE, CONFIRMATIONS_BTC: '2' },
  });
  ({ server } = store);
}, 60_000);

afterAll(async () => {
  await store?.close();
  await esplora?.close();
});

async function placeOrder(user?: TestUser) {
  const order = await store.placeOrder(user);
  // $10 at 50,000 USD per BTC is 0.0002 BTC, plus the order's unique offset of a few satoshis.
  expect(order.paymentAmountCrypto).toMatch(/^0\.000200\d\d$/);
  return order;
}

// The store is started in beforeAll: these read it when called.
const readOrder: ChainStore['readOrder'] = (...args) => store.readOrder(...args);
const submitTx: ChainStore['submitTx'] = (...args) => store.submitTx(...args);
const orderWhen: ChainStore['orderWhen'] = (...args) => store.orderWhen(...args);

/** An amount in satoshis and back, as the store writes it: "0.00020013" ⇄ 20013n; "0.00020000" → "0.0002". */
const sats = (btc: string) => decimalToUnits(btc, 8);
const btcOf = (s: bigint) => unitsToDecimal(s, 8);
const shown = trimZeros;

chainReaderConformance({
  method: 'BTC',
  currency: 'BTC',
  chainName: 'Bitcoin',
  unitDecimals: 8,
  requiredConfirmations: 2,
  detectedConfirmations: 0,
  quote: '0.00020000',
  amountPattern: /^0\.000200\d\d$/,
  small: 1_000n,
  storeAddress: STORE,
  otherAddress: OTHER,
  unknownTxId: 'ab'.repeat(32),
  explorerUrl: (txId) => `https://mempool.space/tx/${txId}`,
  store: () => store,
  pay: async (address, value) => esplora.send([{ address, sats: value }]),
  payWithTxId: async (address, value, txId) => void esplora.send([{ address, sats: value }], { txId }),
  advanceOne: async () => esplora.mine(1),
  confirm: async () => esplora.mine(2),
});

describe('BTC only: watching the address (no transaction id)', () => {
  it('matches the output paying us in a transaction with several outputs', async () => {
    const order = await placeOrder();
    const due = sats(order.paymentAmountCrypto);
    const txId = esplora.send([
      { address: OTHER, sats: 150_000 },
      { address: STORE, sats: due },
      { address: OTHER_LEGACY, sats: due + 1n },
    ]);
    const detected = await eventually(async () => (await readOrder(order.id)).payment, 15_000, 'detected payment');
    expect(detected).toMatchObject({ txId, amount: shown(order.paymentAmountCrypto), confirmations: 0 });
    const rows = await server.sql<{ output_index: number; to_address: string }>(
      `SELECT output_index, to_address FROM chain_payments WHERE tx_id = $1`,
      [txId],
    );
    expect(rows).toEqual([{ output_index: 1, to_address: STORE }]);

    esplora.mine(2);
    const paid = await orderWhen(order.id, (o) => o.status === 'SUCCESS', 'SUCCESS');
    expect(paid.paymentIssue).toBeNull();
    expect(paid.payment).toMatchObject({ txId, confirmations: 2, status: 'CONFIRMED' });
  });
});

describe('BTC only: a transaction id the customer gives', () => {
  it('is read at once while in the mempool (0 confirmations), then followed; an over-payment known only by its id goes to an admin', async () => {
    const order = await placeOrder();
    const paidSats = sats(order.paymentAmountCrypto) + 5_000n;
    // Not the order's unique amount: only the typed id attributes it.
    const txId = esplora.send([{ address: STORE, sats: paidSats }]);
    expect((await submitTx(order.id, txId)).errors).toBeUndefined();
    const pending = await orderWhen(order.id, (o) => o.payment, 'the payment in the mempool');
    expect(pending.payment).toMatchObject({
      txId,
      amount: btcOf(paidSats),
      confirmations: 0,
      status: 'DETECTED',
    });
    expect(pending.status).toBe('PENDING');
    expect(pending.paymentIssue).toBeNull();

    esplora.mine(1);
    const once = await orderWhen(order.id, (o) => o.payment?.confirmations === 1, '1 confirmation');
    expect(once.status).toBe('PENDING');
    esplora.mine(1);
    const review = await orderWhen(order.id, (o) => o.paymentIssueKind === 'NEEDS_REVIEW', 'NEEDS_REVIEW');
    expect(review.status).toBe('PENDING');
    expect(review.payment).toMatchObject({ txId, confirmations: 2, status: 'CONFIRMED' });
    expect(review.paymentIssue).toBe(
      `Received ${btcOf(paidSats)} BTC for ${shown(order.paymentAmountCrypto)} BTC due (0.00005 BTC more) in a transaction identified by its ID, not by this order's unique amount. An admin confirms the payment and decides on refunding the difference.`,
    );
  });

  it('does not give an order a payment the watcher saw in the mempool before the order was placed, whatever block time it gets later', async () => {
    // Review 30: a pending transaction has no block time to compare with the order's, so the time the watcher first
    // saw it stands in. Someone watching the address must not claim another's unconfirmed payment with a new order.
    const waiting = await placeOrder();
    const odd = sats(waiting.paymentAmountCrypto) + 7_777n;
    const txId = esplora.send([{ address: STORE, sats: odd }]);
    await store.recordedAsNoOrders(txId);
    const other = await server.createUser();
    const late = await placeOrder(other);
    // Review 30: a block time later than the order's (as a chain gives one mined since) changes nothing: the watcher
    // saw it before the order was placed. Written here, as the watcher's refresh would.
    await server.sql(`UPDATE chain_payments SET block_time = now() + interval '1 minute' WHERE tx_id = $1`, [txId]);
    expect((await submitTx(late.id, txId, other)).errors).toBeUndefined();
    const refused = await orderWhen(late.id, (o) => o.paymentIssueKind === 'BEFORE_ORDER', 'BEFORE_ORDER', other);
    expect(refused.paymentIssue).toBe(`Transaction ${txId} was sent before this order was placed.`);
    const [payment] = await server.sql(`SELECT order_id FROM chain_payments WHERE tx_id = $1`, [txId]);
    expect(payment.order_id).toBeNull();
  });

  it('counts every output of one transaction that pays us (typed: an admin confirms)', async () => {
    const order = await placeOrder();
    const due = sats(order.paymentAmountCrypto);
    // Two outputs to us that add up to the amount due: neither is an order's unique amount on its own.
    const txId = esplora.send([
      { address: STORE, sats: 12_000n },
      { address: OTHER, sats: 40_000n },
      { address: STORE, sats: due - 12_000n },
    ]);
    esplora.mine(2);
    expect((await submitTx(order.id, txId)).errors).toBeUndefined();
    const covered = await orderWhen(order.id, (o) => o.paymentIssueKind === 'NEEDS_REVIEW', 'NEEDS_REVIEW');
    expect(covered.status).toBe('PENDING');
    const rows = await server.sql<{ output_index: number; amount: string }>(
      `SELECT output_index, amount::text FROM chain_payments WHERE order_id = $1 ORDER BY output_index`,
      [order.id],
    );
    expect(rows.map((r) => [r.output_index, shown(r.amount)])).toEqual([
      [0, '0.00012'],
      [2, btcOf(due - 12_000n)],
    ]);
    expect(covered.paymentIssue).toBe(
      `Received ${shown(order.paymentAmountCrypto)} BTC in full, partly in transactions identified by their ID, not by this order's unique amount. An admin confirms the payment.`,
    );
  });
});
