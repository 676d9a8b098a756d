/**
 * BTC payments confirmed "on chain" through the real API: unique amounts, the watcher, typed transaction ids,
 * confirmations and every exception that applies to Bitcoin (docs/payments.md). The chain is NOT a chain: it is a
 * FIXTURE server (tests/support/chain-fixtures/esplora-fixture.ts) speaking the shape of Esplora's REST API
 * (Blockstream's / mempool.space's: tip height, /tx/:txid, an address's history). Transactions are made up and put
 * in its mempool by hand, and "mined" on demand; no node, no signatures, no consensus.
 *
 * Not covered here, unlike ETH: failed transactions and other tokens (BTC has neither), and a payment sent before
 * the order (the fixture's block times are always about now).
 */
import { randomBytes } from 'node:crypto';
import { startEsploraFixture, type EsploraFixture } from '../support/chain-fixtures/esplora-fixture';
import { trimZeros } from '../../common/pricing';
import { decimalToUnits, unitsToDecimal } from '../../server/src/payments/chains/chain-reader';
import { CANCEL, startChainStore, type ChainStore, type OrderEvent } from '../support/chain-fixtures/chain-store';
import { eventually } from '../support/eventually';
import type { TestServer, TestUser } from '../support/test-server';

/** The store's receiving address (P2WPKH), and others' (P2WPKH and legacy P2PKH). */
const STORE = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const OTHER = 'bc1qhnhsyzvf46w4mukvt4xapes5mqylfhp2yjutqm';
const OTHER_LEGACY = '1Et7Ud5hkX5F3hM9XPf6gPNKKr69m1HSSf';

let esplora: EsploraFixture;
let store: ChainStore;
let server: TestServer;
let customer: TestUser;
let other: TestUser;

beforeAll(async () => {
  esplora = await startEsploraFixture();
  store = await startChainStore({
    method: 'BTC',
    slug: 'btc-test-product',
    env: { BTC_API_URL: esplora.url, PAY_ADDRESS_BTC: STORE, CONFIRMATIONS_BTC: '2' },
  });
  ({ server, customer, other } = store);
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

/** A transaction id nobody has used yet, to type before the fixture knows the transaction. */
const freshTxId = () => randomBytes(32).toString('hex');

describe('unique amounts', () => {
  it('gives each open order of the same quote its own amount: the quote plus 1, 2, 3… satoshis', async () => {
    const orders = await Promise.all(Array.from({ length: 12 }, () => placeOrder()));
    const amounts = orders.map((o) => o.paymentAmountCrypto);
    expect(new Set(amounts).size).toBe(12);
    expect(amounts.map((a) => Number(sats(a) - 20_000n)).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 12 }, (_, i) => i + 1),
    );
    await server.sql(`UPDATE orders SET status = 'cancelled' WHERE id = ANY($1::uuid[])`, [orders.map((o) => o.id)]);
  });
});

