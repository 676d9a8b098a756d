/**
 * Domain events (docs/jobs-and-events.md): what happened in the store, written in the transaction that made it
 * happen. The dispatcher hands recorded events to every consumer (payment windows, e-mail, webhooks) in batches,
 * in one transaction per batch that also marks them dispatched, so each event reaches each consumer once.
 */
import { z } from 'zod';
import { setTimeout as sleep } from 'node:timers/promises';
import { Column, CreateDateColumn, DataSource, Entity, PrimaryGeneratedColumn, type EntityManager } from 'typeorm';
import { Service } from '../container';
import type { EventBus } from './event-bus';
import { defineJob } from './job-definition';
import { JobQueue } from './job-queue';
import { logger } from './logger';

export const DOMAIN_EVENT_TYPES = [
  'order.created',
  'order.status_changed',
  'order.paid',
  'order.delivered',
  'order.payment_issue',
  'order.awaiting_stock',
  'ticket.created',
  'ticket.replied',
  'product.stock_changed',
  'refund.offered',
  'refund.claimed',
  'refund.sent',
  'refund.paid',
  'refund.cancelled',
] as const;

export type DomainEventType = (typeof DOMAIN_EVENT_TYPES)[number];

/** What each event carries: ids and the facts of the change, never whole rows (consumers read what they need). */
export interface DomainEventPayloads {
  'order.created': { orderId: string };
  'order.status_changed': { orderId: string; from: string; to: string; actorKind: string; reason: string | null };
  'order.paid': { orderId: string };
  'order.delivered': { orderId: string };
  /** Something is wrong with the order's payment read from the chain (docs/payments.md "Exceptions"). */
  'order.payment_issue': { orderId: string; kind: string; issue: string };
  /** Paid, but its keys went back to stock before the payment arrived and too few are left to deliver. */
  'order.awaiting_stock': { orderId: string; needed: number; available: number };
  'ticket.created': { ticketId: string };
  'ticket.replied': { ticketId: string; messageId: string; fromStaff: boolean };
  'product.stock_changed': { productId: string; inStock: boolean };
  /** A refund's steps (docs/payments.md "Refunds"), each with the refund's facts as they are after it. */
  'refund.offered': RefundEventPayload;
  'refund.claimed': RefundEventPayload;
  'refund.sent': RefundEventPayload;
  'refund.paid': RefundEventPayload;
  'refund.cancelled': RefundEventPayload;
}

/** A refund as its events carry it: the amount in its coin (method decimals), the address and transaction once known. */
export interface RefundEventPayload {
  orderId: string;
  refundId: string;
  status: string;
  amount: string;
  currency: string;
  reason: string;
  address: string | null;
  txId: string | null;
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

  /** When the dispatcher handed it to every consumer; null until then. */
  @Column({ name: 'dispatched_at', type: 'timestamptz', nullable: true })
  dispatchedAt: Date | null;
}

/** A recorded event as its consumers get it. */
export type DomainEvent = Pick<DomainEventRecord, 'id' | 'type' | 'payload' | 'occurredAt'>;

/** The recorded event as the `NewDomainEvent` it was written from, for code that switches on its type. */
export function asNewEvent(event: DomainEvent): NewDomainEvent {
  // The row holds what `record` wrote for its type.
  return { type: event.type, payload: event.payload } as NewDomainEvent;
}

/**
 * Something that acts on domain events. It gets them in batches, in the transaction that marks them dispatched:
 * what it writes with `manager` commits exactly when they are marked, so a batch that fails and is handed over
 * again writes nothing twice. Events it has no interest in it ignores.
 */
export interface DomainEventConsumer {
  /** The event types it acts on: it is handed those only, and not at all for a batch without any. */
  readonly consumes: readonly DomainEventType[];
  handleEvents(events: readonly DomainEvent[], manager: EntityManager): Promise<void>;
}

/** The consumers, in the order they run; set once at composition (server/src/runtime.ts). */
export abstract class EventConsumers {
  abstract readonly consumers: readonly DomainEventConsumer[];
}

