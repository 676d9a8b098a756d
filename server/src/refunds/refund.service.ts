import { DataSource, In, Not, type EntityManager } from 'typeorm';
import { z } from 'zod';
import { defineJob } from '../core/job-definition';
import { isPaidStatus, isEndedUnpaidStatus } from '../../../common/order-lifecycle';
import { CANCELLABLE_REFUND_STATUSES, REFUND_LIMITS, REFUND_MESSAGES } from '../../../common/refunds';
import { isUuid, replaceControlCharacters } from '../../../common/validation';
import type { AuthUser } from '../accounts/access-token';
import { AccountService } from '../accounts/account.service';
import { AppConfig } from '../app-config';
import { Service } from '../container';
import { DomainEvents, type DomainEventType, type RefundEventPayload } from '../core/domain-events';
import { ActorKind, PaymentIssueKind } from '../core/enums';
import { InputError, NotFoundError } from '../core/errors';
import { EventBus } from '../core/event-bus';
import { JobQueue } from '../core/job-queue';
import { logger } from '../core/logger';
import { hydrate } from '../db/hydrate';
import { sqlEnum } from '../db/sql-enum';
import { OrderLifecycle, SYSTEM_ACTOR, type Actor } from '../orders/order-lifecycle.service';
import { orderChangeEvents } from '../orders/order-topics';
import type { Order } from '../orders/order.entity';
import { OrderService } from '../orders/order.service';
import { ChainPaymentMatch, type ChainPayment } from '../payments/chain-payment.entity';
import { ChainPaymentRecords } from '../payments/chain-payment-records.service';
import { ChainReadError, decimalToUnits, hexTxId, unitsToDecimal } from '../payments/chains/chain-reader';
import { ChainReaders } from '../payments/chains/chain-readers';
import { methodDefinition } from '../payments/methods';
import { StoreAddresses } from '../payments/store-addresses.service';
import { judgePayout, type PayoutVerdict } from './payout-verdict';
import { Refund, RefundStatus, RefundSuggestion } from './refund.entity';

/** The order history's lines about refunds (order_events notes). */
export const REFUND_NOTES = {
  offered: (amount: string, reason: string) => `Refund of ${amount} offered: ${reason}`,
  claimed: (amount: string, address: string) => `Refund of ${amount} claimed by the customer, to be sent to ${address}`,
  sent: (amount: string, address: string, txId: string) =>
    `Refund of ${amount} recorded as sent to ${address} in transaction ${txId}`,
  paid: (amount: string, txId: string, confirmations: number) =>
    `Refund of ${amount} paid: transaction ${txId} confirmed on chain (${confirmations} confirmations)`,
  wrong: (txId: string, problem: string) => `Refund transaction ${txId} does not pay the refund. ${problem}`,
  noChain: (label: string) =>
    `No chain API is configured for ${label}, so the store cannot confirm this refund on chain; it stays SENT.`,
  cancelled: (amount: string) => `Refund of ${amount} cancelled`,
  cancelledNotPaid: (amount: string) => `Refund of ${amount} cancelled; the admin stated it was not paid`,
  revived: (amount: string, txId: string) =>
    `Refund of ${amount} taken up again: a payout (transaction ${txId}) was recorded after it was cancelled`,
} as const;

/** The reasons the admin order view suggests (docs/payments.md "Refunds"), editable before offering. */
export const REFUND_REASONS = {
  overpaid: (received: string, due: string) => `You sent ${received} for ${due} due: the difference is refunded.`,
  late: 'Your payment arrived after the order had ended, so it is refunded.',
  noStock: 'The product is out of stock and cannot be delivered, so your payment is refunded.',
  cancelled: 'The order was cancelled after your payment arrived, so your payment is refunded.',
} as const;

/** How long a SENT refund's transaction is re-read at most when no poll interval says otherwise (seconds). */
const MIN_CHECK_SECONDS = 1;

/**
 * Refunds paid on chain (docs/payments.md "Refunds"): an admin offers one for an order, up to what the order received
 * on chain less the refunds already offered; its customer claims it with an address of the order's chain; an admin
 * pays it from their own wallet (the store holds no keys) and records the transaction; the store reads that
 * transaction through the payments module's reader and marks the refund PAID once it sent at least the amount to the
 * claimed address with the method's confirmations. The payments module reports what the chain shows; this module
 * decides (payout-verdict.ts). Each step writes a line in the order's history and a domain event (e-mail, webhooks).
 */