describe('watching the address (no transaction id)', () => {
  it('detects the exact amount in the mempool, follows its confirmations, then confirms the order as SYSTEM', async () => {
    const order = await placeOrder();
    const txId = esplora.send([{ address: STORE, sats: sats(order.paymentAmountCrypto) }]);

    const detected = await eventually(async () => (await readOrder(order.id)).payment, 15_000, 'detected payment');
    expect(detected).toMatchObject({
      txId,
      amount: shown(order.paymentAmountCrypto),
      confirmations: 0,
      requiredConfirmations: 2,
      status: 'DETECTED',
      confirmedAt: null,
      explorerUrl: `https://mempool.space/tx/${txId}`,
    });
    expect((await readOrder(order.id)).status).toBe('PENDING');

    esplora.mine(1);
    const once = await orderWhen(order.id, (o) => o.payment?.confirmations === 1, '1 confirmation');
    expect(once.status).toBe('PENDING');
    expect(once.payment).toMatchObject({ status: 'DETECTED', confirmedAt: null });

    esplora.mine(1);
    const paid = await orderWhen(order.id, (o) => o.status === 'SUCCESS', 'SUCCESS');
    expect(paid.payment).toMatchObject({ txId, confirmations: 2, status: 'CONFIRMED' });
    expect(paid.payment.confirmedAt).not.toBeNull();
    expect(paid.paymentIssue).toBeNull();
    const confirmation = paid.events.find((e: OrderEvent) => e.toStatus === 'SUCCESS');
    expect(confirmation.actorKind).toBe('SYSTEM');
    expect(confirmation.reason).toBe(
      `Payment confirmed on chain: ${shown(order.paymentAmountCrypto)} BTC in ${txId} (2 confirmations)`,
    );
  });

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

  it('does not give a payment of another amount to any order; a transaction id claims it later', async () => {
    const order = await placeOrder();
    const due = sats(order.paymentAmountCrypto);
    const txId = esplora.send([{ address: STORE, sats: due - 1_000n }]);
    esplora.mine(2);
    await eventually(
      async () =>
        (await server.sql(`SELECT 1 FROM chain_payments WHERE tx_id = $1 AND order_id IS NULL`, [txId])).length,
      15_000,
      'unattributed payment',
    );
    expect((await readOrder(order.id)).payment).toBeNull();

    expect((await submitTx(order.id, txId)).errors).toBeUndefined();
    const flagged = await orderWhen(order.id, (o) => o.paymentIssueKind === 'UNDERPAID', 'UNDERPAID');
    expect(flagged.status).toBe('PENDING');
    expect(flagged.payment).toMatchObject({ txId, amount: btcOf(due - 1_000n) });
    expect(flagged.paymentIssue).toBe(
      `Underpaid: received ${btcOf(due - 1_000n)} BTC of ${shown(order.paymentAmountCrypto)} BTC; 0.00001 BTC missing. Send the rest to the same address and add its transaction ID, or contact support.`,
    );
  });
});

