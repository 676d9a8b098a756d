import { sql, type RawBuilder, type Selectable } from 'kysely';
import { DataSource } from 'typeorm';
import { CUSTOMER_MESSAGES, customerSearchSchema, isUuid } from '../../../common/validation';
import type { AuthUser } from '../accounts/access-token';
import { Service } from '../container';
import { InputError, NotFoundError, parseInput } from '../core/errors';
import { TicketStatus } from '../core/enums';
import { EventBus } from '../core/event-bus';
import type { Profiles, Users } from '../db/schema-types';
import { resultOf, rowsOf, sqlQuery } from '../db/typed-sql';
import { cursorTimestampSql, keysetPage, pageArguments, type KeysetPage } from '../db/keyset-cursor';
import { KeyReservations } from '../orders/key-reservation.service';
import { PAID } from '../orders/order-lifecycle';
import { containsPattern } from '../db/like-pattern';
import { Order } from '../orders/order.entity';
import { SupportTicket } from '../support/support-ticket.entity';
import { Customer, CUSTOMER_DETAIL_LIMIT, CustomerDetail } from './customer.types';

/**
 * A ticket is open unless it is RESOLVED or CLOSED: any other status (OPEN, IN_PROGRESS, WAITING_ON_CUSTOMER…) still
 * needs someone. Listed by exclusion so a new working status counts as open without a change here.
 */
export const OPEN_TICKET_EXCLUDED: readonly TicketStatus[] = [TicketStatus.RESOLVED, TicketStatus.CLOSED];

/**
 * The columns of a Customer for the rows of `page` (an alias with `id`, `email`, `created_at`, `blocked_at`,
 * `full_name`). The aggregates are LATERAL subqueries, so they are computed for those rows only (on the
 * orders_user_created_idx and support_tickets_user_created_idx indexes): a page costs the same at any depth and
 * any number of customers. $PAID and $CLOSED are the parameter numbers of the paid and closed status lists.
 */
function customerColumnsSql(page: string): RawBuilder<unknown> {
  const id = sql.ref(`${page}.id`);
  return sql`
    LEFT JOIN LATERAL (
      SELECT count(*)::int AS order_count,
             coalesce(sum(o.total_price) FILTER (WHERE o.status = ANY (${PAID}::text[])), 0) AS total_paid
      FROM orders o WHERE o.user_id = ${id}
    ) orders_of ON true
    LEFT JOIN LATERAL (
      SELECT count(*)::int AS open_tickets FROM support_tickets t
      WHERE t.user_id = ${id} AND t.status <> ALL (${OPEN_TICKET_EXCLUDED}::text[])
    ) tickets_of ON true
    LEFT JOIN LATERAL (
      SELECT EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = ${id}) AS is_admin
    ) roles_of ON true`;
}

/**
 * A customer as the list and `find` read it: the account, the profile's name and the LATERAL aggregates. The list's
 * rows are LEFT JOINed to its total, so there each column may be null (the row of an empty page).
 */
type CustomerRow = Pick<Selectable<Users>, 'id' | 'email' | 'created_at' | 'blocked_at'> & {
  full_name: Selectable<Profiles>['full_name'] | null;
  order_count: number;
  total_paid: string;
  open_tickets: number;
  is_admin: boolean;
};

