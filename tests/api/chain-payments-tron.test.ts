/**
 * USDT (TRC-20) payments confirmed "on chain" through the real API: unique amounts, the watcher, typed transaction
 * ids, solidification and every exception that applies to TRON (docs/payments.md). The chain is NOT a chain: it is
 * a FIXTURE server (tests/support/chain-fixtures/tron-fixture.ts) speaking the shape of TronGrid's HTTP API (the
 * TRC-20 listing, walletsolidity/gettransactioninfobyid, walletsolidity/getnowblock). Transfers are added to it by
 * hand (listed at once, unsolidified) and solidified on demand; nothing is signed, executed or mined.
 *
 * Not covered here, unlike ETH: a payment sent before the order (the fixture stamps every transfer with the time it
 * is added, so it cannot make an old one).
 */
import { randomBytes } from 'node:crypto';
import { startTronFixture, type TronFixture } from '../support/chain-fixtures/tron-fixture';
import { trimZeros } from '../../common/pricing';
import { decimalToUnits, unitsToDecimal } from '../../server/src/payments/chains/chain-reader';
import { CANCEL, startChainStore, type ChainStore, type OrderEvent } from '../support/chain-fixtures/chain-store';
import { eventually } from '../support/eventually';
import type { TestServer, TestUser } from '../support/test-server';

/** Tether's USDT contract on TRON mainnet. */
const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
/** Another TRC-20 token (USDC on TRON mainnet): not what the store accepts. */
const OTHER_TOKEN = 'TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8';
/** The store's receiving address, and someone else's. */
const STORE = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
const OTHER = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
/** USDT has 6 decimals on TRON: 1 USDT = 1_000_000 units. */
const UNITS_PER_USDT = 1_000_000n;

let tron: TronFixture;
let store: ChainStore;
let server: TestServer;
let customer: TestUser;
let other: TestUser;

beforeAll(async () => {
  tron = await startTronFixture({ contract: USDT });
  store = await startChainStore({
    method: 'USDT_TRC20',
    slug: 'tron-test-product',
    env: { TRON_API_URL: tron.url, PAY_ADDRESS_USDT_TRC20: STORE, USDT_TRC20_CONTRACT: USDT, CONFIRMATIONS_TRON: '1' },
  });
  ({ server, customer, other } = store);
}, 60_000);

afterAll(async () => {
  await store?.close();
  await tron?.close();
});

async function placeOrder(user?: TestUser) {
  const order = await store.placeOrder(user);
  // $10 at 1 USD per USDT, plus the order's unique offset of a few millionths.
  expect(order.paymentAmountCrypto).toMatch(/^10\.\d{6}$/);
  return order;
}

// The store is started in beforeAll: these read it when called.
const readOrder: ChainStore['readOrder'] = (...args) => store.readOrder(...args);
const submitTx: ChainStore['submitTx'] = (...args) => store.submitTx(...args);
const orderWhen: ChainStore['orderWhen'] = (...args) => store.orderWhen(...args);

/** An amount in token units and back, as the store writes it: "10.000013" ⇄ 10000013n; "10.500000" → "10.5". */
const units = (usdt: string) => decimalToUnits(usdt, 6);
const usdtOf = (u: bigint) => unitsToDecimal(u, 6);
const shown = trimZeros;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A transaction id nobody has used yet, to type before the fixture knows the transfer. */
const freshTxId = () => randomBytes(32).toString('hex');

describe('unique amounts', () => {
  it('gives each open order of the same quote its own amount: the quote plus 1, 2, 3… millionths of a USDT', async () => {
    const orders = await Promise.all(Array.from({ length: 12 }, () => placeOrder()));
    const amounts = orders.map((o) => o.paymentAmountCrypto);
    expect(new Set(amounts).size).toBe(12);
    for (const amount of amounts) expect(amount).toMatch(/^10\.0000\d\d$/);
    expect(amounts.map((a) => Number(units(a) - 10n * UNITS_PER_USDT)).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 12 }, (_, i) => i + 1),
    );
    await server.sql(`UPDATE orders SET status = 'cancelled' WHERE id = ANY($1::uuid[])`, [orders.map((o) => o.id)]);
  });
});

