import { DataSource } from 'typeorm';
import { CUSTOMER_MESSAGES, customerSearchSchema, isUuid } from '../../../common/validation';
import type { AuthUser } from '../accounts/access-token';
import { ADMIN_ROLE } from '../accounts/user-role.entity';
import { Service } from '../container';
import { InputError, NotFoundError, parseInput } from '../core/errors';
import { TicketStatus } from '../core/enums';
import { EventBus } from '../core/event-bus';
import { cursorTimestampSql, keysetPage, pageArguments, type KeysetPage } from '../db/keyset-cursor';
import { KeyReservations } from '../orders/key-reservation.service';
import { PAID } from '../orders/order-lifecycle';
import { Order } from '../orders/order.entity';
import { SupportTicket } from '../support/support-ticket.entity';
import { Customer, CUSTOMER_DETAIL_LIMIT, CustomerDetail } from './customer.types';

/**
 * A ticket is open unless it is RESOLVED or CLOSED: any other status (OPEN, IN_PROGRESS, WAITING_ON_CUSTOMER…) still
 * needs someone. Listed by exclusion so a new working status counts as open without a change here.
 */
export const OPEN_TICKET_EXCLUDED: readonly TicketStatus[] = [TicketStatus.RESOLVED, TicketStatus.CLOSED];

/** `text` as a LIKE pattern matching it anywhere: its own %, _ and \ match themselves. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The columns of a Customer for the rows of `page` (an alias with `id`, `email`, `created_at`, `blocked_at`,
 * `full_name`). The aggregates are LATERAL subqueries, so they are computed for those rows only (on the
 * orders_user_created_idx and support_tickets_user_created_idx indexes): a page costs the same at any depth and
 * any number of customers. $PAID and $CLOSED are the parameter numbers of the paid and closed status lists.
 */
function customerColumnsSql(page: string, paidParam: string, closedParam: string): string {
  return `
    LEFT JOIN LATERAL (
      SELECT count(*)::int AS order_count,
             coalesce(sum(o.total_price) FILTER (WHERE o.status = ANY (${paidParam}::text[])), 0) AS total_paid
      FROM orders o WHERE o.user_id = ${page}.id
    ) orders_of ON true
    LEFT JOIN LATERAL (
      SELECT count(*)::int AS open_tickets FROM support_tickets t
      WHERE t.user_id = ${page}.id AND t.status <> ALL (${closedParam}::text[])
    ) tickets_of ON true
    LEFT JOIN LATERAL (
      SELECT EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = ${page}.id AND r.role = '${ADMIN_ROLE}') AS is_admin
    ) roles_of ON true`;
}

function toCustomer(row: Record<string, unknown>): Customer {
  return Object.assign(new Customer(), {
    id: row.id as string,
    fullName: (row.full_name as string | null) ?? null,
    email: row.email as string,
    createdAt: new Date(row.created_at as string),
    orderCount: Number(row.order_count ?? 0),
    totalPaid: Number(row.total_paid ?? 0),
    openTickets: Number(row.open_tickets ?? 0),
    blocked: row.blocked_at !== null && row.blocked_at !== undefined,
    blockedAt: row.blocked_at ? new Date(row.blocked_at as string) : null,
    isAdmin: row.is_admin === true,
  });
}

/**
 * The admin's customers (docs/product.md "Customers"): the list (newest sign-up first, searched by a part of the name
 * or e-mail, keyset-paged), one customer's view with their orders and tickets, and blocking.
 */
@Service()
export class CustomerService {
  constructor(
    private readonly db: DataSource,
    private readonly bus: EventBus,
    private readonly reservations: KeyReservations,
  ) {}

