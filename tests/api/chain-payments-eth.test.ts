/**
 * ETH payments confirmed on a real local chain (anvil): unique amounts, the watcher, typed transaction ids,
 * confirmations, and every exception (docs/payments.md). Real transfers between anvil's accounts; blocks mined on
 * demand.
 */
import { startAnvil, type Anvil } from '../support/chain-fixtures/anvil';
import { decimalToUnits } from '../../server/src/payments/chains/chain-reader';
import { CANCEL, startChainStore, type ChainStore } from '../support/chain-fixtures/chain-store';
import { eventually } from '../support/eventually';
import type { TestServer, TestUser } from '../support/test-server';

const STORE = '0x00000000000000000000000000000000000051a7';
const OTHER = '0x000000000000000000000000000000000000beef';
const WEI_PER_MICRO_ETH = 10n ** 12n;

let anvil: Anvil;
let store: ChainStore;
let server: TestServer;
let customer: TestUser;
let other: TestUser;
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
  ({ server, customer, other } = store);
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

describe('unique amounts', () => {
  it('gives each open order of the same quote its own amount, even when checkouts race', async () => {
    // Different customers, so the checkouts run at the same time (one customer's checkouts queue behind each other).
    const buyers = await Promise.all(Array.from({ length: 16 }, () => server.createUser()));
    const orders = await Promise.all(buyers.map((buyer) => placeOrder(buyer)));
    const offsets = orders.map((o) => Math.round((Number(o.paymentAmountCrypto) - 0.004) * 1e6)).sort((a, b) => a - b);
    expect(offsets).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
    const rows = await server.sql<{ n: number; distinct_amounts: number; distinct_offsets: number }>(
      `SELECT count(*)::int AS n, count(DISTINCT payment_amount_crypto)::int AS distinct_amounts,
              count(DISTINCT payment_offset)::int AS distinct_offsets
       FROM orders WHERE id = ANY($1::uuid[])`,
      [orders.map((o) => o.id)],
    );
    expect(rows[0]).toEqual({ n: 16, distinct_amounts: 16, distinct_offsets: 16 });
    // Ended unpaid long ago: their amounts are free again, and the next order takes the smallest.
    await server.sql(
      `UPDATE orders SET status = 'cancelled', payment_due_at = now() - interval '30 days' WHERE id = ANY($1::uuid[])`,
      [orders.map((o) => o.id)],
    );
    const next = await placeOrder();
    expect(next.paymentAmountCrypto).toBe('0.004001');
    await server.sql(
      `UPDATE orders SET status = 'cancelled', payment_due_at = now() - interval '30 days' WHERE id = $1`,
      [next.id],
    );
  });
});

describe('watching the address (no transaction id)', () => {
  it('detects the exact amount, shows its confirmations, then confirms the order as SYSTEM', async () => {
    const order = await placeOrder();
    const hash = await anvil.send(payer, STORE, wei(order.paymentAmountCrypto));

    const detected = await eventually(async () => (await readOrder(order.id)).payment, 15_000, 'detected payment');
    expect(detected).toMatchObject({
      txId: hash,
      amount: order.paymentAmountCrypto.replace(/0+$/, ''),
      confirmations: 1,
      requiredConfirmations: 3,
      status: 'DETECTED',
      confirmedAt: null,
      explorerUrl: `https://etherscan.io/tx/${hash}`,
    });
    expect((await readOrder(order.id)).status).toBe('PENDING');

    await anvil.mine(1);
    await eventually(async () => (await readOrder(order.id)).payment?.confirmations === 2, 15_000, '2 confirmations');
    expect((await readOrder(order.id)).status).toBe('PENDING');

    await anvil.mine(1);
    const paid = await eventually(
      async () => {
        const o = await readOrder(order.id);
        return o.status === 'SUCCESS' && o;
      },
      15_000,
      'SUCCESS',
    );
    expect(paid.payment).toMatchObject({ confirmations: 3, status: 'CONFIRMED' });
    expect(paid.payment.confirmedAt).not.toBeNull();
    expect(paid.paymentIssue).toBeNull();
    const confirmation = paid.events.find((e: { toStatus: string }) => e.toStatus === 'SUCCESS');
    expect(confirmation.actorKind).toBe('SYSTEM');
    expect(confirmation.reason).toContain(`Payment confirmed on chain: ${paid.payment.amount} ETH in ${hash}`);
  });

  it('does not give a payment of another amount to any order; a transaction id claims it later', async () => {
    const order = await placeOrder();
    const amount = wei(order.paymentAmountCrypto) - 1_000n * WEI_PER_MICRO_ETH;
    const hash = await anvil.send(payer, STORE, amount);
    await anvil.mine(3);
    await eventually(
      async () =>
        (await server.sql(`SELECT 1 FROM chain_payments WHERE tx_id = $1 AND order_id IS NULL`, [hash])).length,
      15_000,
      'unattributed payment',
    );
    expect((await readOrder(order.id)).payment).toBeNull();

    expect((await submitTx(order.id, hash)).errors).toBeUndefined();
    const flagged = await eventually(
      async () => {
        const o = await readOrder(order.id);
        return o.paymentIssueKind === 'UNDERPAID' && o;
      },
      15_000,
      'UNDERPAID',
    );
    expect(flagged.status).toBe('PENDING');
    expect(flagged.payment.txId).toBe(hash);
    const missing = '0.001';
    expect(flagged.paymentIssue).toContain(`${missing} ETH missing`);
  });
});