@Service()
export class RefundService {
  constructor(
    private readonly db: DataSource,
    private readonly config: AppConfig,
    private readonly orders: OrderService,
    private readonly accounts: AccountService,
    private readonly lifecycle: OrderLifecycle,
    private readonly records: ChainPaymentRecords,
    private readonly readers: ChainReaders,
    private readonly events: DomainEvents,
    private readonly bus: EventBus,
    private readonly jobs: JobQueue,
    private readonly storeAddresses: StoreAddresses,
  ) {}

  /** An admin offers `amountText` of the order's coin back, for `reasonText` (the customer reads it). */
  async offer(admin: AuthUser, orderId: string, amountText: string, reasonText: string): Promise<Refund> {
    const reason = parseReason(reasonText);
    const order = await this.orders.findById(orderId);
    if (!order) throw new NotFoundError('Order');
    const definition = methodDefinition(order.paymentMethod);
    const { decimals, currency, label } = definition.facts;
    if (!definition.facts.chain || !definition.payoutAddressProblem) {
      throw InputError.field('orderId', REFUND_MESSAGES.noChain(label));
    }
    const units = parseAmount(amountText, decimals, currency);
    return this.db.transaction(async (manager) => {
      await lockOrderRefunds(manager, order.id);
      const { received, available, leftOut } = await this.amounts(manager, order);
      const why = leftOut > 0n ? REFUND_MESSAGES.typedLeftOut(unitsToDecimal(leftOut, decimals), currency) : '';
      if (received <= 0n) throw InputError.field('amount', REFUND_MESSAGES.nothingReceived + why);
      if (units > available) {
        throw InputError.field(
          'amount',
          REFUND_MESSAGES.amountTooLarge(unitsToDecimal(available, decimals), currency) + why,
        );
      }
      const refund = manager.getRepository(Refund).create({
        orderId: order.id,
        method: order.paymentMethod,
        status: RefundStatus.OFFERED,
        amount: unitsToDecimal(units, decimals),
        reason,
        createdBy: admin.id,
      });
      await manager.getRepository(Refund).insert(refund);
      const saved = await manager.getRepository(Refund).findOneByOrFail({ id: refund.id });
      await this.step(
        manager,
        order,
        saved,
        adminActor(admin),
        'refund.offered',
        REFUND_NOTES.offered(shown(saved), reason),
      );
      return saved;
    });
  }

  /** The order's customer gives the address to pay `refundId` to; anyone else is told it does not exist. */
  async claim(user: AuthUser, refundId: string, addressText: string): Promise<Refund> {
    return this.db.transaction(async (manager) => {
      const refund = await this.lockRefund(manager, refundId);
      const order = refund && (await this.orders.findById(refund.orderId));
      if (!refund || !order || order.userId !== user.id) throw new NotFoundError('Refund');
      if (refund.status !== RefundStatus.OFFERED) throw InputError.field('refundId', REFUND_MESSAGES.notClaimable);
      const address = await this.parseAddress(refund, addressText);
      refund.status = RefundStatus.CLAIMED;
      refund.address = address;
      refund.claimedAt = new Date();
      await manager
        .getRepository(Refund)
        .update({ id: refund.id }, { status: refund.status, address, claimedAt: refund.claimedAt });
      const actor = { kind: ActorKind.CUSTOMER, userId: user.id };
      await this.step(manager, order, refund, actor, 'refund.claimed', REFUND_NOTES.claimed(shown(refund), address));
      return refund;
    });
  }

