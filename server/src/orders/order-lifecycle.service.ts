import type { EntityManager } from 'typeorm';
import { Service } from '../container';
import { DomainEvents, type NewDomainEvent } from '../core/domain-events';
import { ActorKind, OrderStatus } from '../core/enums';
import { InputError } from '../core/errors';
import { EventBus } from '../core/event-bus';
import { hydrate } from '../db/hydrate';
import { sqlEnum } from '../db/sql-enum';
import { KEY_MESSAGES, keysReleasedNote, keysReservedNote, OrderKeys } from '../inventory/order-keys.service';
import { AppConfig } from '../app-config';
import { JobQueue } from '../core/job-queue';
import { queueAwaitingStockDeliveries } from './awaiting-stock';
import { reservationEnd, reservationEndSpec } from './key-reservation';
import { checkTransition, ENDED_UNPAID } from './order-lifecycle';
import { Order } from './order.entity';
import { orderChangeEvents } from './order-topics';

/** Who moves an order: the kind (for the rules) and the account, when a person did it. */
export interface Actor {
  kind: ActorKind;
  userId: string | null;
}

export const SYSTEM_ACTOR: Actor = { kind: ActorKind.SYSTEM, userId: null };

/** What a status change announces to the consumers of domain events (e-mail, webhooks). */
function statusEvents(order: Order, from: OrderStatus, actor: Actor, reason: string | null): NewDomainEvent[] {
  const orderId = order.id;
  const events: NewDomainEvent[] = [
    { type: 'order.status_changed', payload: { orderId, from, to: order.status, actorKind: actor.kind, reason } },
  ];
  if (order.status === OrderStatus.SUCCESS) events.push({ type: 'order.paid', payload: { orderId } });
  if (order.status === OrderStatus.COMPLETED) events.push({ type: 'order.delivered', payload: { orderId } });
  return events;
}

/**
 * The one way an order's status changes (docs/order-lifecycle.md). In the caller's transaction, on an order row
 * the caller has locked: checks the lifecycle, updates the order, writes its audit row (actor kind, reason,
 * override), announces the change to live pages on commit and records its domain events.
 */
@Service()
export class OrderLifecycle {
  constructor(
    private readonly bus: EventBus,
    private readonly events: DomainEvents,
    private readonly keys: OrderKeys,
    private readonly config: AppConfig,
    private readonly jobs: JobQueue,
  ) {}

  /**
   * Moves `order` to `to`. A move the lifecycle does not allow `actor` is a BAD_USER_INPUT naming both statuses
   * (admins are allowed any move, as an override). Returns the order as it is after the move.
   */
  async transition(
    manager: EntityManager,
    order: Order,
    to: OrderStatus,
    actor: Actor,
    reason: string | null,
  ): Promise<Order> {
    const from = order.status;
    const check = checkTransition(actor.kind, from, to);
    if (!check.allowed) {
      throw InputError.field('status', `An order cannot move from ${from} to ${to} this way`);
    }
    const rows: Record<string, unknown>[] = await manager.query(
      `WITH changed AS (
         -- Keys are held with an end only while PENDING; paid they are delivered, ended unpaid they are released.
         UPDATE orders SET status = $2, updated_at = now(),
           keys_reserved_until = CASE WHEN $2 = ${sqlEnum(OrderStatus.PENDING)} THEN keys_reserved_until END
         WHERE id = $1 RETURNING *
       ), audit AS (
         INSERT INTO order_events (order_id, actor_id, actor_kind, from_status, to_status, reason, override)
         SELECT id, $3, $4, $5, status, $6, $7 FROM changed
       )
       SELECT * FROM changed`,
      [order.id, to, actor.userId, actor.kind, from, reason, check.override],
    );
    const moved = hydrate(manager, Order, rows[0]);
    // After the move, so its notes follow it in the history; a refusal still rolls the whole move back.
    await this.moveKeys(manager, moved, from, to, actor);
    await this.bus.publish(orderChangeEvents(order.id), manager);
    await this.events.record(manager, statusEvents(moved, from, actor, reason));
    return moved;
  }

  /** Writes a line into the order's history that is not a status change (its status stays), e.g. keys delivered. */
  async note(manager: EntityManager, order: Order, actor: Actor, note: string): Promise<void> {
    await manager.query(
      `INSERT INTO order_events (order_id, actor_id, actor_kind, from_status, to_status, note)
       VALUES ($1, $2, $3, $4, $4, $5)`,
      [order.id, actor.userId, actor.kind, order.status, note],
    );
  }

  /**
   * The licence keys follow the order (docs/inventory.md "Orders and keys"): ending unpaid (CANCELLED,
   * NOT_RECEIVED) puts its reserved keys back in stock; an admin moving it back out of those reserves them again,
   * all of them or none (the move is refused, saying how many keys there are).
   */
  private async moveKeys(
    manager: EntityManager,
    order: Order,
    from: OrderStatus,
    to: OrderStatus,
    actor: Actor,
  ): Promise<void> {
    const endedUnpaid = (status: OrderStatus) => ENDED_UNPAID.includes(status);
    if (endedUnpaid(to) && !endedUnpaid(from)) {
      const { productId, released } = await this.keys.release(manager, order.id);
      if (released === 0 || !productId) return;
      await this.note(manager, order, actor, keysReleasedNote(released));
      await queueAwaitingStockDeliveries(manager, productId);
      await this.keys.announceStock(productId, { always: true, manager });
    } else if (endedUnpaid(from) && !endedUnpaid(to)) {
      const reservation = await this.keys.reserveMissing(manager, order);
      if (!reservation.reserved) {
        throw InputError.field('status', KEY_MESSAGES.cannotReopen(reservation.needed, reservation.available));
      }
      if (reservation.needed > 0) await this.note(manager, order, actor, keysReservedNote(reservation.needed));
      if (to === OrderStatus.PENDING) await this.holdForNewPeriod(manager, order);
    } else if (to === OrderStatus.PENDING && from !== OrderStatus.PENDING) {
      // A paid order moved back to unpaid (an admin's override) may still hold undelivered keys.
      await this.holdForNewPeriod(manager, order);
    }
  }

  /**
   * An order that is PENDING again holds its reserved keys for a new reservation period, as at checkout, so they end
   * like any unpaid order's (the sweep, the per-account cap and a block see them).
   */
  private async holdForNewPeriod(manager: EntityManager, order: Order): Promise<void> {
    if (!(await this.keys.holdsReserved(manager, order.id))) return;
    const until = reservationEnd(this.config.reservationMinutes);
    await manager.query(`UPDATE orders SET keys_reserved_until = $2 WHERE id = $1`, [order.id, until]);
    order.keysReservedUntil = until;
    await this.jobs.add(reservationEndSpec(order.id, until), manager);
  }
}