  /**
   * A page of customers, admins included (marked). The search matches a case-insensitive part of the e-mail or the
   * full name, through the pg_trgm indexes of both (migration 1764800000000).
   */
  async page(options: {
    search?: string | null;
    first?: number | null;
    after?: string | null;
  }): Promise<KeysetPage<Customer>> {
    const { first, after } = pageArguments(options);
    const search = parseInput(customerSearchSchema, options.search ?? '');
    const params: unknown[] = [first + 1, PAID, OPEN_TICKET_EXCLUDED];
    const matching: string[] = [];
    if (search) {
      params.push(containsPattern(search));
      const p = `$${params.length}`;
      // Two index scans (one per table) instead of a filter over the join of every user with their profile.
      matching.push(`u.id IN (SELECT id FROM users WHERE email ILIKE ${p}
                              UNION SELECT id FROM profiles WHERE full_name ILIKE ${p})`);
    }
    const conditions = [...matching];
    if (after) {
      params.push(after.createdAt, after.id);
      conditions.push(`(u.created_at, u.id) < ($${params.length - 1}::timestamptz, $${params.length}::uuid)`);
    }
    const where = (list: string[]) => (list.length > 0 ? `WHERE ${list.join(' AND ')}` : '');
    const rows: Record<string, unknown>[] = await this.db.query(
      `WITH total AS (
         SELECT count(*) AS total_count FROM users u ${where(matching)}
       ), page AS (
         SELECT u.id, u.email, u.created_at, u.blocked_at, p.full_name, ${cursorTimestampSql('u')} AS cursor_ts
         FROM users u LEFT JOIN profiles p ON p.id = u.id
         ${where(conditions)}
         ORDER BY u.created_at DESC, u.id DESC
         LIMIT $1
       )
       SELECT total.total_count, page.*, orders_of.*, tickets_of.*, roles_of.*
       FROM total LEFT JOIN page ON true
       ${customerColumnsSql('page', '$2', '$3')}
       ORDER BY page.created_at DESC, page.id DESC`,
      params,
    );
    return keysetPage(rows, first, toCustomer);
  }

  /** One customer, or null for an unknown or malformed id. */
  async find(userId: string): Promise<Customer | null> {
    if (!isUuid(userId)) return null;
    const rows: Record<string, unknown>[] = await this.db.query(
      `SELECT u.id, u.email, u.created_at, u.blocked_at, p.full_name, orders_of.*, tickets_of.*, roles_of.*
       FROM users u LEFT JOIN profiles p ON p.id = u.id
       ${customerColumnsSql('u', '$2', '$3')}
       WHERE u.id = $1`,
      [userId, PAID, OPEN_TICKET_EXCLUDED],
    );
    return rows[0] ? toCustomer(rows[0]) : null;
  }

  /** One customer with their latest orders and tickets; NOT_FOUND 'Customer not found' for an unknown id. */
  async detail(userId: string): Promise<CustomerDetail> {
    const customer = await this.find(userId);
    if (!customer) throw new NotFoundError('Customer');
    const [orders, tickets] = await Promise.all([
      this.db.getRepository(Order).find({
        where: { userId },
        order: { createdAt: 'DESC', id: 'DESC' },
        take: CUSTOMER_DETAIL_LIMIT,
      }),
      this.db.getRepository(SupportTicket).find({
        where: { userId },
        order: { createdAt: 'DESC', id: 'DESC' },
        take: CUSTOMER_DETAIL_LIMIT,
      }),
    ]);
    return Object.assign(new CustomerDetail(), { customer, orders, tickets });
  }

  /**
   * Blocks or unblocks an account as `admin`. Blocking records when and by whom, revokes every refresh token of the
   * account and, on commit, closes its open WebSockets in every process (the 'accounts' bus topic); sign-in, refresh
   * and checkout read the flag from the database, so tokens issued before the block stop working for them at once.
   * An admin account cannot be blocked (revoke the role first), nor can admins block themselves. Blocking a
   * blocked account keeps the first block's time and author; unblocking restores sign-in.
   */
  async setBlocked(admin: AuthUser, userId: string, blocked: boolean): Promise<Customer> {
    if (!isUuid(userId)) throw new NotFoundError('Customer');
    await this.db.transaction(async (manager) => {
      const [target]: { id: string; is_admin: boolean }[] = await manager.query(
        `SELECT u.id, EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = u.id AND r.role = $2) AS is_admin
         FROM users u WHERE u.id = $1 FOR UPDATE`,
        [userId, ADMIN_ROLE],
      );
      if (!target) throw new NotFoundError('Customer');
      if (blocked) {
        if (userId === admin.id) throw InputError.field('userId', CUSTOMER_MESSAGES.cannotBlockYourself);
        if (target.is_admin) throw InputError.field('userId', CUSTOMER_MESSAGES.cannotBlockAdmin);
        await manager.query(
          `UPDATE users SET blocked_at = coalesce(blocked_at, now()),
             blocked_by = CASE WHEN blocked_at IS NULL THEN $2::uuid ELSE blocked_by END
           WHERE id = $1`,
          [userId, admin.id],
        );
        await manager.query(`UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL`, [
          userId,
        ]);
      } else {
        await manager.query(`UPDATE users SET blocked_at = NULL, blocked_by = NULL WHERE id = $1`, [userId]);
      }
      await this.bus.publish({ topic: 'accounts', id: userId }, manager);
    });
    // A blocked account holds no keys (docs/inventory.md "Reservation"); each order is released in its own transaction.
    if (blocked) await this.reservations.releaseAccount(userId);
    return (await this.find(userId)) as Customer;
  }
}
