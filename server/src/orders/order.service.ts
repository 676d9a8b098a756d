import { ipCounterKey } from '../abuse/ip-address';
import { DataSource, In, MoreThanOrEqual, type EntityManager } from 'typeorm';
import { isUuid, MESSAGES, orderSearchSchema, submitTransactionIdSchema } from '../../../common/validation';
import { Service } from '../container';
import { byId } from '../core/by-id';
import { hydrate, rowsOfUsers } from '../db/hydrate';
import type { AuthUser } from '../accounts/access-token';
import { can } from '../staff/permissions';
import { RateLimitService } from '../accounts/rate-limit.service';
import { AppConfig } from '../app-config';
import { ActorKind, OrderStatus } from '../core/enums';
import { InputError, NotFoundError, parseInput } from '../core/errors';
import { EventBus } from '../core/event-bus';
import { ChainPaymentRecords } from '../payments/chain-payment-records.service';
import { ChainPaymentService, TRANSACTION_ISSUES } from '../payments/chain-payment.service';
import { OrderEvent } from './order-event.entity';
import { OrderLifecycle } from './order-lifecycle.service';
import { orderChangeEvents } from './order-topics';
import { awaitingReviewSql } from './awaiting-review';
import { orderSearchIdsSql } from './order-search';
import { Order } from './order.entity';
import { cursorTimestampSql, keysetPage, pageArguments, type KeysetPage } from '../db/keyset-cursor';

/** May `user` see `order`? Its owner and staff who read orders (ORDERS_READ) may; everyone else is told it does not exist. */
export function canSeeOrder(user: AuthUser | null, order: Pick<Order, 'userId'>): boolean {
  // An API key's `id` is its creator's: it sees orders by its own ORDERS_READ only, not as the creator's account.
  return !!user && ((!user.apiKey && order.userId === user.id) || can(user, 'ORDERS_READ'));
}

/** A page of the admin queue. */
export type OrderPage = KeysetPage<Order>;

/**
 * Reading and changing orders after checkout: the owner's and admins' views (docs/product.md "Roles"), the admin's
 * status changes with their audit trail (any status, no transition rules: docs/order-lifecycle.md), and the admin
 * queue (newest first, keyset-paginated on the orders_created_idx / orders_status_created_idx indexes).
 */
