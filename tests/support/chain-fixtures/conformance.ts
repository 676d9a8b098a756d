/**
 * The chain-reader conformance suite (docs/adding-a-payment-method.md): what every payment method read from a chain
 * does the same way, run once per method against its fixture (ETH and USDT ERC-20 on anvil, USDT TRC-20 on the TronGrid fixture, BTC
 * on the Esplora fixture): unique amounts, the watcher and its confirmations, an amount that matches no order, typed
 * transaction ids (under- and over-payment, another recipient, unknown, already used), late payments and
 * cancellation. What only one chain does (TRON's solidification and tokens, BTC's outputs, ETH's reverts, drops and
 * clocks) stays in that method's own file, tests/api/chain-payments-<method>.test.ts, which calls this suite.
 */
import { randomBytes } from 'node:crypto';
import { trimZeros } from '../../../common/pricing';
import { decimalToUnits, unitsToDecimal } from '../../../server/src/payments/chains/chain-reader';
import { eventually } from '../eventually';
import type { TestUser } from '../test-server';
import { CANCEL, type ChainMethod, type ChainStore, type OrderEvent, type PlacedOrder } from './chain-store';

/** One method and the fixture its chain is played by, as the suite drives it. */
export interface ConformanceFixture {
  /** The PaymentMethod the store is started with, also its chain payments' `method`. */
  method: ChainMethod;
  currency: string;
  /** The network as messages name it ("… not found on the TRON network yet"). */
  chainName: string;
  /** Decimals of the chain's units (wei 18, USDT 6, satoshis 8). */
  unitDecimals: number;
  /** The store's CONFIRMATIONS_* in this test. */
  requiredConfirmations: number;
  /** Confirmations of a payment when the watcher first sees it (ETH: 1, its block; TRON and BTC: 0). */
  detectedConfirmations: number;
  /** The $10 product's quote in the method's currency, as an order shows it ("10.000000"). */
  quote: string;
  /** What every order's amount looks like: the quote and its unique offset ("10.0000dd"). */
  amountPattern: RegExp;
  /** A small amount, in units, that under- and over-payments are made of. */
  small: bigint;
  /** The store's receiving address, and someone else's. */
  storeAddress: string;
  otherAddress: string;
  /** A well-formed transaction id the chain does not know. */
  unknownTxId: string;
  explorerUrl(txId: string): string;
  /** The store (started in the file's beforeAll). */
  store(): ChainStore;
  /** Sends `units` to `to` and returns the transaction id (in the mempool, unsolidified, or in a block for ETH). */
  pay(to: string, units: bigint): Promise<string>;
  /** Sends with a transaction id chosen beforehand, where the fixture can (TRON and BTC; anvil cannot). */
  payWithTxId?: (to: string, units: bigint, txId: string) => Promise<void>;
  /** One more confirmation for everything sent (a block, a solidified block). */
  advanceOne(): Promise<void>;
  /** Every payment sent so far at its required confirmations. */
  confirm(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function chainReaderConformance(f: ConformanceFixture): void {
  const store = () => f.store();
  const units = (amount: string) => decimalToUnits(amount, f.unitDecimals);
  const coin = (u: bigint) => unitsToDecimal(u, f.unitDecimals);
  const shown = trimZeros;
  /** The smallest shown unit of the method, in chain units (the unique offset's step). */
  const offsetUnit = 10n ** BigInt(f.unitDecimals - (f.quote.split('.')[1]?.length ?? 0));
  const placeOrder = async (user?: TestUser): Promise<PlacedOrder> => {
    const order = await store().placeOrder(user);
    expect(order.paymentAmountCrypto).toMatch(f.amountPattern);
    // The quote plus the order's unique offset of a few of the smallest shown units.
    expect(units(order.paymentAmountCrypto) - units(f.quote)).toBeGreaterThan(0n);
    expect(units(order.paymentAmountCrypto) - units(f.quote)).toBeLessThan(1_000n * offsetUnit);
    return order;
  };
  const readOrder: ChainStore['readOrder'] = (...args) => store().readOrder(...args);
  const submitTx: ChainStore['submitTx'] = (...args) => store().submitTx(...args);
  const orderWhen: ChainStore['orderWhen'] = (...args) => store().orderWhen(...args);
  const sql: ChainStore['server']['sql'] = (...args) => store().server.sql(...args);

  describe(`${f.method}: unique amounts`, () => {
    it('gives each open order of the same quote its own amount, the quote plus 1, 2, 3… units, even when checkouts race', async () => {
      // Different customers, so the checkouts run at the same time (one customer's checkouts queue behind each other).
      const buyers = await Promise.all(Array.from({ length: 16 }, () => store().server.createUser()));
      const orders = await Promise.all(buyers.map((buyer) => placeOrder(buyer)));
      const amounts = orders.map((o) => o.paymentAmountCrypto);
      expect(new Set(amounts).size).toBe(16);
      const offsets = amounts.map((a) => Number((units(a) - units(f.quote)) / offsetUnit)).sort((a, b) => a - b);
      expect(offsets).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
      const rows = await sql<{ n: number; distinct_amounts: number; distinct_offsets: number }>(
        `SELECT count(*)::int AS n, count(DISTINCT payment_amount_crypto)::int AS distinct_amounts,
                count(DISTINCT payment_offset)::int AS distinct_offsets
         FROM orders WHERE id = ANY($1::uuid[])`,
        [orders.map((o) => o.id)],
      );
      expect(rows[0]).toEqual({ n: 16, distinct_amounts: 16, distinct_offsets: 16 });
      // Ended unpaid long ago: their amounts are free again, and the next order takes the smallest.
      await sql(
        `UPDATE orders SET status = 'CANCELLED', payment_due_at = now() - interval '30 days' WHERE id = ANY($1::uuid[])`,
        [orders.map((o) => o.id)],
      );
      const next = await placeOrder();
      expect(next.paymentAmountCrypto).toBe(coinShown(units(f.quote) + offsetUnit));
      await sql(`UPDATE orders SET status = 'CANCELLED', payment_due_at = now() - interval '30 days' WHERE id = $1`, [
        next.id,
      ]);
    });
  });

  /** An amount in units as the order shows it: at the quote's decimals, zeros kept ("10.000001"). */
  function coinShown(u: bigint): string {
    const decimals = f.quote.split('.')[1]?.length ?? 0;
    const [whole, fraction = ''] = coin(u).split('.');
    return decimals === 0 ? whole : `${whole}.${fraction.padEnd(decimals, '0')}`;
  }

  describe(`${f.method}: watching the address (no transaction id)`, () => {
    it('detects the exact amount, follows its confirmations, then confirms the order as SYSTEM', async () => {
      const order = await placeOrder();
      const txId = await f.pay(f.storeAddress, units(order.paymentAmountCrypto));

      const detected = await eventually(async () => (await readOrder(order.id)).payment, 15_000, 'detected payment');
      expect(detected).toMatchObject({
        txId,
        amount: shown(order.paymentAmountCrypto),
        confirmations: f.detectedConfirmations,
        requiredConfirmations: f.requiredConfirmations,
        status: 'DETECTED',
        confirmedAt: null,
        explorerUrl: f.explorerUrl(txId),
      });
      // Nothing more on chain: several polls later it is still only detected.
      await sleep(1_200);
      const waiting = await readOrder(order.id);
      expect(waiting.status).toBe('PENDING');
      expect(waiting.paymentIssue).toBeNull();
      expect(waiting.payment).toMatchObject({
        confirmations: f.detectedConfirmations,
        status: 'DETECTED',
        confirmedAt: null,
      });

      for (let count = f.detectedConfirmations + 1; count < f.requiredConfirmations; count++) {
        await f.advanceOne();
        const step = await orderWhen(order.id, (o) => o.payment?.confirmations === count, `${count} confirmations`);
        expect(step.status).toBe('PENDING');
        expect(step.payment).toMatchObject({ status: 'DETECTED', confirmedAt: null });
      }

      await f.advanceOne();
      const paid = await orderWhen(order.id, (o) => o.status === 'SUCCESS', 'SUCCESS');
      expect(paid.payment).toMatchObject({ txId, confirmations: f.requiredConfirmations, status: 'CONFIRMED' });
      expect(paid.payment.confirmedAt).not.toBeNull();
      expect(paid.paymentIssue).toBeNull();
      expect(paid.paymentIssueKind).toBeNull();
      const confirmation = paid.events.find((e: OrderEvent) => e.toStatus === 'SUCCESS');
      expect(confirmation.actorKind).toBe('SYSTEM');
      expect(confirmation.reason).toBe(
        `Payment confirmed on chain: ${shown(order.paymentAmountCrypto)} ${f.currency} in ${txId} (${f.requiredConfirmations} confirmations)`,
      );
    });

    it('does not give a payment of another amount to any order; a transaction id claims it later', async () => {
      const order = await placeOrder();
      const due = units(order.paymentAmountCrypto);
      const txId = await f.pay(f.storeAddress, due - f.small);
      await f.confirm();
      await store().recordedAsNoOrders(txId);
      expect((await readOrder(order.id)).payment).toBeNull();

      expect((await submitTx(order.id, txId)).errors).toBeUndefined();
      const flagged = await orderWhen(order.id, (o) => o.paymentIssueKind === 'UNDERPAID', 'UNDERPAID');
      expect(flagged.status).toBe('PENDING');
      expect(flagged.payment).toMatchObject({ txId, amount: coin(due - f.small) });
      expect(flagged.paymentIssue).toBe(
        `Underpaid: received ${coin(due - f.small)} ${f.currency} of ${shown(order.paymentAmountCrypto)} ${f.currency}; ${coin(f.small)} ${f.currency} missing. Send the rest to the same address and add its transaction ID, or contact support.`,
      );
    });
  });

  describe(`${f.method}: a transaction id the customer gives`, () => {
    it("sends an over-payment known only by its typed id to an admin: a typed id could be anyone's public payment", async () => {
      const order = await placeOrder();
      const paidUnits = units(order.paymentAmountCrypto) + f.small / 2n;
      const txId = await f.pay(f.storeAddress, paidUnits);
      await f.confirm();
      expect((await submitTx(order.id, txId)).errors).toBeUndefined();
      const review = await orderWhen(order.id, (o) => o.paymentIssueKind === 'NEEDS_REVIEW', 'NEEDS_REVIEW');
      expect(review.status).toBe('PENDING');
      expect(review.payment).toMatchObject({ txId, amount: coin(paidUnits), status: 'CONFIRMED' });
      expect(review.payment.confirmations).toBeGreaterThanOrEqual(f.requiredConfirmations);
      expect(review.paymentIssue).toBe(
        `Received ${coin(paidUnits)} ${f.currency} for ${shown(order.paymentAmountCrypto)} ${f.currency} due (${coin(f.small / 2n)} ${f.currency} more) in a transaction identified by its ID, not by this order's unique amount. An admin confirms the payment and decides on refunding the difference.`,
      );
    });

    it('keeps an under-payment PENDING with the missing amount, and counts a second payment of the rest for an admin', async () => {
      const order = await placeOrder();
      const due = units(order.paymentAmountCrypto);
      const short = 2n * f.small;
      const first = await f.pay(f.storeAddress, due - short);
      await f.confirm();
      expect((await submitTx(order.id, first)).errors).toBeUndefined();
      const flagged = await orderWhen(
        order.id,
        (o) => o.paymentIssueKind === 'UNDERPAID' && o.payment?.status === 'CONFIRMED',
        'UNDERPAID',
      );
      expect(flagged.status).toBe('PENDING');
      expect(flagged.paymentIssue).toBe(
        `Underpaid: received ${coin(due - short)} ${f.currency} of ${shown(order.paymentAmountCrypto)} ${f.currency}; ${coin(short)} ${f.currency} missing. Send the rest to the same address and add its transaction ID, or contact support.`,
      );
      // The customer is told by e-mail too (no SMTP server here: the message waits in the outbox, as admins see it).
      const mail = await eventually(
        async () =>
          (
            await sql<{ subject: string; text_body: string }>(
              `SELECT subject, text_body FROM notifications WHERE order_id = $1 AND kind = 'PAYMENT_ISSUE'`,
              [order.id],
            )
          )[0],
        15_000,
        'payment issue e-mail',
      );
      expect(mail.subject).toBe(`A problem with the payment for order ${order.id.slice(0, 8)}`);
      expect(mail.text_body).toContain(flagged.paymentIssue);

      const rest = await f.pay(f.storeAddress, short);
      await f.confirm();
      expect((await submitTx(order.id, rest)).errors).toBeUndefined();
      // In full, but partly by typed ids of payments that are not the order's unique amount: an admin confirms.
      const covered = await orderWhen(order.id, (o) => o.paymentIssueKind === 'NEEDS_REVIEW', 'NEEDS_REVIEW');
      expect(covered.status).toBe('PENDING');
      expect(covered.paymentIssue).toBe(
        `Received ${shown(order.paymentAmountCrypto)} ${f.currency} in full, partly in transactions identified by their ID, not by this order's unique amount. An admin confirms the payment.`,
      );
      const rows = await sql(`SELECT tx_id FROM chain_payments WHERE order_id = $1 ORDER BY detected_at`, [order.id]);
      expect(rows.map((r) => r.tx_id)).toEqual([first, rest]);
    });

    it('flags a transaction to another address; a corrected id pays the order and the issue goes', async () => {
      const order = await placeOrder();
      const wrong = await f.pay(f.otherAddress, units(order.paymentAmountCrypto));
      await f.confirm();
      expect((await submitTx(order.id, wrong)).errors).toBeUndefined();
      const flagged = await orderWhen(order.id, (o) => o.paymentIssueKind === 'WRONG_RECIPIENT', 'WRONG_RECIPIENT');
      expect(flagged.paymentIssue).toBe(`Transaction ${wrong} does not pay our address ${f.storeAddress}.`);
      expect(flagged.status).toBe('PENDING');
      expect(flagged.payment).toBeNull();

      // The customer corrects it: the old transaction's issue goes, the right one pays the order.
      const right = await f.pay(f.storeAddress, units(order.paymentAmountCrypto));
      await f.confirm();
      expect((await submitTx(order.id, right)).errors).toBeUndefined();
      const paid = await orderWhen(order.id, (o) => o.status === 'SUCCESS', 'SUCCESS after the correction');
      expect(paid.paymentIssue).toBeNull();
      expect(paid.payment.txId).toBe(right);
    });

    it('flags an unknown transaction id as not found yet', async () => {
      const order = await placeOrder();
      expect((await submitTx(order.id, f.unknownTxId)).errors).toBeUndefined();
      const flagged = await orderWhen(order.id, (o) => o.paymentIssueKind === 'NOT_FOUND', 'NOT_FOUND');
      expect(flagged.paymentIssue).toBe(
        `Transaction ${f.unknownTxId} was not found on the ${f.chainName} network yet. We keep checking until the payment window ends.`,
      );
      expect(flagged.status).toBe('PENDING');
    });

    it('refuses a transaction that already paid another order, and never hands one customer another’s payment', async () => {
      const { customer, other } = store();
      const mine = await placeOrder(customer);
      const theirs = await placeOrder(other);
      let txId: string;
      if (f.payWithTxId) {
        // This customer types the id of the other customer's exact payment before the chain's API knows it.
        txId = randomBytes(32).toString('hex');
        expect((await submitTx(mine.id, txId)).errors).toBeUndefined();
        await orderWhen(mine.id, (o) => o.paymentIssueKind === 'NOT_FOUND', 'NOT_FOUND');
        await f.payWithTxId(f.storeAddress, units(theirs.paymentAmountCrypto), txId);
      } else {
        // The other customer's exact payment (its id is the chain's to choose); this customer types it first.
        txId = await f.pay(f.storeAddress, units(theirs.paymentAmountCrypto));
      }
      await f.confirm();
      if (!f.payWithTxId) expect((await submitTx(mine.id, txId)).errors).toBeUndefined();

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
        sql(
          `INSERT INTO chain_payments (method, tx_id, output_index, to_address, amount, order_id, required_confirmations)
           VALUES ($4, $1, 0, $2, 1, $3, $5)`,
          [txId, f.storeAddress, mine.id, f.method, f.requiredConfirmations],
        ),
      ).rejects.toThrow(/chain_payments_output_unique/);
    });
  });

  describe(`${f.method}: late payments and cancellation`, () => {
    it('flags a payment after the payment window for an admin to decide; the order stays where it is', async () => {
      const order = await placeOrder();
      await sql(`UPDATE orders SET status = 'NOT_RECEIVED', payment_due_at = now() - interval '1 hour' WHERE id = $1`, [
        order.id,
      ]);
      const txId = await f.pay(f.storeAddress, units(order.paymentAmountCrypto));
      await f.confirm();
      const flagged = await orderWhen(
        order.id,
        (o) => o.paymentIssueKind === 'LATE' && o.payment?.status === 'CONFIRMED',
        'LATE',
      );
      expect(flagged.status).toBe('NOT_RECEIVED');
      expect(flagged.payment.txId).toBe(txId);
      expect(flagged.paymentIssue).toBe(
        `Late payment: ${shown(order.paymentAmountCrypto)} ${f.currency} arrived after the order was marked Not Received. An admin decides whether to accept it.`,
      );
    });

    it('refuses to cancel an order whose payment was seen', async () => {
      const order = await placeOrder();
      await f.pay(f.storeAddress, units(order.paymentAmountCrypto));
      await eventually(async () => (await readOrder(order.id)).payment, 15_000, 'detected payment');
      const res = await store().server.gql(CANCEL, { id: order.id }, { token: store().customer.token });
      expect(res.errors?.[0].message).toBe(
        'A payment for this order has been seen on chain, so it can no longer be cancelled. Contact support if you need a refund.',
      );
      const after = await readOrder(order.id);
      expect(after.status).toBe('PENDING');
      expect(after.status).not.toBe('CANCELLED');
    });
  });
}