describe('watching the address (no transaction id)', () => {
  it('detects the exact amount unsolidified (0 confirmations), then confirms the order as SYSTEM once solidified', async () => {
    const order = await placeOrder();
    const txId = tron.transfer({ to: STORE, value: units(order.paymentAmountCrypto) });

    const detected = await eventually(async () => (await readOrder(order.id)).payment, 15_000, 'detected payment');
    expect(detected).toMatchObject({
      txId,
      amount: shown(order.paymentAmountCrypto),
      confirmations: 0,
      requiredConfirmations: 1,
      status: 'DETECTED',
      confirmedAt: null,
      explorerUrl: `https://tronscan.org/#/transaction/${txId}`,
    });
    // Not solidified: several polls later it is still only detected.
    await sleep(1_200);
    const waiting = await readOrder(order.id);
    expect(waiting.status).toBe('PENDING');
    expect(waiting.paymentIssue).toBeNull();
    expect(waiting.payment).toMatchObject({ confirmations: 0, status: 'DETECTED', confirmedAt: null });

    tron.solidify();
    const paid = await orderWhen(order.id, (o) => o.status === 'SUCCESS', 'SUCCESS');
    expect(paid.payment).toMatchObject({ txId, confirmations: 1, status: 'CONFIRMED' });
    expect(paid.payment.confirmedAt).not.toBeNull();
    expect(paid.paymentIssue).toBeNull();
    expect(paid.paymentIssueKind).toBeNull();
    const confirmation = paid.events.find((e: OrderEvent) => e.toStatus === 'SUCCESS');
    expect(confirmation.actorKind).toBe('SYSTEM');
    expect(confirmation.reason).toBe(
      `Payment confirmed on chain: ${shown(order.paymentAmountCrypto)} USDT in ${txId} (1 confirmations)`,
    );
  });

  it('ignores a transfer of 0 USDT (address poisoning): it pays nothing and does not stop the watcher', async () => {
    const order = await placeOrder();
    const poison = tron.transfer({ to: STORE, value: 0n });
    tron.solidify();
    const txId = tron.transfer({ to: STORE, value: units(order.paymentAmountCrypto) });
    tron.solidify();
    const paid = await orderWhen(order.id, (o) => o.status === 'SUCCESS', 'SUCCESS after the poisoning transfer');
    expect(paid.payment.txId).toBe(txId);
    expect(await server.sql(`SELECT 1 FROM chain_payments WHERE tx_id = $1`, [poison])).toEqual([]);
  });

  it('does not give a payment of another amount to any order; a transaction id claims it later', async () => {
    const order = await placeOrder();
    const due = units(order.paymentAmountCrypto);
    const txId = tron.transfer({ to: STORE, value: due - UNITS_PER_USDT });
    await eventually(
      async () =>
        (await server.sql(`SELECT 1 FROM chain_payments WHERE tx_id = $1 AND order_id IS NULL`, [txId])).length,
      15_000,
      'unattributed payment',
    );
    expect((await readOrder(order.id)).payment).toBeNull();
    tron.solidify();

    expect((await submitTx(order.id, txId)).errors).toBeUndefined();
    const flagged = await orderWhen(order.id, (o) => o.paymentIssueKind === 'UNDERPAID', 'UNDERPAID');
    expect(flagged.status).toBe('PENDING');
    expect(flagged.payment).toMatchObject({ txId, amount: usdtOf(due - UNITS_PER_USDT) });
    expect(flagged.paymentIssue).toBe(
      `Underpaid: received ${usdtOf(due - UNITS_PER_USDT)} USDT of ${shown(order.paymentAmountCrypto)} USDT; 1 USDT missing. Send the rest to the same address and add its transaction ID, or contact support.`,
    );
  });

  it('skips a reverted transfer and another token’s transfer of the exact amount', async () => {
    const order = await placeOrder();
    const due = units(order.paymentAmountCrypto);
    const reverted = tron.transfer({ to: STORE, value: due, failed: true });
    const otherToken = tron.transfer({ to: STORE, value: due, contract: OTHER_TOKEN });
    tron.solidify();
    // A real payment after them, so the test knows the watcher has read past both.
    const marker = tron.transfer({ to: STORE, value: 3n * UNITS_PER_USDT });
    await eventually(
      async () => (await server.sql(`SELECT 1 FROM chain_payments WHERE tx_id = $1`, [marker])).length,
      15_000,
      'the later payment',
    );
    const rows = await server.sql(`SELECT tx_id FROM chain_payments WHERE tx_id = ANY($1)`, [[reverted, otherToken]]);
    expect(rows).toEqual([]);
    const o = await readOrder(order.id);
    expect(o.payment).toBeNull();
    expect(o.status).toBe('PENDING');
    await server.sql(`UPDATE orders SET status = 'cancelled' WHERE id = $1`, [order.id]);
  });
});

