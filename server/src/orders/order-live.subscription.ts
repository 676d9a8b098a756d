import { Service } from '../container';
import type { RequestContext } from '../graphql/context';
import { EventBus, type BusEvent } from '../core/event-bus';
import { Loaders } from '../graphql/loaders';
import { flatMapAsyncIterator, mapAsyncIterator, startWith } from '../core/async-iterators';
import { logger } from '../core/logger';
import { Order } from './order.entity';
import { canSeeOrder, OrderService } from './order.service';
import { AdminOrderFeedMessage } from './order.types';

/** At most this many orders are re-sent to an admin after the event bus lost events. */
const CATCH_UP_LIMIT = 500;

/**
 * Live order updates for the `orderUpdated` and `adminOrderChanged` subscriptions (docs/architecture.md
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
  /** Orders re-read after lost events, per catch-up event (shared by every admin subscriber). */
  private readonly catchUps = new WeakMap<BusEvent, Promise<Order[]>>();

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

  /**
   * Every new or changed order, for admins (the role itself is checked by @AdminOnly). After the event
   * bus lost events (its connection dropped), the orders changed since then are sent again.
   */
  watchAll(ctx: RequestContext): AsyncIterableIterator<Order> {
    return flatMapAsyncIterator(this.bus.subscribe('orders'), (event) => this.ordersOf(ctx, event));
  }

  /**
   * The admin queue's feed: `{ ready }` first, once the bus subscription is in place, so the client
   * fetches its list after that and applies on top of it every order that arrives later; then every
   * new or changed order, as `watchAll`. graphql-ws has no subscribe acknowledgement, so without the
   * marker a client cannot know which changes its list already holds.
   */
  watchQueue(ctx: RequestContext): AsyncIterableIterator<AdminOrderFeedMessage> {
    const orders = mapAsyncIterator(this.watchAll(ctx), (order): AdminOrderFeedMessage => ({ ready: false, order }));
    return startWith<AdminOrderFeedMessage>({ ready: true, order: null }, orders);
  }

  /** What an 'orders' event stands for: its order, or after lost events the orders changed since. */
  private async ordersOf(ctx: RequestContext, event: BusEvent): Promise<Order[]> {
    if (!event.missedSince) {
      const order = await this.reread(ctx, event);
      return order ? [order] : [];
    }
    let changed = this.catchUps.get(event);
    if (!changed) {
      changed = this.orders.findChangedSince(new Date(event.missedSince), CATCH_UP_LIMIT).catch((error: unknown) => {
        logger.warn({ err: error }, 'Could not re-read orders after the event bus reconnected');
        return [];
      });
      this.catchUps.set(event, changed);
    }
    ctx.loaders = new Loaders(ctx.container);
    return changed;
  }

  /** The event's order if `ctx`'s user may see it; null (skip the event) otherwise. */
  private async reread(ctx: RequestContext, event: BusEvent): Promise<Order | null> {
    let shared = this.perEvent.get(event);
    if (!shared) {
      const order = this.orders.findById(event.id).catch((error: unknown) => {
        // One failed re-read (e.g. a dropped connection) skips this event, not the subscriptions.
        logger.warn({ topic: event.topic, err: error }, 'Dropped an order event');
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