function toCustomer(row: CustomerRow): Customer {
  return Object.assign(new Customer(), {
    id: row.id,
    fullName: row.full_name ?? null,
    email: row.email,
    createdAt: new Date(row.created_at),
    orderCount: Number(row.order_count ?? 0),
    totalPaid: Number(row.total_paid ?? 0),
    openTickets: Number(row.open_tickets ?? 0),
    blocked: row.blocked_at !== null && row.blocked_at !== undefined,
    blockedAt: row.blocked_at ? new Date(row.blocked_at) : null,
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
    const matching: RawBuilder<boolean>[] = [];
    if (search) {
      const pattern = containsPattern(search);
      // Two index scans (one per table) instead of a filter over the join of every user with their profile.
      matching.push(sql<boolean>`u.id IN (SELECT id FROM users WHERE email ILIKE ${pattern}
                                          UNION SELECT id FROM profiles WHERE full_name ILIKE ${pattern})`);
    }
    const conditions = [...matching];
    if (after) {
      conditions.push(sql<boolean>`(u.created_at, u.id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`);
    }
    const where = (list: RawBuilder<boolean>[]) => (list.length > 0 ? sql`WHERE ${sql.join(list, sql` AND `)}` : sql``);
    // A `sql` template, not the builder: the total and the page LEFT JOINed ON true, then LATERAL aggregates per row,
    // in one statement (tests/api/query-count.test.ts) read best as the SQL they are; values are parameters.
    const rows = await rowsOf(
      this.db,
      sql<CustomerRow & { total_count: string; cursor_ts: string | null }>`WITH total AS (
         SELECT count(*) AS total_count FROM users u ${where(matching)}
       ), page AS (
         SELECT u.id, u.email, u.created_at, u.blocked_at, p.full_name, ${sql.raw(cursorTimestampSql('u'))} AS cursor_ts
         FROM users u LEFT JOIN profiles p ON p.id = u.id
         ${where(conditions)}
         ORDER BY u.created_at DESC, u.id DESC
         LIMIT ${first + 1}
       )
       SELECT total.total_count, page.*, orders_of.*, tickets_of.*, roles_of.*
       FROM total LEFT JOIN page ON true
       ${customerColumnsSql('page')}
       ORDER BY page.created_at DESC, page.id DESC`,
    );
    return keysetPage(rows, first, (row) => toCustomer(row as unknown as CustomerRow));
  }

  /** One customer, or null for an unknown or malformed id. */
  async find(userId: string): Promise<Customer | null> {
    if (!isUuid(userId)) return null;
    const rows = await rowsOf(
      this.db,
      sql<CustomerRow>`SELECT u.id, u.email, u.created_at, u.blocked_at, p.full_name, orders_of.*, tickets_of.*, roles_of.*
       FROM users u LEFT JOIN profiles p ON p.id = u.id
       ${customerColumnsSql('u')}
       WHERE u.id = ${userId}`,
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
      const [target] = await rowsOf(
        manager,
        sqlQuery
          .selectFrom('users as u')
          .select((eb) => [
            'u.id',
            eb
              .exists(eb.selectFrom('user_roles as r').select('r.user_id').whereRef('r.user_id', '=', 'u.id'))
              .as('is_admin'),
          ])
          .where('u.id', '=', userId)
          .forUpdate(),
      );
      if (!target) throw new NotFoundError('Customer');
      if (blocked) {
        if (userId === admin.id) throw InputError.field('userId', CUSTOMER_MESSAGES.cannotBlockYourself);
        if (target.is_admin) throw InputError.field('userId', CUSTOMER_MESSAGES.cannotBlockAdmin);
        // A blocked account keeps its first block's time and author.
        await resultOf(
          manager,
          sqlQuery
            .updateTable('users')
            .set({
              blocked_at: sql<Date>`coalesce(blocked_at, now())`,
              blocked_by: sql<string>`CASE WHEN blocked_at IS NULL THEN ${admin.id}::uuid ELSE blocked_by END`,
            })
            .where('id', '=', userId),
        );
        await resultOf(
          manager,
          sqlQuery
            .updateTable('sessions')
            .set({ revoked_at: sql<Date>`now()` })
            .where('user_id', '=', userId)
            .where('revoked_at', 'is', null),
        );
      } else {
        await resultOf(
          manager,
          sqlQuery.updateTable('users').set({ blocked_at: null, blocked_by: null }).where('id', '=', userId),
        );
      }
      await this.bus.publish({ topic: 'accounts', id: userId }, manager);
    });
    // A blocked account holds no keys (docs/inventory.md "Reservation"); each order is released in its own transaction.
    if (blocked) await this.reservations.releaseAccount(userId);
    return (await this.find(userId)) as Customer;
  }
}
