import { sql, type RawBuilder, type Selectable } from 'kysely';
import { DataSource, In, MoreThanOrEqual, type EntityManager } from 'typeorm';
import {
  isUuid,
  TICKET_DESK_LIMITS,
  TICKET_DESK_MESSAGES,
  ticketReplySchema,
  ticketSchema,
} from '../../../common/validation';
import type { AuthUser } from '../accounts/access-token';
import { can } from '../staff/permissions';
import { RateLimitService } from '../accounts/rate-limit.service';
import { AppConfig } from '../app-config';
import { Service } from '../container';
import { DomainEvents } from '../core/domain-events';
import { TicketCategory, TicketPriority, TicketStatus } from '../core/enums';
import { InputError, NotFoundError, parseInput } from '../core/errors';
import { EventBus } from '../core/event-bus';
import { byId } from '../core/by-id';
import { hydrate, rowsOfUsers } from '../db/hydrate';
import { cursorTimestampSql, keysetPage, pageArguments, type KeysetPage } from '../db/keyset-cursor';
import type { SupportTickets } from '../db/schema-types';
import { sqlEnum } from '../db/sql-enum';
import { rowsOf, sqlQuery } from '../db/typed-sql';
import { Order } from '../orders/order.entity';
import { SupportTicket } from './support-ticket.entity';
import { TicketMessage } from './ticket-message.entity';
import type { CreateTicketInput } from './ticket.inputs';
import { ticketChangeEvents } from './ticket-topics';

const REPLY_WITHIN_MS = TICKET_DESK_LIMITS.replyWithinHours * 3600_000;

/** Statuses in which the customer's unanswered message runs the reply clock. */
const CLOCK_RUNS_IN: readonly TicketStatus[] = [TicketStatus.OPEN, TicketStatus.IN_PROGRESS];

/**
 * Overdue, in SQL (the one place besides `replyDueAt` that says it): the customer has waited more than 24 hours for
 * staff while the ticket is OPEN or IN_PROGRESS. The partial index support_tickets_awaiting_idx serves it.
 */
const OVERDUE_SQL = (alias: string) =>
  sql.raw<boolean>(`(${alias}.awaiting_staff_since IS NOT NULL AND ${alias}.status IN (${sqlEnum(...CLOCK_RUNS_IN)})
    AND ${alias}.awaiting_staff_since < now() - interval '${TICKET_DESK_LIMITS.replyWithinHours} hours')`);

/** A ticket row as `SELECT *` reads it (hydrated into SupportTicket). */
type TicketRow = Selectable<SupportTickets>;

/** May `user` see `ticket`? Its owner and staff who answer tickets (TICKETS) may; everyone else is told it does not exist. */
export function canSeeTicket(user: AuthUser | null, ticket: Pick<SupportTicket, 'userId'>): boolean {
  // An API key's `id` is its creator's: it sees tickets by its own TICKETS only, not as the creator's account.
  return !!user && ((!user.apiKey && ticket.userId === user.id) || can(user, 'TICKETS'));
}

/** When staff must have answered by: 24 hours after the customer's first unanswered message; null when staff owe nothing. */
export function replyDueAt(ticket: Pick<SupportTicket, 'status' | 'awaitingStaffSince'>): Date | null {
  if (!ticket.awaitingStaffSince || !CLOCK_RUNS_IN.includes(ticket.status)) return null;
  return new Date(ticket.awaitingStaffSince.getTime() + REPLY_WITHIN_MS);
}

/** Whether the reply is late (its due time has passed). */
export function isOverdue(ticket: Pick<SupportTicket, 'status' | 'awaitingStaffSince'>, now = new Date()): boolean {
  const due = replyDueAt(ticket);
  return due !== null && due.getTime() < now.getTime();
}

/**
 * The status after a reply (docs/product.md "Support desk"): staff answering an OPEN ticket take it IN_PROGRESS; a
 * customer writing to a ticket that waits on them or was resolved reopens it. CLOSED takes no replies at all.
 */
export function statusAfterReply(status: TicketStatus, fromStaff: boolean): TicketStatus {
  if (fromStaff) return status === TicketStatus.OPEN ? TicketStatus.IN_PROGRESS : status;
  return status === TicketStatus.WAITING_ON_CUSTOMER || status === TicketStatus.RESOLVED ? TicketStatus.OPEN : status;
}

