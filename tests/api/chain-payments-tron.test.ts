/**
 * USDT (TRC-20) payments confirmed "on chain" through the real API: the chain-reader conformance suite
 * (tests/support/chain-fixtures/conformance.ts: unique amounts, the watcher, typed transaction ids, the exceptions every
 * chain shares) on this fixture, then what only TRON does: solidification, 0-USDT poisoning, other tokens and reverted
 * transfers (docs/payments.md). The chain is NOT a chain: it is
 * a FIXTURE server (tests/support/chain-fixtures/tron-fixture.ts) speaking the shape of TronGrid's HTTP API (the
 * TRC-20 listing, walletsolidity/gettransactioninfobyid, walletsolidity/getnowblock). Transfers are added to it by
 * hand (listed at once, unsolidified) and solidified on demand; nothing is signed, executed or mined.
 *
 * Not covered here, unlike ETH: a payment sent before the order (the fixture stamps every transfer with the time it
 * is added, so it cannot make an old one).
 */
import { startTronFixture, type TronFixture } from '../support/chain-fixtures/tron-fixture';
import { trimZeros } from '../../common/pricing';
import { decimalToUnits, unitsToDecimal } from '../../server/src/payments/chains/chain-reader';
import { startChainStore, type ChainStore, type OrderEvent } from '../support/chain-fixtures/chain-store';
import { chainReaderConformance } from '../support/chain-fixtures/conformance';
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

beforeAll(async () => {
  tron = await startTronFixture({ contract: USDT });
  store = await startChainStore({
    method: 'USDT_TRC20',
    slug: 'tron-test-product',
    env: { TRON_API_URL: tron.url, PAY_ADDRESS_USDT_TRC20: STORE, USDT_TRC20_CONTRACT: USDT, CONFIRMATIONS_TRON: '1' },
  });
  ({ server } = store);
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

chainReaderConformance({
  method: 'USDT_TRC20',
  currency: 'USDT',
  chainName: 'TRON',
  unitDecimals: 6,
  requiredConfirmations: 1,
  detectedConfirmations: 0,
  quote: '10.000000',
  amountPattern: /^10\.\d{6}$/,
  small: UNITS_PER_USDT,
  storeAddress: STORE,
  otherAddress: OTHER,
  unknownTxId: 'ab'.repeat(32),
  explorerUrl: (txId) => `https://tronscan.org/#/transaction/${txId}`,
  store: () => store,
  pay: async (to, value) => tron.transfer({ to, value }),
  payWithTxId: async (to, value, txId) => void tron.transfer({ to, value, txId }),
  advanceOne: async () => tron.solidify(),
  confirm: async () => tron.solidify(),
});

describe('TRON only: watching the address (no transaction id)', () => {
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
    await server.sql(`UPDATE orders SET status = 'CANCELLED' WHERE id = $1`, [order.id]);
  });
});

describe('TRON only: a transaction id the customer gives', () => {
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
});
