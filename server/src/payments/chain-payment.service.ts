import { DataSource, type EntityManager } from 'typeorm';
import { shortOrderId } from '../../../common/order-lifecycle';
import { AppConfig } from '../app-config';
import { Service } from '../container';
import { PaymentIssueKind, type PaymentMethod } from '../core/enums';
import { JobQueue, type JobSpec } from '../core/job-queue';
import { logger } from '../core/logger';
import { ChainPayment, ChainPaymentMatch, ChainPaymentStatus } from './chain-payment.entity';
import { txIdKeySql } from './chain-payment-records.service';
import {
  ChainReadError,
  confirmationsAt,
  decimalToUnits,
  unitsToDecimal,
  type ChainTransaction,
  type ChainTransfer,
} from './chains/chain-reader';
import { ChainReaders, type ChainWatch } from './chains/chain-readers';
import { PaymentMethodService } from './payment-method.service';
import {
  PayableOrders,
  PaymentObserver,
  type PayableOrder,
  type PaymentReport,
  type PaymentSighting,
} from './payment-observer';

export const PAYMENTS_POLL_TASK = 'payments:poll';
export const PAYMENT_CHECK_TASK = 'payments:check';
export const PAYMENT_SETTLE_TASK = 'payments:settle';
/** The queue of the poll: one poll at a time, whoever adds it (itself, the crontab's safety net, start-up). */
export const PAYMENTS_POLL_QUEUE = 'payments-poll';

/**
 * A payment's change that its order must be told of (recorded for it, confirmed, failed, taken back) is committed with a
 * settle job this many seconds later, in the same transaction: the order is told at once after the commit, and should
 * the process die in between (a killed worker, found by `npm run chaos`), the job tells it. Settling twice is harmless.
 */
const SETTLE_BACKSTOP_SECONDS = 60;

/** The order whose customer typed a payment's transaction id. */
type Claimant = Pick<PayableOrder, 'id' | 'paymentAmountCrypto' | 'paymentsCountFrom'>;

/** What `attribute` decides about a payment: its order (null: none yet) and how it was matched. */
interface Attribution {
  owner: string | null;
  matchedBy: ChainPaymentMatch | null;
  /** Orders whose tolerance bands overlap on it (and whether a held quote's does): an admin decides between them. */
  undecided: { orders: string[]; heldQuote: boolean };
}

/** What `record` answers when another job inserted the same transfer first: read it again, to claim it. */
const RECORDED_MEANWHILE = Symbol('recorded meanwhile');

/** Typed transaction ids read per chain and poll, at most (each is one or a few requests). */
const TYPED_PER_POLL = 100;

/** How long a payment may be unknown to the chain before it counts as dropped (it paid nothing). */
const DROPPED_AFTER_MS = 3_600_000;

/** Unconfirmed payments re-read per chain and poll, at most. */
const UNCONFIRMED_PER_POLL = 500;

/** Confirmed payments re-read per chain and poll, at most, for reorganisations (one request each). */
const CONFIRMED_RECHECKS_PER_POLL = 100;

/**
 * How deep a confirmed payment is watched for a reorganisation: until it has twice its required confirmations, and
 * at least six more (a reorganisation deeper than the confirmations a store asks for is already rare; one twice as
 * deep would be an attack on the chain itself, which no store can watch for).
 */
const reorgWatchSql = `greatest(2 * required_confirmations, required_confirmations + 6)`;

/**
 * Confirmed payments are watched for a reorganisation only this long after they confirmed: far longer than any chain
 * takes to reach the watch depth (BTC: 8 blocks, about 80 minutes), and it keeps the watch to recent payments, so a
 * store upgraded with years of payments (or a node that pruned old transactions) does not re-read, or misjudge, them.
 */
const REORG_WATCH_HOURS = 24;

