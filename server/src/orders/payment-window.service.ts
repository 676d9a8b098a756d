import { z } from 'zod';
import { defineJob } from '../core/job-definition';
import { DataSource, type EntityManager } from 'typeorm';
import { Service } from '../container';
import { OrderStatus } from '../core/enums';
import { asNewEvent, type DomainEvent, type DomainEventConsumer } from '../core/domain-events';
import { addJobsSql } from '../core/job-queue';
import { reservationEndJobSql } from './key-reservation';
import { logger } from '../core/logger';
import { ChainPaymentRecords } from '../payments/chain-payment-records.service';
import { OrderLifecycle, SYSTEM_ACTOR } from './order-lifecycle.service';
import { Order } from './order.entity';

export const PAYMENT_WINDOW_EXPIRED_REASON = 'The payment window ended with no payment, proof or transaction ID';

/**
 * The end of an order's payment window (PAYMENT_WINDOW_HOURS after checkout, docs/order-lifecycle.md). A PENDING
 * order with no proof, no transaction id and nothing seen on chain (docs/payments.md) has not been paid: the store moves it to NOT_RECEIVED. One with a proof or a transaction id waits for an admin,
 * shown as overdue in the admin queue, because a person must look at what the customer sent.
 */
@Service()
export class PaymentWindowService implements DomainEventConsumer {
  readonly consumes = ['order.created'] as const;

  constructor(
    private readonly db: DataSource,
    private readonly lifecycle: OrderLifecycle,
    private readonly chainPayments: ChainPaymentRecords,
  ) {}

  /**
   * The payment-window consumer of domain events: each `order.created` gets the job that closes its window, due
   * when the window ends (`payment_due_at`, fixed at checkout), keyed by order, and, holding keys, the job that ends
   * their reservation (at `keys_reserved_until`). Queued whatever the order's status
   * is by now (an admin may move it and back before the dispatch): `close` leaves an order that moved on.
   */
  async handleEvents(events: readonly DomainEvent[], manager: EntityManager): Promise<void> {
    const orderIds = events
      .map(asNewEvent)
      .flatMap((event) => (event.type === 'order.created' ? [event.payload.orderId] : []));
    if (orderIds.length === 0) return;
    // With it, in the same statement, the job that ends the reservation of an order holding keys (docs/inventory.md
    // "Reservation"): one add_jobs for the whole batch instead of one per checkout.
    await manager.query(
      `SELECT ${addJobsSql(`(SELECT coalesce(json_agg(job), '[]') FROM (
           SELECT json_build_object(
             'identifier', '${paymentWindowJob.task}', 'payload', json_build_object('orderId', o.id),
             'run_at', o.payment_due_at, 'job_key', 'payment-window:' || o.id) AS job
           FROM orders o WHERE o.id = ANY ($1::uuid[])
           UNION ALL
           SELECT ${reservationEndJobSql('o.id', 'o.keys_reserved_until')}
           FROM orders o WHERE o.id = ANY ($1::uuid[]) AND o.keys_reserved_until IS NOT NULL) jobs)`)}`,
      [orderIds],
    );
  }

  /** Runs when the window of order `orderId` ends; a no-op for an order that has moved on since. */
  async close(orderId: string): Promise<'expired' | 'awaiting-admin' | 'moved-on'> {
    return this.db.transaction(async (manager) => {
      const order = await manager
        .getRepository(Order)
        .findOne({ where: { id: orderId }, lock: { mode: 'pessimistic_write' } });
      if (!order || order.status !== OrderStatus.PENDING) return 'moved-on';
      if (order.paymentProofFileId || order.transactionId) return 'awaiting-admin';
      if (await this.chainPayments.hasPaymentFor(manager, order.id)) return 'awaiting-admin';
      await this.lifecycle.transition(
        manager,
        order,
        OrderStatus.NOT_RECEIVED,
        SYSTEM_ACTOR,
        PAYMENT_WINDOW_EXPIRED_REASON,
      );
      logger.info({ orderId }, 'Payment window ended: order not received');
      return 'expired';
    });
  }
}

/** Ends order `orderId`'s payment window (queued by `handleEvents`, due at its `payment_due_at`). */
export const paymentWindowJob = defineJob({
  task: 'order:payment-window',
  payload: z.object({ orderId: z.string() }),
  run: ({ orderId }, { container }) => container.get(PaymentWindowService).close(orderId),
});