/** The bus topic a committed domain event wakes the dispatcher on (a trigger on `domain_events` publishes it). */
export const DOMAIN_EVENTS_TOPIC = 'domain-events';

/** How long a wake-up waits for more events before it dispatches: what an e-mail may be late, to batch a burst. */
const DISPATCH_DELAY_MS = 200;
/** Events handed to the consumers in one transaction. */
const BATCH_SIZE = 200;

/**
 * SQL recording event `type` for each row of `from` (a CTE of the statement that makes the change), its payload
 * built by `payloadSql` from that row: for a write that records its event in its own statement (checkout). The
 * trigger wakes the dispatcher as for `DomainEvents.record`.
 */
export function recordEventSql(type: DomainEventType, payloadSql: string, from: string): string {
  return `INSERT INTO domain_events (type, payload) SELECT '${type}', ${payloadSql} FROM ${from}`;
}

@Service()
export class DomainEvents {
  /**
   * Records `events` in `manager`'s transaction: committed with the change or not at all. The insert's trigger
   * publishes DOMAIN_EVENTS_TOPIC on the live-update bus, delivered at commit, which wakes the dispatcher.
   */
  async record(manager: EntityManager, events: readonly NewDomainEvent[]): Promise<void> {
    if (events.length === 0) return;
    await manager.query(
      `INSERT INTO domain_events (type, payload)
       SELECT e.type, e.payload FROM json_to_recordset($1::json) AS e(type text, payload jsonb)`,
      [JSON.stringify(events)],
    );
  }
}

/**
 * Hands recorded events to the consumers (docs/jobs-and-events.md "Dispatch"). Batches rather than one job per event:
 * a job costs its own insert, fetch and completion, and during a burst of checkouts that cost is paid on the same
 * machine as the checkouts (measured: README "Performance").
 */
@Service()
export class DomainEventDispatcher {
  constructor(
    private readonly db: DataSource,
    private readonly consumers: EventConsumers,
    private readonly jobs: JobQueue,
  ) {}

  /**
   * Dispatches every pending event, oldest first, a batch per transaction; returns how many.
   * Concurrent dispatchers (other processes) take other events (`SKIP LOCKED`). When a consumer fails on a batch,
   * the batch's events are handed to per-event jobs as well (`dispatchEventJob`), so one bad event is retried on
   * its own with backoff, visible in its job's last error, and holds up no other.
   */
  async dispatchPending(): Promise<number> {
    let dispatched = 0;
    for (;;) {
      const claimed = await this.db.transaction(async (manager) => {
        const events = await this.claim(manager);
        if (events.length === 0) return null;
        const failures = await this.handOver(events, manager);
        if (failures.length > 0) {
          logger.warn(
            { err: failures[0], events: events.length },
            'Domain event batch failed: retrying each event alone',
          );
          await this.jobs.add(
            events.map((event) =>
              dispatchEventJob.spec({ eventId: event.id }, { jobKey: `${dispatchEventJob.task}:${event.id}` }),
            ),
            manager,
          );
        }
        await manager.query(`UPDATE domain_events SET dispatched_at = now() WHERE id = ANY($1::uuid[])`, [
          events.map((event) => event.id),
        ]);
        return events.length;
      });
      if (claimed === null) return dispatched;
      dispatched += claimed;
      // A short batch took all there was; what commits from now on wakes the dispatcher again.
      if (claimed < BATCH_SIZE) return dispatched;
    }
  }

  /**
   * The job of one event of a failed batch: hands it over as a batch of one; a consumer's failure is rethrown after
   * the others committed, so graphile-worker retries the event.
   */
  async dispatchOne(eventId: string): Promise<void> {
    const failures = await this.db.transaction(async (manager) => {
      const rows: Record<string, unknown>[] = await manager.query(
        `SELECT id, type, payload, occurred_at FROM domain_events WHERE id = $1 FOR UPDATE`,
        [eventId],
      );
      if (rows.length === 0) {
        logger.warn({ eventId }, 'Domain event not found: nothing to dispatch');
        return [];
      }
      return this.handOver(rows.map(toEvent), manager);
    });
    if (failures.length > 0) throw failures[0];
  }

