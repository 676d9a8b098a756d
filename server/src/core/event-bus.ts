/**
 * The live-update bus (docs/architecture.md "Live updates"). Services publish `{ topic, id }`; every API process
 * LISTENs on one PostgreSQL channel and hands each event to the local subscribers of its topic, so
 * replicas see each other's changes and one event costs O(subscribers of that topic).
 *
 * Publishing inside a transaction (pass its EntityManager) uses PostgreSQL's own guarantee: a NOTIFY
 * is delivered when, and only when, the transaction commits.
 */
import { Client } from 'pg';
import type { EntityManager } from 'typeorm';
import { logger } from './logger';

/**
 * 'accounts': an account was blocked or unblocked (`id` is the user; ws-server.ts closes a blocked user's sockets).
 * 'guides': the installation guides changed (published by a trigger on their table, `id` empty).
 * 'block-rules': the block rules changed (published by a trigger on their table, `id` empty; abuse/block-rule.service.ts).
 * 'rates': the rate refresh job recorded new answers (`id` empty; rates/rate.service.ts reloads them).
 * 'store-settings': the owner's store settings changed (published by a trigger on their table, `id` empty;
 *   store-settings/store-settings.service.ts drops its copy).
 */
export type Topic =
  | `order:${string}`
  | 'orders'
  | `ticket:${string}`
  | 'tickets'
  | 'products'
  | 'domain-events'
  | 'accounts'
  | 'guides'
  | 'block-rules'
  | 'rates'
  | 'store-settings';

export interface BusEvent {
  topic: Topic;
  id: string;
  /**
   * Set only on the catch-up event the bus hands every subscriber after its LISTEN connection came back:
   * events published from this time (ISO) until then were lost. For `order:<id>` topics `id` is that
   * order, so re-reading it catches up; for 'orders', 'products' and 'accounts' `id` is empty and the subscriber
   * re-reads what changed since. 'domain-events' (published by a trigger, id empty) wakes the dispatcher of
   * domain events, which reads what is pending either way.
   */
  missedSince?: string;
}

const CHANNEL = 'store_events';
/** How far before the moment the connection was lost catch-up re-reads look (clock skew, in-flight commits). */
const CATCH_UP_MARGIN_MS = 10_000;
/**
 * A subscriber that falls behind keeps at most this many events, then the oldest are dropped. Large on
 * purpose: one event object is shared by every subscriber of its topic, so a queued event costs each
 * queue a pointer, and an admin watching the queue during a burst (5,000 changes in 25 s in the
 * benchmark) should miss none. Only a client that stops reading for good reaches the bound.
 */
const MAX_QUEUED = 10_000;

export abstract class EventBus {
  /** Publishes one event or several (in order) with one statement; inside `manager`'s transaction, on its commit. */
  abstract publish(events: BusEvent | readonly BusEvent[], manager?: EntityManager): Promise<void>;
  abstract subscribe(topic: Topic): AsyncIterableIterator<BusEvent>;
  abstract close(): Promise<void>;
}

/** One subscriber's queue, exposed as an async iterator that graphql-ws drives. */
class Subscription implements AsyncIterableIterator<BusEvent> {
  /** Pending events are queue[head…]; a head index, because Array.shift is O(n) on a long queue. */
  private queue: BusEvent[] = [];
  private head = 0;
  private waiting: ((result: IteratorResult<BusEvent>) => void) | null = null;
  private done = false;

  constructor(private readonly onClose: () => void) {}

  push(event: BusEvent): void {
    if (this.done) return;
    if (this.waiting) {
      const resolve = this.waiting;
      this.waiting = null;
      resolve({ value: event, done: false });
      return;
    }
    if (this.queue.length - this.head >= MAX_QUEUED) {
      this.head++; // drop the oldest
      this.compact();
    }
    this.queue.push(event);
  }

