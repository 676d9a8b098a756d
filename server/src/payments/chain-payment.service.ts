import { DataSource, Not, type EntityManager, MoreThanOrEqual } from 'typeorm';
import { ORDER_STATUS_LABELS } from '../../../common/labels';
import { shortOrderId } from '../../../common/order-lifecycle';
import { PAYMENT_ISSUE_LABELS } from '../../../common/payment-issues';
import { AppConfig } from '../app-config';
import { Service } from '../container';
import { OrderStatus, PaymentIssueKind, type PaymentMethod } from '../core/enums';
import { DomainEvents } from '../core/domain-events';
import { EventBus } from '../core/event-bus';
import { JobQueue } from '../core/job-queue';
import { logger } from '../core/logger';
import { sqlEnum } from '../db/sql-enum';
import { ENDED_UNPAID, PAID } from '../orders/order-lifecycle';
import { OrderLifecycle, SYSTEM_ACTOR } from '../orders/order-lifecycle.service';
import type { HeldQuote } from '../orders/held-quote.service';
import { judgePayments, type Verdict } from '../orders/payment-verdict';
import { Order } from '../orders/order.entity';
import { orderChangeEvents } from '../orders/order-topics';
import { ChainPayment, ChainPaymentMatch, ChainPaymentStatus } from './chain-payment.entity';
import {
  ChainReadError,
  confirmationsAt,
  decimalToUnits,
  unitsToDecimal,
  type ChainTransaction,
  type ChainTransfer,
} from './chains/chain-reader';
import { ChainReaders, type ChainWatch } from './chains/chain-readers';
import { HELD_QUOTE_GRACE } from './unique-amount';
import { methodDefinition } from './methods';
import { PaymentMethodService } from './payment-method.service';

export const PAYMENTS_POLL_TASK = 'payments:poll';
export const PAYMENT_CHECK_TASK = 'payments:check';
/** The queue of the poll: one poll at a time, whoever adds it (itself, the crontab's safety net, start-up). */
export const PAYMENTS_POLL_QUEUE = 'payments-poll';

/** Typed transaction ids read per chain and poll, at most (each is one or a few requests). */
const TYPED_PER_POLL = 100;

/** An open order's status, in the SQL of the statements that find the order a payment is for. */
const PENDING = sqlEnum(OrderStatus.PENDING);

/** A transaction id as SQL compares it, however it was typed: lower case, without ETH's "0x" (hexTxId's rule). */
const txIdKeySql = (expression: string) => `replace(lower(${expression}), '0x', '')`;

/** How long a payment may be unknown to the chain before it counts as dropped (it paid nothing). */
const DROPPED_AFTER_MS = 3_600_000;

/** Unconfirmed payments re-read per chain and poll, at most. */
const UNCONFIRMED_PER_POLL = 500;

/** What one poll of one chain did (the bench reports it). */
export interface PollReport {
  method: PaymentMethod;
  typedChecked: number;
  transfersSeen: number;
  unconfirmedRefreshed: number;
  error?: string;
}

/**
 * Payment confirmation on chain (docs/payments.md): matches payments read from the chains to orders, follows their
 * confirmations and moves a paid order to SUCCESS as SYSTEM (which delivers it). Two ways in:
 * - a transaction id the customer gives is read at once (`payments:check` job) and on each poll until it is found;
 * - a job (`payments:poll`) watches each address for payments of an open order's unique amount.
 * Attribution never trusts a typed id alone: a payment whose amount is another open order's unique amount belongs to
 * that order. Under-, over- and late payments, failed, foreign or reused transactions are flagged on the order
 * (`paymentIssue`) and in its history, never silently accepted or dropped.
 */
/**
 * When a payment was sent, for the quote lock: the earlier of its block's time and when the store first saw it (a
 * payment broadcast inside the lock and mined after it was sent inside it).
 */
const sentAt = (p: Pick<ChainPayment, 'blockTime' | 'detectedAt'>) =>
  Math.min(p.blockTime?.getTime() ?? Infinity, p.detectedAt.getTime());

