import { DataSource } from 'typeorm';
import { Service } from '../container';
import { OrderStatus } from '../core/enums';
import type { JobSpec } from '../core/job-queue';
import { logger } from '../core/logger';
import { OrderLifecycle, SYSTEM_ACTOR } from './order-lifecycle.service';
import { Order } from './order.entity';

export const PAYMENT_WINDOW_TASK = 'order:payment-window';

export const PAYMENT_WINDOW_EXPIRED_REASON = 'The payment window ended with no payment, proof or transaction ID';

/** The job that closes an order's payment window, queued at checkout to run when the window ends. */
export function paymentWindowJob(orderId: string, dueAt: Date): JobSpec {
  return { task: PAYMENT_WINDOW_TASK, payload: { orderId }, jobKey: `payment-window:${orderId}`, runAt: dueAt };
}

/**
 * The end of an order's payment window (PAYMENT_WINDOW_HOURS after checkout, docs/order-lifecycle.md). A PENDING
 * order with no proof, no transaction id and (once payments are read from the chains) nothing seen on chain has
 * not been paid: the store moves it to NOT_RECEIVED. One with a proof or a transaction id waits for an admin,
 * shown as overdue in the admin queue, because a person must look at what the customer sent.
 */
@Service()
export class PaymentWindowService {
  constructor(
    private readonly db: DataSource,
    private readonly lifecycle: OrderLifecycle,
  ) {}

  /** Runs when the window of order `orderId` ends; a no-op for an order that has moved on since. */
  async close(orderId: string): Promise<'expired' | 'awaiting-admin' | 'moved-on'> {
    return this.db.transaction(async (manager) => {
      const order = await manager
        .getRepository(Order)
        .findOne({ where: { id: orderId }, lock: { mode: 'pessimistic_write' } });
      if (!order || order.status !== OrderStatus.PENDING) return 'moved-on';
      if (order.paymentProofFileId || order.transactionId) return 'awaiting-admin';
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