/** Statuses that stop the reply clock: staff wait for the customer, or the ticket is done. */
const CLOCK_STOPPED_BY: readonly TicketStatus[] = [
  TicketStatus.WAITING_ON_CUSTOMER,
  TicketStatus.RESOLVED,
  TicketStatus.CLOSED,
];

/** The admin queue's filters. */
export interface TicketQueueFilter {
  status?: TicketStatus | null;
  priority?: TicketPriority | null;
  category?: TicketCategory | null;
}

/** A page of the admin ticket queue, with the whole queue's overdue count. */
export type TicketPage = KeysetPage<SupportTicket> & { overdueCount: number };

/**
 * Support tickets and their threads (docs/product.md "Support", "Support desk"): customers open tickets and reply to
 * their own; staff work the queue (newest activity first, keyset-paged), reply and set statuses. Every write
 * announces the ticket on the live bus at commit (`ticketChangeEvents`) and records its domain event
 * (`ticket.created`, `ticket.replied`) in the same transaction; the e-mail to the customer on a staff reply is
 * written from that event by the notification outbox, not here.
 */
@Service()
export class TicketService {
  constructor(
    private readonly db: DataSource,
    private readonly rateLimits: RateLimitService,
    private readonly config: AppConfig,
    private readonly events: DomainEvents,
    private readonly bus: EventBus,
  ) {}

  /**
   * Opens a ticket for the user with the spec's rules: status OPEN, priority MEDIUM unless chosen. The description
   * becomes the thread's first message and starts the reply clock. `orderId`, when given, must be one of the user's
   * own orders (else a field error on `orderId` that says nothing about whose order it is).
   */
  async create(userId: string, input: CreateTicketInput): Promise<SupportTicket> {
    const values = parseInput(ticketSchema, {
      title: input.title ?? '',
      description: input.description ?? '',
      category: input.category ?? undefined,
      priority: input.priority ?? undefined,
    });
    const orderId = input.orderId ?? null;
    if (orderId !== null && !isUuid(orderId)) throw InputError.field('orderId', TICKET_DESK_MESSAGES.orderNotYours);
    await this.rateLimits.hit([`ticket:user:${userId}`], this.config.ticketRateLimit);
    return this.db.transaction(async (manager) => {
      if (orderId !== null) {
        const owned = await rowsOf(
          manager,
          sqlQuery.selectFrom('orders').select('id').where('id', '=', orderId).where('user_id', '=', userId),
        );
        if (owned.length === 0) throw InputError.field('orderId', TICKET_DESK_MESSAGES.orderNotYours);
      }
      // A `sql` template, not the builder: a chain of data-modifying CTEs (the ticket, then its first message from the
      // ticket's own row) in one statement reads best as the SQL it is.
      // The zod enums hold the GraphQL enums' values (common/validation.ts TICKET_CATEGORIES, TICKET_PRIORITIES).
      const rows = await rowsOf(
        manager,
        sql<TicketRow>`WITH ticket AS (
           INSERT INTO support_tickets (user_id, title, description, category, priority, status, order_id,
                                        last_activity_at, awaiting_staff_since)
           VALUES (${userId}, ${values.title}, ${values.description}, ${values.category}, ${values.priority},
                   ${TicketStatus.OPEN}, ${orderId}, now(), now())
           RETURNING *
         ), message AS (
           INSERT INTO ticket_messages (ticket_id, author_id, from_staff, body, created_at)
           SELECT id, user_id, false, description, created_at FROM ticket
         )
         SELECT * FROM ticket`,
      );
      const ticket = hydrate(manager, SupportTicket, rows[0]);
      await this.events.record(manager, [{ type: 'ticket.created', payload: { ticketId: ticket.id } }]);
      await this.bus.publish(ticketChangeEvents(ticket.id), manager);
      return ticket;
    });
  }