/** Cents as the customer reads dollars: 1234 → "$12.34". */
function dollars(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

/** What `payments` add up to, in the smallest units of a method with `decimals` shown decimals. */
function receivedUnits(payments: readonly Pick<ChainPayment, 'amount'>[], decimals: number): bigint {
  return payments.reduce((sum, p) => sum + decimalToUnits(p.amount, decimals), 0n);
}

@Service()
export class ChainPaymentService {
  constructor(
    private readonly db: DataSource,
    private readonly readers: ChainReaders,
    private readonly methods: PaymentMethodService,
    private readonly lifecycle: OrderLifecycle,
    private readonly bus: EventBus,
    private readonly jobs: JobQueue,
    private readonly config: AppConfig,
    private readonly events: DomainEvents,
  ) {}

  /** The methods read from a chain that have an address to watch. */
  private watched(): { watch: ChainWatch; address: string }[] {
    return this.readers.all().flatMap((watch) => {
      const address = this.methods.addressFor(watch.method);
      return address ? [{ watch, address }] : [];
    });
  }

  /**
   * One poll of every watched chain: typed transaction ids not found yet, new payments to the address, confirmations
   * of payments seen. A chain whose poll fails (its API down or misbehaving, whatever the error) is logged and tried
   * again next poll; the others go on, and the poll itself does not fail. Schedules the next poll (one pending poll
   * at a time: the job key).
   */
  async poll(): Promise<PollReport[]> {
    const watched = this.watched();
    try {
      return await Promise.all(watched.map(({ watch, address }) => this.pollChain(watch, address)));
    } finally {
      if (watched.length > 0) {
        await this.jobs.add({
          task: PAYMENTS_POLL_TASK,
          payload: {},
          jobKey: PAYMENTS_POLL_TASK,
          queue: PAYMENTS_POLL_QUEUE,
          runAt: new Date(Date.now() + this.config.chains.pollSeconds * 1000),
        });
      }
    }
  }

  private async pollChain(watch: ChainWatch, address: string): Promise<PollReport> {
    const report: PollReport = { method: watch.method, typedChecked: 0, transfersSeen: 0, unconfirmedRefreshed: 0 };
    try {
      const tip = await watch.reader.tipHeight();
      // The address and the payments awaiting confirmations first: what every customer's payment depends on must not
      // wait behind (or fail with) a transaction someone typed.
      report.transfersSeen = await this.watchAddress(watch, address, tip);
      report.unconfirmedRefreshed = await this.refreshUnconfirmed(watch, tip);
      report.typedChecked = await this.checkTypedIds(watch, address, tip);
    } catch (error) {
      // One method's failure ends its own poll only: the other chains' polls (run alongside) go on, and the next poll
      // tries this one again. Logged once per poll, with the method.
      if (error instanceof ChainReadError) {
        logger.warn({ err: error, method: watch.method }, 'Chain could not be read; trying again next poll');
      } else {
        logger.error(
          { err: error, method: watch.method },
          'Chain poll failed; the other chains go on, this one is tried again next poll',
        );
      }
      report.error = error instanceof Error ? error.message : String(error);
    }
    return report;
  }

  /**
   * Reads the transaction IDs customers typed that the chain has not shown yet, in random order. A read that
   * fails (an answer over the size cap, an ID the API chokes on) is that order's problem, logged and tried again next
   * poll; three failed reads in a row mean the API itself is failing, and the rest wait for the next poll.
   */
  private async checkTypedIds(watch: ChainWatch, address: string, tip: number): Promise<number> {
    // Until the payment window ends (after it, an admin looks at what the customer sent). In no fixed order: a few IDs
    // that fail to read every time must not always be met first and keep the others from being read.
    const typed: { id: string }[] = await this.db.query(
      `SELECT o.id FROM orders o
       WHERE o.payment_method = $1 AND o.status = $2 AND o.transaction_id IS NOT NULL
       AND o.payment_due_at > now()
       AND (o.payment_issue_kind IS NULL OR o.payment_issue_kind = ANY ($3::text[]))
       AND NOT EXISTS (SELECT 1 FROM chain_payments c WHERE c.order_id = o.id
                         AND ${txIdKeySql('c.tx_id')} = ${txIdKeySql('o.transaction_id')})
       ORDER BY random() LIMIT ${TYPED_PER_POLL}`,
      [watch.method, OrderStatus.PENDING, [PaymentIssueKind.NOT_FOUND, PaymentIssueKind.UNDERPAID]],
    );
    let failedInARow = 0;
    for (const { id } of typed) {
      try {
        await this.isolated({ orderId: id }, () => this.checkTyped(id, watch, address, tip));
        failedInARow = 0;
      } catch (error) {
        if (!(error instanceof ChainReadError)) throw error;
        logger.warn({ err: error, orderId: id, method: watch.method }, 'Typed transaction could not be read this poll');
        if (++failedInARow >= 3) break;
      }
    }
    return typed.length;
  }

  /** The `payments:check` job: reads the transaction id the customer gave for order `orderId` now. */
  async checkOrder(orderId: string): Promise<void> {
    const order = await this.db.getRepository(Order).findOneBy({ id: orderId });
    if (!order || order.status !== OrderStatus.PENDING || !order.transactionId) return;
    const watch = this.readers.forMethod(order.paymentMethod);
    const address = this.methods.addressFor(order.paymentMethod);
    if (!watch || !address) return;
    try {
      await this.checkTyped(order.id, watch, address, await watch.reader.tipHeight());
    } catch (error) {
      // The poll reads it again; the customer sees nothing until then.
      if (!(error instanceof ChainReadError)) throw error;
      logger.warn({ err: error, orderId }, 'Transaction id could not be checked now; the next poll will');
    }
  }

  /**
   * Gives order `order` the payments of its amount already seen at its address and not attributed (sent after its
   * quote was held, before the order existed: the spec's flow pays first, then presses "I've Sent the Payment"), and
   * settles it. Nothing when none.
   */
  async claimSeen(order: Order): Promise<void> {
    const watch = this.readers.forMethod(order.paymentMethod);
    if (!watch) return;
    const ours = await this.db.transaction(async (manager) => {
      const seen = await this.unattributedFor(manager, watch, order.cryptoAddress, {
        amount: order.paymentAmountCrypto,
        from: order.paymentsCountFrom,
        until: null,
      });
      const claimed: string[] = [];
      for (const payment of seen) {
        // Short of the amount (an exchange fee): the order's only when nothing else at the address could explain it.
        if (decimalToUnits(payment.shown, 8) !== decimalToUnits(order.paymentAmountCrypto, 8)) {
          const orders = await this.orderWithinTolerance(
            manager,
            watch,
            order.cryptoAddress,
            payment.shown,
            payment.sentAt,
          );
          const quoted = await this.heldQuoteExplains(
            manager,
            watch,
            order.cryptoAddress,
            payment.shown,
            payment.sentAt,
          );
          if (quoted || orders.length !== 1 || orders[0].id !== order.id) continue;
        }
        claimed.push(payment.id);
      }
      if (claimed.length > 0) {
        await manager.query(
          `UPDATE chain_payments SET order_id = $1, matched_by = $3 WHERE id = ANY($2) AND order_id IS NULL`,
          [order.id, claimed, ChainPaymentMatch.AMOUNT],
        );
      }
      return claimed;
    });
    if (ours.length === 0) return;
    logger.info(
      { orderId: order.id, payments: ours.length },
      'Payment seen before the order was placed attributed to it',
    );
    await this.settle(order.id);
  }

  /**
   * Whether a quote held at checkout was paid in time: a payment of its amount (or short of it within the method's
   * tolerance) to its address, sent after it was held and before it expired, is on record and no order's. While its
   * amount is still held (HELD_QUOTE_GRACE), such a quote may still be placed (HeldQuotes.usable).
   */
  async paidInTime(
    quote: Pick<HeldQuote, 'paymentMethod' | 'cryptoAddress' | 'paymentAmountCrypto' | 'createdAt' | 'expiresAt'>,
  ): Promise<boolean> {
    const watch = this.readers.forMethod(quote.paymentMethod);
    if (!watch) return false;
    const seen = await this.unattributedFor(this.db.manager, watch, quote.cryptoAddress, {
      amount: quote.paymentAmountCrypto,
      from: quote.createdAt,
      until: quote.expiresAt,
    });
    return seen.length > 0;
  }

  /**
   * The payments on record to `address` that no order has, of `amount` or short of it within the method's tolerance
   * (in the method's shown decimals), sent (in a block, or first seen) from `from` (less the chain's clock allowance)
   * until `until` (null: now).
   */
  private async unattributedFor(
    manager: EntityManager,
    watch: ChainWatch,
    address: string,
    window: { amount: string; from: Date; until: Date | null },
  ): Promise<{ id: string; shown: string; sentAt: Date }[]> {
    const decimals = this.methods.decimals(watch.method);
    const rows: { id: string; to_address: string; shown: string; sent_at: Date }[] = await manager.query(
      `SELECT id, to_address, trunc(amount, $2)::text AS shown, coalesce(block_time, detected_at) AS sent_at
       FROM chain_payments
       WHERE method = $1 AND order_id IS NULL AND status <> $3
         AND trunc(amount, $2) <= $4::numeric AND trunc(amount, $2) >= $4::numeric * (1 - $5::numeric / 100)
         AND coalesce(block_time, detected_at) >= $6::timestamptz - $7 * interval '1 millisecond'
         AND ($8::timestamptz IS NULL OR coalesce(block_time, detected_at) <= $8::timestamptz)`,
      [
        watch.method,
        decimals,
        ChainPaymentStatus.FAILED,
        window.amount,
        this.methods.tolerancePercent(watch.method),
        window.from,
        watch.definition.clockSkewMs,
        window.until,
      ],
    );
    const key = watch.definition.addressKey;
    return rows
      .filter((p) => key(p.to_address) === key(address))
      .map((p) => ({ id: p.id, shown: p.shown, sentAt: p.sent_at }));
  }

  /**
   * Whether a quote held at checkout (not yet placed, its amount still held) could be what a payment of `shown` to
   * `address` sent at `sentAt` pays: its exact amount ('exact'), short of it within the tolerance ('band'), or not.
   * Such a payment is left for the quote's order (claimSeen): no other order takes it by tolerance or typed ID.
   */
  private async heldQuoteExplains(
    manager: EntityManager,
    watch: ChainWatch,
    address: string,
    shown: string,
    sentAt: Date,
  ): Promise<'exact' | 'band' | null> {
    const [row]: { exact: boolean | null; n: number }[] = await manager.query(
      `SELECT bool_or(payment_amount_crypto = $3::numeric) AS exact, count(*)::int AS n FROM held_quotes
       WHERE payment_method = $1 AND crypto_address = $2 AND order_id IS NULL
         AND expires_at > now() - interval '${HELD_QUOTE_GRACE}'
         AND payment_amount_crypto >= $3::numeric AND $3::numeric >= payment_amount_crypto * (1 - $4::numeric / 100)
         AND created_at <= $5::timestamptz + $6 * interval '1 millisecond'`,
      [watch.method, address, shown, this.methods.tolerancePercent(watch.method), sentAt, watch.definition.clockSkewMs],
    );
    return row.n === 0 ? null : row.exact ? 'exact' : 'band';
  }

  /** Queues the immediate check of the transaction id an order was just given (in the caller's transaction). */
  async queueCheck(order: Pick<Order, 'id' | 'paymentMethod'>, manager: EntityManager): Promise<void> {
    if (!this.readers.forMethod(order.paymentMethod)) return;
    await this.jobs.add(
      { task: PAYMENT_CHECK_TASK, payload: { orderId: order.id }, jobKey: `${PAYMENT_CHECK_TASK}:${order.id}` },
      manager,
    );
  }

  /** Reads the transaction id order `orderId` was given and records what it paid, or flags what is wrong with it. */
  private async checkTyped(orderId: string, watch: ChainWatch, address: string, tip: number): Promise<void> {
    const order = await this.db.getRepository(Order).findOneBy({ id: orderId });
    if (!order || order.status !== OrderStatus.PENDING || !order.transactionId) return;
    const txId = order.transactionId;
    const { facts, clockSkewMs } = watch.definition;
    const tx = await watch.reader.transaction(txId);
    if (!tx) {
      return this.flagById(order.id, PaymentIssueKind.NOT_FOUND, ISSUES.notFound(txId, facts.chain!.name));
    }
    if (tx.status === 'failed') return this.flagById(order.id, PaymentIssueKind.FAILED, ISSUES.failed(txId));
    // A transfer of nothing (TRC-20 address poisoning sends 0 USDT) pays nothing.
    const toUs = tx.transfers.filter((t) => t.units > 0n && paysAddress(watch, t, address));
    const payments = toUs.filter((t) => t.token === watch.token);
    if (payments.length === 0) {
      return toUs.length > 0
        ? this.flagById(order.id, PaymentIssueKind.WRONG_TOKEN, ISSUES.wrongToken(txId, facts.label))
        : this.flagById(order.id, PaymentIssueKind.WRONG_RECIPIENT, ISSUES.wrongRecipient(txId, address));
    }
    if (tx.blockTime && tx.blockTime.getTime() < order.paymentsCountFrom.getTime() - clockSkewMs) {
      return this.flagById(order.id, PaymentIssueKind.BEFORE_ORDER, ISSUES.beforeOrder(txId));
    }
    for (const transfer of payments) await this.record(watch, address, tx, transfer, tip, order);
  }

  /**
   * Reads new payments to `address` (from where the last poll stopped) and records those that pay an order's unique
   * amount; the others are recorded unattributed, so a transaction id given later can claim them. Reads nothing while
   * no order waits for a payment there. Returns how many transfers it saw.
   */
  private async watchAddress(watch: ChainWatch, address: string, tip: number): Promise<number> {
    // Two indexed minimums rather than one OR, which would walk the whole order history.
    const [{ oldest }]: { oldest: Date | null }[] = await this.db.query(
      `SELECT least(
         (SELECT min(created_at) FROM orders
          WHERE payment_method = $1 AND crypto_address = $2 AND payment_offset IS NOT NULL AND status = $4),
         (SELECT min(created_at) FROM orders
          WHERE payment_method = $1 AND crypto_address = $2 AND payment_offset IS NOT NULL
            AND payment_due_at > now() - $3 * interval '1 day'),
         -- A quote held at checkout may be paid before its order exists.
         (SELECT min(created_at) FROM held_quotes
          WHERE payment_method = $1 AND crypto_address = $2 AND order_id IS NULL
            AND expires_at > now() - interval '${HELD_QUOTE_GRACE}')) AS oldest`,
      [watch.method, address, this.config.chains.latePaymentDays, OrderStatus.PENDING],
    );
    if (!oldest) {
      // Nothing to look for: the next order starts from the recent past, not from a backlog.
      await this.db.query(`DELETE FROM chain_watch_positions WHERE method = $1 AND address = $2`, [
        watch.method,
        address,
      ]);
      return 0;
    }
    // Payments older than every order they could pay are no one's (the recent past an API gives may reach far back).
    // An order counts payments from its held quote, at most RATE_LOCK_MINUTES before it was placed.
    const notBefore = oldest.getTime() - watch.definition.clockSkewMs - this.config.rateLockMinutes * 60_000;
    // Keyed by method, not chain: two methods on one chain and address (ETH and a token) each keep their own place.
    const rows: { position: string }[] = await this.db.query(
      `SELECT position FROM chain_watch_positions WHERE method = $1 AND address = $2`,
      [watch.method, address],
    );
    const page = await watch.reader.incoming(address, rows.length > 0 ? Number(rows[0].position) : null);
    let seen = 0;
    for (const tx of page.transactions) {
      if (tx.status === 'failed' || (tx.blockTime && tx.blockTime.getTime() < notBefore)) continue;
      for (const transfer of tx.transfers) {
        if (transfer.units <= 0n || !paysAddress(watch, transfer, address) || transfer.token !== watch.token) continue;
        seen += 1;
        await this.isolated({ txId: tx.txId }, () => this.record(watch, address, tx, transfer, tip, null));
      }
    }
    await this.db.query(
      `INSERT INTO chain_watch_positions (method, address, position) VALUES ($1, $2, $3)
       ON CONFLICT (method, address) DO UPDATE SET position = excluded.position, updated_at = now()`,
      [watch.method, address, page.next],
    );
    return seen;
  }

  /**
   * Records one payment (once: the unique output constraint) and settles the order it pays. `claimant` is the order
   * whose customer gave the transaction id; without one, the payment goes to the order whose unique amount it is.
   * With one, it still goes to the order whose unique amount it is, if that is another order (a typed id never
   * takes another customer's payment).
   */
  private async record(
    watch: ChainWatch,
    address: string,
    tx: ChainTransaction,
    transfer: ChainTransfer,
    tip: number,
    claimant: Order | null,
  ): Promise<void> {
    const { method } = watch;
    const settle = await this.db.transaction(async (manager): Promise<string | null> => {
      const repository = manager.getRepository(ChainPayment);
      const lock = { mode: 'pessimistic_write' } as const;
      const amount = unitsToDecimal(transfer.units, watch.reader.unitDecimals);
      const existing =
        (await repository.findOne({ where: { method, txId: tx.txId, outputIndex: transfer.index }, lock })) ??
        // A reader whose listing cannot tell a transfer's index (it says 0) gives the true one on a re-read by id: the
        // same recipient and amount in the same transaction is the same transfer, not a second payment.
        (watch.reader.listedIndexUncertain
          ? await repository.findOne({ where: { method, txId: tx.txId, toAddress: transfer.to, amount }, lock })
          : null);
      if (existing) {
        // Seen before (the API listed it again): what changes now is its confirmations, which the refresh follows.
        if (!claimant) return null;
        if (existing.orderId === claimant.id) return existing.orderId;
        if (existing.orderId) {
          await this.flag(manager, claimant, PaymentIssueKind.ALREADY_USED, ISSUES.alreadyUsed(tx.txId));
          return null;
        }
        await manager.update(
          ChainPayment,
          { id: existing.id },
          { orderId: claimant.id, matchedBy: ChainPaymentMatch.TRANSACTION_ID },
        );
        return claimant.id;
      }
      const shown = this.shownAmount(watch, transfer.units);
      const exact = await this.orderOfAmount(manager, watch, address, shown, tx, claimant?.id ?? null);
      const claimantsAmount =
        claimant !== null && decimalToUnits(shown, 8) === decimalToUnits(claimant.paymentAmountCrypto, 8);
      // A quote held at checkout (paid before its order is placed) keeps what is its: the order claims it when placed.
      const sentAt = tx.blockTime ?? new Date();
      const quoted =
        exact === null && !claimantsAmount
          ? await this.heldQuoteExplains(manager, watch, address, shown, sentAt)
          : null;
      // Slightly short (an exchange kept its fee): the order whose payment tolerance explains it, when only one does.
      const explained =
        exact === null && !claimantsAmount
          ? await this.orderWithinTolerance(manager, watch, address, shown, sentAt)
          : null;
      const byAmount =
        exact ??
        (!quoted && explained?.length === 1 && (!claimant || explained[0].id === claimant.id) ? explained[0].id : null);
      const owner = byAmount ?? (quoted === 'exact' ? null : (claimant?.id ?? null));
      const matchedBy =
        owner === null
          ? null
          : byAmount !== null || claimantsAmount
            ? ChainPaymentMatch.AMOUNT
            : ChainPaymentMatch.TRANSACTION_ID;
      const confirmations = tx.status === 'pending' ? 0 : confirmationsAt(tip, tx.blockNumber);
      const inserted: { id: string }[] = await manager.query(
        `INSERT INTO chain_payments (method, tx_id, output_index, to_address, amount, order_id, status, block_number,
                                     block_time, confirmations, required_confirmations, matched_by)
         VALUES ($1, $2, $3, $4, $5, $6, $12, $7, $8, $9, $10, $11)
         ON CONFLICT (method, tx_id, output_index) DO NOTHING RETURNING id`,
        [
          method,
          tx.txId,
          transfer.index,
          transfer.to,
          amount,
          owner,
          tx.status === 'pending' ? null : tx.blockNumber,
          tx.status === 'pending' ? null : tx.blockTime,
          confirmations,
          watch.requiredConfirmations,
          matchedBy,
          ChainPaymentStatus.DETECTED,
        ],
      );
      if (inserted.length === 0) return null; // recorded meanwhile by another job: that one settles it
      logger.info({ method, txId: tx.txId, orderId: owner, confirmations }, 'Payment seen on chain');
      // (A payment of a held quote's exact amount is that quote's: no order is flagged for it.)
      if (owner === null && explained && (explained.length > 1 || (quoted === 'band' && explained.length > 0))) {
        // Tolerance bands overlap on this payment (two orders', or an order's and a held quote's): none takes it; an
        // admin decides, with the orders named.
        for (const candidate of explained) {
          const others = explained.filter((o) => o.id !== candidate.id).map((o) => `#${shortOrderId(o.id)}`);
          if (quoted === 'band') others.push('a price held at checkout');
          await this.flag(
            manager,
            candidate,
            PaymentIssueKind.NEEDS_REVIEW,
            ISSUES.ambiguousShort(`${shown} ${watch.definition.facts.currency}`, tx.txId, others),
          );
        }
      }
      if (claimant && owner !== claimant.id) {
        await this.flag(manager, claimant, PaymentIssueKind.ALREADY_USED, ISSUES.alreadyUsed(tx.txId));
      }
      return owner;
    });
    if (settle) await this.settle(settle);
  }

  /**
   * The order whose unique amount `shown` is, among orders still waiting for a payment (or ended within
   * LATE_PAYMENT_DAYS) placed before the payment was sent, other than `except`; else the UNDERPAID order whose
   * `amountDue` it is (the customer paid the rest).
   */
  private async orderOfAmount(
    manager: EntityManager,
    watch: ChainWatch,
    address: string,
    shown: string,
    tx: ChainTransaction,
    except: string | null,
  ): Promise<string | null> {
    const sentAt = tx.blockTime ?? new Date();
    const rows: { id: string }[] = await manager.query(
      `SELECT id FROM (
         SELECT id, 0 AS rank, status = ${PENDING} AS open, created_at FROM orders
         WHERE payment_method = $1 AND crypto_address = $2 AND payment_amount_crypto = $3::numeric
           AND payment_offset IS NOT NULL AND ($4::uuid IS NULL OR id <> $4)
           AND (status = ${PENDING} OR payment_due_at > now() - $5 * interval '1 day')
           AND coalesce(payable_from, created_at) <= $6::timestamptz + $7 * interval '1 millisecond'
         UNION ALL
         -- The rest of an UNDERPAID order (its amountDue), when no order has this amount as its own, no other owes
         -- it and no quote held at checkout has it: a rest is set to the unit by the customer, so it must never
         -- reach a payment someone else makes.
         SELECT id, 1, true, created_at FROM orders
         WHERE payment_method = $1 AND crypto_address = $2 AND amount_due = $3::numeric AND status = ${PENDING}
           AND ($4::uuid IS NULL OR id <> $4)
           AND (SELECT count(*) FROM orders owing
                WHERE owing.payment_method = $1 AND owing.crypto_address = $2 AND owing.amount_due = $3::numeric
                  AND owing.status = ${PENDING}) = 1
           AND NOT EXISTS (SELECT 1 FROM held_quotes quote
                           WHERE quote.payment_method = $1 AND quote.crypto_address = $2
                             AND quote.payment_amount_crypto = $3::numeric AND quote.order_id IS NULL
                             AND quote.expires_at > now() - interval '${HELD_QUOTE_GRACE}')
       ) candidate
       ORDER BY rank, open DESC, created_at DESC LIMIT 1`,
      [watch.method, address, shown, except, this.config.chains.latePaymentDays, sentAt, watch.definition.clockSkewMs],
    );
    return rows[0]?.id ?? null;
  }

  /**
   * The PENDING orders at `address` that a payment of `shown` could be, within their method's payment tolerance
   * (PAYMENT_TOLERANCE_PERCENT): short of the order's amount by at most that share, sent after the order's payments
   * count from. None without a tolerance. More than one: the payment is no one's until an admin decides.
   */
  private async orderWithinTolerance(
    manager: EntityManager,
    watch: ChainWatch,
    address: string,
    shown: string,
    sentAt: Date,
  ): Promise<Order[]> {
    const tolerance = this.methods.tolerancePercent(watch.method);
    if (tolerance <= 0) return [];
    return manager
      .getRepository(Order)
      .createQueryBuilder('o')
      .where('o.payment_method = :method AND o.crypto_address = :address AND o.status = :pending', {
        method: watch.method,
        address,
        pending: OrderStatus.PENDING,
      })
      .andWhere('o.payment_offset IS NOT NULL')
      .andWhere(':shown::numeric < o.payment_amount_crypto', { shown })
      .andWhere(':shown::numeric >= o.payment_amount_crypto * (1 - :tolerance::numeric / 100)', { tolerance })
      .andWhere(`coalesce(o.payable_from, o.created_at) <= :sentAt::timestamptz + :skew * interval '1 millisecond'`, {
        sentAt,
        skew: watch.definition.clockSkewMs,
      })
      .orderBy('o.created_at')
      .limit(5)
      .getMany();
  }

  /**
   * Follows the payments of method `watch` not yet confirmed: their confirmations from the tip (one request per
   * chain), a re-read of those not in a block yet, and a final re-read of each that reaches the required count (it
   * must still be in the chain, succeeded). Returns how many it looked at.
   */
  private async refreshUnconfirmed(watch: ChainWatch, tip: number): Promise<number> {
    const repository = this.db.getRepository(ChainPayment);
    const open = await repository.find({
      // By method, not chain: each method's payments are re-read by its own reader (a token's by the token's).
      where: { method: watch.method, status: ChainPaymentStatus.DETECTED },
      order: { detectedAt: 'ASC' },
      take: UNCONFIRMED_PER_POLL,
    });
    const toSettle = new Set<string>();
    for (const payment of open) {
      let { blockNumber, blockTime } = payment;
      let status: ChainPaymentStatus = payment.status;
      let confirmations = confirmationsAt(tip, blockNumber);
      if (blockNumber === null || confirmations >= payment.requiredConfirmations) {
        const tx = await watch.reader.transaction(payment.txId);
        const inBlock = tx && tx.status !== 'pending' ? tx : null;
        blockNumber = inBlock?.blockNumber ?? null;
        blockTime = inBlock?.blockTime ?? null;
        confirmations = confirmationsAt(tip, blockNumber);
        if (inBlock?.status === 'failed') status = ChainPaymentStatus.FAILED;
        else if (inBlock && confirmations >= payment.requiredConfirmations) status = ChainPaymentStatus.CONFIRMED;
        // Gone from the chain and its mempool (replaced by a higher fee, dropped, or reorganised away): it paid
        // nothing. (A TRON transfer is unknown by id until it is solidified, about a minute.)
        else if (!tx && Date.now() - payment.detectedAt.getTime() > DROPPED_AFTER_MS)
          status = ChainPaymentStatus.FAILED;
      }
      const changed =
        status !== payment.status || confirmations !== payment.confirmations || blockNumber !== payment.blockNumber;
      if (!changed) continue;
      await repository.update(
        { id: payment.id },
        {
          status,
          confirmations,
          blockNumber,
          blockTime,
          confirmedAt: status === ChainPaymentStatus.CONFIRMED ? new Date() : null,
        },
      );
      if (payment.orderId) toSettle.add(payment.orderId);
    }
    for (const orderId of toSettle) await this.settle(orderId);
    return open.length;
  }

  /**
   * Decides what the payments of order `orderId` mean: paid (SUCCESS as SYSTEM once every payment has its
   * confirmations), not yet, or an issue with the amounts (under-, over-, late payment). Announces the order's change
   * either way, so /verify follows the confirmations live.
   */
  async settle(orderId: string): Promise<void> {
    await this.db.transaction(async (manager) => {
      const order = await manager
        .getRepository(Order)
        .findOne({ where: { id: orderId }, lock: { mode: 'pessimistic_write' } });
      if (!order) return;
      await this.bus.publish(orderChangeEvents(order.id), manager);
      const payments = await manager.getRepository(ChainPayment).find({
        where: { orderId, status: Not(ChainPaymentStatus.FAILED) },
        order: { detectedAt: 'ASC' },
      });
      const watch = this.readers.forMethod(order.paymentMethod);
      if (payments.length === 0 || !watch) return;

      const decimals = this.methods.decimals(order.paymentMethod);
      const { currency } = methodDefinition(order.paymentMethod).facts;
      const received = receivedUnits(payments, decimals);
      const due = decimalToUnits(order.paymentAmountCrypto, decimals);
      const amount = (units: bigint) => `${unitsToDecimal(units, decimals)} ${currency}`;
      const confirmed = payments.every((p) => p.status === ChainPaymentStatus.CONFIRMED);
      const lastSentAt = Math.max(...payments.map(sentAt));

      if (ENDED_UNPAID.includes(order.status)) {
        const status = ORDER_STATUS_LABELS[order.status];
        return this.flag(manager, order, PaymentIssueKind.LATE, ISSUES.lateEnded(amount(received), status));
      }
      if (PAID.includes(order.status)) {
        if (received > due) {
          await this.flag(manager, order, PaymentIssueKind.OVERPAID, ISSUES.overpaid(amount(received), amount(due)));
        }
        return;
      }
      if (order.status !== OrderStatus.PENDING) return;
      if (lastSentAt > order.paymentDueAt.getTime()) {
        return this.flag(manager, order, PaymentIssueKind.LATE, ISSUES.lateWindow(amount(received)));
      }
      // What the payments are worth against the dollar total (the quote lock, re-quotes, the tolerance): the orders
      // module's rule (orders/payment-verdict.ts).
      const judge = (counted: readonly ChainPayment[]) => this.verdictOf(order, counted);
      const verdict = judge(payments);
      if (verdict.rateMissing) {
        await this.setAmountDue(manager, order, null, decimals);
        return this.flag(manager, order, PaymentIssueKind.NEEDS_REVIEW, ISSUES.noRateForLate(amount(received)));
      }
      if (!verdict.covered) {
        await this.setAmountDue(manager, order, verdict.amountDue, decimals);
        const missing = verdict.amountDue === null ? null : amount(verdict.amountDue);
        return this.flag(
          manager,
          order,
          PaymentIssueKind.UNDERPAID,
          verdict.requoted || missing === null
            ? ISSUES.underpaidRequoted(amount(received), dollars(verdict.shortCents), missing)
            : ISSUES.underpaid(amount(received), amount(due), missing),
        );
      }
      await this.setAmountDue(manager, order, null, decimals);
      if (!confirmed) return this.clearIssue(manager, order);
      // Only payments of this order's unique amount (or the only order whose tolerance explains them) confirm it by
      // themselves: an id typed for a payment of another amount could be anyone's payment (it is public on chain), so
      // a person confirms those.
      if (!judge(payments.filter((p) => p.matchedBy === ChainPaymentMatch.AMOUNT)).covered) {
        return this.flag(
          manager,
          order,
          PaymentIssueKind.NEEDS_REVIEW,
          received > due
            ? ISSUES.reviewOverpaid(amount(received), amount(due), amount(received - due))
            : ISSUES.reviewInFull(amount(received)),
        );
      }
      const txIds = [...new Set(payments.map((p) => p.txId))].join(', ');
      const least = Math.min(...payments.map((p) => p.confirmations));
      await this.lifecycle.transition(
        manager,
        order,
        OrderStatus.SUCCESS,
        SYSTEM_ACTOR,
        `Payment confirmed on chain: ${amount(received)} in ${txIds} (${least} confirmations)`,
      );
      if (verdict.requoted) {
        await this.lifecycle.note(
          manager,
          order,
          SYSTEM_ACTOR,
          ISSUES.requotedPaid(this.methods.currentUsd(order.paymentMethod) as string, currency),
        );
      }
      if (verdict.shortCents > 0) {
        await manager.update(Order, { id: order.id }, { acceptedShortfallCents: verdict.shortCents });
        await this.lifecycle.note(
          manager,
          order,
          SYSTEM_ACTOR,
          ISSUES.shortAccepted(dollars(verdict.shortCents), this.methods.tolerancePercent(order.paymentMethod)),
        );
      }
      // More coin than the amount asked for; re-quoted (the rest of a short late payment), only when also worth more
      // than the total: paying what the store asked is never an over-payment, whatever the market did.
      if (received > due && (!verdict.requoted || verdict.excessCents > 0)) {
        await this.flag(manager, order, PaymentIssueKind.OVERPAID, ISSUES.overpaid(amount(received), amount(due)));
      } else {
        await this.clearIssue(manager, order);
      }
      logger.info({ orderId, txIds }, 'Payment confirmed on chain');
    });
  }

  /**
   * Runs one item of a poll (a typed id, a listed transfer) so that an error of its own is logged and the poll goes
   * on: one bad item must not stop a chain's payments. A chain that cannot be read still ends the poll.
   */
  private async isolated(item: Record<string, string>, run: () => Promise<void>): Promise<void> {
    try {
      await run();
    } catch (error) {
      if (error instanceof ChainReadError) throw error;
      logger.error({ err: error, ...item }, 'A payment could not be processed; the poll goes on without it');
    }
  }

  /** A payment's amount at the method's shown decimals, cut (never rounded up): what is compared with the order's. */
  private shownAmount(watch: ChainWatch, units: bigint): string {
    const decimals = this.methods.decimals(watch.method);
    const cut = units / 10n ** BigInt(watch.reader.unitDecimals - decimals);
    return unitsToDecimal(cut, decimals);
  }

  private async flagById(orderId: string, kind: PaymentIssueKind, message: string): Promise<void> {
    await this.db.transaction(async (manager) => {
      const order = await manager
        .getRepository(Order)
        .findOne({ where: { id: orderId }, lock: { mode: 'pessimistic_write' } });
      if (order?.status === OrderStatus.PENDING) await this.flag(manager, order, kind, message);
    });
  }

  /** Sets the order's payment issue, writes it into its history once, and announces the change. */
  private async flag(manager: EntityManager, order: Order, kind: PaymentIssueKind, message: string): Promise<void> {
    if (order.paymentIssue === message) return;
    await manager.update(Order, { id: order.id }, { paymentIssue: message, paymentIssueKind: kind });
    order.paymentIssue = message;
    order.paymentIssueKind = kind;
    await this.lifecycle.note(manager, order, SYSTEM_ACTOR, message);
    await this.events.record(manager, [
      { type: 'order.payment_issue', payload: { orderId: order.id, kind, issue: message } },
    ]);
    await this.bus.publish(orderChangeEvents(order.id), manager);
    logger.info({ orderId: order.id, kind }, 'Payment issue flagged');
  }

  /** Records what an UNDERPAID order still needs (a payment of exactly that amount to the address pays it); null: none. */
  private async setAmountDue(
    manager: EntityManager,
    order: Order,
    units: bigint | null,
    decimals: number,
  ): Promise<void> {
    const value = units === null || units === 0n ? null : unitsToDecimal(units, decimals);
    if (order.amountDueCrypto === value) return;
    await manager.update(Order, { id: order.id }, { amountDueCrypto: value });
    order.amountDueCrypto = value;
  }

  private async clearIssue(manager: EntityManager, order: Order): Promise<void> {
    if (order.paymentIssue === null) return;
    await manager.update(Order, { id: order.id }, { paymentIssue: null, paymentIssueKind: null });
    order.paymentIssue = null;
    order.paymentIssueKind = null;
  }

  /** Has a payment (not a failed one) been seen on chain for order `orderId`? Then it can no longer be cancelled. */
  /**
   * Whether the payments seen on chain for `order` (in a block, not failed, confirmed or not) add up to its amount: what may
   * keep its licence keys past their reservation (docs/inventory.md "Reservation"). A dust payment, or a typed ID of
   * someone else's small transfer, does not.
   */
  async seenPaymentsCover(
    manager: EntityManager,
    order: Pick<Order, 'id' | 'paymentMethod' | 'paymentAmountCrypto' | 'totalPrice' | 'quoteExpiresAt'>,
  ): Promise<boolean> {
    // In a block at least: a transaction still in the mempool costs nothing to replace (RBF) once it has held the
    // keys for a period.
    const payments = await manager.getRepository(ChainPayment).find({
      where: { orderId: order.id, status: Not(ChainPaymentStatus.FAILED), confirmations: MoreThanOrEqual(1) },
    });
    if (payments.length === 0) return false;
    // Judged as settling judges them (the lock, a re-quote, the tolerance): what would pay the order keeps its keys.
    return this.verdictOf(order, payments).covered;
  }

  /** What `payments` are worth against `order`'s dollar total now (orders/payment-verdict.ts). */
  private verdictOf(
    order: Pick<Order, 'paymentMethod' | 'paymentAmountCrypto' | 'totalPrice' | 'quoteExpiresAt'>,
    payments: readonly ChainPayment[],
  ): Verdict {
    const decimals = this.methods.decimals(order.paymentMethod);
    return judgePayments({
      due: decimalToUnits(order.paymentAmountCrypto, decimals),
      totalCents: Math.round(order.totalPrice * 100),
      decimals,
      lockEndsAt: order.quoteExpiresAt?.getTime() ?? null,
      payments: payments.map((p) => ({ units: decimalToUnits(p.amount, decimals), sentAt: sentAt(p) })),
      currentUsdRate: this.methods.currentUsd(order.paymentMethod),
      tolerancePercent: this.methods.tolerancePercent(order.paymentMethod),
      now: Date.now(),
    });
  }

  async hasPaymentFor(manager: EntityManager, orderId: string): Promise<boolean> {
    return manager.getRepository(ChainPayment).exists({ where: { orderId, status: Not(ChainPaymentStatus.FAILED) } });
  }

  /**
   * Has transaction `txId` (as a customer typed it) already paid an order other than `orderId`? A transaction pays
   * one order: the unique constraint on its outputs makes sure, this says so before the customer waits for a check.
   */
  async paidAnotherOrder(manager: EntityManager, orderId: string, txId: string): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `SELECT 1 FROM chain_payments
       WHERE ${txIdKeySql('tx_id')} = ${txIdKeySql('$1')} AND order_id IS NOT NULL AND order_id <> $2
       LIMIT 1`,
      [txId, orderId],
    );
    return rows.length > 0;
  }

  /** The latest payment seen for each order in `orderIds` (null: none), for `Order.payment`. */
  async latestOf(orderIds: readonly string[]): Promise<(ChainPayment | null)[]> {
    const payments = await this.db
      .getRepository(ChainPayment)
      .createQueryBuilder('p')
      .distinctOn(['p.order_id'])
      .where('p.order_id = ANY(:ids)', { ids: [...orderIds] })
      .orderBy('p.order_id')
      .addOrderBy('p.detected_at', 'DESC')
      .getMany();
    const byOrder = new Map(payments.map((p) => [p.orderId, p]));
    return orderIds.map((id) => byOrder.get(id) ?? null);
  }
}

