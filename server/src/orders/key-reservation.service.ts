import { z } from 'zod';
import { defineJob } from '../core/job-definition';
import { DataSource } from 'typeorm';
import { licenceKeyCount } from '../../../common/labels';
import { AppConfig } from '../app-config';
import { Service } from '../container';
import { OrderStatus } from '../core/enums';
import { EventBus } from '../core/event-bus';
import { JobQueue } from '../core/job-queue';
import { RESERVATION_END_TASK, reservationEnd, reservationEndSpec } from './key-reservation';
import { logger } from '../core/logger';
import { OrderKeys } from '../inventory/order-keys.service';
import { OrderLifecycle, SYSTEM_ACTOR } from './order-lifecycle.service';
import { queueAwaitingStockDeliveries } from './awaiting-stock';
import { orderChangeEvents } from './order-topics';
import { PaymentSettlement } from './payment-settlement.service';
import { Order } from './order.entity';

/** The order-history note of a reservation that ended unpaid. */
export const reservationEndedNote = (count: number) =>
  `${licenceKeyCount(count)} released back to stock: the reservation ended before a payment was seen`;

/** The order-history note of the keys of a blocked account's order, released at the block. */
export const accountBlockedNote = (count: number) =>
  `${licenceKeyCount(count)} released back to stock: the account was blocked`;

export type ReservationOutcome = 'released' | 'kept' | 'not-yet' | 'moved-on';

/**
 * Keys held by an unpaid order go back to stock when its reservation ends (RESERVATION_MINUTES after checkout), unless
 * payments seen on chain for the order cover its amount (then they are held another period, at most until its payment
 * window ends): a typed transaction ID the chain does not know, a proof image, or a dust payment holds nothing. The order itself stays PENDING (its payment window, or an admin, ends it); if it is paid later,
 * delivery reserves keys again or flags it "paid, awaiting stock" (delivery.service.ts).
 */
@Service()
export class KeyReservations {
  constructor(
    private readonly db: DataSource,
    private readonly config: AppConfig,
    private readonly lifecycle: OrderLifecycle,
    private readonly keys: OrderKeys,
    private readonly settlement: PaymentSettlement,
    private readonly bus: EventBus,
    private readonly jobs: JobQueue,
  ) {}

  /** The reservation-end job of order `orderId`: releases its keys if the reservation is over and nothing was paid. */
  end(orderId: string): Promise<ReservationOutcome> {
    return this.release(orderId, { early: false, note: reservationEndedNote });
  }

  /**
   * A blocked account holds nothing: the keys of its unpaid orders go back to stock at once (a payment seen on chain
   * still keeps its order's keys). The orders stay PENDING for their payment window or an admin.
   */
  async releaseAccount(userId: string): Promise<number> {
    const holding: { id: string }[] = await this.db.query(
      `SELECT id FROM orders WHERE user_id = $1 AND status = $2 AND keys_reserved_until IS NOT NULL`,
      [userId, OrderStatus.PENDING],
    );
    let released = 0;
    for (const { id } of holding) {
      if ((await this.release(id, { early: true, note: accountBlockedNote })) === 'released') released++;
    }
    return released;
  }

  private async release(
    orderId: string,
    options: { early: boolean; note: (count: number) => string },
  ): Promise<ReservationOutcome> {
    let releasedFrom: string | null = null;
    const outcome = await this.db.transaction(async (manager): Promise<ReservationOutcome> => {
      const order = await manager
        .getRepository(Order)
        .findOne({ where: { id: orderId }, lock: { mode: 'pessimistic_write' } });
      if (!order || order.status !== OrderStatus.PENDING || !order.keysReservedUntil) return 'moved-on';
      if (!options.early && order.keysReservedUntil.getTime() > Date.now()) {
        // Run early (a sweep, a retry): the job comes back when the reservation ends.
        await this.jobs.add(reservationEndSpec(orderId, order.keysReservedUntil), manager);
        return 'not-yet';
      }
      if (order.paymentDueAt.getTime() > Date.now() && (await this.settlement.seenPaymentsCover(manager, order))) {
        // Paid in full on chain, waiting for confirmations: held for another period, never past the payment window.
        const until = new Date(Math.min(this.holdUntil().getTime(), order.paymentDueAt.getTime()));
        await manager.query(`UPDATE orders SET keys_reserved_until = $2 WHERE id = $1`, [order.id, until]);
        await this.jobs.add(reservationEndSpec(order.id, until), manager);
        return 'kept';
      }
      const { productId, released } = await this.keys.release(manager, order.id);
      await manager.query(`UPDATE orders SET keys_reserved_until = NULL, updated_at = now() WHERE id = $1`, [order.id]);
      order.keysReservedUntil = null;
      if (released > 0) await this.lifecycle.note(manager, order, SYSTEM_ACTOR, options.note(released));
      // Paid orders waiting for keys have their deliveries queued at once, in this transaction; a checkout that commits
      // before a delivery job runs can still take the keys (the order then waits for the next keys to come back).
      if (productId) await queueAwaitingStockDeliveries(manager, productId);
      await this.bus.publish(orderChangeEvents(order.id), manager);
      releasedFrom = productId;
      return 'released';
    });
    if (releasedFrom) {
      // After commit: the stock badges and the admin's counts see the keys back.
      await this.keys.announceStock(releasedFrom, { always: true });
      logger.info({ orderId }, 'Key reservation released: keys back in stock');
    }
    return outcome;
  }

  /**
   * Ends every reservation that is over: those whose job was lost, those of orders placed before reservations ended,
   * and those a seen payment kept (released once that payment is found to have failed).
   */
  async sweep(): Promise<number> {
    const due: { id: string }[] = await this.db.query(
      `SELECT id FROM orders WHERE status = $1 AND keys_reserved_until < now() ORDER BY keys_reserved_until LIMIT 500`,
      [OrderStatus.PENDING],
    );
    let released = 0;
    for (const { id } of due) if ((await this.end(id)) === 'released') released++;
    return released;
  }

  /** When keys reserved now for a PENDING order are held until. */
  holdUntil(): Date {
    return reservationEnd(this.config.reservationMinutes);
  }
}

/** Ends order `orderId`'s key reservation when it is due (written by checkout at the order's `keys_reserved_until`). */
export const reservationEndJob = defineJob({
  task: RESERVATION_END_TASK,
  payload: z.object({ orderId: z.string() }),
  run: ({ orderId }, { container }) => container.get(KeyReservations).end(orderId),
});

/** Minutely: ends reservations whose job was lost or that a seen payment kept (docs/inventory.md "Reservation"). */
export const reservationSweepJob = defineJob({
  task: 'orders:reservation-sweep',
  payload: z.object({}),
  schedule: { cron: '* * * * *' },
  atStart: { jobKey: 'orders:reservation-sweep' },
  run: async (_payload, { container }) => {
    const released = await container.get(KeyReservations).sweep();
    if (released > 0) logger.info({ released }, 'Key reservations that ended unpaid released by the sweep');
  },
});
