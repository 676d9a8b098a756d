import { z } from 'zod';
import { defineJob } from '../core/job-definition';
import { randomUUID } from 'node:crypto';
import { StoreSettingsService } from '../store-settings/store-settings.service';
import { DataSource, type EntityManager } from 'typeorm';
import { clipText, isUuid } from '../../../common/validation';
import { AppConfig } from '../app-config';
import { Service } from '../container';
import { asNewEvent, type DomainEvent, type DomainEventConsumer, type NewDomainEvent } from '../core/domain-events';
import { OrderStatus, PaymentIssueKind, type PaymentMethod } from '../core/enums';
import { NotFoundError } from '../core/errors';
import { addJobsSql, JobQueue, type JobSpec } from '../core/job-queue';
import { logger } from '../core/logger';
import { hydrate } from '../db/hydrate';
import { KeyStatus } from '../inventory/key-status';
import { cursorTimestampSql, keysetPage, pageArguments, type KeysetPage } from '../db/keyset-cursor';
import {
  awaitingStockMail,
  hideAccountTokens,
  orderDeliveredMail,
  orderReceivedMail,
  paymentConfirmedMail,
  paymentIssueMail,
  paymentReorgedMail,
  paymentNotReceivedMail,
  ticketReplyMail,
  type MailContent,
  type MailContext,
  type OrderMailFacts,
} from './mail-templates';
import { Mailer } from './mailer';
import { ROLE_PERMISSIONS, STAFF_ROLES, type PermissionName } from '../../../common/staff';
import type { RefundEventPayload } from '../core/domain-events';
import {
  refundCancelledMail,
  refundClaimedMail,
  refundOfferedMail,
  refundPaidMail,
  refundSentMail,
  refundToPayMail,
} from './refund-mails';
import { Notification, NotificationKind, NotificationStatus } from './notification.entity';

/** The outbox's last error of a message kept because no SMTP server is configured. */
export const NO_SMTP_SERVER = 'not sent: no SMTP server configured';

/** `mailSendSpec` in SQL, for the notification id expression `id` and the max attempts parameter `maxAttempts`. */
const mailSendJobSql = (id: string, maxAttempts: string) =>
  `json_build_object('identifier', '${mailSendJob.task}', 'payload', json_build_object('notificationId', ${id}),
                     'job_key', '${mailSendJob.task}:' || ${id}, 'max_attempts', ${maxAttempts}::int)`;

/**
 * The send job of a message, tried MAIL_MAX_ATTEMPTS times (graphile-worker waits exp(min(attempt, 10)) seconds
 * before each retry); a resend passes `fresh` so its job is new even while an older one waits for a retry.
 */
function mailSendSpec(notificationId: string, maxAttempts: number, fresh?: string): JobSpec {
  const jobKey = `${mailSendJob.task}:${notificationId}${fresh ? `:${fresh}` : ''}`;
  return mailSendJob.spec({ notificationId }, { jobKey, maxAttempts });
}

/** The messages a domain event asks for (docs/jobs-and-events.md "E-mail"); most events ask for none. */
export function mailKindsFor(event: NewDomainEvent): NotificationKind[] {
  switch (event.type) {
    case 'order.created':
      return [NotificationKind.ORDER_RECEIVED];
    case 'order.paid':
      return [NotificationKind.PAYMENT_CONFIRMED];
    case 'order.delivered':
      return [NotificationKind.ORDER_DELIVERED];
    case 'order.payment_issue':
      // "Not found yet" usually clears itself within minutes (a node behind the chain); /verify shows it meanwhile.
      if (event.payload.kind === PaymentIssueKind.NOT_FOUND) return [];
      // A payment taken back after the order was paid is the staff's to judge (the customer may be who reversed it).
      if (event.payload.kind === PaymentIssueKind.REORGED) return [NotificationKind.PAYMENT_REORGED];
      return [NotificationKind.PAYMENT_ISSUE];
    case 'order.awaiting_stock':
      return [NotificationKind.AWAITING_STOCK];
    case 'order.status_changed':
      return event.payload.to === OrderStatus.NOT_RECEIVED ? [NotificationKind.PAYMENT_NOT_RECEIVED] : [];
    case 'ticket.replied':
      return event.payload.fromStaff ? [NotificationKind.TICKET_REPLY] : [];
    case 'refund.offered':
      return [NotificationKind.REFUND_OFFERED];
    case 'refund.claimed':
      return [NotificationKind.REFUND_CLAIMED, NotificationKind.REFUND_TO_PAY];
    case 'refund.sent':
      return [NotificationKind.REFUND_SENT];
    case 'refund.paid':
      return [NotificationKind.REFUND_PAID];
    case 'refund.cancelled':
      return [NotificationKind.REFUND_CANCELLED];
    default:
      return [];
  }
}