  /**
   * An admin records `txIdText` as the payment of `refundId`: SENT, then PAID once the chain shows it paid the refund
   * (the check job). A transaction the chain already shows not paying it (someone else, too little, failed) is refused
   * with the reason; so is one recorded for another refund or that is a customer's payment. A refund whose recorded
   * transaction was found not to pay it takes a new one; any other recorded refund is refused.
   */
  async recordPayment(admin: AuthUser, refundId: string, txIdText: string): Promise<Refund> {
    const found = isUuid(refundId) ? await this.db.getRepository(Refund).findOneBy({ id: refundId }) : null;
    if (!found) throw new NotFoundError('Refund');
    const definition = methodDefinition(found.method);
    const txId = canonicalTxId(definition.facts.chain!.network, txIdText);
    this.checkRecordable(found, txId);
    // A customer's payment to the store is never a refund, whatever the chain says of its recipient.
    if (await this.records.isPayment(this.db.manager, txId)) {
      throw InputError.field('txId', REFUND_MESSAGES.txIsCustomerPayment);
    }
    // Read before the transaction (a chain read may take seconds; no row lock is held meanwhile), judged again after.
    const verdict = await this.readPayout(found, txId).catch((error: unknown) => {
      if (error instanceof ChainReadError) return null;
      throw error;
    });
    if (verdict?.kind === 'wrong') throw InputError.field('txId', verdict.problem);
    return this.db.transaction(async (manager) => {
      const refund = await this.lockRefund(manager, refundId);
      if (!refund) throw new NotFoundError('Refund');
      this.checkRecordable(refund, txId);
      if (await this.records.isPayment(manager, txId))
        throw InputError.field('txId', REFUND_MESSAGES.txIsCustomerPayment);
      const usedBy = await manager.getRepository(Refund).exists({ where: { txId, id: Not(refund.id) } });
      if (usedBy) throw InputError.field('txId', REFUND_MESSAGES.txUsedByRefund);
      const order = (await this.orders.findById(refund.orderId))!;
      const revived = refund.status === RefundStatus.CANCELLED;
      if (revived) await this.checkRevivable(manager, order, refund);
      refund.status = RefundStatus.SENT;
      refund.txId = txId;
      refund.txProblem = null;
      refund.confirmations = verdict ? verdict.confirmations : null;
      refund.sentAt = new Date();
      refund.cancelledAt = null;
      try {
        await manager.getRepository(Refund).update(
          { id: refund.id },
          {
            status: refund.status,
            txId,
            txProblem: null,
            confirmations: refund.confirmations,
            sentAt: refund.sentAt,
            cancelledAt: null,
          },
        );
      } catch (error) {
        // Two refunds recorded with one transaction at once: the unique index lets one through.
        if ((error as { code?: string }).code === '23505') {
          throw InputError.field('txId', REFUND_MESSAGES.txUsedByRefund);
        }
        throw error;
      }
      const actor = adminActor(admin);
      if (revived) await this.lifecycle.note(manager, order, actor, REFUND_NOTES.revived(shown(refund), txId));
      await this.step(
        manager,
        order,
        refund,
        actor,
        'refund.sent',
        REFUND_NOTES.sent(shown(refund), refund.address!, txId),
      );
      if (this.readers.forMethod(refund.method)) {
        await this.jobs.add(refundCheckJob.spec({ refundId: refund.id }, { jobKey: checkJobKey(refund.id) }), manager);
      } else {
        await this.lifecycle.note(manager, order, SYSTEM_ACTOR, REFUND_NOTES.noChain(definition.facts.label));
      }
      return refund;
    });
  }

  /**
   * An admin withdraws a refund that was not sent yet (OFFERED or CLAIMED). A CLAIMED one only with `notPaid`: its
   * address is known, so the admin may have paid it without recording the transaction; cancelling it and offering its
   * amount again would then pay twice. (A payout recorded later still takes up the cancelled refund: recordPayment.)
   */
  async cancel(admin: AuthUser, refundId: string, notPaid = false): Promise<Refund> {
    return this.db.transaction(async (manager) => {
      const refund = await this.lockRefund(manager, refundId);
      if (!refund) throw new NotFoundError('Refund');
      if (!CANCELLABLE_REFUND_STATUSES.includes(refund.status)) {
        throw InputError.field('refundId', REFUND_MESSAGES.notCancellable);
      }
      const claimed = refund.status === RefundStatus.CLAIMED;
      if (claimed && !notPaid) throw InputError.field('notPaid', REFUND_MESSAGES.claimedNotPaid);
      const order = (await this.orders.findById(refund.orderId))!;
      refund.status = RefundStatus.CANCELLED;
      refund.cancelledAt = new Date();
      await manager
        .getRepository(Refund)
        .update({ id: refund.id }, { status: refund.status, cancelledAt: refund.cancelledAt });
      await this.step(
        manager,
        order,
        refund,
        adminActor(admin),
        'refund.cancelled',
        claimed ? REFUND_NOTES.cancelledNotPaid(shown(refund)) : REFUND_NOTES.cancelled(shown(refund)),
      );
      return refund;
    });
  }

