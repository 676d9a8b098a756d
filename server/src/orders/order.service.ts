import { DataSource } from 'typeorm';
import { isUuid } from '../../../common/validation';
import type { AuthUser } from '../accounts/access-token';
import { Profile } from '../accounts/profile.entity';
import { Service } from '../container';
import { hydrate } from '../db/hydrate';
import { isAdmin } from '../graphql/context';
import { OrderStatus } from '../graphql/enums';
import { InputError, NotFoundError } from '../graphql/errors';
import { EventBus, type BusEvent } from '../graphql/event-bus';
import { Order } from './order.entity';

/** May `user` see `order`? Its owner and admins may; everyone else is told it does not exist. */
export function canSeeOrder(user: AuthUser | null, order: Pick<Order, 'userId'>): boolean {
  return !!user && (order.userId === user.id || isAdmin(user));
}

/** What a change of order `orderId` announces: its own topic (its page) and the admin queue's. */
export function orderChangeEvents(orderId: string): BusEvent[] {
  return [
    { topic: `order:${orderId}`, id: orderId },
    { topic: 'orders', id: orderId },
  ];
}

/** A page of the admin queue. */
export interface OrderPage {
  edges: { cursor: string; node: Order }[];
  hasNextPage: boolean;
  endCursor: string | null;
  totalCount: number;
}

export const ADMIN_PAGE = { defaultSize: 20, maxSize: 100 } as const;
export const ORDER_PAGE_MESSAGES = {
  first: `first must be between 1 and ${ADMIN_PAGE.maxSize}`,
  cursor: 'Invalid cursor',
} as const;

/**
 * Cursor of the admin queue: the row's created_at with PostgreSQL's full microsecond precision (a JS
 * Date would round it to milliseconds and the keyset would skip or repeat rows) and its id.
 */
function encodeCursor(createdAt: string, id: string): string {
  return Buffer.from(`${createdAt}|${id}`, 'utf8').toString('base64url');
}

function decodeCursor(cursor: string): { createdAt: string; id: string } {
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|([0-9a-f-]{36})$/i.exec(
    Buffer.from(cursor, 'base64url').toString('utf8'),
  );
  if (!match || !isUuid(match[2]) || Number.isNaN(Date.parse(match[1]))) {
    throw InputError.field('after', ORDER_PAGE_MESSAGES.cursor);
  }
  return { createdAt: match[1], id: match[2].toLowerCase() };
}

/** created_at as an ISO-8601 UTC string with microseconds. */
const CURSOR_TIMESTAMP = `to_char(o.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * Reading and changing orders after checkout: the owner's and admins' views (spec §6), the admin's
 * status changes with their audit trail (spec §4: any status, no transition rules), and the admin
 * queue (newest first, keyset-paginated on the orders_created_idx / orders_status_created_idx indexes).
 */
@Service()
export class OrderService {
  constructor(
    private readonly db: DataSource,
    private readonly bus: EventBus,
  ) {}

  /** The order if `user` may see it; otherwise, and for malformed ids, NOT_FOUND 'Order not found'. */
  async getVisible(user: AuthUser | null, id: string): Promise<Order> {
    const order = await this.findById(id);
    if (!order || !canSeeOrder(user, order)) throw new NotFoundError('Order');
    return order;
  }

  /** Any order by id, for callers that check access themselves (subscriptions of admins). */
  findById(id: string): Promise<Order | null> {
    return isUuid(id) ? this.db.getRepository(Order).findOneBy({ id }) : Promise.resolve(null);
  }

  /** A customer's orders, newest first (spec §7 "orders by user_id newest first"). */
  listForUser(userId: string): Promise<Order[]> {
    return this.db.getRepository(Order).find({ where: { userId }, order: { createdAt: 'DESC', id: 'DESC' } });
  }

  /**
   * Sets an order's status as `admin` (any status; spec §4). The row is locked, so concurrent changes
   * are recorded in the order they happen. A change writes an order_events row (from, to, actor) and
   * notifies `order:<id>` and `orders` on commit. Setting the status the order already has changes
   * nothing: no event row, no notification.
   */
  async setStatus(admin: AuthUser, orderId: string, status: OrderStatus): Promise<Order> {
    if (!isUuid(orderId)) throw new NotFoundError('Order');
    return this.db.transaction(async (manager) => {
      const repo = manager.getRepository(Order);
      const order = await repo.findOne({ where: { id: orderId }, lock: { mode: 'pessimistic_write' } });
      if (!order) throw new NotFoundError('Order');
      if (order.status === status) return order;

      await this.bus.publish(orderChangeEvents(orderId), manager);
      const rows: Record<string, unknown>[] = await manager.query(
        `WITH changed AS (
           UPDATE orders SET status = $2, updated_at = now() WHERE id = $1 RETURNING *
         ), event AS (
           INSERT INTO order_events (order_id, actor_id, from_status, to_status) SELECT id, $3, $4, status FROM changed
         )
         SELECT * FROM changed`,
        [orderId, status, admin.id, order.status],
      );
      return hydrate(manager, Order, rows[0]);
    });
  }

  /**
   * The admin queue: newest first, optionally one status, `first` rows after the `after` cursor.
   * Keyset pagination, never OFFSET: `(created_at, id) < cursor` walks the index from where the last
   * page ended, so page 1000 costs what page 1 costs and rows inserted meanwhile cause no repeats.
   */
  async adminPage(options: {
    status?: OrderStatus | null;
    first?: number | null;
    after?: string | null;
  }): Promise<OrderPage> {
    const first = options.first ?? ADMIN_PAGE.defaultSize;
    if (!Number.isInteger(first) || first < 1 || first > ADMIN_PAGE.maxSize) {
      throw InputError.field('first', ORDER_PAGE_MESSAGES.first);
    }
    const after = options.after ? decodeCursor(options.after) : null;

    // The customer's profile comes in the same statement: the queue shows it on every row.
    const query = this.db
      .getRepository(Order)
      .createQueryBuilder('o')
      .leftJoinAndMapOne('o.customerProfile', Profile, 'customer', 'customer.id = o.user_id')
      .addSelect(CURSOR_TIMESTAMP, 'cursor_ts')
      .orderBy('o.created_at', 'DESC')
      .addOrderBy('o.id', 'DESC')
      .limit(first + 1);
    if (options.status) query.andWhere('o.status = :status', { status: options.status });
    if (after) {
      query.andWhere('(o.created_at, o.id) < (CAST(:afterTs AS timestamptz), CAST(:afterId AS uuid))', {
        afterTs: after.createdAt,
        afterId: after.id,
      });
    }

    const [{ entities, raw }, totalCount] = await Promise.all([
      query.getRawAndEntities(),
      this.countByStatus(options.status ?? null),
    ]);
    const rows = entities.slice(0, first).map((node, index) => ({
      node,
      cursor: encodeCursor((raw[index] as { cursor_ts: string }).cursor_ts, node.id),
    }));
    return {
      edges: rows,
      hasNextPage: entities.length > first,
      endCursor: rows.length > 0 ? rows[rows.length - 1].cursor : null,
      totalCount,
    };
  }

  /** Orders with `status` (all when null), from the trigger-kept `order_counts` (migration 1763800000000). */
  private async countByStatus(status: OrderStatus | null): Promise<number> {
    const [{ total }]: { total: string }[] = await this.db.query(
      `SELECT coalesce(sum(total), 0) AS total FROM order_counts WHERE $1::text IS NULL OR status = $1`,
      [status],
    );
    return Number(total);
  }
}