/**
 * How each order message is rendered: from the order as it is now, and the event that asked for it (a payment issue
 * is mailed as it was flagged; by the time this runs it may have changed again, and each change mails once).
 */
const ORDER_MAILS: Partial<
  Record<NotificationKind, (ctx: MailContext, order: OrderMailFacts, event: NewDomainEvent) => MailContent>
> = {
  [NotificationKind.ORDER_RECEIVED]: orderReceivedMail,
  [NotificationKind.PAYMENT_CONFIRMED]: paymentConfirmedMail,
  [NotificationKind.PAYMENT_NOT_RECEIVED]: paymentNotReceivedMail,
  [NotificationKind.ORDER_DELIVERED]: orderDeliveredMail,
  [NotificationKind.AWAITING_STOCK]: awaitingStockMail,
  [NotificationKind.PAYMENT_ISSUE]: (ctx, order, event) =>
    paymentIssueMail(ctx, order, event.type === 'order.payment_issue' ? event.payload.issue : ''),
  [NotificationKind.PAYMENT_REORGED]: (ctx, order, event) =>
    paymentReorgedMail(ctx, order, event.type === 'order.payment_issue' ? event.payload.issue : ''),
  [NotificationKind.REFUND_OFFERED]: refundMail(refundOfferedMail),
  [NotificationKind.REFUND_CLAIMED]: refundMail(refundClaimedMail),
  [NotificationKind.REFUND_TO_PAY]: refundMail(refundToPayMail),
  [NotificationKind.REFUND_SENT]: refundMail(refundSentMail),
  [NotificationKind.REFUND_PAID]: refundMail(refundPaidMail),
  [NotificationKind.REFUND_CANCELLED]: refundMail(refundCancelledMail),
};

/** A refund mail rendered from the refund's facts as its event carried them. */
function refundMail(
  render: (ctx: MailContext, order: OrderMailFacts, refund: RefundEventPayload) => MailContent,
): (ctx: MailContext, order: OrderMailFacts, event: NewDomainEvent) => MailContent {
  return (ctx, order, event) => render(ctx, order, event.payload as RefundEventPayload);
}

/** The messages that go to the staff who may act on them instead of the order's customer. */
const STAFF_MAILS: Partial<Record<NotificationKind, PermissionName>> = {
  [NotificationKind.REFUND_TO_PAY]: 'REFUNDS',
  [NotificationKind.PAYMENT_REORGED]: 'ORDERS_WRITE',
};

/** Who an order's messages go to, and what they say. */
interface OrderRecipient {
  email: string;
  facts: OrderMailFacts;
}

interface TicketRecipient {
  email: string;
  fullName: string | null;
  title: string;
}

/** What a batch of events' messages are rendered from, by order, ticket and ticket message id. */
interface MailFacts {
  orders: Map<string, OrderRecipient>;
  tickets: Map<string, TicketRecipient>;
  /** The bodies of the replies being mailed. */
  replies: Map<string, string>;
  /** The e-mail addresses of the staff with each permission a staff mail of the batch needs. */
  staff: Map<PermissionName, string[]>;
}

/** A message ready for the outbox. */
interface Draft {
  kind: NotificationKind;
  to: string;
  content: MailContent;
  orderId: string | null;
  ticketId: string | null;
}

/** What became of one send job's attempt. */
type SendOutcome = { result: 'sent' | 'not-sent' | 'skipped' } | { result: 'failed'; error: unknown; final: boolean };

/** A page of the outbox, newest first. */
export type NotificationPage = KeysetPage<Notification>;

/**
 * E-mail through an outbox (docs/jobs-and-events.md "E-mail"). The consumer of domain events renders each message
 * once into a `notifications` row and queues its send job in the same transaction; the send job hands the row to the
 * SMTP server, retried with backoff while the server is down. Without SMTP_URL rows end NOT_SENT, readable in the
 * admin panel. A row is only sent while QUEUED and under its row lock, so two jobs for one row (a retry and a resend)
 * never both send it.
 */