describe('a transaction id the customer gives', () => {
  it('is not found until solidified, then followed to SUCCESS and the issue clears', async () => {
    const order = await placeOrder();
    const txId = tron.transfer({ to: STORE, value: units(order.paymentAmountCrypto) });
    expect((await submitTx(order.id, txId)).errors).toBeUndefined();
    // TronGrid's walletsolidity answers {} for an unsolidified transaction: the id is not found yet.
    const notFound = `Transaction ${txId} was not found on the TRON network yet. We keep checking until the payment window ends.`;
    await orderWhen(
      order.id,
      (o) => o.events.some((e: OrderEvent) => e.actorKind === 'SYSTEM' && e.note === notFound),
      'the NOT_FOUND note',
    );
    expect((await readOrder(order.id)).status).toBe('PENDING');

    tron.solidify();
    const paid = await orderWhen(order.id, (o) => o.status === 'SUCCESS', 'SUCCESS');
    expect(paid.paymentIssue).toBeNull();
    expect(paid.paymentIssueKind).toBeNull();
    expect(paid.payment).toMatchObject({ txId, confirmations: 1, status: 'CONFIRMED' });
  });

  it('sends an over-payment known only by its typed id (read again each poll until solidified) to an admin', async () => {
    const order = await placeOrder();
    const due = units(order.paymentAmountCrypto);
    const paidUnits = due + UNITS_PER_USDT / 2n;
    const txId = tron.transfer({ to: STORE, value: paidUnits });
    expect((await submitTx(order.id, txId)).errors).toBeUndefined();
    // Not the order's unique amount, so only the typed id can attribute it, and only once solidified.
    const notFound = await orderWhen(order.id, (o) => o.paymentIssueKind === 'NOT_FOUND', 'NOT_FOUND');
    expect(notFound.paymentIssue).toBe(
      `Transaction ${txId} was not found on the TRON network yet. We keep checking until the payment window ends.`,
    );
    expect(notFound.payment).toBeNull();

    tron.solidify();
    // A typed id could be anyone's public payment: an amount other than the order's own waits for an admin.
    const review = await orderWhen(order.id, (o) => o.paymentIssueKind === 'NEEDS_REVIEW', 'NEEDS_REVIEW');
    expect(review.status).toBe('PENDING');
    expect(review.payment).toMatchObject({ txId, amount: usdtOf(paidUnits), confirmations: 1, status: 'CONFIRMED' });
    expect(review.paymentIssue).toBe(
      `Received ${usdtOf(paidUnits)} USDT for ${shown(order.paymentAmountCrypto)} USDT due (0.5 USDT more) in a transaction identified by its ID, not by this order's unique amount. An admin confirms the payment and decides on refunding the difference.`,
    );
  });

  it('keeps an under-payment PENDING with the missing amount, and counts a second payment of the rest for an admin', async () => {
    const order = await placeOrder();
    const due = units(order.paymentAmountCrypto);
    const first = tron.transfer({ to: STORE, value: due - 2n * UNITS_PER_USDT });
    tron.solidify();
    expect((await submitTx(order.id, first)).errors).toBeUndefined();
    const flagged = await orderWhen(
      order.id,
      (o) => o.paymentIssueKind === 'UNDERPAID' && o.payment?.status === 'CONFIRMED',
      'UNDERPAID',
    );
    expect(flagged.status).toBe('PENDING');
    expect(flagged.paymentIssue).toBe(
      `Underpaid: received ${usdtOf(due - 2n * UNITS_PER_USDT)} USDT of ${shown(order.paymentAmountCrypto)} USDT; 2 USDT missing. Send the rest to the same address and add its transaction ID, or contact support.`,
    );

    const rest = tron.transfer({ to: STORE, value: 2n * UNITS_PER_USDT });
    tron.solidify();
    expect((await submitTx(order.id, rest)).errors).toBeUndefined();
    const covered = await orderWhen(order.id, (o) => o.paymentIssueKind === 'NEEDS_REVIEW', 'NEEDS_REVIEW');
    expect(covered.status).toBe('PENDING');
    expect(covered.paymentIssue).toBe(
      `Received ${shown(order.paymentAmountCrypto)} USDT in full, partly in transactions identified by their ID, not by this order's unique amount. An admin confirms the payment.`,
    );
    const rows = await server.sql(`SELECT tx_id FROM chain_payments WHERE order_id = $1 ORDER BY detected_at`, [
      order.id,
    ]);
    expect(rows.map((r) => r.tx_id)).toEqual([first, rest]);
  });

  it('flags a reverted transfer once solidified: it paid nothing', async () => {
    const order = await placeOrder();
    const txId = tron.transfer({ to: STORE, value: units(order.paymentAmountCrypto), failed: true });
    expect((await submitTx(order.id, txId)).errors).toBeUndefined();
    await orderWhen(order.id, (o) => o.paymentIssueKind === 'NOT_FOUND', 'NOT_FOUND before solidified');

    tron.solidify();
    const flagged = await orderWhen(order.id, (o) => o.paymentIssueKind === 'FAILED', 'FAILED');
    expect(flagged.paymentIssue).toBe(`Transaction ${txId} failed on chain and paid nothing.`);
    expect(flagged.status).toBe('PENDING');
    expect(flagged.payment).toBeNull();
    expect(await server.sql(`SELECT 1 FROM chain_payments WHERE tx_id = $1`, [txId])).toEqual([]);
  });

  it('flags a transfer of another token to our address', async () => {
    const order = await placeOrder();
    const txId = tron.transfer({ to: STORE, value: units(order.paymentAmountCrypto), contract: OTHER_TOKEN });
    tron.solidify();
    expect((await submitTx(order.id, txId)).errors).toBeUndefined();
    const flagged = await orderWhen(order.id, (o) => o.paymentIssueKind === 'WRONG_TOKEN', 'WRONG_TOKEN');
    expect(flagged.paymentIssue).toBe(`Transaction ${txId} sends a token other than USDT (TRC-20) to our address.`);
    expect(flagged.status).toBe('PENDING');
    expect(flagged.payment).toBeNull();
  });

  it('flags a transfer to another address', async () => {
    const order = await placeOrder();
    const txId = tron.transfer({ to: OTHER, value: units(order.paymentAmountCrypto) });
    tron.solidify();
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
      `Transaction ${unknown} was not found on the TRON network yet. We keep checking until the payment window ends.`,
    );
  });

  it('refuses a transaction that already paid another order, and never hands one customer another’s payment', async () => {
    const mine = await placeOrder(customer);
    const theirs = await placeOrder(other);
    // This customer types the id of the other customer's exact payment before TronGrid lists it.
    const txId = freshTxId();
    expect((await submitTx(mine.id, txId)).errors).toBeUndefined();
    await orderWhen(mine.id, (o) => o.paymentIssueKind === 'NOT_FOUND', 'NOT_FOUND');
    tron.transfer({ to: STORE, value: units(theirs.paymentAmountCrypto), txId });
    tron.solidify();

    const flagged = await orderWhen(mine.id, (o) => o.paymentIssueKind === 'ALREADY_USED', 'ALREADY_USED');
    expect(flagged.paymentIssue).toBe(`Transaction ${txId} already paid another order.`);
    expect(flagged.status).toBe('PENDING');
    expect(flagged.payment).toBeNull();
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
         VALUES ('usdt_trc20', $1, 0, $2, 1, $3, 1)`,
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
    const txId = tron.transfer({ to: STORE, value: units(order.paymentAmountCrypto) });
    tron.solidify();
    const flagged = await orderWhen(
      order.id,
      (o) => o.paymentIssueKind === 'LATE' && o.payment?.status === 'CONFIRMED',
      'LATE',
    );
    expect(flagged.status).toBe('NOT_RECEIVED');
    expect(flagged.payment.txId).toBe(txId);
    expect(flagged.paymentIssue).toBe(
      `Late payment: ${shown(order.paymentAmountCrypto)} USDT arrived after the order was marked Not Received. An admin decides whether to accept it.`,
    );
  });

  it('refuses to cancel an order whose payment was seen', async () => {
    const order = await placeOrder();
    tron.transfer({ to: STORE, value: units(order.paymentAmountCrypto) });
    await eventually(async () => (await readOrder(order.id)).payment, 15_000, 'detected payment');
    const res = await server.gql(CANCEL, { id: order.id }, { token: customer.token });
    expect(res.errors?.[0].message).toBe(
      'A payment for this order has been seen on chain, so it can no longer be cancelled. Contact support if you need a refund.',
    );
    expect((await readOrder(order.id)).status).toBe('PENDING');
  });
});
