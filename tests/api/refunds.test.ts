/**
 * Refunds paid on chain, end to end on a real local Ethereum chain (anvil) with ETH (docs/payments.md "Refunds"): an
 * order over-paid, the excess offered by an admin (never more than was received, never twice over at once), claimed by
 * its customer with a bad address (refused) and a good one, a payout to the wrong address never PAID, the right one
 * PAID after its confirmations; every step in the order's history, the customer's (and the admins') mail through a
 * real SMTP server, and the webhooks.
 */
import http from 'node:http';
import { startAnvil, type Anvil } from '../support/chain-fixtures/anvil';
import { startChainStore, type ChainStore } from '../support/chain-fixtures/chain-store';
import { decimalToUnits } from '../../server/src/payments/chains/chain-reader';
import { eventually } from '../support/eventually';
import { freePort } from '../support/free-port';
import { Inbox } from '../support/inbox';
import type { TestServer, TestUser } from '../support/test-server';

const STORE = '0x00000000000000000000000000000000000051a7';
const STRANGER = '0x000000000000000000000000000000000000beef';
/** A customer's wallet: a real EIP-55 address (vitalik.eth's), and the same with one letter's case changed. */
const CUSTOMER_WALLET = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
const BAD_CHECKSUM = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'.replace('6BF', '6bF');

const OFFER = `mutation ($orderId: ID!, $amount: String!, $reason: String!) {
  offerRefund(orderId: $orderId, amount: $amount, reason: $reason) { id status amount currency reason }
}`;
const CLAIM = `mutation ($id: ID!, $address: String!) { claimRefund(refundId: $id, address: $address) { id status address } }`;
const RECORD = `mutation ($id: ID!, $tx: String!) { recordRefundPayment(refundId: $id, txId: $tx) { id status txId } }`;
const CANCEL = `mutation ($id: ID!) { cancelRefund(refundId: $id) { id status } }`;
const CANCEL_NOT_PAID = `mutation ($id: ID!) { cancelRefund(refundId: $id, notPaid: true) { id status } }`;
const SUGGESTION = `query ($id: ID!) { order(id: $id) { refundSuggestion { amount reason available leftOut } } }`;
const SET_STATUS = `mutation ($id: ID!, $status: OrderStatus!) { setOrderStatus(orderId: $id, status: $status) { status } }`;
const ORDER_REFUNDS = `query ($id: ID!) {
  order(id: $id) { id refunds { id status amount currency reason address txId confirmations createdAt } events { note } }
}`;

let anvil: Anvil;
let store: ChainStore;
let server: TestServer;
let customer: TestUser;
let other: TestUser;
let admin: TestUser;
const inbox = new Inbox();
/** A webhook receiver: the bodies of the deliveries it got. */
const hooks: { type: string; data: Record<string, any> }[] = [];
let hookServer: http.Server;

const wei = (eth: string) => decimalToUnits(eth, 18);
const errorOf = (res: { errors?: readonly { message: string; extensions?: Record<string, any> }[] }) => ({
  code: res.errors?.[0]?.extensions?.code,
  field: res.errors?.[0]?.extensions?.fieldErrors?.[0]?.field,
  message: res.errors?.[0]?.message,
});

beforeAll(async () => {
  await inbox.start();
  const hookPort = await freePort();
  hookServer = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      hooks.push(JSON.parse(raw));
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => hookServer.listen(hookPort, '127.0.0.1', resolve));
  anvil = await startAnvil();
  store = await startChainStore({
    method: 'ETH',
    slug: 'refund-test-product',
    env: {
      ETH_RPC_URL: anvil.url,
      PAY_ADDRESS_ETH: STORE,
      CONFIRMATIONS_ETH: '3',
      SMTP_URL: `smtp://127.0.0.1:${inbox.port}`,
      PUBLIC_URL: 'https://store.example',
    },
  });
  ({ server, customer, other } = store);
  admin = await server.createUser({ admin: true });
  await server.sql(`INSERT INTO webhook_endpoints (url, events, secret) VALUES ($1, $2, 'refund-secret')`, [
    `http://127.0.0.1:${hookPort}/hook`,
    ['refund.offered', 'refund.claimed', 'refund.sent', 'refund.paid', 'refund.cancelled'],
  ]);
}, 60_000);

afterAll(async () => {
  await store?.close();
  await anvil?.close();
  await inbox.close();
  await new Promise((resolve) => hookServer?.close(resolve));
});