@Service()
export class NotificationService implements DomainEventConsumer {
  /** The events `mailKindsFor` may ask a message for. */
  readonly consumes = [
    'order.created',
    'order.paid',
    'order.delivered',
    'order.payment_issue',
    'order.awaiting_stock',
    'order.status_changed',
    'ticket.replied',
    'refund.offered',
    'refund.claimed',
    'refund.sent',
    'refund.paid',
    'refund.cancelled',
  ] as const;

  constructor(
    private readonly db: DataSource,
    private readonly config: AppConfig,
    private readonly jobs: JobQueue,
    private readonly mailer: Mailer,
    private readonly storeSettings: StoreSettingsService,
  ) {}

  /** The store's name and support address as the owner set them (docs/product.md "Store settings"). */
  private get context(): MailContext {
    const settings = this.storeSettings.peek();
    return {
      storeName: settings.storeName,
      publicUrl: this.config.mail.publicUrl,
      supportEmail: settings.supportEmail,
    };
  }

  /**
   * The e-mail consumer of domain events: writes the messages a batch of events asks for, each with its send job,
   * in the dispatcher's transaction. Writing again writes nothing (`(event_id, kind)` is unique), so an event
   * dispatched twice never mails twice.
   */
  async handleEvents(events: readonly DomainEvent[], manager: EntityManager): Promise<void> {
    const wanted = events.flatMap((event) => {
      const recorded = asNewEvent(event);
      const kinds = mailKindsFor(recorded);
      return kinds.length > 0 ? [{ id: event.id, recorded, kinds }] : [];
    });
    if (wanted.length === 0) return;
    // Loaded (or kept) before the mails are rendered, so they carry the owner's name and address.
    await this.storeSettings.current();
    const facts = await this.factsOf(
      wanted.map(({ recorded }) => recorded),
      manager,
    );
    const drafts = wanted.flatMap(({ id, recorded, kinds }) =>
      this.draft(recorded, kinds, facts).map((draft) => ({ ...draft, eventId: id })),
    );
    if (drafts.length === 0) return;
    const [status, lastError] = this.initialState();
    const insert = `INSERT INTO notifications (kind, to_address, subject, text_body, html_body, event_id, order_id,
                                               ticket_id, status, last_error)
       SELECT d.kind, d.to, d.subject, d.text, d.html, d.event_id, d.order_id, d.ticket_id, $2, $3
       FROM json_to_recordset($1::json)
         AS d(kind text, "to" text, subject text, text text, html text, event_id uuid, order_id uuid, ticket_id uuid)
       ON CONFLICT (event_id, kind) DO NOTHING`;
    const rows = JSON.stringify(
      drafts.map((d) => ({
        kind: d.kind,
        to: d.to,
        subject: d.content.subject,
        text: d.content.text,
        html: d.content.html,
        event_id: d.eventId,
        order_id: d.orderId,
        ticket_id: d.ticketId,
      })),
    );
    if (status !== NotificationStatus.QUEUED) {
      await manager.query(insert, [rows, status, lastError]);
      return;
    }
    // The messages and their send jobs in one statement.
    await manager.query(
      `WITH message AS (${insert} RETURNING id)
       SELECT ${addJobsSql(`(SELECT coalesce(json_agg(${mailSendJobSql('message.id', '$4')}), '[]') FROM message)`)}`,
      [rows, status, lastError, this.config.mail.maxAttempts],
    );
  }

