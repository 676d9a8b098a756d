/**
 * Domain events (docs/jobs-and-events.md): what happened in the store, written in the transaction that made it
 * happen, each handed to every consumer (e-mail, webhooks) as a durable job. A consumer's job for an event has the
 * key `<task>:<event id>`, so it is queued once and runs once however the event is retried.
 */
import { Column, CreateDateColumn, DataSource, Entity, PrimaryGeneratedColumn, type EntityManager } from 'typeorm';
import { Service } from '../container';
import { addJobsSql, jobSpecsJson, type JobSpec } from './job-queue';

export const DOMAIN_EVENT_TYPES = [
  'order.created',
  'order.status_changed',
  'order.paid',
  'order.delivered',
  'ticket.created',
  'ticket.replied',
  'product.stock_changed',
] as const;

export type DomainEventType = (typeof DOMAIN_EVENT_TYPES)[number];

/** What each event carries: ids and the facts of the change, never whole rows (consumers read what they need). */
export interface DomainEventPayloads {
  'order.created': { orderId: string };
  'order.status_changed': { orderId: string; from: string; to: string; actorKind: string; reason: string | null };
  'order.paid': { orderId: string };
  'order.delivered': { orderId: string };
  'ticket.created': { ticketId: string };
  'ticket.replied': { ticketId: string; messageId: string; fromStaff: boolean };
  'product.stock_changed': { productId: string; inStock: boolean };
}

export type NewDomainEvent = {
  [T in DomainEventType]: { type: T; payload: DomainEventPayloads[T] };
}[DomainEventType];

@Entity('domain_events')
export class DomainEventRecord {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'text' })
  type: DomainEventType;

  @Column({ type: 'jsonb' })
  payload: Record<string, unknown>;

  @CreateDateColumn({ name: 'occurred_at', type: 'timestamptz' })
  occurredAt: Date;
}

/** The tasks every domain event is handed to; set once at composition (server/src/jobs.ts). */
export abstract class EventConsumers {
  abstract readonly tasks: readonly string[];
}

@Service()
export class DomainEvents {
  constructor(
    private readonly db: DataSource,
    private readonly consumers: EventConsumers,
  ) {}

  /**
   * Records `events` in `manager`'s transaction and queues one job per consumer and event, plus `jobs`: one
   * statement, all of it committed with the change or none of it.
   */
  async record(
    manager: EntityManager,
    events: readonly NewDomainEvent[],
    jobs: readonly JobSpec[] = [],
  ): Promise<void> {
    if (events.length === 0 && jobs.length === 0) return;
    await manager.query(
      `WITH recorded AS (
         INSERT INTO domain_events (type, payload)
         SELECT e.type, e.payload FROM json_to_recordset($1::json) AS e(type text, payload jsonb)
         RETURNING id
       ), consumer_jobs AS (
         SELECT json_build_object('identifier', c.task, 'payload', json_build_object('eventId', r.id),
                                  'job_key', c.task || ':' || r.id) AS j
         FROM recorded r CROSS JOIN unnest($2::text[]) AS c(task)
       )
       SELECT ${addJobsSql(`(SELECT coalesce(json_agg(j), '[]'::json) FROM consumer_jobs)::jsonb || $3::jsonb`)}`,
      [JSON.stringify(events), this.consumers.tasks, jobSpecsJson(jobs)],
    );
  }

  /** One recorded event, for its consumers' jobs. */
  find(id: string): Promise<DomainEventRecord | null> {
    return this.db.getRepository(DomainEventRecord).findOneBy({ id });
  }
}