/** The issues about one typed transaction, which a new transaction id replaces (the others are about amounts). */
export const TRANSACTION_ISSUES: readonly PaymentIssueKind[] = [
  PaymentIssueKind.NOT_FOUND,
  PaymentIssueKind.FAILED,
  PaymentIssueKind.WRONG_RECIPIENT,
  PaymentIssueKind.WRONG_TOKEN,
  PaymentIssueKind.ALREADY_USED,
  PaymentIssueKind.BEFORE_ORDER,
];

/** Whether `transfer` pays `address`, compared in the form the method's addresses compare in. */
function paysAddress(watch: ChainWatch, transfer: ChainTransfer, address: string): boolean {
  const key = watch.definition.addressKey;
  return key(transfer.to) === key(address);
}

/**
 * The payment issues as the customer and the admin read them (docs/payments.md "Exceptions"); a sentence that names its
 * kind starts with the kind's label (common/payment-issues.ts), which the admin queue shows as the flag's title.
 */
export const ISSUES = {
  notFound: (txId: string, chain: string) =>
    `Transaction ${txId} was not found on the ${chain} network yet. We keep checking until the payment window ends.`,
  failed: (txId: string) => `Transaction ${txId} failed on chain and paid nothing.`,
  wrongToken: (txId: string, method: string) =>
    `Transaction ${txId} sends a token other than ${method} to our address.`,
  wrongRecipient: (txId: string, address: string) => `Transaction ${txId} does not pay our address ${address}.`,
  beforeOrder: (txId: string) => `Transaction ${txId} was sent before this order was placed.`,
  alreadyUsed: (txId: string) => `Transaction ${txId} already paid another order.`,
  underpaid: (received: string, due: string, missing: string) =>
    `${PAYMENT_ISSUE_LABELS.UNDERPAID}: received ${received} of ${due}; ${missing} missing. Send the rest to the same address and add its transaction ID, or contact support.`,
  underpaidRequoted: (received: string, shortDollars: string, missing: string | null) =>
    missing === null
      ? `${PAYMENT_ISSUE_LABELS.UNDERPAID}: received ${received}, ${shortDollars} short of the order's total. We cannot price the rest right now; contact support.`
      : `${PAYMENT_ISSUE_LABELS.UNDERPAID}: received ${received}, ${shortDollars} short of the order's total at today's rate (the price lock had ended). Send ${missing} more to the same address, or contact support.`,
  ambiguousShort: (amount: string, txId: string, others: string[]) =>
    `A payment of ${amount} (transaction ${txId}) is short of this order's amount, within the payment tolerance, and could as well pay ${others.map((o) => (o.startsWith('#') ? `order ${o}` : o)).join(' or ')}. An admin decides which order it pays.`,
  noRateForLate: (received: string) =>
    `${received} arrived after the price lock ended and no current exchange rate is available to re-quote it. An admin confirms the payment.`,
  requotedPaid: (usd: string, currency: string) =>
    `Paid after the price lock ended: re-quoted at ${usd} USD per ${currency}, the payment covers the order's total.`,
  shortAccepted: (shortDollars: string, tolerance: number) =>
    `Accepted ${shortDollars} short of the order's total, within the ${tolerance}% payment tolerance.`,
  reviewOverpaid: (received: string, due: string, extra: string) =>
    `Received ${received} for ${due} due (${extra} more) in a transaction identified by its ID, not by this order's unique amount. An admin confirms the payment and decides on refunding the difference.`,
  reviewInFull: (received: string) =>
    `Received ${received} in full, partly in transactions identified by their ID, not by this order's unique amount. An admin confirms the payment.`,
  overpaid: (received: string, due: string) =>
    `${PAYMENT_ISSUE_LABELS.OVERPAID}: received ${received} for ${due} due. An admin decides on refunding the difference.`,
  lateWindow: (received: string) =>
    `${PAYMENT_ISSUE_LABELS.LATE}: ${received} arrived after the payment window ended. An admin decides whether to accept it.`,
  lateEnded: (received: string, status: string) =>
    `${PAYMENT_ISSUE_LABELS.LATE}: ${received} arrived after the order was marked ${status}. An admin decides whether to accept it.`,
};
