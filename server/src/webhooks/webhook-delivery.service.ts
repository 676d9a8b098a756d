import { z } from 'zod';
import { defineJob } from '../core/job-definition';
import { DataSource, type EntityManager } from 'typeorm';
import { isUuid } from '../../../common/validation';
import { AppConfig } from '../app-config';
import { Service } from '../container';
import { DOMAIN_EVENT_TYPES, type DomainEvent, type DomainEventConsumer } from '../core/domain-events';
import { NotFoundError } from '../core/errors';
import { JobQueue, type JobSpec } from '../core/job-queue';
import { logger } from '../core/logger';
import { hydrate } from '../db/hydrate';
import { pageSize } from '../db/keyset-cursor';
import { deliveryBodyText, orderSnapshot, type OrderRow, type WebhookBody } from './webhook-body';
import type { TicketStatus } from '../core/enums';
import { WebhookDelivery, WebhookDeliveryStatus } from './webhook-delivery.entity';
import { sendWebhook, type WebhookAttempt } from './webhook-sender';
import { EVENT_ID_HEADER, SIGNATURE_HEADER, signatureHeader } from './webhook-signature';

/** Makes one attempt of one delivery. */

export const USER_AGENT = 'CryptoDigitalStore-Webhooks/1.0';

/**
 * The job of delivery `deliveryId`: one per delivery (its key), tried `maxAttempts` times; graphile-worker waits
 * exp(min(attempt, 10)) seconds before each retry. Adding it again (a redelivery) resets its attempts and runs it now.
 */
export function deliverJob(deliveryId: string, maxAttempts: number): JobSpec {
  return webhookDeliverJob.spec({ deliveryId }, { jobKey: `${webhookDeliverJob.task}:${deliveryId}`, maxAttempts });
}

/** Seconds graphile-worker waits after failed attempt `attempt` of a job (its fail_job: exp(least(attempts, 10))). */
export function retryDelaySeconds(attempt: number): number {
  return Math.exp(Math.min(attempt, 10));
}

/** What became of one run of a delivery job. */
type DeliverOutcome = { result: 'skipped' } | { result: 'sent' | 'failed'; attempt: WebhookAttempt; final: boolean };

/**
 * Webhook deliveries (docs/jobs-and-events.md "Webhooks"). The consumer of domain events writes one delivery per
 * subscribed endpoint, body included, and queues its job in the same transaction; the job POSTs the body signed, and
 * a failed attempt is logged on the row and rethrown so graphile-worker retries it with backoff. A delivery is only
 * attempted while PENDING and under its row lock, so two jobs for one delivery (a retry and a redelivery) never send
 * it at once and a stale job never sends a delivered one again.
 */
@Service()
export class WebhookDeliveryService implements DomainEventConsumer {
  /** Every event: endpoints subscribe to any of them. */
  readonly consumes = DOMAIN_EVENT_TYPES;

  constructor(
    private readonly db: DataSource,
    private readonly config: AppConfig,
    private readonly jobs: JobQueue,
  ) {}

  /**
   * The webhook consumer of domain events: for each event of the batch, a delivery for every active endpoint
   * subscribed to its type that existed when it occurred, each with its job, in the dispatcher's transaction.
   * Writing again adds nothing (`(endpoint_id, event_id)` is unique).
   */
  async handleEvents(events: readonly DomainEvent[], manager: EntityManager): Promise<void> {
    // Most events have no subscriber: one query per batch finds the few that have.
    const subscriptions: { event_id: string; endpoint_id: string }[] = await manager.query(
      `SELECT d.id AS event_id, e.id AS endpoint_id
       FROM domain_events d JOIN webhook_endpoints e
         ON e.active AND d.type = ANY (e.events) AND e.created_at <= d.occurred_at
       WHERE d.id = ANY ($1::uuid[])`,
      [events.map((event) => event.id)],
    );
    if (subscriptions.length === 0) return;
    const subscribed = events.filter((event) => subscriptions.some((s) => s.event_id === event.id));
    const bodies = await this.bodiesOf(subscribed, manager);
    const rows: { id: string }[] = await manager.query(
      `INSERT INTO webhook_deliveries (endpoint_id, event_id, event_type, payload, next_attempt_at)
       SELECT s.endpoint_id, s.event_id, d.type, b.body, now()
       FROM json_to_recordset($1::json) AS s(event_id uuid, endpoint_id uuid)
       JOIN domain_events d ON d.id = s.event_id
       JOIN json_to_recordset($2::json) AS b(event_id uuid, body jsonb) ON b.event_id = s.event_id
       ON CONFLICT (endpoint_id, event_id) DO NOTHING
       RETURNING id`,
      [
        JSON.stringify(subscriptions),
        JSON.stringify(subscribed.map((event, i) => ({ event_id: event.id, body: bodies[i] }))),
      ],
    );
    await this.jobs.add(
      rows.map((row) => deliverJob(row.id, this.config.webhooks.maxAttempts)),
      manager,
    );
  }

