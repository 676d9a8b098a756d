import { DataSource, type EntityManager } from 'typeorm';
import { ORDER_STATUS_LABELS } from '../../../common/labels';
import { PAYMENT_ISSUE_LABELS } from '../../../common/payment-issues';
import { Service } from '../container';
import { DomainEvents } from '../core/domain-events';
import { OrderStatus, PaymentIssueKind } from '../core/enums';
import { EventBus } from '../core/event-bus';
import { logger } from '../core/logger';
import { ChainPayment, ChainPaymentMatch, ChainPaymentStatus } from '../payments/chain-payment.entity';
import { ChainPaymentRecords, sentAt } from '../payments/chain-payment-records.service';
import { decimalToUnits, unitsToDecimal } from '../payments/chains/chain-reader';
import { methodDefinition } from '../payments/methods';
import { PaymentMethodService } from '../payments/payment-method.service';
import { PaymentObserver, type PaymentReport } from '../payments/payment-observer';
import { ENDED_UNPAID, PAID } from './order-lifecycle';
import { OrderLifecycle, SYSTEM_ACTOR } from './order-lifecycle.service';
import { Order } from './order.entity';
import { orderChangeEvents } from './order-topics';
import { judgePayments, type Verdict } from './payment-verdict';

/** Cents as the customer reads dollars: 1234 → "$12.34". */
function dollars(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

/** What `payments` add up to, in the smallest units of a method with `decimals` shown decimals. */
function receivedUnits(payments: readonly Pick<ChainPayment, 'amount'>[], decimals: number): bigint {
  return payments.reduce((sum, p) => sum + decimalToUnits(p.amount, decimals), 0n);
}

/**
 * What the payments recorded on chain mean for an order (docs/payments.md): paid (SUCCESS as SYSTEM, which delivers
 * it), not yet, or an issue with the amounts (under-, over-, late payment), judged by the quote lock, re-quotes and
 * the tolerance (orders/payment-verdict.ts). The payments module records what the chains show and tells this service
 * (`PaymentObserver`); the order's status, payment issue, amount due and accepted shortfall are written only here and
 * by the lifecycle.
 */
@Service()
export class PaymentSettlement extends PaymentObserver {
  constructor(
    private readonly db: DataSource,
    private readonly records: ChainPaymentRecords,
    private readonly methods: PaymentMethodService,
    private readonly lifecycle: OrderLifecycle,
    private readonly bus: EventBus,
    private readonly events: DomainEvents,
  ) {
    super();
  }

  /**
   * Decides what the payments of order `orderId` mean: paid (SUCCESS as SYSTEM once every payment has its
   * confirmations), not yet, or an issue with the amounts (under-, over-, late payment). Announces the order's change
   * either way, so /verify follows the confirmations live.
   */
  async paymentsChanged(orderId: string): Promise<void> {
    await this.db.transaction(async (manager) => {
      const order = await manager
        .getRepository(Order)
        .findOne({ where: { id: orderId }, lock: { mode: 'pessimistic_write' } });
      if (!order) return;
      await this.bus.publish(orderChangeEvents(order.id), manager);
      if (PAID.includes(order.status) && (await this.reorganised(manager, order))) return;
      const payments = await this.records.ofOrder(manager, orderId);
      if (payments.length === 0 || !this.records.readsChain(order.paymentMethod)) return;

      const decimals = this.methods.decimals(order.paymentMethod);
      const { currency } = methodDefinition(order.paymentMethod).facts;
      const received = receivedUnits(payments, decimals);
      const due = decimalToUnits(order.paymentAmountCrypto, decimals);
      const amount = (units: bigint) => `${unitsToDecimal(units, decimals)} ${currency}`;
      const confirmed = payments.every((p) => p.status === ChainPaymentStatus.CONFIRMED);
      const lastSentAt = Math.max(...payments.map(sentAt));

      if (ENDED_UNPAID.includes(order.status)) {
        const status = ORDER_STATUS_LABELS[order.status];
        return this.flag(manager, order, PaymentIssueKind.LATE, AMOUNT_ISSUES.lateEnded(amount(received), status));
      }
      if (PAID.includes(order.status)) {
        if (received > due) {
          await this.flag(
            manager,
            order,
            PaymentIssueKind.OVERPAID,
            AMOUNT_ISSUES.overpaid(amount(received), amount(due)),
          );
        }
        return;
      }
      if (order.status !== OrderStatus.PENDING) return;
      if (lastSentAt > order.paymentDueAt.getTime()) {
        return this.flag(manager, order, PaymentIssueKind.LATE, AMOUNT_ISSUES.lateWindow(amount(received)));
      }
      // What the payments are worth against the dollar total (the quote lock, re-quotes, the tolerance).
      const judge = (counted: readonly ChainPayment[]) => this.verdictOf(order, counted);
      const verdict = judge(payments);
      if (verdict.rateMissing) {
        await this.setAmountDue(manager, order, null, decimals);
        return this.flag(manager, order, PaymentIssueKind.NEEDS_REVIEW, AMOUNT_ISSUES.noRateForLate(amount(received)));
      }
      if (!verdict.covered) {
        await this.setAmountDue(manager, order, verdict.amountDue, decimals);
        const missing = verdict.amountDue === null ? null : amount(verdict.amountDue);
        return this.flag(
          manager,
          order,
          PaymentIssueKind.UNDERPAID,
          verdict.requoted || missing === null
            ? AMOUNT_ISSUES.underpaidRequoted(amount(received), dollars(verdict.shortCents), missing)
            : AMOUNT_ISSUES.underpaid(amount(received), amount(due), missing),
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
            ? AMOUNT_ISSUES.reviewOverpaid(amount(received), amount(due), amount(received - due))
            : AMOUNT_ISSUES.reviewInFull(amount(received)),
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
          AMOUNT_ISSUES.requotedPaid(this.methods.currentUsd(order.paymentMethod) as string, currency),
        );
      }
      if (verdict.shortCents > 0) {
        await manager.update(Order, { id: order.id }, { acceptedShortfallCents: verdict.shortCents });
        await this.lifecycle.note(
          manager,
          order,
          SYSTEM_ACTOR,
          AMOUNT_ISSUES.shortAccepted(dollars(verdict.shortCents), this.methods.tolerancePercent(order.paymentMethod)),
        );
      }
      // More coin than the amount asked for; re-quoted (the rest of a short late payment), only when also worth more
      // than the total: paying what the store asked is never an over-payment, whatever the market did.
      if (received > due && (!verdict.requoted || verdict.excessCents > 0)) {
        await this.flag(
          manager,
          order,
          PaymentIssueKind.OVERPAID,
          AMOUNT_ISSUES.overpaid(amount(received), amount(due)),
        );
      } else {
        await this.clearIssue(manager, order);
      }
      logger.info({ orderId, txIds }, 'Payment confirmed on chain');
    });
  }

  async paymentProblem(
    manager: EntityManager,
    orderId: string,
    report: PaymentReport,
    options: { onlyWhileOpen?: boolean } = {},
  ): Promise<void> {
    const order = await manager
      .getRepository(Order)
      .findOne({ where: { id: orderId }, lock: options.onlyWhileOpen ? { mode: 'pessimistic_write' } : undefined });
    if (!order || (options.onlyWhileOpen && order.status !== OrderStatus.PENDING)) return;
    await this.flag(manager, order, report.kind, report.message);
  }

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
    const payments = await this.records.inBlockOf(manager, order.id);
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

  /**
   * Whether a paid order's payment was taken back by a chain reorganisation (and not confirmed again): then the order
   * is flagged (REORGED; the staff are mailed, the webhook says so) and stays paid, since its keys or files may be in
   * the customer's hands already: an admin decides (docs/payments.md "Reorganisations"). Once every such payment has
   * confirmed again, the flag goes, with a note.
   */
  private async reorganised(manager: EntityManager, order: Order): Promise<boolean> {
    const taken = await this.records.reorgedOf(manager, order.id);
    if (taken.length > 0) {
      const txIds = [...new Set(taken.map((p) => p.txId))].join(', ');
      const gone = taken.every((p) => p.blockNumber === null || p.status === ChainPaymentStatus.FAILED);
      await this.flag(manager, order, PaymentIssueKind.REORGED, AMOUNT_ISSUES.reorged(txIds, gone));
      return true;
    }
    if (order.paymentIssueKind === PaymentIssueKind.REORGED) {
      await this.clearIssue(manager, order);
      await this.lifecycle.note(manager, order, SYSTEM_ACTOR, AMOUNT_ISSUES.reconfirmed);
    }
    return false;
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
}

/**
 * The payment issues about amounts as the customer and the admin read them (docs/payments.md "Exceptions"; those about
 * one transaction are the payments module's, `ISSUES` in payments/chain-payment.service.ts); a sentence that names its
 * kind starts with the kind's label (common/payment-issues.ts), which the admin queue shows as the flag's title.
 */
export const AMOUNT_ISSUES = {
  underpaid: (received: string, due: string, missing: string) =>
    `${PAYMENT_ISSUE_LABELS.UNDERPAID}: received ${received} of ${due}; ${missing} missing. Send the rest to the same address and add its transaction ID, or contact support.`,
  underpaidRequoted: (received: string, shortDollars: string, missing: string | null) =>
    missing === null
      ? `${PAYMENT_ISSUE_LABELS.UNDERPAID}: received ${received}, ${shortDollars} short of the order's total. We cannot price the rest right now; contact support.`
      : `${PAYMENT_ISSUE_LABELS.UNDERPAID}: received ${received}, ${shortDollars} short of the order's total at today's rate (the price lock had ended). Send ${missing} more to the same address, or contact support.`,
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
  reorged: (txIds: string, gone: boolean) =>
    `${PAYMENT_ISSUE_LABELS.REORGED}: the payment in ${txIds} had its confirmations, then a chain reorganisation ${gone ? 'removed it from the chain' : 'moved it to a later block, below the confirmations required'}. The order was paid and may have been delivered; an admin decides.`,
  reconfirmed: 'The payment taken back by a chain reorganisation is confirmed again.',
  lateEnded: (received: string, status: string) =>
    `${PAYMENT_ISSUE_LABELS.LATE}: ${received} arrived after the order was marked ${status}. An admin decides whether to accept it.`,
};