  next(): Promise<IteratorResult<BusEvent>> {
    if (this.head < this.queue.length) {
      const event = this.queue[this.head++];
      this.compact();
      return Promise.resolve({ value: event, done: false });
    }
    if (this.done) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve) => (this.waiting = resolve));
  }

  /** Frees the consumed (or dropped) front once it is most of the array, so the array stays O(MAX_QUEUED). */
  private compact(): void {
    if (this.head === this.queue.length) {
      this.queue = [];
      this.head = 0;
    } else if (this.head >= 1024 && this.head * 2 >= this.queue.length) {
      this.queue = this.queue.slice(this.head);
      this.head = 0;
    }
  }

  return(): Promise<IteratorResult<BusEvent>> {
    this.finish();
    return Promise.resolve({ value: undefined, done: true });
  }

  throw(error?: unknown): Promise<IteratorResult<BusEvent>> {
    this.finish();
    return Promise.reject(error);
  }

  finish(): void {
    if (this.done) return;
    this.done = true;
    this.queue = [];
    this.head = 0;
    this.onClose();
    if (this.waiting) {
      this.waiting({ value: undefined, done: true });
      this.waiting = null;
    }
  }

  [Symbol.asyncIterator](): AsyncIterableIterator<BusEvent> {
    return this;
  }
}

/** Local fan-out by topic; the transport (PostgreSQL) calls `dispatch`. */
class TopicRegistry {
  private readonly subscribers = new Map<string, Set<Subscription>>();

  subscribe(topic: Topic): Subscription {
    const subscription = new Subscription(() => {
      const set = this.subscribers.get(topic);
      set?.delete(subscription);
      if (set && set.size === 0) this.subscribers.delete(topic);
    });
    let set = this.subscribers.get(topic);
    if (!set) this.subscribers.set(topic, (set = new Set()));
    set.add(subscription);
    return subscription;
  }

  dispatch(event: BusEvent): void {
    const set = this.subscribers.get(event.topic);
    if (!set) return;
    for (const subscription of set) subscription.push(event);
  }

  /** One catch-up event per topic with subscribers, shared by that topic's subscribers (like any event). */
  catchUp(missedSince: string): void {
    for (const topic of [...this.subscribers.keys()] as Topic[]) {
      // A one-row topic (`order:<id>`, `ticket:<id>`) catches up by re-reading its row.
      const colon = topic.indexOf(':');
      const id = colon >= 0 ? topic.slice(colon + 1) : '';
      this.dispatch({ topic, id, missedSince });
    }
  }

  closeAll(): void {
    for (const set of [...this.subscribers.values()]) for (const s of [...set]) s.finish();
  }

  get size(): number {
    let n = 0;
    for (const set of this.subscribers.values()) n += set.size;
    return n;
  }
}

/** The LISTEN connection's keepalive (config `bus`): a round trip every `intervalMs`, dead after `timeoutMs`. */
export interface BusKeepalive {
  intervalMs: number;
  timeoutMs: number;
}

/** What the bus tells whoever counts (metrics): a replaced LISTEN connection, and the catch-up that followed. */
export interface BusObserver {
  reconnected?(): void;
  caughtUp?(): void;
}

const DEFAULT_KEEPALIVE: BusKeepalive = { intervalMs: 15_000, timeoutMs: 5_000 };

/** EventBus over PostgreSQL LISTEN/NOTIFY on a dedicated connection that reconnects when dropped or silent. */
export class PgEventBus extends EventBus {
  private readonly registry = new TopicRegistry();
  private client: Client | null = null;
  private closed = false;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private keepaliveTimer: NodeJS.Timeout | null = null;
  /** When the LISTEN connection was lost; set until a new one is listening. */
  private lostAt: Date | null = null;
  /** LISTEN connections replaced since start (each followed by a catch-up). */
  reconnects = 0;

  private constructor(
    private readonly url: string,
    private readonly publishVia: (sql: string, params: unknown[]) => Promise<unknown>,
    private readonly keepalive: BusKeepalive,
    private readonly observer: BusObserver,
  ) {
    super();
  }

  /** Connects the listening client; `publishVia` runs NOTIFY outside transactions (the app's pool). */
  static async connect(
    url: string,
    publishVia: (sql: string, params: unknown[]) => Promise<unknown>,
    options: { keepalive?: BusKeepalive; observer?: BusObserver } = {},
  ): Promise<PgEventBus> {
    const bus = new PgEventBus(url, publishVia, options.keepalive ?? DEFAULT_KEEPALIVE, options.observer ?? {});
    await bus.listen();
    return bus;
  }

  /** Whether a LISTEN connection is up now (false while reconnecting): `/readyz` asks. */
  get listening(): boolean {
    return this.client !== null && !this.closed;
  }