/** An order paid its exact amount twice (two transactions), confirmed: SUCCESS, OVERPAID by its amount. */
async function overpaidOrder(): Promise<{ id: string; due: string; payments: string[] }> {
  const order = await store.placeOrder();
  const first = await anvil.send(anvil.accounts[1], STORE, wei(order.paymentAmountCrypto));
  const second = await anvil.send(anvil.accounts[1], STORE, wei(order.paymentAmountCrypto));
  await anvil.mined(second);
  await anvil.mine(3);
  await store.orderWhen(order.id, (o) => o.status === 'SUCCESS' && o.paymentIssueKind === 'OVERPAID', 'OVERPAID');
  return { id: order.id, due: order.paymentAmountCrypto.replace(/0+$/, ''), payments: [first, second] };
}

const asAdmin = (query: string, variables: Record<string, unknown>) =>
  server.gql(query, variables, { token: admin.token });
const refundsOf = async (orderId: string, user: TestUser = customer) =>
  (await server.gql(ORDER_REFUNDS, { id: orderId }, { token: user.token })).data!.order;

describe('a refund of an over-payment, end to end on anvil', () => {
  it('is suggested, offered, claimed, refused for a wrong payout and PAID for the right one', async () => {
    const order = await overpaidOrder();

    // The admin order view's suggestion: the excess, which here is the order's amount once more.
    const suggested = await asAdmin(
      `query ($id: ID!) { order(id: $id) { refundSuggestion { amount reason available leftOut } } }`,
      {
        id: order.id,
      },
    );
    expect(suggested.errors).toBeUndefined();
    const suggestion = suggested.data!.order.refundSuggestion;
    const received = (Number(order.due) * 2).toFixed(6).replace(/0+$/, '');
    expect(suggestion).toEqual({
      amount: order.due,
      available: received,
      reason: `You sent ${received} ETH for ${order.due} ETH due: the difference is refunded.`,
      leftOut: null,
    });

    // More than was received: refused, saying how much is left; nothing written.
    const tooMuch = await asAdmin(OFFER, { orderId: order.id, amount: '1', reason: 'Too much' });
    expect(errorOf(tooMuch)).toEqual({
      code: 'BAD_USER_INPUT',
      field: 'amount',
      message: `At most ${received} ETH can be refunded for this order: what was received on chain, less the refunds already offered`,
    });
    const noReason = await asAdmin(OFFER, { orderId: order.id, amount: order.due, reason: '  ' });
    expect(errorOf(noReason)).toMatchObject({ code: 'BAD_USER_INPUT', field: 'reason' });
    expect(await server.sql(`SELECT 1 FROM refunds WHERE order_id = $1`, [order.id])).toHaveLength(0);

    const offered = await asAdmin(OFFER, { orderId: order.id, amount: suggestion.amount, reason: suggestion.reason });
    expect(offered.errors).toBeUndefined();
    const refund = offered.data!.offerRefund;
    expect(refund).toMatchObject({ status: 'OFFERED', amount: order.due, currency: 'ETH' });
    await inbox.waitFor(customer.email, new RegExp(`^A refund of ${order.due} ETH for order ${order.id.slice(0, 8)}`));

    // Someone else's refund does not exist for them; a bad address is refused with the chain's reason.
    expect(
      errorOf(await server.gql(CLAIM, { id: refund.id, address: CUSTOMER_WALLET }, { token: other.token })),
    ).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(errorOf(await server.gql(CLAIM, { id: refund.id, address: '0x1234' }, { token: customer.token }))).toEqual({
      code: 'BAD_USER_INPUT',
      field: 'address',
      message: 'This address is not an Ethereum address (0x and 40 hexadecimal digits). Enter your Ethereum address.',
    });
    expect(
      errorOf(await server.gql(CLAIM, { id: refund.id, address: BAD_CHECKSUM }, { token: customer.token })),
    ).toEqual({
      code: 'BAD_USER_INPUT',
      field: 'address',
      message:
        'This address fails its EIP-55 checksum (a character is mistyped, or the case of a letter changed). Enter your Ethereum address.',
    });
    expect((await refundsOf(order.id)).refunds[0]).toMatchObject({ status: 'OFFERED', address: null });
    // Not claimed yet: nothing to pay.
    expect(errorOf(await asAdmin(RECORD, { id: refund.id, tx: order.payments[0] }))).toMatchObject({
      field: 'refundId',
    });

    const claimed = await server.gql(
      CLAIM,
      { id: refund.id, address: ` ${CUSTOMER_WALLET} ` },
      { token: customer.token },
    );
    expect(claimed.data?.claimRefund).toEqual({ id: refund.id, status: 'CLAIMED', address: CUSTOMER_WALLET });
    expect(
      errorOf(await server.gql(CLAIM, { id: refund.id, address: CUSTOMER_WALLET }, { token: customer.token })),
    ).toMatchObject({
      field: 'refundId',
    });
    await inbox.waitFor(customer.email, /is claimed$/);
    const toPay = await inbox.waitFor(admin.email, /^Refund to pay: /);
    expect(toPay.text).toContain(CUSTOMER_WALLET);

    const list = await asAdmin(
      `{ refundsToPay { id status amount currency address customerEmail orderId problem } }`,
      {},
    );
    expect(list.data!.refundsToPay).toContainEqual({
      id: refund.id,
      status: 'CLAIMED',
      amount: order.due,
      currency: 'ETH',
      address: CUSTOMER_WALLET,
      customerEmail: customer.email,
      orderId: order.id,
      problem: null,
    });

    const units = wei(order.due);
    // A customer's payment is never a refund; a payout to someone else is refused as the chain already shows it.
    expect(errorOf(await asAdmin(RECORD, { id: refund.id, tx: order.payments[0] }))).toEqual({
      code: 'BAD_USER_INPUT',
      field: 'txId',
      message: "This transaction is a customer's payment to the store, not a refund",
    });
    const wrong = await anvil.send(anvil.accounts[0], STRANGER, units);
    expect(errorOf(await asAdmin(RECORD, { id: refund.id, tx: wrong }))).toEqual({
      code: 'BAD_USER_INPUT',
      field: 'txId',
      message: `The transaction pays someone else: it sends nothing to ${CUSTOMER_WALLET}, the address the customer claimed. Send the refund to that address and record the new transaction.`,
    });
    const short = await anvil.send(anvil.accounts[0], CUSTOMER_WALLET, units - 1n);
    expect(errorOf(await asAdmin(RECORD, { id: refund.id, tx: short }))).toMatchObject({ field: 'txId' });
    expect((await refundsOf(order.id)).refunds[0]).toMatchObject({ status: 'CLAIMED', txId: null });

    // The right payout: SENT at once (1 of 3 confirmations), PAID once the chain has 3.
    const right = await anvil.send(anvil.accounts[0], CUSTOMER_WALLET, units);
    const recorded = await asAdmin(RECORD, { id: refund.id, tx: right.toUpperCase().replace('0X', '0x') });
    expect(recorded.data?.recordRefundPayment).toEqual({ id: refund.id, status: 'SENT', txId: right });
    expect(errorOf(await asAdmin(RECORD, { id: refund.id, tx: right }))).toEqual({
      code: 'BAD_USER_INPUT',
      field: 'refundId',
      message: 'A payment is already recorded for this refund',
    });
    expect(errorOf(await asAdmin(CANCEL, { id: refund.id }))).toMatchObject({ field: 'refundId' });
    await inbox.waitFor(customer.email, /is on its way$/);
    expect((await refundsOf(order.id)).refunds[0].status).toBe('SENT');

    await anvil.mine(2);
    const paid = await eventually(
      async () => {
        const o = await refundsOf(order.id);
        return o.refunds[0].status === 'PAID' && o;
      },
      15_000,
      'PAID',
    );
    expect(paid.refunds[0]).toMatchObject({ txId: right, address: CUSTOMER_WALLET, confirmations: 3 });
    const notes = paid.events.map((e: { note: string | null }) => e.note).filter(Boolean);
    expect(notes).toEqual(
      expect.arrayContaining([
        `Refund of ${order.due} ETH offered: ${suggestion.reason}`,
        `Refund of ${order.due} ETH claimed by the customer, to be sent to ${CUSTOMER_WALLET}`,
        `Refund of ${order.due} ETH recorded as sent to ${CUSTOMER_WALLET} in transaction ${right}`,
        `Refund of ${order.due} ETH paid: transaction ${right} confirmed on chain (3 confirmations)`,
      ]),
    );
    const paidMail = await inbox.waitFor(customer.email, /is paid$/);
    expect(paidMail.text).toContain(right);
    // Paid refunds are off the list; the same transaction is refused for another refund.
    expect((await asAdmin(`{ refundsToPay { id } }`, {})).data!.refundsToPay).not.toContainEqual({ id: refund.id });

    const hooksOf = await eventually(
      () => {
        const mine = hooks.filter((h) => h.data.refundId === refund.id);
        return mine.length >= 4 && mine;
      },
      15_000,
      'webhooks',
    );
    expect(hooksOf.map((h) => h.type)).toEqual(['refund.offered', 'refund.claimed', 'refund.sent', 'refund.paid']);
    expect(hooksOf[3].data).toMatchObject({
      orderId: order.id,
      status: 'PAID',
      amount: order.due,
      currency: 'ETH',
      address: CUSTOMER_WALLET,
      txId: right,
      order: { id: order.id, status: 'SUCCESS' },
    });

    // Nothing is left to refund: the whole excess and the amount are offered... only the rest is.
    const rest = await asAdmin(OFFER, { orderId: order.id, amount: order.due, reason: 'The rest' });
    expect(rest.errors).toBeUndefined();
    const again = await asAdmin(OFFER, { orderId: order.id, amount: '0.000001', reason: 'More' });
    expect(errorOf(again)).toMatchObject({
      field: 'amount',
      message: expect.stringMatching(/^At most 0 ETH can be refunded/),
    });
    await server.gql(CLAIM, { id: rest.data!.offerRefund.id, address: CUSTOMER_WALLET }, { token: customer.token });
    expect(errorOf(await asAdmin(RECORD, { id: rest.data!.offerRefund.id, tx: right }))).toEqual({
      code: 'BAD_USER_INPUT',
      field: 'txId',
      message: 'This transaction is already recorded for another refund',
    });
    // Cancelled before it was sent (claimed: with the admin's statement that it was not paid): the amount can be
    // offered again.
    expect((await asAdmin(CANCEL_NOT_PAID, { id: rest.data!.offerRefund.id })).data?.cancelRefund.status).toBe(
      'CANCELLED',
    );
    await inbox.waitFor(customer.email, /was withdrawn$/);
  }, 90_000);

  it('judges a payout the chain did not show at record time: paying someone else, it stays SENT with the reason', async () => {
    const order = await overpaidOrder();
    const offered = await asAdmin(OFFER, { orderId: order.id, amount: order.due, reason: 'Excess' });
    const refundId = offered.data!.offerRefund.id;
    await server.gql(CLAIM, { id: refundId, address: CUSTOMER_WALLET }, { token: customer.token });
    const units = wei(order.due);

    // A payout to someone else, signed and then dropped from the mempool: recorded while the chain does not know it.
    await anvil.setAutomine(false);
    let hidden: string;
    let raw: string;
    try {
      hidden = await anvil.send(anvil.accounts[0], STRANGER, units);
      raw = await anvil.rpc<string>('eth_getRawTransactionByHash', [hidden]);
      await anvil.rpc('anvil_dropTransaction', [hidden]);
    } finally {
      await anvil.setAutomine(true);
    }
    const recorded = await asAdmin(RECORD, { id: refundId, tx: hidden! });
    expect(recorded.data?.recordRefundPayment).toEqual({ id: refundId, status: 'SENT', txId: hidden! });
    // Now the chain has it, confirmed as many times as it likes: it never pays the refund.
    await anvil.mined(await anvil.rpc<string>('eth_sendRawTransaction', [raw!]));
    await anvil.mine(3);
    const problem = `The transaction pays someone else: it sends nothing to ${CUSTOMER_WALLET}, the address the customer claimed. Send the refund to that address and record the new transaction.`;
    const flagged = await eventually(
      async () => {
        const list = (await asAdmin(`{ refundsToPay { id status problem } }`, {})).data!.refundsToPay;
        return list.find((r: { id: string; problem: string | null }) => r.id === refundId && r.problem);
      },
      15_000,
      'the problem',
    );
    expect(flagged).toEqual({ id: refundId, status: 'SENT', problem });
    const notes = (await refundsOf(order.id)).events.map((e: { note: string | null }) => e.note);
    expect(notes).toContain(`Refund transaction ${hidden!} does not pay the refund. ${problem}`);
    await anvil.mine(3);
    expect((await refundsOf(order.id)).refunds[0]).toMatchObject({ status: 'SENT', txId: hidden! });

    // The right payout replaces it, and is PAID once confirmed.
    const right = await anvil.send(anvil.accounts[0], CUSTOMER_WALLET, units);
    expect((await asAdmin(RECORD, { id: refundId, tx: right })).data?.recordRefundPayment).toEqual({
      id: refundId,
      status: 'SENT',
      txId: right,
    });
    await anvil.mine(2);
    await eventually(async () => (await refundsOf(order.id)).refunds[0].status === 'PAID', 15_000, 'PAID');
  }, 60_000);

  it('suggests everything received for an order cancelled after its payment, and nothing once it is all offered', async () => {
    const order = await overpaidOrder();
    const cancelled = await asAdmin(
      `mutation ($id: ID!) { setOrderStatus(orderId: $id, status: CANCELLED) { status } }`,
      {
        id: order.id,
      },
    );
    expect(cancelled.errors).toBeUndefined();
    const SUGGESTION = `query ($id: ID!) { order(id: $id) { refundSuggestion { amount reason available } } }`;
    const all = (Number(order.due) * 2).toFixed(6).replace(/0+$/, '');
    expect((await asAdmin(SUGGESTION, { id: order.id })).data!.order.refundSuggestion).toEqual({
      amount: all,
      available: all,
      reason: 'The order was cancelled after your payment arrived, so your payment is refunded.',
    });
    expect((await asAdmin(OFFER, { orderId: order.id, amount: all, reason: 'Cancelled' })).errors).toBeUndefined();
    expect((await asAdmin(SUGGESTION, { id: order.id })).data!.order.refundSuggestion).toBeNull();
    // The customer does not see the staff's suggestion.
    const asCustomer = await server.gql(SUGGESTION, { id: order.id }, { token: customer.token });
    expect(asCustomer.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  }, 60_000);

  it('lets only one of two concurrent offers of the whole amount through', async () => {
    const order = await overpaidOrder();
    const all = (Number(order.due) * 2).toFixed(6);
    const results = await Promise.all(
      [1, 2, 3].map(() => asAdmin(OFFER, { orderId: order.id, amount: all, reason: 'All of it' })),
    );
    expect(results.filter((r) => !r.errors)).toHaveLength(1);
    expect(results.filter((r) => errorOf(r).field === 'amount')).toHaveLength(2);
    const rows = await server.sql(`SELECT amount::text FROM refunds WHERE order_id = $1`, [order.id]);
    expect(rows).toEqual([{ amount: Number(all).toFixed(8) }]);
  }, 60_000);

  it('refuses a refund for an order that received nothing, and for an unknown order', async () => {
    const order = await store.placeOrder();
    expect(errorOf(await asAdmin(OFFER, { orderId: order.id, amount: '0.001', reason: 'Nothing' }))).toEqual({
      code: 'BAD_USER_INPUT',
      field: 'amount',
      message: 'Nothing was received on chain for this order, so there is nothing to refund',
    });
    const unknown = await asAdmin(OFFER, { orderId: '00000000-0000-4000-8000-000000000000', amount: '1', reason: 'x' });
    expect(errorOf(unknown).code).toBe('NOT_FOUND');
    expect(errorOf(await asAdmin(OFFER, { orderId: order.id, amount: '1e5', reason: 'x' }))).toMatchObject({
      field: 'amount',
      message: 'Enter the amount as a number, e.g. 0.0015',
    });
    expect(errorOf(await asAdmin(OFFER, { orderId: order.id, amount: '0.0000001', reason: 'x' }))).toMatchObject({
      field: 'amount',
      message: 'ETH amounts have at most 6 decimals',
    });
  });

  // Hostile review 28, findings 3, 4, 7 and 8 (9 is tests/unit/payment-methods.test.ts: production only).
  it("neither suggests nor lets anyone offer a stranger's payment tied to the order only by a typed ID, until an admin confirms it", async () => {
    const order = await store.placeOrder(other);
    const due = order.paymentAmountCrypto.replace(/0+$/, '');
    // A stranger's payment of an amount no order has (an exchange kept its fee, say): public on chain, typed by the
    // order's customer as theirs.
    const stray = await anvil.send(anvil.accounts[5], STORE, wei('0.0123'));
    await anvil.mine(4);
    await eventually(
      async () => (await server.sql(`SELECT 1 FROM chain_payments WHERE tx_id = $1`, [stray])).length === 1,
      15_000,
      'the stray payment',
    );
    expect((await store.submitTx(order.id, stray, other)).errors).toBeUndefined();
    // Then the order's own amount: paid by it, and over-paid with the stranger's money counted.
    await anvil.mined(await anvil.send(anvil.accounts[1], STORE, wei(order.paymentAmountCrypto)));
    await anvil.mine(3);
    await store.orderWhen(order.id, (o) => o.status === 'SUCCESS', 'SUCCESS', other);
    expect(
      await server.sql(`SELECT matched_by, status FROM chain_payments WHERE order_id = $1 ORDER BY matched_by`, [
        order.id,
      ]),
    ).toEqual([
      { matched_by: 'AMOUNT', status: 'CONFIRMED' },
      { matched_by: 'TRANSACTION_ID', status: 'CONFIRMED' },
    ]);

    // Cancelled after the payment: everything received is suggested, but only what its unique amount tied to it.
    expect((await asAdmin(SET_STATUS, { id: order.id, status: 'CANCELLED' })).errors).toBeUndefined();
    expect((await asAdmin(SUGGESTION, { id: order.id })).data!.order.refundSuggestion).toEqual({
      amount: due,
      available: due,
      reason: 'The order was cancelled after your payment arrived, so your payment is refunded.',
      leftOut: '0.0123',
    });
    const all = (Number(due) + 0.0123).toFixed(6);
    expect(errorOf(await asAdmin(OFFER, { orderId: order.id, amount: all, reason: 'All' }))).toEqual({
      code: 'BAD_USER_INPUT',
      field: 'amount',
      message:
        `At most ${due} ETH can be refunded for this order: what was received on chain, less the refunds already ` +
        "offered (0.0123 ETH tied to it only by a transaction ID the customer typed is not counted until an admin confirms the order's payment)",
    });

    // An admin who checked the payment moves the order to a paid status: now it counts.
    expect((await asAdmin(SET_STATUS, { id: order.id, status: 'SUCCESS' })).errors).toBeUndefined();
    expect((await asAdmin(OFFER, { orderId: order.id, amount: all, reason: 'All' })).errors).toBeUndefined();
  }, 60_000);

  it('lets a SENT refund whose transaction never appears take a new one after an hour', async () => {
    const order = await overpaidOrder();
    const id = (await asAdmin(OFFER, { orderId: order.id, amount: order.due, reason: 'Excess' })).data!.offerRefund.id;
    await server.gql(CLAIM, { id, address: CUSTOMER_WALLET }, { token: customer.token });
    // A mistyped (or replaced, or dropped) payout: the chain never shows it.
    const typo = `0x${'ab'.repeat(32)}`;
    expect((await asAdmin(RECORD, { id, tx: typo })).data?.recordRefundPayment.status).toBe('SENT');
    const real = await anvil.send(anvil.accounts[2], CUSTOMER_WALLET, wei(order.due));
    // Within the hour it may still appear: no replacement.
    expect(errorOf(await asAdmin(RECORD, { id, tx: real }))).toMatchObject({
      field: 'refundId',
      message: 'A payment is already recorded for this refund',
    });
    // An hour on (its recording moved back), the check job gives up on it and says why.
    await server.sql(`UPDATE refunds SET sent_at = now() - interval '61 minutes' WHERE id = $1`, [id]);
    const problem =
      'The transaction has not appeared on chain in the hour since it was recorded (a mistyped ID, or a transaction ' +
      'replaced or dropped). Check your wallet: record the transaction that paid the refund, or send it and record ' +
      'the new one.';
    await eventually(
      async () => (await server.sql(`SELECT tx_problem FROM refunds WHERE id = $1`, [id]))[0].tx_problem === problem,
      15_000,
      'not found on chain',
    );
    expect((await asAdmin(RECORD, { id, tx: real })).data?.recordRefundPayment).toEqual({
      id,
      status: 'SENT',
      txId: real,
    });
    await anvil.mine(3);
    await eventually(async () => (await refundsOf(order.id)).refunds[0].status === 'PAID', 15_000, 'PAID');
  }, 60_000);

  it('cancels a claimed refund only as not paid, and a payout recorded later takes it up again while its amount is free', async () => {
    const order = await overpaidOrder();
    const offer = async () =>
      (await asAdmin(OFFER, { orderId: order.id, amount: order.due, reason: 'Excess' })).data!.offerRefund.id;
    const id = await offer();
    await server.gql(CLAIM, { id, address: CUSTOMER_WALLET }, { token: customer.token });
    expect(errorOf(await asAdmin(CANCEL, { id }))).toEqual({
      code: 'BAD_USER_INPUT',
      field: 'notPaid',
      message:
        'The customer claimed this refund, so it may already have been paid: check your wallet, and cancel it only ' +
        'if you did not send it (confirm "not paid")',
    });
    expect((await asAdmin(CANCEL_NOT_PAID, { id })).data?.cancelRefund.status).toBe('CANCELLED');
    // It was paid after all: recording the payout takes the refund up again.
    const payout = await anvil.send(anvil.accounts[2], CUSTOMER_WALLET, wei(order.due));
    expect((await asAdmin(RECORD, { id, tx: payout })).data?.recordRefundPayment).toEqual({
      id,
      status: 'SENT',
      txId: payout,
    });
    const notes = (await refundsOf(order.id)).events.map((e: { note: string | null }) => e.note);
    expect(notes).toEqual(
      expect.arrayContaining([
        `Refund of ${order.due} ETH cancelled; the admin stated it was not paid`,
        `Refund of ${order.due} ETH taken up again: a payout (transaction ${payout}) was recorded after it was cancelled`,
      ]),
    );
    await anvil.mine(3);
    await eventually(async () => (await refundsOf(order.id)).refunds[0].status === 'PAID', 15_000, 'PAID');

    // Cancelled, and its amount offered again in its place: the payout belongs to the new refund.
    const second = await offer();
    await server.gql(CLAIM, { id: second, address: CUSTOMER_WALLET }, { token: customer.token });
    expect((await asAdmin(CANCEL_NOT_PAID, { id: second })).data?.cancelRefund.status).toBe('CANCELLED');
    await offer();
    const late = await anvil.send(anvil.accounts[2], CUSTOMER_WALLET, wei(order.due));
    expect(errorOf(await asAdmin(RECORD, { id: second, tx: late }))).toEqual({
      code: 'BAD_USER_INPUT',
      field: 'refundId',
      message:
        'This refund was cancelled and its amount no longer fits what is left to refund (0 ETH): record the payout ' +
        'against the refund offered in its place',
    });
    // Never claimed: no address anyone could have paid, so nothing to take up.
    const third = (await asAdmin(OFFER, { orderId: (await overpaidOrder()).id, amount: order.due, reason: 'x' })).data!
      .offerRefund.id;
    expect((await asAdmin(CANCEL, { id: third })).data?.cancelRefund.status).toBe('CANCELLED');
    expect(errorOf(await asAdmin(RECORD, { id: third, tx: late }))).toMatchObject({
      field: 'refundId',
      message: 'This refund was cancelled',
    });
  }, 90_000);

  it('refuses a claim to an address the store receives at: its single address (any case) or one derived for an order', async () => {
    const order = await overpaidOrder();
    const id = (await asAdmin(OFFER, { orderId: order.id, amount: order.due, reason: 'Excess' })).data!.offerRefund.id;
    const message =
      "This is one of the store's own receiving addresses: a refund sent there would come back to the store. Enter " +
      'your own Ethereum address.';
    for (const address of [STORE, STORE.toUpperCase().replace('0X', '0x')]) {
      expect(errorOf(await server.gql(CLAIM, { id, address }, { token: customer.token }))).toEqual({
        code: 'BAD_USER_INPUT',
        field: 'address',
        message,
      });
    }
    // An address handed out to an order (derived_addresses keeps each one; ETH derives none today, the rule is the
    // same for every method).
    const derived = '0x00000000000000000000000000000000000000d1';
    await server.sql(`INSERT INTO derivation_counters (account, method, next_index) VALUES ('review-28', 'ETH', 1)`);
    await server.sql(
      `INSERT INTO derived_addresses (account, derivation_index, method, address) VALUES ('review-28', 0, 'ETH', $1)`,
      [derived],
    );
    expect(errorOf(await server.gql(CLAIM, { id, address: derived }, { token: customer.token }))).toMatchObject({
      field: 'address',
      message,
    });
    expect((await refundsOf(order.id)).refunds[0]).toMatchObject({ status: 'OFFERED', address: null });
    expect(
      (await server.gql(CLAIM, { id, address: CUSTOMER_WALLET }, { token: customer.token })).errors,
    ).toBeUndefined();
  }, 60_000);
});
