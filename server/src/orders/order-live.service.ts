import { Service } from '../container';
import type { RequestContext } from '../graphql/context';
import { EventBus, type BusEvent } from '../graphql/event-bus';
import { Loaders } from '../graphql/loaders';
import { mapAsyncIterator, startWith } from '../graphql/async-iterators';
import { logger } from '../logger';
import { Order } from './order.entity';
import { canSeeOrder, OrderService } from './order.service';

/**
 * Live order updates for the `orderUpdated` and `adminOrderChanged` subscriptions (DESIGN.md §6
 * "Live updates"): each event is only `{ topic, id }`, so the row is re-read and the permission
 * re-checked before anything is sent, and events the subscriber may not see are dropped.
 *
 * The bus hands one event object to every local subscriber of its topic, so the re-read is shared per
 * event: 200 admins watching the queue cost one read per change, not 200, and so do the fields they
 * select (customer, product, events), through loaders shared per event. Sharing per event (not per
 * order id) keeps each delivery at least as fresh as its own event: the read starts after that
 * event's NOTIFY, hence after its commit.
 */
@Service()
export class OrderLiveService {
  private readonly perEvent = new WeakMap<BusEvent, { order: Promise<Order | null>; loaders: Loaders }>();

  constructor(
    private readonly orders: OrderService,
    private readonly bus: EventBus,
  ) {}

  /**
   * One order for its owner or an admin: the order as it is now, then after each change. A stranger,
   * or an unknown or malformed id, fails the subscribe itself with NOT_FOUND 'Order not found',
   * exactly like `order(id)`.
   *
   * The bus subscription starts before the order is read, so every change is in the first payload or
   * announced after it: a client that loaded the page, then subscribed, misses no change made in
   * between, however late its subscribe reaches the server.
   */
  async watchOrder(ctx: RequestContext, orderId: string): Promise<AsyncIterableIterator<Order>> {
    const events = this.bus.subscribe(`order:${orderId}`);
    let current: Order;
    try {
      current = await this.orders.getVisible(ctx.user, orderId);
    } catch (error) {
      await events.return?.();
      throw error;
    }
    return startWith(
      current,
      mapAsyncIterator(events, (event) => this.reread(ctx, event)),
    );
  }

  /** Every new or changed order, for admins (the role itself is checked by @AdminOnly). */
  watchAll(ctx: RequestContext): AsyncIterableIterator<Order> {
    return mapAsyncIterator(this.bus.subscribe('orders'), (event) => this.reread(ctx, event));
  }

  /** The event's order if `ctx`'s user may see it; null (skip the event) otherwise. */
  private async reread(ctx: RequestContext, event: BusEvent): Promise<Order | null> {
    let shared = this.perEvent.get(event);
    if (!shared) {
      const order = this.orders.findById(event.id).catch((error: unknown) => {
        // One failed re-read (e.g. a dropped connection) skips this event, not the subscriptions.
        logger.warn('Dropped an order event', { topic: event.topic, error: String(error) });
        return null;
      });
      shared = { order, loaders: new Loaders(ctx.container) };
      this.perEvent.set(event, shared);
    }
    const order = await shared.order;
    if (!order || !canSeeOrder(ctx.user, order)) return null;
    // A subscription keeps one context for its whole life; fresh loaders per event keep the fields
    // of each update (product, customer, events) as current as the order itself. They are shared by
    // the event's subscribers, so their lookups batch together too (loaders hold no per-user rule:
    // field resolvers check access themselves).
    ctx.loaders = shared.loaders;
    return order;
  }
}