  /**
   * The check job: reads the SENT refund's transaction and marks it PAID, records why it never will (it stays SENT
   * with the reason for the admin), or waits (queued again after PAYMENT_POLL_SECONDS). A chain that cannot be read
   * now is tried again likewise.
   */
  async check(refundId: string): Promise<PayoutVerdict['kind'] | 'skipped' | 'unreadable'> {
    const found = await this.db.getRepository(Refund).findOneBy({ id: refundId });
    if (!found || found.status !== RefundStatus.SENT || found.txProblem !== null || !found.txId) return 'skipped';
    let verdict: PayoutVerdict | null;
    try {
      verdict = await this.readPayout(found, found.txId);
    } catch (error) {
      if (!(error instanceof ChainReadError)) throw error;
      logger.warn({ refundId, err: error }, 'Refund check: the chain could not be read; trying again');
      await this.checkAgain(this.db.manager, refundId);
      return 'unreadable';
    }
    if (!verdict) return 'skipped';
    await this.db.transaction(async (manager) => {
      const refund = await this.lockRefund(manager, refundId);
      if (!refund || refund.status !== RefundStatus.SENT || refund.txId !== found.txId || refund.txProblem) return;
      const order = (await this.orders.findById(refund.orderId))!;
      if (verdict.kind === 'paid') {
        refund.status = RefundStatus.PAID;
        refund.paidAt = new Date();
        refund.confirmations = verdict.confirmations;
        await manager
          .getRepository(Refund)
          .update(
            { id: refund.id },
            { status: refund.status, paidAt: refund.paidAt, confirmations: refund.confirmations },
          );
        const note = REFUND_NOTES.paid(shown(refund), refund.txId!, verdict.confirmations);
        await this.step(manager, order, refund, SYSTEM_ACTOR, 'refund.paid', note);
        logger.info({ refundId, txId: refund.txId }, 'Refund paid on chain');
      } else if (verdict.kind === 'wrong') {
        refund.txProblem = verdict.problem;
        await manager.getRepository(Refund).update({ id: refund.id }, { txProblem: verdict.problem });
        await this.lifecycle.note(manager, order, SYSTEM_ACTOR, REFUND_NOTES.wrong(refund.txId!, verdict.problem));
        await this.bus.publish(orderChangeEvents(order.id), manager);
        logger.warn({ refundId, txId: refund.txId }, 'Refund transaction does not pay the refund');
      } else {
        if (refund.confirmations !== verdict.confirmations) {
          await manager.getRepository(Refund).update({ id: refund.id }, { confirmations: verdict.confirmations });
          await this.bus.publish(orderChangeEvents(order.id), manager);
        }
        await this.checkAgain(manager, refund.id);
      }
    });
    return verdict.kind;
  }

  /** The refunds of each order in `orderIds` (in that order), oldest first: one query for a batch. */
  async ofOrders(orderIds: readonly string[]): Promise<Refund[][]> {
    const ids = orderIds.filter(isUuid);
    const rows =
      ids.length === 0
        ? []
        : await this.db.getRepository(Refund).find({ where: { orderId: In(ids) }, order: { createdAt: 'ASC' } });
    return orderIds.map((id) => rows.filter((r) => r.orderId === id));
  }

  /**
   * The admin's "Refunds to pay": claimed refunds waiting for a payment and sent ones not paid yet (oldest first, the
   * ones to act on before the others), with their customer's e-mail; at most 200.
   */
  async toPay(): Promise<Refund[]> {
    const refunds: Refund[] = await this.db
      .query(
        `SELECT * FROM refunds WHERE status IN (${sqlEnum(RefundStatus.CLAIMED, RefundStatus.SENT)})
       ORDER BY status = ${sqlEnum(RefundStatus.SENT)}, claimed_at, id
       LIMIT 200`,
      )
      .then((rows: Record<string, unknown>[]) => rows.map((row) => hydrate(this.db.manager, Refund, row)));
    const orders = await this.orders.findManyById(refunds.map((r) => r.orderId));
    const userIds = [...new Set(orders.flatMap((order) => (order ? [order.userId] : [])))];
    const profiles = userIds.length === 0 ? [] : await this.accounts.profilesOf(userIds);
    const emails = new Map(profiles.flatMap((profile) => (profile ? [[profile.id, profile.email] as const] : [])));
    refunds.forEach((refund, i) => (refund.customerEmail = emails.get(orders[i]?.userId ?? '')));
    return refunds;
  }