/**
 * Orders' own addresses (BTC_XPUB) read per chain and poll, at most, those read longest ago first: each is one request
 * (more only for an address with over 25 confirmed transactions since its last read), so a poll makes at most about
 * this many requests however many orders are open, and 1,000 open orders are each read every 1,000 / 50 = 20 polls
 * (5 minutes at PAYMENT_POLL_SECONDS=15). A customer who types their transaction id is read at once anyway.
 */
export const OWN_ADDRESSES_PER_POLL = 50;

/**
 * How often the own address of an order that has ended (within LATE_PAYMENT_DAYS: only a late payment could come) is
 * read, at most: abandoned checkouts must not slow down the reads of open orders.
 */
const ENDED_READ_EVERY_SECONDS = 600;

/** What one poll of one chain did (the bench reports it). */
export interface PollReport {
  method: PaymentMethod;
  typedChecked: number;
  transfersSeen: number;
  unconfirmedRefreshed: number;
  /** Confirmed payments re-read for a reorganisation. */
  confirmedRechecked: number;
  error?: string;
}

/** A quote held at checkout, as `paidInTime` asks about it. */
interface QuoteToPay {
  paymentMethod: PaymentMethod;
  cryptoAddress: string;
  /** Set: the quote's own address (any payment there in time is its). */
  addressIndex: number | null;
  paymentAmountCrypto: string;
  createdAt: Date;
  expiresAt: Date;
}

/**
 * Payments on chain (docs/payments.md): reads the chains, records what they show (`chain_payments`, watch positions,
 * confirmations), attributes each payment to the order whose unique amount it is, and tells the orders module
 * (`PaymentObserver`), which decides what the payments mean (paid, short, late…). Two ways in:
 * - a transaction id the customer gives is read at once (`payments:check` job) and on each poll until it is found;
 * - a job (`payments:poll`) watches each address for payments of an open order's unique amount.
 * Attribution never trusts a typed id alone: a payment whose amount is another open order's unique amount belongs to
 * that order. Failed, foreign or reused transactions are reported on the order, never silently dropped. What it asks
 * about orders, it asks through `PayableOrders`: this module does not read the orders' tables.
 */
@Service()
export class ChainPaymentService {
  constructor(
    private readonly db: DataSource,
    private readonly readers: ChainReaders,
    private readonly methods: PaymentMethodService,
    private readonly jobs: JobQueue,
    private readonly config: AppConfig,
    private readonly orders: PayableOrders,
    private readonly observer: PaymentObserver,
  ) {}