describe('a transaction id the customer gives', () => {
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

  it('keeps an under-payment PENDING with the missing amount, and counts a second payment of the rest for an admin', async () => {
    const order = await placeOrder();
    const due = sats(order.paymentAmountCrypto);
    const first = esplora.send([{ address: STORE, sats: due - 7_000n }]);
    esplora.mine(2);
    expect((await submitTx(order.id, first)).errors).toBeUndefined();
    const flagged = await orderWhen(
      order.id,
      (o) => o.paymentIssueKind === 'UNDERPAID' && o.payment?.status === 'CONFIRMED',
      'UNDERPAID',
    );
    expect(flagged.status).toBe('PENDING');
    expect(flagged.paymentIssue).toBe(
      `Underpaid: received ${btcOf(due - 7_000n)} BTC of ${shown(order.paymentAmountCrypto)} BTC; 0.00007 BTC missing. Send the rest to the same address and add its transaction ID, or contact support.`,
    );

    const rest = esplora.send([{ address: STORE, sats: 7_000n }]);
    esplora.mine(2);
    expect((await submitTx(order.id, rest)).errors).toBeUndefined();
    const covered = await orderWhen(order.id, (o) => o.paymentIssueKind === 'NEEDS_REVIEW', 'NEEDS_REVIEW');
    expect(covered.status).toBe('PENDING');
    expect(covered.paymentIssue).toBe(
      `Received ${shown(order.paymentAmountCrypto)} BTC in full, partly in transactions identified by their ID, not by this order's unique amount. An admin confirms the payment.`,
    );
    const rows = await server.sql(`SELECT tx_id FROM chain_payments WHERE order_id = $1 ORDER BY detected_at`, [
      order.id,
    ]);
    expect(rows.map((r) => r.tx_id)).toEqual([first, rest]);
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

  it('flags a transaction to another address', async () => {
    const order = await placeOrder();
    const txId = esplora.send([{ address: OTHER, sats: sats(order.paymentAmountCrypto) }]);
    expect((await submitTx(order.id, txId)).errors).toBeUndefined();
    const flagged = await orderWhen(order.id, (o) => o.paymentIssueKind === 'WRONG_RECIPIENT', 'WRONG_RECIPIENT');
    expect(flagged.paymentIssue).toBe(`Transaction ${txId} does not pay our address ${STORE}.`);
    expect(flagged.status).toBe('PENDING');
    expect(flagged.payment).toBeNull();
  });

  it('flags an unknown transaction id as not found yet', async () => {
    const order = await placeOrder();
    const unknown = 'ab'.repeat(32);
    expect((await submitTx(order.id, unknown)).errors).toBeUndefined();
    const flagged = await orderWhen(order.id, (o) => o.paymentIssueKind === 'NOT_FOUND', 'NOT_FOUND');
    expect(flagged.paymentIssue).toBe(
      `Transaction ${unknown} was not found on the Bitcoin network yet. We keep checking until the payment window ends.`,
    );
  });

  it('refuses a transaction that already paid another order, and never hands one customer another’s payment', async () => {
    const mine = await placeOrder(customer);
    const theirs = await placeOrder(other);
    // This customer types the id of the other customer's exact payment before Esplora knows it.
    const txId = freshTxId();
    expect((await submitTx(mine.id, txId)).errors).toBeUndefined();
    await orderWhen(mine.id, (o) => o.paymentIssueKind === 'NOT_FOUND', 'NOT_FOUND');
    esplora.send([{ address: STORE, sats: sats(theirs.paymentAmountCrypto) }], { txId });

    const flagged = await orderWhen(mine.id, (o) => o.paymentIssueKind === 'ALREADY_USED', 'ALREADY_USED');
    expect(flagged.paymentIssue).toBe(`Transaction ${txId} already paid another order.`);
    expect(flagged.status).toBe('PENDING');
    expect(flagged.payment).toBeNull();
    esplora.mine(2);
    const paid = await orderWhen(theirs.id, (o) => o.status === 'SUCCESS', "the other customer's order paid", other);
    expect(paid.payment.txId).toBe(txId);
    expect(paid.paymentIssue).toBeNull();

    // Typed again now that the payment is on record: refused at once, with the reason.
    const again = await submitTx(mine.id, txId);
    expect(again.errors?.[0]).toMatchObject({
      message: 'This transaction already paid another order',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    // The database allows one row per output, whatever the code does.
    await expect(
      server.sql(
        `INSERT INTO chain_payments (method, tx_id, output_index, to_address, amount, order_id, required_confirmations)
         VALUES ('btc', $1, 0, $2, 1, $3, 2)`,
        [txId, STORE, mine.id],
      ),
    ).rejects.toThrow(/chain_payments_output_unique/);
  });
});

describe('late payments and cancellation', () => {
  it('flags a payment after the payment window for an admin to decide; the order stays where it is', async () => {
    const order = await placeOrder();
    await server.sql(
      `UPDATE orders SET status = 'not_received', payment_due_at = now() - interval '1 hour' WHERE id = $1`,
      [order.id],
    );
    const txId = esplora.send([{ address: STORE, sats: sats(order.paymentAmountCrypto) }]);
    esplora.mine(2);
    const flagged = await orderWhen(
      order.id,
      (o) => o.paymentIssueKind === 'LATE' && o.payment?.status === 'CONFIRMED',
      'LATE',
    );
    expect(flagged.status).toBe('NOT_RECEIVED');
    expect(flagged.payment.txId).toBe(txId);
    expect(flagged.paymentIssue).toBe(
      `Late payment: ${shown(order.paymentAmountCrypto)} BTC arrived after the order was marked Not Received. An admin decides whether to accept it.`,
    );
  });

  it('refuses to cancel an order whose payment was seen', async () => {
    const order = await placeOrder();
    esplora.send([{ address: STORE, sats: sats(order.paymentAmountCrypto) }]);
    await eventually(async () => (await readOrder(order.id)).payment, 15_000, 'detected payment');
    const res = await server.gql(CANCEL, { id: order.id }, { token: customer.token });
    expect(res.errors?.[0].message).toBe(
      'A payment for this order has been seen on chain, so it can no longer be cancelled. Contact support if you need a refund.',
    );
    expect((await readOrder(order.id)).status).toBe('PENDING');
  });
});