  /**
   * The refund the admin order view suggests for `order`, or null: the excess of an over-payment, everything received
   * for a late payment, a paid order waiting for stock or an order cancelled after payment; never more than can still
   * be offered.
   */
  async suggestion(order: Order): Promise<RefundSuggestion | null> {
    const definition = methodDefinition(order.paymentMethod);
    if (!definition.facts.chain || !definition.payoutAddressProblem) return null;
    const { decimals, currency } = definition.facts;
    const { received, available, leftOut } = await this.amounts(this.db.manager, order);
    if (available <= 0n) return null;
    const show = (units: bigint) => `${unitsToDecimal(units, decimals)} ${currency}`;
    const due = decimalToUnits(order.paymentAmountCrypto, decimals);
    let suggested: { units: bigint; reason: string } | null = null;
    if (isEndedUnpaidStatus(order.status)) {
      // Ended without being delivered: everything that arrived goes back, an over-payment's amount included.
      const late = order.paymentIssueKind === PaymentIssueKind.LATE;
      suggested = { units: available, reason: late ? REFUND_REASONS.late : REFUND_REASONS.cancelled };
    } else if (order.paymentIssueKind === PaymentIssueKind.OVERPAID && received > due) {
      suggested = { units: received - due, reason: REFUND_REASONS.overpaid(show(received), show(due)) };
    } else if (order.paymentIssueKind === PaymentIssueKind.LATE) {
      suggested = { units: available, reason: REFUND_REASONS.late };
    } else if (order.awaitingStockSince && isPaidStatus(order.status)) {
      suggested = { units: available, reason: REFUND_REASONS.noStock };
    }
    if (!suggested) return null;
    const units = suggested.units < available ? suggested.units : available;
    return {
      amount: unitsToDecimal(units, decimals),
      reason: suggested.reason,
      available: unitsToDecimal(available, decimals),
      leftOut: leftOut > 0n ? unitsToDecimal(leftOut, decimals) : null,
    };
  }

  /**
   * What `order` received on chain (its confirmed payments; an order of a method whose chain is not read, once an admin
   * marked it paid, its amount) and what remains after the refunds offered and not cancelled: the offer's cap and the
   * suggestion's base. A payment tied to the order only by a transaction ID the customer typed counts once an admin
   * moved the order to a paid status after it was seen: anyone can type the ID of a public transaction, a stranger's
   * included, so until a person confirmed it, refunding it could pay a stranger's money to whoever typed it.
   * `leftOut` is what such payments hold, for the admin to read.
   */
  private async amounts(
    manager: EntityManager,
    order: Order,
  ): Promise<{ received: bigint; available: bigint; leftOut: bigint }> {
    const { decimals } = methodDefinition(order.paymentMethod).facts;
    const payments = await this.records.confirmedOf(manager, order.id);
    const units = (list: ChainPayment[]) => list.reduce((sum, p) => sum + decimalToUnits(p.amount, decimals), 0n);
    const typed = payments.filter((p) => p.matchedBy !== ChainPaymentMatch.AMOUNT);
    const vouched = typed.length === 0 ? [] : await this.confirmedByAdmin(order, typed);
    const counted = payments.filter((p) => p.matchedBy === ChainPaymentMatch.AMOUNT || vouched.includes(p));
    let received = units(counted);
    if (payments.length === 0 && !this.records.readsChain(order.paymentMethod) && isPaidStatus(order.status)) {
      received = decimalToUnits(order.paymentAmountCrypto, decimals);
    }
    const offered = await manager
      .getRepository(Refund)
      .find({ where: { orderId: order.id, status: Not(RefundStatus.CANCELLED) }, select: { amount: true } });
    const taken = offered.reduce((sum, r) => sum + decimalToUnits(r.amount, decimals), 0n);
    return { received, available: received - taken, leftOut: units(payments) - units(counted) };
  }

  /** The payments of `typed` an admin vouched for: they moved the order to a paid status after the payment was seen. */
  private async confirmedByAdmin(order: Order, typed: ChainPayment[]): Promise<ChainPayment[]> {
    const [events] = await this.orders.eventsOf([order.id]);
    const confirmations = events.filter(
      (e) => e.actorKind === ActorKind.ADMIN && e.fromStatus !== e.toStatus && isPaidStatus(e.toStatus),
    );
    return typed.filter((p) => confirmations.some((e) => e.createdAt >= p.detectedAt));
  }