  /**
   * The methods read from a chain that have an address to watch: the store's single address (null: none), and with
   * an extended key, the orders' own addresses.
   */
  private watched(): { watch: ChainWatch; address: string | null }[] {
    return this.readers.all().flatMap((watch) => {
      const address = this.methods.singleAddress(watch.method);
      return address || this.methods.derivesAddresses(watch.method) ? [{ watch, address }] : [];
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

  private async pollChain(watch: ChainWatch, address: string | null): Promise<PollReport> {
    const report: PollReport = {
      method: watch.method,
      typedChecked: 0,
      transfersSeen: 0,
      unconfirmedRefreshed: 0,
      confirmedRechecked: 0,
    };
    try {
      const tip = await watch.reader.tipHeight();
      // The address and the payments awaiting confirmations first: what every customer's payment depends on must not
      // wait behind (or fail with) a transaction someone typed.
      report.transfersSeen = address ? await this.watchAddress(watch, address, tip) : 0;
      report.transfersSeen += await this.watchOwnAddresses(watch, address, tip);
      report.unconfirmedRefreshed = await this.refreshUnconfirmed(watch, tip);
      report.confirmedRechecked = await this.recheckConfirmed(watch, tip);
      report.typedChecked = await this.checkTypedIds(watch, tip);
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
  private async checkTypedIds(watch: ChainWatch, tip: number): Promise<number> {
    // An id not found yet, or one that paid too little (the rest may come in it: ETH's internal transfers).
    const typed = await this.orders.typedToCheck(
      watch.method,
      [PaymentIssueKind.NOT_FOUND, PaymentIssueKind.UNDERPAID],
      // The typed id is not on record for the order yet (this module's table, this module's predicate).
      `NOT EXISTS (SELECT 1 FROM chain_payments c WHERE c.order_id = o.id
                     AND ${txIdKeySql('c.tx_id')} = ${txIdKeySql('o.transaction_id')})`,
      TYPED_PER_POLL,
    );
    let failedInARow = 0;
    for (const id of typed) {
      try {
        await this.isolated({ orderId: id }, () => this.checkTyped(id, watch, tip));
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
    const order = await this.orders.find(orderId);
    if (!order?.open || !order.transactionId) return;
    const watch = this.readers.forMethod(order.paymentMethod);
    if (!watch) return;
    try {
      await this.checkTyped(order.id, watch, await watch.reader.tipHeight());
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
  async claimSeen(
    order: Pick<
      PayableOrder,
      'id' | 'paymentMethod' | 'cryptoAddress' | 'addressIndex' | 'paymentAmountCrypto' | 'paymentsCountFrom'
    >,
  ): Promise<void> {
    const watch = this.readers.forMethod(order.paymentMethod);
    if (!watch) return;
    const ownAddress = order.addressIndex !== null;
    const ours = await this.db.transaction(async (manager) => {
      const seen = await this.unattributedFor(manager, watch, order.cryptoAddress, {
        amount: ownAddress ? null : order.paymentAmountCrypto,
        from: order.paymentsCountFrom,
        until: null,
      });
      const claimed: string[] = [];
      for (const payment of seen) {
        // At its own address, every payment is its own, whatever the amount (the settlement judges the amount).
        if (ownAddress) {
          claimed.push(payment.id);
          continue;
        }
        // Short of the amount (an exchange fee): the order's only when nothing else at the address could explain it.
        if (decimalToUnits(payment.shown, 8) !== decimalToUnits(order.paymentAmountCrypto, 8)) {
          const sighting = this.sighting(watch, order.cryptoAddress, payment.shown, payment.sentAt);
          const tolerance = this.methods.tolerancePercent(watch.method);
          const orders = await this.orders.withinTolerance(manager, sighting, tolerance);
          const quoted = await this.orders.heldQuoteExplains(manager, sighting, tolerance);
          if (quoted || orders.length !== 1 || orders[0] !== order.id) continue;
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
  async paidInTime(quote: QuoteToPay): Promise<boolean> {
    const watch = this.readers.forMethod(quote.paymentMethod);
    if (!watch) return false;
    const seen = await this.unattributedFor(this.db.manager, watch, quote.cryptoAddress, {
      amount: quote.addressIndex !== null ? null : quote.paymentAmountCrypto,
      from: quote.createdAt,
      until: quote.expiresAt,
    });
    return seen.length > 0;
  }

  /**
   * The payments on record to `address` that no order has, of `amount` or short of it within the method's tolerance
   * (in the method's shown decimals; null: of any amount, at an address of an order's own), sent (in a block, or
   * first seen) from `from` (less the chain's clock allowance) until `until` (null: now).
   */
  private async unattributedFor(
    manager: EntityManager,
    watch: ChainWatch,
    address: string,
    window: { amount: string | null; from: Date; until: Date | null },
  ): Promise<{ id: string; shown: string; sentAt: Date }[]> {
    const decimals = this.methods.decimals(watch.method);
    const rows: { id: string; to_address: string; shown: string; sent_at: Date }[] = await manager.query(
      `SELECT id, to_address, trunc(amount, $2)::text AS shown, coalesce(block_time, detected_at) AS sent_at
       FROM chain_payments
       WHERE method = $1 AND order_id IS NULL AND status <> $3
         AND ($4::numeric IS NULL
              OR (trunc(amount, $2) <= $4::numeric AND trunc(amount, $2) >= $4::numeric * (1 - $5::numeric / 100)))
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

  /** A payment of `shown` to `address` sent at `sentAt`, as attribution asks the orders module about it. */
  private sighting(watch: ChainWatch, address: string, shown: string, sentAt: Date): PaymentSighting {
    return { method: watch.method, address, shown, sentAt, clockSkewMs: watch.definition.clockSkewMs };
  }

  /** Queues the immediate check of the transaction id an order was just given (in the caller's transaction). */
  async queueCheck(order: Pick<PayableOrder, 'id' | 'paymentMethod'>, manager: EntityManager): Promise<void> {
    if (!this.readers.forMethod(order.paymentMethod)) return;
    await this.jobs.add(
      { task: PAYMENT_CHECK_TASK, payload: { orderId: order.id }, jobKey: `${PAYMENT_CHECK_TASK}:${order.id}` },
      manager,
    );
  }

  /** Reads the transaction id order `orderId` was given and records what it paid, or flags what is wrong with it. */
  private async checkTyped(orderId: string, watch: ChainWatch, tip: number): Promise<void> {
    const order = await this.orders.find(orderId);
    if (!order?.open || !order.transactionId) return;
    // The address the order asks to be paid at: the store's, or its own (BTC_XPUB).
    const address = order.cryptoAddress;
    const txId = order.transactionId;
    const { facts, clockSkewMs } = watch.definition;
    const tx = await watch.reader.transaction(txId);
    if (!tx) {
      return this.reportWhileOpen(order.id, {
        kind: PaymentIssueKind.NOT_FOUND,
        message: ISSUES.notFound(txId, facts.chain!.name),
      });
    }
    if (tx.status === 'failed') {
      return this.reportWhileOpen(order.id, { kind: PaymentIssueKind.FAILED, message: ISSUES.failed(txId) });
    }
    // A transfer of nothing (TRC-20 address poisoning sends 0 USDT) pays nothing.
    const toUs = tx.transfers.filter((t) => t.units > 0n && paysAddress(watch, t, address));
    const payments = toUs.filter((t) => t.token === watch.token);
    if (payments.length === 0) {
      return this.reportWhileOpen(
        order.id,
        toUs.length > 0
          ? { kind: PaymentIssueKind.WRONG_TOKEN, message: ISSUES.wrongToken(txId, facts.label) }
          : { kind: PaymentIssueKind.WRONG_RECIPIENT, message: ISSUES.wrongRecipient(txId, address) },
      );
    }
    if (tx.blockTime && tx.blockTime.getTime() < order.paymentsCountFrom.getTime() - clockSkewMs) {
      return this.reportWhileOpen(order.id, beforeOrder(txId));
    }
    for (const transfer of payments) await this.record(watch, address, tx, transfer, tip, order);
  }

  /**
   * Reads the orders' own addresses (BTC_XPUB) awaiting payments, at most OWN_ADDRESSES_PER_POLL of them per poll,
   * those read longest ago (or never) first, so that every one is read in turn however many orders are open (an ended
   * order's at most every ENDED_READ_EVERY_SECONDS); forgets the places of those no longer awaited (keeping the store's
   * single address's, `single`). Returns how many transfers it saw.
   */
  private async watchOwnAddresses(watch: ChainWatch, single: string | null, tip: number): Promise<number> {
    const awaited = await this.orders.ownAddressesAwaiting(watch.method, this.config.chains.latePaymentDays);
    const addresses = awaited.map((a) => a.address);
    await this.db.query(
      `DELETE FROM chain_watch_positions
       WHERE method = $1 AND address <> ALL ($2::text[]) AND ($3::text IS NULL OR address <> $3)`,
      [watch.method, addresses, single],
    );
    if (awaited.length === 0) return 0;
    const due: { address: string }[] = await this.db.query(
      `SELECT a.address FROM unnest($2::text[], $3::boolean[]) a (address, open)
       LEFT JOIN chain_watch_positions p ON p.method = $1 AND p.address = a.address
       WHERE a.open OR p.updated_at IS NULL OR p.updated_at < now() - $5 * interval '1 second'
       ORDER BY p.updated_at NULLS FIRST, a.address LIMIT $4`,
      [watch.method, addresses, awaited.map((a) => a.open), OWN_ADDRESSES_PER_POLL, ENDED_READ_EVERY_SECONDS],
    );
    let seen = 0;
    // Read from height 0 the first time: an address handed out to one order has no history but that order's payments.
    for (const { address } of due) seen += await this.watchAddress(watch, address, tip, 0);
    return seen;
  }

  /**
   * Reads new payments to `address` (from where the last poll stopped) and records those that pay an order's unique
   * amount; the others are recorded unattributed, so a transaction id given later can claim them. Reads nothing while
   * no order waits for a payment there. Returns how many transfers it saw.
   */
  private async watchAddress(
    watch: ChainWatch,
    address: string,
    tip: number,
    firstFrom: number | null = null,
  ): Promise<number> {
    const oldest = await this.orders.oldestAwaiting(watch.method, address, this.config.chains.latePaymentDays);
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
    const page = await watch.reader.incoming(address, rows.length > 0 ? Number(rows[0].position) : firstFrom);
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
   * A typed id changes nothing the amount decides (`attribute`): the claimant gets a payment only when no other order
   * or held quote could be it, whether the payment is seen here first or was recorded before as no order's.
   */
  private async record(
    watch: ChainWatch,
    address: string,
    tx: ChainTransaction,
    transfer: ChainTransfer,
    tip: number,
    claimant: Claimant | null,
    retried = false,
  ): Promise<void> {
    const { method } = watch;
    const settle = await this.db.transaction(async (manager): Promise<string | typeof RECORDED_MEANWHILE | null> => {
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
      const shown = this.shownAmount(watch, transfer.units);
      if (existing) {
        // Seen before (the API listed it again): what changes now is its confirmations, which the refresh follows.
        if (!claimant) return null;
        if (existing.orderId === claimant.id) return existing.orderId;
        if (existing.orderId) {
          await this.observer.paymentProblem(manager, claimant.id, alreadyUsed(tx.txId));
          return null;
        }
        // Recorded as no order's: the claimant may take it on the rules of a first sighting, read again now, as of
        // when it was sent. One the watcher saw before the order was placed is no payment of it, whatever block time
        // it was given later (our own clock, so no allowance for a block's); nor one whose block is older than the
        // order by more than the chain's clock allowance.
        const countsFrom = claimant.paymentsCountFrom.getTime();
        const sentAt = existing.blockTime ?? existing.detectedAt;
        if (
          existing.detectedAt.getTime() < countsFrom ||
          (existing.blockTime && existing.blockTime.getTime() < countsFrom - watch.definition.clockSkewMs)
        ) {
          await this.observer.paymentProblem(manager, claimant.id, beforeOrder(tx.txId));
          return null;
        }
        const claim = await this.attribute(manager, watch, this.sighting(watch, address, shown, sentAt), claimant);
        // Left for an admin when recorded, the claimant among the orders it could be: that flag stands.
        if (claim.undecided.orders.includes(claimant.id)) return null;
        if (claim.owner !== claimant.id) {
          await this.observer.paymentProblem(manager, claimant.id, alreadyUsed(tx.txId));
          return null;
        }
        // By its typed id, whatever the amount says now: a payment the watcher gave no order when it was seen needs an
        // admin to confirm what it pays.
        await manager.update(
          ChainPayment,
          { id: existing.id },
          { orderId: claimant.id, matchedBy: ChainPaymentMatch.TRANSACTION_ID },
        );
        await this.jobs.add(settleBackstop(claimant.id), manager);
        return claimant.id;
      }
      const sighting = this.sighting(watch, address, shown, tx.blockTime ?? new Date());
      const { owner, matchedBy, undecided } = await this.attribute(manager, watch, sighting, claimant);
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
      // Recorded meanwhile by another job (the poll, which knows no claimant): that one settles it, and the claimant
      // reads it again to claim it (below) rather than wait for the next poll.
      if (inserted.length === 0) return claimant && !retried ? RECORDED_MEANWHILE : null;
      logger.info({ method, txId: tx.txId, orderId: owner, confirmations }, 'Payment seen on chain');
      // Tolerance bands overlap on this payment (two orders', or an order's and a held quote's): none takes it; an
      // admin decides, with the orders named.
      for (const candidate of undecided.orders) {
        const others = undecided.orders.filter((id) => id !== candidate).map((id) => `#${shortOrderId(id)}`);
        if (undecided.heldQuote) others.push('a price held at checkout');
        await this.observer.paymentProblem(manager, candidate, {
          kind: PaymentIssueKind.NEEDS_REVIEW,
          message: ISSUES.ambiguousShort(`${shown} ${watch.definition.facts.currency}`, tx.txId, others),
        });
      }
      if (claimant && owner !== claimant.id && !undecided.orders.includes(claimant.id)) {
        await this.observer.paymentProblem(manager, claimant.id, alreadyUsed(tx.txId));
      }
      if (owner) await this.jobs.add(settleBackstop(owner), manager);
      return owner;
    });
    // Once: the row that won is committed, so the second read finds it (a chain API's odd answer cannot loop here).
    if (settle === RECORDED_MEANWHILE) return this.record(watch, address, tx, transfer, tip, claimant, true);
    if (settle) await this.settle(settle);
  }

  /**
   * Whose payment `sighting` is, by what the chain shows: the order whose own address (BTC_XPUB) it went to; else the
   * order whose unique amount it is (the claimant's own included); else the one order whose payment tolerance explains
   * it. A quote held at checkout keeps a payment of its exact amount for its order (claimed when placed). Only when
   * nothing explains it does it go to the claimant, whose customer typed its transaction id (matched by
   * TRANSACTION_ID: an admin confirms what such payments pay, docs/payments.md "Attribution never trusts a typed ID
   * alone"). `undecided`: the orders whose tolerance bands overlap on it (and whether a held quote's does), for an
   * admin to decide between.
   */
  private async attribute(
    manager: EntityManager,
    watch: ChainWatch,
    sighting: PaymentSighting,
    claimant: Claimant | null,
  ): Promise<Attribution> {
    const days = this.config.chains.latePaymentDays;
    const nobody: Attribution = { owner: null, matchedBy: null, undecided: { orders: [], heldQuote: false } };
    const byAmount = (owner: string): Attribution => ({ ...nobody, owner, matchedBy: ChainPaymentMatch.AMOUNT });
    const byTypedId = claimant
      ? { ...nobody, owner: claimant.id, matchedBy: ChainPaymentMatch.TRANSACTION_ID }
      : nobody;
    const own = await this.orders.ofOwnAddress(manager, sighting, days);
    // An order's own address: the payment is that order's whatever its amount, and no one else's, even if the amount
    // is another order's; a quote held there (not placed yet) keeps it for its order; 'none': nobody's by address.
    if (own === 'quote') return nobody;
    if (own === 'none') return byTypedId;
    if (own !== null) return byAmount(own);
    const exact = await this.orders.ofAmount(manager, sighting, claimant?.id ?? null, days);
    if (exact) return byAmount(exact);
    if (claimant && decimalToUnits(sighting.shown, 8) === decimalToUnits(claimant.paymentAmountCrypto, 8))
      return byAmount(claimant.id);
    const tolerance = this.methods.tolerancePercent(watch.method);
    const quoted = await this.orders.heldQuoteExplains(manager, sighting, tolerance);
    if (quoted === 'exact') return nobody;
    // Slightly short (an exchange kept its fee): the order whose payment tolerance explains it, when only one does.
    const explained = await this.orders.withinTolerance(manager, sighting, tolerance);
    if (!quoted && explained.length === 1) return byAmount(explained[0]);
    // Bands overlap on it (orders', or an order's and a held quote's). A held quote's band alone decides nothing: its
    // order claims the payment when placed unless a typed id (an admin confirms) or another order has it first.
    if (explained.length > 0) return { ...nobody, undecided: { orders: explained, heldQuote: quoted === 'band' } };
    return byTypedId;
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
      const { orderId } = payment;
      await this.db.transaction(async (manager) => {
        await manager.update(
          ChainPayment,
          { id: payment.id },
          {
            status,
            confirmations,
            blockNumber,
            blockTime,
            confirmedAt: status === ChainPaymentStatus.CONFIRMED ? new Date() : null,
          },
        );
        // Confirmed or failed: what its order decides on (a count of confirmations only shows live).
        if (orderId && status !== payment.status) await this.jobs.add(settleBackstop(orderId), manager);
      });
      if (orderId) toSettle.add(orderId);
    }
    for (const orderId of toSettle) await this.settle(orderId);
    return open.length;
  }

  /**
   * Re-reads the confirmed payments of method `watch` still within reach of a reorganisation (reorgWatchSql, confirmed
   * in the last REORG_WATCH_HOURS), those confirmed longest ago first. One still in its block counts its confirmations
   * on (and leaves the watch once deep enough); one gone from the chain (on two polls in a row), failed, or in a later
   * block below its required confirmations was taken back:
   * it goes back to DETECTED (FAILED when it failed), re-read from then on as any unconfirmed payment, with
   * `reorged_at` set, and the orders module decides what that means for its order (a paid order is flagged for an
   * admin). Returns how many it re-read.
   */
  private async recheckConfirmed(watch: ChainWatch, tip: number): Promise<number> {
    const repository = this.db.getRepository(ChainPayment);
    const watched: ChainPayment[] = await repository
      .createQueryBuilder('p')
      .where('p.method = :method AND p.status = :status', {
        method: watch.method,
        status: ChainPaymentStatus.CONFIRMED,
      })
      .andWhere(`p.confirmations < ${reorgWatchSql.replaceAll('required_confirmations', 'p.required_confirmations')}`)
      .andWhere(`p.confirmed_at > now() - make_interval(hours => ${REORG_WATCH_HOURS})`)
      .orderBy('p.confirmed_at', 'ASC')
      .limit(CONFIRMED_RECHECKS_PER_POLL)
      .getMany();
    const toSettle = new Set<string>();
    for (const payment of watched) {
      const tx = await watch.reader.transaction(payment.txId);
      if (!tx && payment.missingSince === null) {
        // Unknown to the node once: a node behind, restarted or load-balanced to another may say so for a moment. Gone
        // only when the next poll's read misses it too.
        await repository.update({ id: payment.id }, { missingSince: new Date() });
        continue;
      }
      const inBlock = tx && tx.status !== 'pending' ? tx : null;
      if (inBlock?.status === 'succeeded' && inBlock.blockNumber === payment.blockNumber) {
        const confirmations = confirmationsAt(tip, payment.blockNumber);
        if (confirmations !== payment.confirmations || payment.missingSince !== null) {
          await repository.update({ id: payment.id }, { confirmations, missingSince: null });
        }
        continue;
      }
      const blockNumber = inBlock?.blockNumber ?? null;
      const confirmations = confirmationsAt(tip, blockNumber);
      if (inBlock?.status === 'succeeded' && confirmations >= payment.requiredConfirmations) {
        // Moved to another block, still deep enough: it still pays (the new block is what counts from now on).
        await repository.update(
          { id: payment.id },
          { blockNumber, blockTime: inBlock.blockTime, confirmations, missingSince: null },
        );
        continue;
      }
      logger.warn(
        { method: watch.method, txId: payment.txId, orderId: payment.orderId, blockNumber, confirmations },
        'A confirmed payment was taken back by a chain reorganisation',
      );
      await this.db.transaction(async (manager) => {
        await manager.update(
          ChainPayment,
          { id: payment.id },
          {
            status: inBlock?.status === 'failed' ? ChainPaymentStatus.FAILED : ChainPaymentStatus.DETECTED,
            blockNumber,
            blockTime: inBlock?.blockTime ?? null,
            confirmations,
            confirmedAt: null,
            // (One the chain forgot, not even in its mempool, is FAILED at the next re-read: seen long ago, it is
            // past DROPPED_AFTER_MS.)
            reorgedAt: new Date(),
            missingSince: null,
          },
        );
        if (payment.orderId) await this.jobs.add(settleBackstop(payment.orderId), manager);
      });
      if (payment.orderId) toSettle.add(payment.orderId);
    }
    for (const orderId of toSettle) await this.settle(orderId);
    return watched.length;
  }

  /**
   * Tells the orders module that order `orderId`'s payments changed (it decides what they mean). The change is
   * committed already and nothing would read it again, so a decision that fails (a deadlock, a database restart) is
   * queued as a job, retried with back-off, instead of leaving a confirmed payment unsettled; the poll goes on.
   */
  async settle(orderId: string): Promise<void> {
    try {
      await this.observer.paymentsChanged(orderId);
    } catch (error) {
      logger.warn({ err: error, orderId }, 'Settling a payment failed; queued to try again');
      await this.jobs.add({
        task: PAYMENT_SETTLE_TASK,
        payload: { orderId },
        jobKey: `${PAYMENT_SETTLE_TASK}:${orderId}`,
      });
    }
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

  /** Reports a problem with order `orderId`'s typed transaction, in a transaction of its own, while the order is open. */
  private async reportWhileOpen(orderId: string, report: PaymentReport): Promise<void> {
    await this.db.transaction((manager) =>
      this.observer.paymentProblem(manager, orderId, report, { onlyWhileOpen: true }),
    );
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

/** The settle job committed with a payment's change, in case the immediate settlement never runs (SETTLE_BACKSTOP_SECONDS). */
function settleBackstop(orderId: string): JobSpec {
  return {
    task: PAYMENT_SETTLE_TASK,
    payload: { orderId },
    jobKey: `${PAYMENT_SETTLE_TASK}:${orderId}`,
    runAt: new Date(Date.now() + SETTLE_BACKSTOP_SECONDS * 1000),
  };
}

/** Whether `transfer` pays `address`, compared in the form the method's addresses compare in. */
function paysAddress(watch: ChainWatch, transfer: ChainTransfer, address: string): boolean {
  const key = watch.definition.addressKey;
  return key(transfer.to) === key(address);
}

/** A transaction that already paid another order, as reported on the order that typed it. */
const alreadyUsed = (txId: string): PaymentReport => ({
  kind: PaymentIssueKind.ALREADY_USED,
  message: ISSUES.alreadyUsed(txId),
});

const beforeOrder = (txId: string): PaymentReport => ({
  kind: PaymentIssueKind.BEFORE_ORDER,
  message: ISSUES.beforeOrder(txId),
});

/**
 * The payment issues about transactions as the customer and the admin read them (docs/payments.md "Exceptions"; those
 * about amounts are the orders module's, AMOUNT_ISSUES in orders/payment-settlement.service.ts).
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
  ambiguousShort: (amount: string, txId: string, others: string[]) =>
    `A payment of ${amount} (transaction ${txId}) is short of this order's amount, within the payment tolerance, and could as well pay ${others.map((o) => (o.startsWith('#') ? `order ${o}` : o)).join(' or ')}. An admin decides which order it pays.`,
};