describe('a transaction id the customer gives', () => {
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

  it("sends an over-payment known only by its typed id to an admin: a typed id could be anyone's public payment", async () => {
    const order = await placeOrder();
    const hash = await anvil.send(payer, STORE, wei(order.paymentAmountCrypto) + 500n * WEI_PER_MICRO_ETH);
    await anvil.mine(2);
    expect((await submitTx(order.id, hash)).errors).toBeUndefined();
    const flagged = await eventually(
      async () => {
        const o = await readOrder(order.id);
        return o.paymentIssueKind === 'NEEDS_REVIEW' && o;
      },
      15_000,
      'NEEDS_REVIEW',
    );
    const due = order.paymentAmountCrypto.replace(/0+$/, '');
    const received = (Number(order.paymentAmountCrypto) + 0.0005).toFixed(6).replace(/0+$/, '');
    expect(flagged.paymentIssue).toBe(
      `Received ${received} ETH for ${due} ETH due (0.0005 ETH more) in a transaction identified by its ID, not by this order's unique amount. An admin confirms the payment and decides on refunding the difference.`,
    );
    expect(flagged.status).toBe('PENDING');
    expect(flagged.payment).toMatchObject({ txId: hash, status: 'CONFIRMED' });
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
    expect(rows).toEqual([first, second].sort().map((tx_id) => ({ tx_id, matched_by: 'amount' })));
  });

  it('keeps an under-payment PENDING with the missing amount, and counts a second payment of the rest for an admin', async () => {
    const order = await placeOrder();
    const due = wei(order.paymentAmountCrypto);
    const first = await anvil.send(payer, STORE, due - 2_000n * WEI_PER_MICRO_ETH);
    await anvil.mine(2);
    expect((await submitTx(order.id, first)).errors).toBeUndefined();
    const flagged = await eventually(
      async () => {
        const o = await readOrder(order.id);
        return o.paymentIssueKind === 'UNDERPAID' && o.payment?.status === 'CONFIRMED' && o;
      },
      15_000,
      'UNDERPAID',
    );
    expect(flagged.status).toBe('PENDING');
    expect(flagged.paymentIssue).toContain('0.002 ETH missing');
    // The customer is told by e-mail too (no SMTP server here: the message waits in the outbox, as admins see it).
    const mail = await eventually(
      async () =>
        (
          await server.sql<{ subject: string; text_body: string }>(
            `SELECT subject, text_body FROM notifications WHERE order_id = $1 AND kind = 'payment_issue'`,
            [order.id],
          )
        )[0],
      15_000,
      'payment issue e-mail',
    );
    expect(mail.subject).toBe(`A problem with the payment for order ${order.id.slice(0, 8)}`);
    expect(mail.text_body).toContain(flagged.paymentIssue);

    const rest = await anvil.send(payer, STORE, 2_000n * WEI_PER_MICRO_ETH);
    await anvil.mine(2);
    expect((await submitTx(order.id, rest)).errors).toBeUndefined();
    // In full, but partly by typed ids of payments that are not the order's unique amount: an admin confirms.
    const covered = await eventually(
      async () => {
        const o = await readOrder(order.id);
        return o.paymentIssueKind === 'NEEDS_REVIEW' && o;
      },
      15_000,
      'NEEDS_REVIEW after the rest',
    );
    expect(covered.status).toBe('PENDING');
    expect(covered.paymentIssue).toBe(
      `Received ${order.paymentAmountCrypto.replace(/0+$/, '')} ETH in full, partly in transactions identified by their ID, not by this order's unique amount. An admin confirms the payment.`,
    );
    const rows = await server.sql(`SELECT tx_id FROM chain_payments WHERE order_id = $1 ORDER BY detected_at`, [
      order.id,
    ]);
    expect(rows.map((r) => r.tx_id)).toEqual([first, rest]);
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

  it('flags a transaction to another address', async () => {
    const order = await placeOrder();
    const hash = await anvil.send(payer, OTHER, wei(order.paymentAmountCrypto));
    expect((await submitTx(order.id, hash)).errors).toBeUndefined();
    const flagged = await eventually(
      async () => {
        const o = await readOrder(order.id);
        return o.paymentIssueKind === 'WRONG_RECIPIENT' && o;
      },
      15_000,
      'WRONG_RECIPIENT',
    );
    expect(flagged.paymentIssue).toBe(`Transaction ${hash} does not pay our address ${STORE}.`);

    // The customer corrects it: the old transaction's issue goes, the right one pays the order.
    const right = await anvil.send(payer, STORE, wei(order.paymentAmountCrypto));
    await anvil.mine(2);
    const corrected = await submitTx(order.id, right);
    expect(corrected.errors).toBeUndefined();
    const paid = await eventually(
      async () => {
        const o = await readOrder(order.id);
        return o.status === 'SUCCESS' && o;
      },
      15_000,
      'SUCCESS after the correction',
    );
    expect(paid.paymentIssue).toBeNull();
    expect(paid.payment.txId).toBe(right);
  });

  it('flags an unknown transaction id as not found yet', async () => {
    const order = await placeOrder();
    const unknown = `0x${'ab'.repeat(32)}`;
    expect((await submitTx(order.id, unknown)).errors).toBeUndefined();
    const flagged = await eventually(
      async () => {
        const o = await readOrder(order.id);
        return o.paymentIssueKind === 'NOT_FOUND' && o;
      },
      15_000,
      'NOT_FOUND',
    );
    expect(flagged.paymentIssue).toContain('was not found on the Ethereum network yet');
  });

  it('refuses a transaction that already paid another order, and never hands one customer another’s payment', async () => {
    const mine = await placeOrder(customer);
    const theirs = await placeOrder(other);
    // The other customer's exact payment; this customer types its id first.
    const hash = await anvil.send(payer, STORE, wei(theirs.paymentAmountCrypto));
    await anvil.mine(2);
    expect((await submitTx(mine.id, hash)).errors).toBeUndefined();
    const flagged = await eventually(
      async () => {
        const o = await readOrder(mine.id);
        return o.paymentIssueKind === 'ALREADY_USED' && o;
      },
      15_000,
      'ALREADY_USED',
    );
    expect(flagged.payment).toBeNull();
    const paid = await eventually(
      async () => {
        const o = await readOrder(theirs.id, other);
        return o.status === 'SUCCESS' && o;
      },
      15_000,
      "the other customer's order paid",
    );
    expect(paid.payment.txId).toBe(hash);

    // Typed again now that the payment is on record: refused at once, with the reason.
    const again = await submitTx(mine.id, hash);
    expect(again.errors?.[0]).toMatchObject({
      message: 'This transaction already paid another order',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    // The database allows one row per output, whatever the code does.
    await expect(
      server.sql(
        `INSERT INTO chain_payments (method, tx_id, output_index, to_address, amount, order_id, required_confirmations)
         VALUES ('eth', $1, 0, $2, 1, $3, 3)`,
        [hash, STORE, mine.id],
      ),
    ).rejects.toThrow(/chain_payments_output_unique/);
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

describe('late payments and cancellation', () => {
  it('flags a payment after the payment window for an admin to decide; the order stays where it is', async () => {
    const order = await placeOrder();
    await server.sql(
      `UPDATE orders SET status = 'not_received', payment_due_at = now() - interval '1 hour' WHERE id = $1`,
      [order.id],
    );
    await anvil.send(payer, STORE, wei(order.paymentAmountCrypto));
    await anvil.mine(3);
    const flagged = await eventually(
      async () => {
        const o = await readOrder(order.id);
        return o.paymentIssueKind === 'LATE' && o.payment?.status === 'CONFIRMED' && o;
      },
      15_000,
      'LATE',
    );
    expect(flagged.status).toBe('NOT_RECEIVED');
    expect(flagged.paymentIssue).toBe(
      `Late payment: ${order.paymentAmountCrypto.replace(/0+$/, '')} ETH arrived after the order was marked Not Received. An admin decides whether to accept it.`,
    );
  });

  it('refuses to cancel an order whose payment was seen', async () => {
    const order = await placeOrder();
    await anvil.send(payer, STORE, wei(order.paymentAmountCrypto));
    await eventually(async () => (await readOrder(order.id)).payment, 15_000, 'detected payment');
    const res = await server.gql(CANCEL, { id: order.id }, { token: customer.token });
    expect(res.errors?.[0].message).toBe(
      'A payment for this order has been seen on chain, so it can no longer be cancelled. Contact support if you need a refund.',
    );
    expect((await readOrder(order.id)).status).not.toBe('CANCELLED');
  });
});