  /** What the chain shows of `txId` as a payment of `refund` (null: its chain is not read; no verdict). */
  private async readPayout(refund: Refund, txId: string): Promise<PayoutVerdict | null> {
    const watch = this.readers.forMethod(refund.method);
    if (!watch || !refund.address) return null;
    const { decimals, currency } = watch.definition.facts;
    const [tx, tip] = await Promise.all([watch.reader.transaction(txId), watch.reader.tipHeight()]);
    const scale = 10n ** BigInt(watch.reader.unitDecimals - decimals);
    return judgePayout({
      tx,
      address: refund.address,
      addressKey: watch.definition.addressKey,
      units: decimalToUnits(refund.amount, decimals) * scale,
      token: watch.token,
      tip,
      requiredConfirmations: watch.requiredConfirmations,
      show: (units) => `${unitsToDecimal(units, watch.reader.unitDecimals)} ${currency}`,
      // The hour a recorded transaction has to appear counts from its recording, not from an earlier one's.
      recordedForMs:
        refund.status === RefundStatus.SENT && refund.txId === txId && refund.sentAt
          ? Date.now() - refund.sentAt.getTime()
          : 0,
    });
  }

  /** Refuses recording `txId` for `refund` in its state, saying why. */
  private checkRecordable(refund: Refund, txId: string): void {
    switch (refund.status) {
      case RefundStatus.OFFERED:
        throw InputError.field('refundId', REFUND_MESSAGES.notClaimedYet);
      case RefundStatus.CANCELLED:
        // Cancelled after its claim: the admin may have paid it after all; recording the payout takes it up again
        // (checkRevivable). One never claimed has no address anyone could have paid.
        if (!refund.address) throw InputError.field('refundId', REFUND_MESSAGES.cancelled);
        break;
      case RefundStatus.PAID:
        throw InputError.field('refundId', REFUND_MESSAGES.alreadyPaid);
      case RefundStatus.SENT:
        // Only a transaction found not to pay it is replaced; the same one again is a repeat.
        if (refund.txProblem === null || refund.txId === txId) {
          throw InputError.field('refundId', REFUND_MESSAGES.alreadyRecorded);
        }
    }
  }

  /**
   * A cancelled refund takes a payout only while its amount is still free to refund (nothing offered in its place
   * took it): otherwise the payout belongs to the refund offered instead, and the admin records it there.
   */
  private async checkRevivable(manager: EntityManager, order: Order, refund: Refund): Promise<void> {
    await lockOrderRefunds(manager, order.id);
    const { decimals, currency } = methodDefinition(refund.method).facts;
    const { available } = await this.amounts(manager, order);
    if (decimalToUnits(refund.amount, decimals) > available) {
      throw InputError.field(
        'refundId',
        REFUND_MESSAGES.cancelledAndReoffered(unitsToDecimal(available > 0n ? available : 0n, decimals), currency),
      );
    }
  }

  private async parseAddress(refund: Refund, text: string): Promise<string> {
    const address = text.trim();
    if (address === '') throw InputError.field('address', REFUND_MESSAGES.addressRequired);
    if (address.length > REFUND_LIMITS.address) throw InputError.field('address', REFUND_MESSAGES.addressTooLong);
    const definition = methodDefinition(refund.method);
    const problem = definition.payoutAddressProblem!(address, { production: this.config.env === 'production' });
    if (problem)
      throw InputError.field('address', REFUND_MESSAGES.addressProblem(definition.facts.chain!.name, problem));
    // The store's own receiving address: the payout would also be a customer's payment (one transaction, two meanings).
    if (await this.storeAddresses.receivesAt(refund.method, address)) {
      throw InputError.field('address', REFUND_MESSAGES.storeAddress(definition.facts.chain!.name));
    }
    return address;
  }

  private lockRefund(manager: EntityManager, refundId: string): Promise<Refund | null> {
    if (!isUuid(refundId)) return Promise.resolve(null);
    return manager.getRepository(Refund).findOne({ where: { id: refundId }, lock: { mode: 'pessimistic_write' } });
  }