  /**
   * Hands `events` to each consumer in a savepoint of its own and returns the consumers' failures: one consumer that
   * fails (an e-mail that cannot be rendered) rolls back only its own writes, never the others' (the payment window).
   * Consumers write nothing twice for one event, so handing the same events over again redoes nothing.
   */
  private async handOver(events: readonly DomainEvent[], manager: EntityManager): Promise<unknown[]> {
    const failures: unknown[] = [];
    for (const consumer of this.consumers.consumers) {
      const taken = events.filter((event) => consumer.consumes.includes(event.type));
      if (taken.length === 0) continue;
      await manager.query('SAVEPOINT consumer');
      try {
        await consumer.handleEvents(taken, manager);
        await manager.query('RELEASE SAVEPOINT consumer');
      } catch (error) {
        await manager.query('ROLLBACK TO SAVEPOINT consumer');
        failures.push(error);
      }
    }
    return failures;
  }

  private async claim(manager: EntityManager): Promise<DomainEvent[]> {
    const rows: Record<string, unknown>[] = await manager.query(
      `SELECT id, type, payload, occurred_at FROM domain_events
       WHERE dispatched_at IS NULL
       ORDER BY occurred_at, id
       LIMIT $1
       FOR UPDATE SKIP LOCKED`,
      [BATCH_SIZE],
    );
    return rows.map(toEvent);
  }
}

function toEvent(row: Record<string, unknown>): DomainEvent {
  return {
    id: row.id as string,
    type: row.type as DomainEventType,
    payload: row.payload as Record<string, unknown>,
    occurredAt: row.occurred_at as Date,
  };
}

/**
 * Runs the dispatcher whenever the bus says events were committed (and on the bus's catch-up after a lost
 * connection), one run at a time: wake-ups during a run make one more run, so a burst of checkouts is dispatched in
 * a few batches. Returns a function that stops listening and waits for the run in progress.
 */
export function dispatchOnWakeUp(bus: EventBus, dispatcher: DomainEventDispatcher): () => Promise<void> {
  const wakeUps = bus.subscribe(DOMAIN_EVENTS_TOPIC);
  let current: Promise<void> | null = null;
  let again = false;
  const runUntilIdle = async (): Promise<void> => {
    do {
      // Events committed meanwhile join the batch: during a burst of checkouts each one would otherwise be
      // dispatched alone, paying a whole transaction per event (measured: README "Performance").
      await sleep(DISPATCH_DELAY_MS);
      again = false;
      await dispatcher.dispatchPending().catch((error: unknown) => {
        // The minutely dispatchPendingJob picks up whatever this run left.
        logger.warn({ err: error }, 'Domain event dispatch failed');
      });
    } while (again);
  };
  const wake = () => {
    if (current) {
      again = true;
      return;
    }
    current = runUntilIdle().finally(() => {
      current = null;
    });
  };
  void (async () => {
    for await (const _wakeUp of wakeUps) wake();
  })();
  return async () => {
    await wakeUps.return?.();
    again = false;
    await current;
  };
}

/** The per-event job a batch that failed is split into: graphile-worker retries each event on its own. */
export const dispatchEventJob = defineJob({
  task: 'events:dispatch',
  payload: z.object({ eventId: z.string() }),
  run: ({ eventId }, { container }) => container.get(DomainEventDispatcher).dispatchOne(eventId),
});

/** Dispatches every pending event: every minute and when jobs start (events whose wake-up was lost). */
export const dispatchPendingJob = defineJob({
  task: 'events:dispatch-pending',
  payload: z.object({}),
  schedule: { cron: '* * * * *' },
  atStart: { jobKey: 'events:dispatch-pending' },
  run: (_payload, { container }) => container.get(DomainEventDispatcher).dispatchPending(),
});
