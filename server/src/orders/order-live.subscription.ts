import type { AuthUser } from '../accounts/access-token';
import { Service } from '../container';
import { EventBus } from '../core/event-bus';
import { LiveRows, type LiveSubscriber } from '../core/live-rows';
import { flatMapAsyncIterator, mapAsyncIterator, startWith } from '../core/async-iterators';
import { Order } from './order.entity';
import { canSeeOrder, OrderService } from './order.service';
import { AdminOrderFeedMessage } from './order.types';

/** Who a live order subscription sends to (the API's subscription context: graphql/live-subscriber.ts). */
type Subscriber = LiveSubscriber<AuthUser | null>;

/**
 * Live order updates for the `orderUpdated` and `adminOrderChanged` subscriptions (docs/architecture.md
 * "Live updates"): the shared re-read and permission check of LiveRows, on the order topics.
 */
@Service()
export class OrderLiveService {
  private readonly rows: LiveRows<Order, AuthUser | null>;

  constructor(
    orders: OrderService,
    private readonly bus: EventBus,
  ) {
    this.rows = new LiveRows<Order, AuthUser | null>(
      {
        what: 'order',
        findById: (id) => orders.findById(id),
        getVisible: (user, id) => orders.getVisible(user, id),
        canSee: canSeeOrder,
        findChangedSince: (since, limit) => orders.findChangedSince(since, limit),
      },
      bus,
    );
  }

  /**
   * One order for its owner or an admin: the order as it is now, then after each change. A stranger,
   * or an unknown or malformed id, fails the subscribe itself with NOT_FOUND 'Order not found',
   * exactly like `order(id)`. A client that loaded the page, then subscribed, misses no change made in
   * between, however late its subscribe reaches the server.
   */
  watchOrder(subscriber: Subscriber, orderId: string): Promise<AsyncIterableIterator<Order>> {
    return this.rows.watchOne(subscriber, `order:${orderId}`, orderId);
  }

  /**
   * Every new or changed order, for staff (the permission itself is checked by @Requires(ORDERS_READ)). After the event
   * bus lost events (its connection dropped), the orders changed since then are sent again.
   */
  watchAll(subscriber: Subscriber): AsyncIterableIterator<Order> {
    return flatMapAsyncIterator(this.bus.subscribe('orders'), (event) => this.rows.rowsOf(subscriber, event));
  }

  /**
   * The admin queue's feed: `{ ready }` first, once the bus subscription is in place, so the client
   * fetches its list after that and applies on top of it every order that arrives later; then every
   * new or changed order, as `watchAll`. graphql-ws has no subscribe acknowledgement, so without the
   * marker a client cannot know which changes its list already holds.
   */
  watchQueue(subscriber: Subscriber): AsyncIterableIterator<AdminOrderFeedMessage> {
    const orders = mapAsyncIterator(this.watchAll(subscriber), (order): AdminOrderFeedMessage => ({
      ready: false,
      order,
    }));
    return startWith<AdminOrderFeedMessage>({ ready: true, order: null }, orders);
  }
}