  /**
   * The bodies of `events`' deliveries, in order: each event's facts and a snapshot of its order, product or ticket
   * as it is now, read with one query per kind for the whole batch. A declared read model of those tables
   * (docs/architecture.md "Module ownership"): the body is the integrator's contract, fixed column by column, and a
   * dispatch batch reads each kind once instead of asking three modules row by row.
   */
  private async bodiesOf(events: readonly DomainEvent[], manager: EntityManager): Promise<WebhookBody[]> {
    const idsOf = (key: string) => [
      ...new Set(events.flatMap((event) => (typeof event.payload[key] === 'string' ? [event.payload[key]] : []))),
    ];
    const [orders, products, tickets] = await Promise.all([
      this.snapshots<OrderRow>(
        manager,
        `SELECT id, status, total_price, payment_method, payment_amount_crypto, created_at FROM orders`,
        idsOf('orderId'),
      ),
      this.snapshots<{ id: string; slug: string; name: string; in_stock: boolean }>(
        manager,
        `SELECT id, slug, name, in_stock FROM products`,
        idsOf('productId'),
      ),
      this.snapshots<{ id: string; status: TicketStatus }>(
        manager,
        `SELECT id, status FROM support_tickets`,
        idsOf('ticketId'),
      ),
    ]);
    return events.map((event) => {
      const { orderId, productId, ticketId } = event.payload;
      const data: Record<string, unknown> = { ...event.payload };
      if (typeof orderId === 'string') {
        const row = orders.get(orderId);
        data.order = row ? orderSnapshot(row) : null;
      }
      if (typeof productId === 'string') {
        const row = products.get(productId);
        data.product = row ? { id: row.id, slug: row.slug, name: row.name, inStock: row.in_stock } : null;
      }
      if (typeof ticketId === 'string') {
        const row = tickets.get(ticketId);
        data.ticket = row ? { id: row.id, status: row.status } : null;
      }
      return { id: event.id, type: event.type, occurredAt: event.occurredAt.toISOString(), data };
    });
  }

  /** The rows of `select` (a `SELECT … FROM table`) whose id is one of `ids`, by id; none read for no ids. */
  private async snapshots<R extends { id: string }>(
    manager: EntityManager,
    select: string,
    ids: unknown[],
  ): Promise<Map<string, R>> {
    if (ids.length === 0) return new Map();
    const rows: R[] = await manager.query(`${select} WHERE id = ANY ($1::uuid[])`, [ids]);
    return new Map(rows.map((row) => [row.id, row]));
  }

  /**
   * The job of delivery `deliveryId`, attempt `attempt` of `maxAttempts`. POSTs the body, signed for this moment, if
   * the delivery is still PENDING and its endpoint active. A 2xx: SUCCEEDED. Anything else is logged on the row (status code, duration, start
   * of the answer, error; FAILED after the last attempt) and rethrown, so graphile-worker retries the job.
   *
   * The row stays locked while the request runs (at most WEBHOOK_TIMEOUT_MS): that is what keeps a redelivery from
   * sending the same delivery at the same moment, at the price of one pooled connection per attempt in flight.
   */
  async deliver(deliveryId: string, job: { attempt: number; maxAttempts: number }): Promise<void> {
    const outcome = await this.db.transaction(async (manager): Promise<DeliverOutcome> => {
      const [row]: {
        payload: Record<string, unknown>;
        status: string;
        event_id: string;
        url: string;
        secret: string;
        active: boolean;
      }[] = await manager.query(
        `SELECT d.payload, d.status, d.event_id, e.url, e.secret, e.active
           FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
           WHERE d.id = $1
           FOR UPDATE OF d`,
        [deliveryId],
      );
      // An inactive endpoint is sent nothing; its deliveries stay PENDING.
      if (!row || row.status !== WebhookDeliveryStatus.PENDING || !row.active) return { result: 'skipped' };
      const body = deliveryBodyText(row.payload);
      const attempt = await sendWebhook({
        url: row.url,
        body,
        headers: {
          'Content-Type': 'application/json',
          'User-Agent': USER_AGENT,
          [EVENT_ID_HEADER]: row.event_id,
          [SIGNATURE_HEADER]: signatureHeader(row.secret, body, Math.floor(Date.now() / 1000)),
        },
        allowNonPublic: this.config.webhooks.allowPrivateUrls,
      });
      const final = !attempt.ok && job.attempt >= job.maxAttempts;
      await this.record(manager, deliveryId, attempt, job.attempt, final);
      return { result: attempt.ok ? 'sent' : 'failed', attempt, final };
    });
    if (outcome.result === 'skipped') return;
    const { attempt, final } = outcome;
    const fields = {
      deliveryId,
      attempt: job.attempt,
      statusCode: attempt.statusCode,
      durationMs: attempt.durationMs,
      error: attempt.error,
    };
    if (outcome.result === 'sent') {
      logger.info(fields, 'Webhook delivered');
      return;
    }
    logger.warn({ ...fields, final }, final ? 'Webhook delivery failed for good' : 'Webhook delivery failed; retrying');
    throw new Error(
      `Webhook delivery ${deliveryId} failed: ${attempt.statusCode !== null ? `HTTP ${attempt.statusCode}` : attempt.error}`,
    );
  }