  /**
   * Adds a reply to the thread of ticket `ticketId`, by its owner or an admin (anyone else: NOT_FOUND, as for a
   * ticket that does not exist). An admin's reply to someone else's ticket is a staff reply: it stops the reply
   * clock and mails the customer; the owner's reply starts the clock unless it already runs. A CLOSED ticket takes
   * no replies (field error on `ticketId`). The ticket row is locked, so concurrent replies each land once, in order.
   */
  async reply(user: AuthUser, ticketId: string, body: string): Promise<SupportTicket> {
    const values = parseInput(ticketReplySchema, { body });
    if (!isUuid(ticketId)) throw new NotFoundError('Ticket');
    if (!can(user, 'TICKETS')) {
      await this.rateLimits.hit([`ticket-reply:user:${user.id}`], this.config.ticketReplyRateLimit);
    }
    return this.db.transaction(async (manager) => {
      const ticket = await this.lockVisible(manager, user, ticketId);
      if (ticket.status === TicketStatus.CLOSED) throw InputError.field('ticketId', TICKET_DESK_MESSAGES.ticketClosed);
      const fromStaff = can(user, 'TICKETS') && ticket.userId !== user.id;
      // clock_timestamp(), not now(): replies that waited for the row lock are stamped in the order they were added.
      // A `sql` template, not the builder: the message and the ticket's update from it are one data-modifying CTE chain.
      const rows = await rowsOf(
        manager,
        sql<TicketRow & { message_id: string }>`WITH message AS (
           INSERT INTO ticket_messages (ticket_id, author_id, from_staff, body, created_at)
           VALUES (${ticket.id}, ${user.id}, ${fromStaff}, ${values.body}, clock_timestamp())
           RETURNING id, created_at
         ), changed AS (
         UPDATE support_tickets t
         SET status = ${statusAfterReply(ticket.status, fromStaff)}, last_activity_at = message.created_at,
             updated_at = message.created_at,
             awaiting_staff_since = CASE WHEN ${fromStaff} THEN NULL
                                         ELSE coalesce(t.awaiting_staff_since, message.created_at) END
         FROM message
         WHERE t.id = ${ticket.id}
         RETURNING t.*, message.id AS message_id
         )
         SELECT * FROM changed`,
      );
      await this.events.record(manager, [
        { type: 'ticket.replied', payload: { ticketId, messageId: rows[0].message_id, fromStaff } },
      ]);
      await this.bus.publish(ticketChangeEvents(ticketId), manager);
      return hydrate(manager, SupportTicket, rows[0]);
    });
  }

  /**
   * Admins: sets the status, any to any. WAITING_ON_CUSTOMER, RESOLVED and CLOSED stop the reply clock; setting the
   * status it already has changes nothing. Unknown ids are NOT_FOUND.
   */
  async setStatus(ticketId: string, status: TicketStatus): Promise<SupportTicket> {
    if (!isUuid(ticketId)) throw new NotFoundError('Ticket');
    return this.db.transaction(async (manager) => {
      const rows = await rowsOf(
        manager,
        sqlQuery
          .updateTable('support_tickets')
          .set({
            status,
            last_activity_at: sql<Date>`clock_timestamp()`,
            updated_at: sql<Date>`clock_timestamp()`,
            ...(CLOCK_STOPPED_BY.includes(status) ? { awaiting_staff_since: null } : {}),
          })
          .where('id', '=', ticketId)
          .where('status', '<>', status)
          .returningAll(),
      );
      if (rows.length === 0) {
        const unchanged = await manager.getRepository(SupportTicket).findOneBy({ id: ticketId });
        if (!unchanged) throw new NotFoundError('Ticket');
        return unchanged;
      }
      await this.bus.publish(ticketChangeEvents(ticketId), manager);
      return hydrate(manager, SupportTicket, rows[0]);
    });
  }

  /** The ticket if `user` may see it; otherwise, and for malformed ids, NOT_FOUND 'Ticket not found'. */
  async getVisible(user: AuthUser | null, id: string): Promise<SupportTicket> {
    const ticket = await this.findById(id);
    if (!ticket || !canSeeTicket(user, ticket)) throw new NotFoundError('Ticket');
    return ticket;
  }

  /** Any ticket by id, for callers that check access themselves (live updates). */
  findById(id: string): Promise<SupportTicket | null> {
    return isUuid(id) ? this.db.getRepository(SupportTicket).findOneBy({ id }) : Promise.resolve(null);
  }

  /** Tickets changed at or after `since`, oldest change first, at most `limit` (live catch-up after lost events). */
  findChangedSince(since: Date, limit: number): Promise<SupportTicket[]> {
    return this.db.getRepository(SupportTicket).find({
      where: { updatedAt: MoreThanOrEqual(since) },
      order: { updatedAt: 'ASC', id: 'ASC' },
      take: limit,
    });
  }