  /** Queues the check of `refundId` again after the poll interval. */
  private checkAgain(manager: EntityManager, refundId: string): Promise<void> {
    const seconds = Math.max(MIN_CHECK_SECONDS, this.config.chains.pollSeconds);
    return this.jobs.add(
      refundCheckJob.spec(
        { refundId },
        { jobKey: checkJobKey(refundId), runAt: new Date(Date.now() + seconds * 1000) },
      ),
      manager,
    );
  }

  /** One step of a refund: its line in the order's history, its domain event, and the order's live pages told. */
  private async step(
    manager: EntityManager,
    order: Order,
    refund: Refund,
    actor: Actor,
    type: Extract<DomainEventType, `refund.${string}`>,
    note: string,
  ): Promise<void> {
    await this.lifecycle.note(manager, order, actor, note);
    const { currency } = methodDefinition(refund.method).facts;
    const payload: RefundEventPayload = {
      orderId: order.id,
      refundId: refund.id,
      status: refund.status,
      amount: shownAmount(refund),
      currency,
      reason: refund.reason,
      address: refund.address,
      txId: refund.txId,
    };
    await this.events.record(manager, [{ type, payload }] as Parameters<DomainEvents['record']>[1]);
    await this.bus.publish(orderChangeEvents(order.id), manager);
  }
}

/** The check job's key: one pending check per refund. */
const checkJobKey = (refundId: string) => `${refundCheckJob.task}:${refundId}`;

const adminActor = (admin: AuthUser): Actor => ({ kind: ActorKind.ADMIN, userId: admin.id });

/** A refund's amount in its method's decimals, trailing zeros trimmed: "0.0015". */
export function shownAmount(refund: Pick<Refund, 'amount' | 'method'>): string {
  const { decimals } = methodDefinition(refund.method).facts;
  return unitsToDecimal(decimalToUnits(refund.amount, decimals), decimals);
}

/** "0.0015 ETH". */
const shown = (refund: Refund) => `${shownAmount(refund)} ${methodDefinition(refund.method).facts.currency}`;

/** Serialises offers for one order (the amount left depends on the others) without locking the orders module's row. */
async function lockOrderRefunds(manager: EntityManager, orderId: string): Promise<void> {
  await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended('refunds:' || $1, 0))`, [orderId]);
}

function parseReason(text: string): string {
  const reason = text.trim();
  if (reason === '') throw InputError.field('reason', REFUND_MESSAGES.reasonRequired);
  if (reason.length > REFUND_LIMITS.reason) throw InputError.field('reason', REFUND_MESSAGES.reasonTooLong);
  if (replaceControlCharacters(reason) !== reason) {
    throw InputError.field('reason', REFUND_MESSAGES.reasonCharacters);
  }
  return reason;
}

/** `text` as smallest units of a method with `decimals` decimals; BAD_USER_INPUT (field `amount`) when it is not one. */
function parseAmount(text: string, decimals: number, currency: string): bigint {
  const value = text.trim();
  const match = value.length > 60 ? null : /^(\d+)(?:\.(\d+))?$/.exec(value);
  if (!match) throw InputError.field('amount', REFUND_MESSAGES.amountInvalid);
  if ((match[2] ?? '').length > decimals)
    throw InputError.field('amount', REFUND_MESSAGES.amountDecimals(decimals, currency));
  const units = decimalToUnits(value, decimals);
  if (units <= 0n) throw InputError.field('amount', REFUND_MESSAGES.amountPositive);
  return units;
}

/** A transaction id as its chain's reader writes it (ETH: 0x + 64 lower-case hex; others 64 lower-case hex). */
function canonicalTxId(network: string, text: string): string {
  const trimmed = text.trim();
  if (trimmed === '') throw InputError.field('txId', REFUND_MESSAGES.txIdRequired);
  const hex = trimmed.length > REFUND_LIMITS.txId ? null : hexTxId(trimmed);
  if (!hex) throw InputError.field('txId', REFUND_MESSAGES.txIdInvalid);
  return network === 'eth' ? `0x${hex}` : hex;
}

/**
 * Reads a SENT refund's transaction (RefundService.check): queued when an admin records it, then again after each poll
 * interval until the chain shows it paid the refund or that it never will.
 */
export const refundCheckJob = defineJob({
  task: 'refunds:check',
  payload: z.object({ refundId: z.string() }),
  run: ({ refundId }, { container }) => container.get(RefundService).check(refundId),
});
