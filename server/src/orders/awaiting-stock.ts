/**
 * Paid orders that wait for licence keys (docs/inventory.md "Reservation"): whenever keys come back to a product's
 * stock (an import, a reservation that ended, an order that ended unpaid), their delivery is queued again, oldest first,
 * in the transaction that brought the keys back. Kept apart from the services, which the lifecycle and the inventory
 * both call into, so none of them needs another's class.
 */
import type { EntityManager } from 'typeorm';
import { addJobsSql } from '../core/job-queue';

/** The delivery task (its definition, `deliveryJob`, is in delivery.service.ts). */
export const DELIVERY_TASK = 'order:deliver';

/** Queues the delivery of every paid order of `productId` that waits for keys (one pending job per order: its key). */
export async function queueAwaitingStockDeliveries(manager: EntityManager, productId: string): Promise<void> {
  await manager.query(
    `SELECT ${addJobsSql(`(SELECT coalesce(json_agg(json_build_object(
         'identifier', '${DELIVERY_TASK}', 'payload', json_build_object('orderId', o.id),
         'job_key', '${DELIVERY_TASK}:' || o.id) ORDER BY o.awaiting_stock_since), '[]')
       FROM orders o WHERE o.product_id = $1 AND o.awaiting_stock_since IS NOT NULL)`)}`,
    [productId],
  );
}