  /** Each ticket's thread, oldest first, for many tickets in one query (the `SupportTicket.messages` loader). */
  async messagesOf(ticketIds: readonly string[]): Promise<TicketMessage[][]> {
    const rows = await this.db.getRepository(TicketMessage).find({
      where: { ticketId: In([...ticketIds]) },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    return ticketIds.map((id) => rows.filter((row) => row.ticketId === id));
  }

  /** Orders by id (the `SupportTicket.order` loader; the ticket's visibility is its order's). */
  async ordersOf(orderIds: readonly string[]): Promise<(Order | null)[]> {
    return byId(orderIds, await this.db.getRepository(Order).findBy({ id: In([...orderIds]) }));
  }

  /** Each user's tickets, newest first, for many users in one query (the Viewer.tickets loader). */
  async listByUsers(userIds: readonly string[]): Promise<SupportTicket[][]> {
    const tickets = await rowsOfUsers(this.db.manager, SupportTicket, userIds);
    return userIds.map((id) => tickets.filter((ticket) => ticket.userId === id));
  }

  /** Tickets whose reply is overdue (more than 24 hours without a staff answer), for the admin's counters. */
  async countOverdue(): Promise<number> {
    const [row] = await rowsOf(
      this.db,
      sqlQuery
        .selectFrom('support_tickets as t')
        .select(sql<number>`count(*)::int`.as('count'))
        .where(OVERDUE_SQL('t')),
    );
    return row.count;
  }

  /**
   * The admin queue: newest activity first, optionally filtered by status, priority and category, `first` (1-100,
   * default 20) tickets after the `after` cursor. Keyset-paged on (last_activity_at, id) with an index per filter, so
   * a deep page costs what the first does (README "Performance").
   */
  async adminPage(options: TicketQueueFilter & { first?: number | null; after?: string | null }): Promise<TicketPage> {
    const { first, after } = pageArguments(options);
    const filters: RawBuilder<boolean>[] = [];
    for (const [column, value] of [
      ['status', options.status],
      ['priority', options.priority],
      ['category', options.category],
    ] as const) {
      if (value) filters.push(sql<boolean>`${sql.ref(`t.${column}`)} = ${value}`);
    }
    const pageConditions = [...filters];
    if (after) {
      pageConditions.push(
        sql<boolean>`(t.last_activity_at, t.id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`,
      );
    }
    const where = (conditions: RawBuilder<boolean>[]) =>
      conditions.length > 0 ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
    // A `sql` template, not the builder: the total, the overdue count and the page joined ON true into one statement
    // (a statement per page, tests/api/query-count.test.ts) read best as the SQL they are; the filters are parameters.
    const rows = await rowsOf(
      this.db,
      sql<Partial<TicketRow> & { total_count: string; overdue_count: string; cursor_ts: string | null }>`WITH total AS (
         SELECT count(*) AS total_count FROM support_tickets t ${where(filters)}
       ), overdue AS (
         SELECT count(*) AS overdue_count FROM support_tickets t WHERE ${OVERDUE_SQL('t')}
       ), page AS (
         SELECT t.*, ${sql.raw(cursorTimestampSql('t', 'last_activity_at'))} AS cursor_ts
         FROM support_tickets t ${where(pageConditions)}
         ORDER BY t.last_activity_at DESC, t.id DESC
         LIMIT ${first + 1}
       )
       SELECT total.total_count, overdue.overdue_count, page.* FROM total CROSS JOIN overdue LEFT JOIN page ON true
       ORDER BY page.last_activity_at DESC, page.id DESC`,
    );
    return {
      ...keysetPage(rows, first, (row) => hydrate(this.db.manager, SupportTicket, row)),
      overdueCount: Number(rows[0]?.overdue_count ?? 0),
    };
  }

  /** Locks ticket `id` for a write if `user` may see it; NOT_FOUND otherwise. */
  private async lockVisible(manager: EntityManager, user: AuthUser, id: string): Promise<SupportTicket> {
    const ticket = await manager
      .getRepository(SupportTicket)
      .findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
    if (!ticket || !canSeeTicket(user, ticket)) throw new NotFoundError('Ticket');
    return ticket;
  }
}
