import { z } from 'zod';
import { defineJob } from '../core/job-definition';
import { DataSource, type EntityManager } from 'typeorm';
import { Service } from '../container';
import { licenceKeyCount } from '../../../common/labels';
import { asNewEvent, DomainEvents, type DomainEvent, type DomainEventConsumer } from '../core/domain-events';
import { EventBus } from '../core/event-bus';
import { OrderStatus } from '../core/enums';
import { JobQueue } from '../core/job-queue';
import { logger } from '../core/logger';
import { fulfilmentHandler } from '../fulfilment';
import { keysDeliveredNote, keysReservedNote, OrderKeys } from '../inventory/order-keys.service';
import { PAID } from './order-lifecycle';
import { OrderLifecycle, SYSTEM_ACTOR } from './order-lifecycle.service';
import { DELIVERY_TASK } from './awaiting-stock';
import { Order } from './order.entity';
import { orderChangeEvents } from './order-topics';

export const DELIVERED_REASON = 'Delivered automatically after payment confirmation';

/** The history note of a paid order that found too few keys to deliver. */
export const awaitingStockNote = (needed: number, available: number) =>
  `Paid, awaiting stock: ${licenceKeyCount(needed)} needed, ${available.toLocaleString('en-US')} in stock`;

export type DeliveryOutcome = 'delivered' | 'manual' | 'not-paid' | 'waiting-for-keys';

/**
 * Instant delivery (docs/inventory.md "Delivery"): when an order's payment is confirmed (it moves to SUCCESS, or an
 * admin sets PROCESSING or COMPLETED), a job gives the customer its licence keys (and, for a DOWNLOAD product, its
 * file) and completes the order as SYSTEM. The job is keyed by order, retried with backoff when it fails, and
 * delivers once: keys move from reserved to delivered only once, and an order already COMPLETED is not moved again.
 * Kinds an admin delivers (MANUAL) are left to them: each kind's handler says which (server/src/fulfilment/).
 */
@Service()
export class DeliveryService implements DomainEventConsumer {
  readonly consumes = ['order.status_changed'] as const;

  constructor(
    private readonly db: DataSource,
    private readonly lifecycle: OrderLifecycle,
    private readonly keys: OrderKeys,
    private readonly jobs: JobQueue,
    private readonly events: DomainEvents,
    private readonly bus: EventBus,
  ) {}

  /** The delivery consumer of domain events: an order that became paid gets its delivery job. */
  async handleEvents(events: readonly DomainEvent[], manager: EntityManager): Promise<void> {
    const orderIds = events.map(asNewEvent).flatMap((event) => {
      if (event.type !== 'order.status_changed') return [];
      return PAID.includes(event.payload.to as OrderStatus) ? [event.payload.orderId] : [];
    });
    await this.jobs.add(
      [...new Set(orderIds)].map((orderId) =>
        deliveryJob.spec({ orderId }, { jobKey: `${deliveryJob.task}:${orderId}` }),
      ),
      manager,
    );
  }

  /** The delivery job of order `orderId`. */
  async deliver(orderId: string): Promise<DeliveryOutcome> {
    const outcome = await this.db.transaction(async (manager): Promise<DeliveryOutcome> => {
      const order = await manager
        .getRepository(Order)
        .findOne({ where: { id: orderId }, lock: { mode: 'pessimistic_write' } });
      // Moved back before the job ran (an admin's correction): nothing is delivered for an unpaid order.
      if (!order || !PAID.includes(order.status)) return 'not-paid';
      // An order placed before its product had keys has none reserved: it takes them now, or waits for an import.
      const reservation = await this.keys.reserveMissing(manager, order);
      // The product's handler says how it is delivered: an admin delivers the kinds without keys.
      if (!reservation.fulfilment || fulfilmentHandler(reservation.fulfilment).delivery === 'by-admin') return 'manual';
      if (!reservation.reserved) {
        // Keys a checkout in flight holds were skipped: if that checkout rolls back they are in stock again, so with
        // enough keys counted (locked or not) the job fails and graphile-worker runs it again in a few seconds.
        if ((await this.keys.availableCount(manager, order.productId)) >= reservation.needed) {
          throw new Error(`Licence keys for order ${order.id} are held by a checkout in flight; delivery retries`);
        }
        if (!order.awaitingStockSince) await this.flagAwaitingStock(manager, order, reservation);
        logger.warn({ orderId, ...reservation }, 'Delivery waiting for licence keys');
        return 'waiting-for-keys';
      }
      if (order.awaitingStockSince) {
        await manager.query(`UPDATE orders SET awaiting_stock_since = NULL WHERE id = $1`, [order.id]);
      }
      if (reservation.needed > 0)
        await this.lifecycle.note(manager, order, SYSTEM_ACTOR, keysReservedNote(reservation.needed));
      const delivered = await this.keys.deliver(manager, order.id);
      if (delivered > 0) await this.lifecycle.note(manager, order, SYSTEM_ACTOR, keysDeliveredNote(delivered));
      if (order.status !== OrderStatus.COMPLETED) {
        await this.lifecycle.transition(manager, order, OrderStatus.COMPLETED, SYSTEM_ACTOR, DELIVERED_REASON);
      }
      return 'delivered';
    });
    logger.info({ orderId, outcome }, 'Delivery job ran');
    return outcome;
  }

  /**
   * Paid, awaiting stock: the order's reservation ended before its payment arrived and too few keys are left. Flagged
   * once for the admin (`Order.awaitingStock`, the history) and told to the customer (e-mail, webhooks); keys coming back
   * to the product's stock queue its delivery again (awaiting-stock.ts).
   */
  private async flagAwaitingStock(
    manager: EntityManager,
    order: Order,
    reservation: { needed: number; available: number },
  ): Promise<void> {
    await manager.query(`UPDATE orders SET awaiting_stock_since = now(), updated_at = now() WHERE id = $1`, [order.id]);
    await this.lifecycle.note(
      manager,
      order,
      SYSTEM_ACTOR,
      awaitingStockNote(reservation.needed, reservation.available),
    );
    await this.events.record(manager, [
      { type: 'order.awaiting_stock', payload: { orderId: order.id, ...reservation } },
    ]);
    await this.bus.publish(orderChangeEvents(order.id), manager);
  }
}

/** Delivers order `orderId` once it is paid (one pending job per order: its key). */
export const deliveryJob = defineJob({
  task: DELIVERY_TASK,
  payload: z.object({ orderId: z.string() }),
  run: ({ orderId }, { container }) => container.get(DeliveryService).deliver(orderId),
});