  /**
   * Writes one account message (a reset or verification link, a notice of a change) with its send job, in `manager`'s
   * transaction: it goes out only if the change it tells about commits. Not tied to a domain event: the account
   * operations that ask for these mails are not events anyone else consumes.
   */
  async queueAccountMail(
    manager: EntityManager,
    mail: { kind: NotificationKind; to: string; content: MailContent },
  ): Promise<void> {
    const [status, lastError] = this.initialState();
    // A message nothing will send is stored as admins read it: a live link token is never kept at rest (see send).
    const keep = status === NotificationStatus.QUEUED ? (body: string) => body : hideAccountTokens;
    const [row]: { id: string }[] = await manager.query(
      `INSERT INTO notifications (kind, to_address, subject, text_body, html_body, status, last_error)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [mail.kind, mail.to, mail.content.subject, keep(mail.content.text), keep(mail.content.html), status, lastError],
    );
    if (status === NotificationStatus.QUEUED) {
      await this.jobs.add(mailSendSpec(row.id, this.config.mail.maxAttempts), manager);
    }
  }

  /** What account mails are rendered with (the store's name, links from PUBLIC_URL). */
  get mailContext(): MailContext {
    return this.context;
  }

  /**
   * A new (or resent) message's status: queued for the send job, or, with no SMTP server configured, not sent
   * at once with the reason (nothing would send it; the outbox shows what would have gone out).
   */
  private initialState(): [NotificationStatus, string | null] {
    return this.mailer.configured ? [NotificationStatus.QUEUED, null] : [NotificationStatus.NOT_SENT, NO_SMTP_SERVER];
  }

  /** The rows the messages of `events` are rendered from, read once per batch. */
  private async factsOf(events: readonly NewDomainEvent[], manager: EntityManager): Promise<MailFacts> {
    const orderIds = new Set<string>();
    const ticketIds = new Set<string>();
    const messageIds = new Set<string>();
    for (const event of events) {
      if ('orderId' in event.payload) orderIds.add(event.payload.orderId);
      if ('ticketId' in event.payload) ticketIds.add(event.payload.ticketId);
      if ('messageId' in event.payload) messageIds.add(event.payload.messageId);
    }
    const permissions = new Set(events.flatMap((event) => mailKindsFor(event).flatMap((k) => STAFF_MAILS[k] ?? [])));
    const [orders, tickets, replies, staff] = await Promise.all([
      orderIds.size > 0 ? this.orderFacts([...orderIds], manager) : new Map<string, OrderRecipient>(),
      ticketIds.size > 0 ? this.ticketFacts([...ticketIds], manager) : new Map<string, TicketRecipient>(),
      messageIds.size > 0 ? this.replyBodies([...messageIds], manager) : new Map<string, string>(),
      this.staffAddresses([...permissions], manager),
    ]);
    return { orders, tickets, replies, staff };
  }

  /** Renders the messages of one event from the rows as they are now. */
  private draft(event: NewDomainEvent, kinds: NotificationKind[], facts: MailFacts): Draft[] {
    if (event.type === 'ticket.replied') {
      const { ticketId, messageId } = event.payload;
      const ticket = facts.tickets.get(ticketId);
      if (!ticket) return [];
      return kinds.map((kind) => ({
        kind,
        to: ticket.email,
        content: ticketReplyMail(this.context, {
          ticketId,
          customerName: ticket.fullName,
          ticketTitle: ticket.title,
          reply: facts.replies.get(messageId) ?? null,
        }),
        orderId: null,
        ticketId,
      }));
    }
    if (!('orderId' in event.payload)) return [];
    const { orderId } = event.payload;
    const order = facts.orders.get(orderId);
    if (!order) {
      logger.warn({ orderId, type: event.type }, 'Notification consumer: order not found');
      return [];
    }
    return kinds.flatMap((kind) => {
      const render = ORDER_MAILS[kind];
      if (!render) return [];
      const permission = STAFF_MAILS[kind];
      const recipients = permission ? (facts.staff.get(permission) ?? []) : [order.email];
      const content = render(this.context, order.facts, event);
      // One row per recipient; `(event_id, kind)` is unique, so a staff mail goes out as one message to all of them.
      return recipients.length === 0 ? [] : [{ kind, to: recipients.join(', '), content, orderId, ticketId: null }];
    });
  }

  /** The addresses of the staff whose role grants each of `permissions` (common/staff.ts). */
  private async staffAddresses(
    permissions: PermissionName[],
    manager: EntityManager,
  ): Promise<Map<PermissionName, string[]>> {
    const found = new Map<PermissionName, string[]>();
    for (const permission of permissions) {
      const roles = STAFF_ROLES.filter((role) => ROLE_PERMISSIONS[role].includes(permission));
      const rows: { email: string }[] = await manager.query(
        `SELECT u.email FROM users u JOIN user_roles r ON r.user_id = u.id
         WHERE r.role = ANY($1) AND u.blocked_at IS NULL ORDER BY u.email`,
        [roles],
      );
      found.set(permission, [...new Set(rows.map((row) => row.email))]);
    }
    return found;
  }

  private async orderFacts(orderIds: string[], manager: EntityManager): Promise<Map<string, OrderRecipient>> {
    const rows: Record<string, unknown>[] = await manager.query(
      `SELECT o.id, u.email AS account_email, o.quantity, o.domain_name, o.total_price, o.payment_method,
              o.payment_amount_crypto, o.crypto_address, o.payment_due_at, o.rate_usd::text AS rate_usd,
              o.rate_source, o.quote_expires_at, p.name AS product_name,
              pr.full_name AS customer_name, p.fulfilment,
              (SELECT count(*)::int FROM product_keys k WHERE k.order_id = o.id AND k.status = $2) AS keys_delivered
       FROM orders o
       JOIN products p ON p.id = o.product_id
       JOIN users u ON u.id = o.user_id
       LEFT JOIN profiles pr ON pr.id = o.user_id
       WHERE o.id = ANY($1::uuid[])`,
      [orderIds, KeyStatus.DELIVERED],
    );
    return new Map(
      rows.map((row) => [
        row.id as string,
        {
          // The account's own address, never the contact e-mail typed at checkout: that one is anyone's address, and
          // order mails carry the placer's name and text (docs/decisions.md "Abuse").
          email: row.account_email as string,
          facts: {
            orderId: row.id as string,
            customerName: row.customer_name as string | null,
            productName: row.product_name as string,
            quantity: row.quantity as number,
            domainName: row.domain_name as string | null,
            totalPrice: Number(row.total_price),
            paymentMethod: row.payment_method as PaymentMethod,
            paymentAmountCrypto: row.payment_amount_crypto as string,
            cryptoAddress: row.crypto_address as string,
            paymentDueAt: row.payment_due_at as Date,
            fulfilment: row.fulfilment as OrderMailFacts['fulfilment'],
            keysDelivered: row.keys_delivered as number,
            rate: row.rate_usd ? { usd: row.rate_usd as string, source: row.rate_source as string } : null,
            quoteExpiresAt: (row.quote_expires_at as Date | null) ?? null,
          },
        },
      ]),
    );
  }

  private async ticketFacts(ticketIds: string[], manager: EntityManager): Promise<Map<string, TicketRecipient>> {
    const rows: { id: string; email: string; full_name: string | null; title: string }[] = await manager.query(
      `SELECT t.id, pr.email, pr.full_name, t.title
       FROM support_tickets t JOIN profiles pr ON pr.id = t.user_id
       WHERE t.id = ANY($1::uuid[])`,
      [ticketIds],
    );
    return new Map(rows.map((row) => [row.id, { email: row.email, fullName: row.full_name, title: row.title }]));
  }

  private async replyBodies(messageIds: string[], manager: EntityManager): Promise<Map<string, string>> {
    const rows: { id: string; body: string }[] = await manager.query(
      `SELECT id, body FROM ticket_messages WHERE id = ANY($1::uuid[])`,
      [messageIds],
    );
    return new Map(rows.map((row) => [row.id, row.body]));
  }

  /**
   * The send job of message `notificationId`, attempt `attempt` of `maxAttempts`. Sends it if it is still QUEUED
   * (a sent message is never sent again by a stale job); without SMTP_URL marks it NOT_SENT and succeeds. A refusal
   * is recorded on the row (attempts, last error; FAILED after the last attempt) and rethrown, so graphile-worker
   * retries the job with backoff.
   */
  async send(notificationId: string, attempt: { attempt: number; maxAttempts: number }): Promise<void> {
    const outcome = await this.db.transaction(async (manager): Promise<SendOutcome> => {
      const row = await manager
        .getRepository(Notification)
        .findOne({ where: { id: notificationId }, lock: { mode: 'pessimistic_write' } });
      if (!row || row.status !== NotificationStatus.QUEUED) return { result: 'skipped' };
      if (!this.mailer.configured) {
        await this.record(manager, row.id, NotificationStatus.NOT_SENT, NO_SMTP_SERVER, row);
        return { result: 'not-sent' };
      }
      try {
        await this.mailer.send({ to: row.to, subject: row.subject, text: row.text, html: row.html });
      } catch (error) {
        const final = attempt.attempt >= attempt.maxAttempts;
        const status = final ? NotificationStatus.FAILED : NotificationStatus.QUEUED;
        await this.record(manager, row.id, status, errorText(error), row);
        return { result: 'failed', error, final };
      }
      await this.record(manager, row.id, NotificationStatus.SENT, null, row);
      return { result: 'sent' };
    });
    if (outcome.result === 'failed') {
      logger.warn(
        { notificationId, attempt: attempt.attempt, final: outcome.final, err: outcome.error },
        outcome.final ? 'E-mail failed for good' : 'E-mail not accepted; retrying',
      );
      throw outcome.error;
    }
    if (outcome.result === 'sent') logger.info({ notificationId }, 'E-mail sent');
  }

  /**
   * Records an attempt. Once the message is out of the queue (sent, failed for good, not sent) its account link tokens
   * are hidden in the stored bodies: the customer's mailbox is the only place a live reset or change link is meant to
   * be, not a database copy or backup. (An admin's resend of such a message then carries a dead link; the customer
   * asks for a new one.)
   */
  private async record(
    manager: EntityManager,
    id: string,
    status: NotificationStatus,
    lastError: string | null,
    bodies?: { text: string; html: string },
  ): Promise<void> {
    const done = status !== NotificationStatus.QUEUED && bodies;
    await manager.query(
      `UPDATE notifications
       SET status = $2, attempts = attempts + 1, last_error = $3,
           sent_at = CASE WHEN $2 = $4 THEN now() ELSE sent_at END,
           text_body = coalesce($5, text_body), html_body = coalesce($6, html_body)
       WHERE id = $1`,
      [
        id,
        status,
        lastError,
        NotificationStatus.SENT,
        done ? hideAccountTokens(bodies.text) : null,
        done ? hideAccountTokens(bodies.html) : null,
      ],
    );
  }

  /**
   * Queues message `id` again, whatever its status (an admin's resend): QUEUED with a send job of its own, so it goes
   * out even while an older job waits for a retry; without an SMTP server, NOT_SENT again at once. Unknown ids are
   * NOT_FOUND.
   */
  async resend(id: string): Promise<Notification> {
    if (!isUuid(id)) throw new NotFoundError('Notification');
    const [status, lastError] = this.initialState();
    return this.db.transaction(async (manager) => {
      const rows: Record<string, unknown>[] = await manager.query(
        `WITH changed AS (UPDATE notifications SET status = $2, last_error = coalesce($3, last_error) WHERE id = $1 RETURNING *)
         SELECT * FROM changed`,
        [id, status, lastError],
      );
      if (rows.length === 0) throw new NotFoundError('Notification');
      if (status === NotificationStatus.QUEUED) {
        await this.jobs.add(mailSendSpec(id, this.config.mail.maxAttempts, randomUUID()), manager);
      }
      return forAdmins(hydrate(manager, Notification, rows[0]));
    });
  }

  /** The outbox, newest first: `first` (1-100, default 20) messages after the `after` cursor (keyset pagination). */
  async adminPage(options: { first?: number | null; after?: string | null }): Promise<NotificationPage> {
    const { first, after } = pageArguments(options);

    const params: unknown[] = [first + 1];
    if (after) params.push(after.createdAt, after.id);
    const rows: Record<string, unknown>[] = await this.db.query(
      `WITH total AS (SELECT count(*) AS total_count FROM notifications),
       page AS (
         SELECT n.*, ${cursorTimestampSql('n')} AS cursor_ts FROM notifications n
         ${after ? `WHERE (n.created_at, n.id) < ($2::timestamptz, $3::uuid)` : ''}
         ORDER BY n.created_at DESC, n.id DESC
         LIMIT $1
       )
       SELECT total.total_count, page.* FROM total LEFT JOIN page ON true
       ORDER BY page.created_at DESC, page.id DESC`,
      params,
    );
    return keysetPage(rows, first, (row) => forAdmins(hydrate(this.db.manager, Notification, row)));
  }
}

/** A message as admins read it: the tokens of account links hidden (hideAccountTokens). */
function forAdmins(notification: Notification): Notification {
  notification.text = hideAccountTokens(notification.text);
  notification.html = hideAccountTokens(notification.html);
  return notification;
}

/** An error as the outbox shows it: its message, at most 500 characters. */
function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return clipText(text, 500);
}

/** Hands one outbox message to the SMTP server (one pending job per message: its key). */
export const mailSendJob = defineJob({
  task: 'mail:send',
  payload: z.object({ notificationId: z.string() }),
  run: ({ notificationId }, { container, attempt, maxAttempts }) =>
    container.get(NotificationService).send(notificationId, { attempt, maxAttempts }),
});