  private async listen(): Promise<void> {
    const client = new Client({ connectionString: this.url, application_name: 'crypto-store-events' });
    client.on('notification', (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      try {
        this.registry.dispatch(JSON.parse(message.payload) as BusEvent);
      } catch (error) {
        logger.warn({ payload: message.payload, err: error }, 'Bad event payload');
      }
    });
    // A replaced client may still report its end later: only the current one's loss counts.
    client.on('error', (error) => {
      if (this.client === client) this.connectionLost(error, 'Event bus connection lost; reconnecting');
    });
    client.on('end', () => {
      if (this.client === client) this.connectionLost(undefined, 'Event bus connection ended; reconnecting');
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      destroy(client);
      throw error;
    }
    if (this.closed) {
      destroy(client);
      return;
    }
    this.client = client;
    this.scheduleKeepalive(client);
    if (this.lostAt) {
      // NOTIFYs sent while nobody listened are gone for good: tell every subscriber to re-read. The
      // margin covers clock skew between this process and the database that stamps updated_at.
      const missedSince = new Date(this.lostAt.getTime() - CATCH_UP_MARGIN_MS).toISOString();
      this.lostAt = null;
      this.reconnects++;
      this.observer.reconnected?.();
      logger.info({ missedSince }, 'Event bus listening again; subscribers catch up');
      this.registry.catchUp(missedSince);
      this.observer.caughtUp?.();
    }
  }

  /**
   * A round trip on the LISTEN connection every interval. Reconnects alone are not enough: a connection that dies
   * without closing (a NAT or load-balancer timeout, a failover) delivers nothing and reports nothing until the
   * kernel gives up, possibly hours later. A round trip that errs or outlasts the timeout replaces the connection.
   */
  private scheduleKeepalive(client: Client): void {
    this.keepaliveTimer = setTimeout(() => {
      this.keepaliveTimer = null;
      if (this.client !== client) return;
      let timedOut = false;
      const timeout = setTimeout(() => {
        timedOut = true;
        if (this.client === client) {
          this.connectionLost(
            undefined,
            `Event bus connection silent for ${this.keepalive.timeoutMs} ms; replacing it`,
          );
        }
      }, this.keepalive.timeoutMs);
      client.query('SELECT 1').then(
        () => {
          clearTimeout(timeout);
          if (!timedOut && this.client === client) this.scheduleKeepalive(client);
        },
        (error: unknown) => {
          clearTimeout(timeout);
          if (this.client === client) this.connectionLost(error, 'Event bus keepalive failed; reconnecting');
        },
      );
    }, this.keepalive.intervalMs);
    this.keepaliveTimer.unref();
  }

  private connectionLost(error: unknown, message: string): void {
    if (this.closed) return;
    this.lostAt ??= new Date();
    logger.warn(error ? { err: error } : {}, message);
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed || this.reconnectTimer) return;
    if (this.keepaliveTimer) clearTimeout(this.keepaliveTimer);
    this.keepaliveTimer = null;
    // Destroyed, not ended: ending waits for the server's goodbye, which a silent connection never sends.
    if (this.client) destroy(this.client);
    this.client = null;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.listen().catch((error) => {
        logger.warn({ err: error }, 'Event bus reconnect failed');
        this.scheduleReconnect();
      });
    }, 1000);
  }

  async publish(events: BusEvent | readonly BusEvent[], manager?: EntityManager): Promise<void> {
    // One round trip for any number of events: each statement costs far more than its payload.
    const sql = `SELECT pg_notify($1, payload) FROM unnest($2::text[]) WITH ORDINALITY AS e(payload, n) ORDER BY n`;
    const params = [CHANNEL, ('topic' in events ? [events] : events).map((event) => JSON.stringify(event))];
    if (manager) await manager.query(sql, params);
    else await this.publishVia(sql, params);
  }

  subscribe(topic: Topic): AsyncIterableIterator<BusEvent> {
    return this.registry.subscribe(topic);
  }

  /** Number of live local subscriptions (for health and benchmarks). */
  get subscriberCount(): number {
    return this.registry.size;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    if (this.keepaliveTimer) clearTimeout(this.keepaliveTimer);
    this.registry.closeAll();
    await this.client?.end().catch(() => undefined);
    this.client = null;
  }
}

/** Closes a client's socket at once, whatever the server does; its pending queries fail. */
function destroy(client: Client): void {
  client.removeAllListeners('end');
  // After removing 'error' listeners an error would crash the process: keep one that ignores it.
  client.removeAllListeners('error');
  client.on('error', () => undefined);
  (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
}