  private async record(
    manager: EntityManager,
    id: string,
    attempt: WebhookAttempt,
    jobAttempt: number,
    final: boolean,
  ): Promise<void> {
    const status = attempt.ok
      ? WebhookDeliveryStatus.SUCCEEDED
      : final
        ? WebhookDeliveryStatus.FAILED
        : WebhookDeliveryStatus.PENDING;
    await manager.query(
      `UPDATE webhook_deliveries
       SET status = $2, attempts = attempts + 1, last_status_code = $3, last_duration_ms = $4, last_response = $5,
           last_error = $6,
           delivered_at = CASE WHEN $2 = $8 THEN now() ELSE delivered_at END,
           next_attempt_at = CASE WHEN $2 = $9 THEN now() + $7::float8 * interval '1 second' END
       WHERE id = $1`,
      [
        id,
        status,
        attempt.statusCode,
        attempt.durationMs,
        attempt.response,
        attempt.error,
        retryDelaySeconds(jobAttempt),
        WebhookDeliveryStatus.SUCCEEDED,
        WebhookDeliveryStatus.PENDING,
      ],
    );
  }

  /**
   * Sends delivery `id` again, whatever its status, with the same body and event id (an admin's redelivery): PENDING,
   * its job due now with a fresh count of attempts. Unknown ids are NOT_FOUND.
   */
  async redeliver(id: string): Promise<WebhookDelivery> {
    if (!isUuid(id)) throw new NotFoundError('Webhook delivery');
    return this.db.transaction(async (manager) => {
      const rows: Record<string, unknown>[] = await manager.query(
        `WITH changed AS (
           UPDATE webhook_deliveries SET status = $2, next_attempt_at = now() WHERE id = $1 RETURNING *
         )
         SELECT * FROM changed`,
        [id, WebhookDeliveryStatus.PENDING],
      );
      if (rows.length === 0) throw new NotFoundError('Webhook delivery');
      await this.jobs.add(deliverJob(id, this.config.webhooks.maxAttempts), manager);
      return hydrate(manager, WebhookDelivery, rows[0]);
    });
  }

  /** An endpoint's deliveries, newest first: `first` of them (1-100, default 20). */
  async ofEndpoint(endpointId: string, first: number | null | undefined): Promise<WebhookDelivery[]> {
    const size = pageSize(first);
    return this.db.getRepository(WebhookDelivery).find({
      where: { endpointId },
      order: { createdAt: 'DESC', id: 'DESC' },
      take: size,
    });
  }
}

/**
 * POSTs one delivery to its endpoint, on the webhook runner's own workers: an integrator's endpoint decides how long an
 * attempt takes (up to 10 s), so one that never answers must not hold the workers that deliver keys, confirm payments,
 * end payment windows and send mail.
 */
export const webhookDeliverJob = defineJob({
  task: 'webhooks:deliver',
  payload: z.object({ deliveryId: z.string() }),
  runner: 'webhooks',
  run: ({ deliveryId }, { container, attempt, maxAttempts }) =>
    container.get(WebhookDeliveryService).deliver(deliveryId, { attempt, maxAttempts }),
});