@Service()
export class OrderService {
  constructor(
    private readonly db: DataSource,
    private readonly bus: EventBus,
    private readonly lifecycle: OrderLifecycle,
    private readonly chainPayments: ChainPaymentService,
    private readonly chainRecords: ChainPaymentRecords,
    private readonly rateLimits: RateLimitService,
    private readonly config: AppConfig,
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

  /** Orders by id, in the order of `ids` (null for an unknown one): for modules that show orders beside their rows. */
  async findManyById(ids: readonly string[]): Promise<(Order | null)[]> {
    const valid = ids.filter(isUuid);
    return byId(ids, valid.length === 0 ? [] : await this.db.getRepository(Order).findBy({ id: In(valid) }));
  }

  /**
   * Orders changed at or after `since`, oldest change first, at most `limit`: what live subscribers
   * re-read after the event bus lost events (a rare, short gap; no index on updated_at is worth its
   * cost on every write for it).
   */
  findChangedSince(since: Date, limit: number): Promise<Order[]> {
    return this.db
      .getRepository(Order)
      .find({ where: { updatedAt: MoreThanOrEqual(since) }, order: { updatedAt: 'ASC', id: 'ASC' }, take: limit });
  }

  /**
   * The audit trail of each order in `orderIds` (in that order), oldest first: one query for a batch.
   * Ordered by id, not created_at: created_at is the transaction's start, but changes of one order are
   * serialised by its row lock, so the id (taken at insert, under the lock) is the true order of changes.
   */
  async eventsOf(orderIds: readonly string[]): Promise<OrderEvent[][]> {
    const events = await this.db
      .getRepository(OrderEvent)
      .find({ where: { orderId: In([...orderIds]) }, order: { id: 'ASC' } });
    const grouped = new Map<string, OrderEvent[]>(orderIds.map((id) => [id, []]));
    for (const event of events) grouped.get(event.orderId)?.push(event);
    return orderIds.map((id) => grouped.get(id) ?? []);
  }

  /** A customer's orders, newest first (the dashboard, docs/product.md "Reads and writes"). */
  listForUser(userId: string): Promise<Order[]> {
    return rowsOfUsers(this.db.manager, Order, [userId]);
  }

  /**
   * Sets an order's status as `admin`: any status, as the product has always allowed; a move off the lifecycle's
   * regular path is recorded as an override (docs/order-lifecycle.md). The row is locked, so concurrent changes are
   * recorded in the order they happen. Setting the status the order already has changes nothing: no audit row,
   * no notification, no domain event.
   */
  async setStatus(admin: AuthUser, orderId: string, status: OrderStatus): Promise<Order> {
    return this.db.transaction(async (manager) => {
      const order = await this.lockOrder(manager, orderId);
      if (!order) throw new NotFoundError('Order');
      if (order.status === status) return order;
      return this.lifecycle.transition(manager, order, status, { kind: ActorKind.ADMIN, userId: admin.id }, null);
    });
  }

  /**
   * The owner cancels their order while it is PENDING (before any payment was seen). Someone else's or an unknown
   * order is NOT_FOUND; an order past PENDING is a BAD_USER_INPUT saying why.
   */
  async cancel(user: AuthUser, orderId: string): Promise<Order> {
    return this.db.transaction(async (manager) => {
      const order = await this.lockOwnOrder(manager, user, orderId);
      if (order.status !== OrderStatus.PENDING) throw InputError.field('orderId', MESSAGES.onlyPendingCanBeCancelled);
      if (await this.chainRecords.hasPaymentFor(manager, order.id)) {
        throw InputError.field('orderId', MESSAGES.paymentSeenCannotCancel);
      }
      return this.lifecycle.transition(
        manager,
        order,
        OrderStatus.CANCELLED,
        { kind: ActorKind.CUSTOMER, userId: user.id },
        'Cancelled by the customer',
      );
    });
  }

  /**
   * The owner gives (or corrects) the transaction ID of their payment while the order is PENDING, with the
   * checkout's rules and messages. Announced live like any change of the order; the status does not change. On a
   * method read from its chain the id is checked at once (docs/payments.md "Two ways in").
   *
   * Each accepted id costs a chain API request and may mail the customer, so accepted ids are counted per order, per
   * account and per IP (`TRANSACTION_ID_RATE_LIMIT…`, RATE_LIMITED past them), and giving the id the order already
   * has changes nothing (no event, no check).
   */
  async submitTransactionId(user: AuthUser, orderId: string, transactionId: string, ip: string): Promise<Order> {
    const { transactionId: txId } = parseInput(submitTransactionIdSchema, { transactionId });
    return this.db.transaction(async (manager) => {
      const order = await this.lockOwnOrder(manager, user, orderId);
      if (order.status !== OrderStatus.PENDING)
        throw InputError.field('orderId', MESSAGES.onlyPendingTakesTransactionId);
      const limits = this.config.transactionIdRateLimits;
      await this.rateLimits.hitEach(
        [
          { key: `transaction-id:order:${order.id}`, limit: limits.order },
          { key: `transaction-id:user:${user.id}`, limit: limits.account },
          { key: `transaction-id:ip:${ipCounterKey(ip)}`, limit: limits.ip },
        ],
        manager,
      );
      if (await this.chainRecords.paidAnotherOrder(manager, order.id, txId ?? '')) {
        throw InputError.field('transactionId', MESSAGES.transactionAlreadyUsed);
      }
      if ((txId ?? null) === order.transactionId) return order;
      const rows: Record<string, unknown>[] = await manager.query(
        // A bare UPDATE … RETURNING comes back from TypeORM as [rows, count]; a CTE returns plain rows.
        // An issue about the previous transaction (not found, failed, another address…) no longer applies; one about
        // the amounts received (short, extra, late) still does.
        `WITH changed AS (
           UPDATE orders SET transaction_id = $2, updated_at = now(),
             payment_issue = CASE WHEN payment_issue_kind = ANY ($3::text[]) THEN NULL ELSE payment_issue END,
             payment_issue_kind = CASE WHEN payment_issue_kind = ANY ($3::text[]) THEN NULL ELSE payment_issue_kind END
           WHERE id = $1 RETURNING *)
         SELECT * FROM changed`,
        [order.id, txId, TRANSACTION_ISSUES],
      );
      await this.bus.publish(orderChangeEvents(order.id), manager);
      const changed = hydrate(manager, Order, rows[0]);
      await this.chainPayments.queueCheck(changed, manager);
      return changed;
    });
  }

  private lockOrder(manager: EntityManager, orderId: string): Promise<Order | null> {
    if (!isUuid(orderId)) return Promise.resolve(null);
    return manager.getRepository(Order).findOne({ where: { id: orderId }, lock: { mode: 'pessimistic_write' } });
  }

  /** `orderId` locked, if `user` owns it; NOT_FOUND otherwise, so others' orders are not revealed. */
  private async lockOwnOrder(manager: EntityManager, user: AuthUser, orderId: string): Promise<Order> {
    const order = await this.lockOrder(manager, orderId);
    if (!order || order.userId !== user.id) throw new NotFoundError('Order');
    return order;
  }

  /**
   * The admin queue: newest first, optionally one status and a search (order-search.ts), `first` rows after the
   * `after` cursor. Keyset pagination, never OFFSET: `(created_at, id) < cursor` walks the index from where the last
   * page ended, so page 1000 costs what page 1 costs and rows inserted meanwhile cause no repeats.
   */
  async adminPage(options: {
    status?: OrderStatus | null;
    /** Only the orders awaiting review (awaiting-review.ts). */
    awaitingReview?: boolean | null;
    search?: string | null;
    first?: number | null;
    after?: string | null;
  }): Promise<OrderPage> {
    const { first, after } = pageArguments(options);
    const search = parseInput(orderSearchSchema, options.search ?? '');

    const params: unknown[] = [];
    const param = (value: unknown) => `$${params.push(value)}`;
    const status = param(options.status ?? null);
    const limit = param(first + 1);
    // With a search, the matching ids (one index lookup per kind of match) and their exact count; without, the total
    // from the trigger-kept `order_counts` (migration 1763800000000).
    const matched = search ? `matched AS (${orderSearchIdsSql(search, param)}),` : '';
    const review = options.awaitingReview ? `AND ${awaitingReviewSql('o')}` : '';
    const total = search
      ? `SELECT count(*) AS total_count FROM orders o JOIN matched m ON m.id = o.id
         WHERE (${status}::text IS NULL OR o.status = ${status}) ${review}`
      : review
        ? `SELECT count(*) AS total_count FROM orders o WHERE (${status}::text IS NULL OR o.status = ${status}) ${review}`
        : `SELECT coalesce(sum(total), 0) AS total_count FROM order_counts WHERE ${status}::text IS NULL OR status = ${status}`;
    const conditions: string[] = [];
    if (options.status) conditions.push(`o.status = ${status}`);
    if (search) conditions.push('o.id IN (SELECT id FROM matched)');
    if (options.awaitingReview) conditions.push(awaitingReviewSql('o'));
    if (after) {
      conditions.push(`(o.created_at, o.id) < (${param(after.createdAt)}::timestamptz, ${param(after.id)}::uuid)`);
    }
    // One statement: the total joined to the page, so an empty page still has its row; the customer's name and e-mail
    // come along because the queue shows them on every row.
    const rows: Record<string, unknown>[] = await this.db.query(
      `WITH ${matched} total AS (${total}), page AS (
         SELECT o.*, ${cursorTimestampSql('o')} AS cursor_ts, p.full_name AS customer_full_name, p.email AS customer_email
         FROM orders o LEFT JOIN profiles p ON p.id = o.user_id
         ${conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : ''}
         ORDER BY o.created_at DESC, o.id DESC
         LIMIT ${limit}
       )
       SELECT total.total_count, page.* FROM total LEFT JOIN page ON true
       ORDER BY page.created_at DESC, page.id DESC`,
      params,
    );

    return keysetPage(rows, first, (row) => {
      const node = hydrate(this.db.manager, Order, row);
      if (row.customer_email !== null) {
        node.joinedCustomer = {
          fullName: row.customer_full_name as string | null,
          email: row.customer_email as string,
        };
      }
      return node;
    });
  }
}
