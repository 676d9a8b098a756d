import { mapAsyncIterator, startWith } from './async-iterators';
import { whileDatabaseUnavailable } from './database-unavailable';
import type { BusEvent, EventBus, Topic } from './event-bus';
import { logger } from './logger';

/** At most this many rows are re-sent to a subscriber after the event bus lost events. */
const CATCH_UP_LIMIT = 500;

/**
 * Who a live subscription sends rows to, as the API hands it over (graphql/live-subscriber.ts): its user, whose
 * permission is checked on every row, and the scope the fields of a row are read in (the GraphQL layer's loaders),
 * made fresh per event and shared by the event's subscribers. The domain sees the scope only as a token to pass on.
 */
export interface LiveSubscriber<User> {
  readonly user: User;
  /** A fresh scope for the rows of one event. */
  newEventScope(): unknown;
  /** Reads the fields of the rows about to be sent in `scope` (one that `newEventScope` made). */
  enterEventScope(scope: unknown): void;
  /** Whose waits for the database this subscriber's count against (its client's address: database-unavailable.ts). */
  readonly waitKey: string;
}

/** How live subscriptions read one kind of row (orders, tickets), for users of type `User`. */
export interface LiveRowSource<T, User> {
  /** What the row is called in logs ('order', 'ticket'). */
  what: string;
  /** Any row by id, null when there is none (callers check access). */
  findById(id: string): Promise<T | null>;
  /** The row if `user` may see it, else the operation's NOT_FOUND error. */
  getVisible(user: User, id: string): Promise<T>;
  canSee(user: User, row: T): boolean;
  /** Rows changed at or after `since`, oldest change first, at most `limit` (catch-up after lost events). */
  findChangedSince(since: Date, limit: number): Promise<T[]>;
}

/**
 * The re-read behind live subscriptions (docs/architecture.md "Live updates"): each bus event is only `{ topic, id }`,
 * so the row is read again after the commit that announced it and the subscriber's permission checked before anything
 * is sent; events the subscriber may not see are dropped.
 *
 * The bus hands one event object to every local subscriber of its topic, so the re-read is shared per event: 200
 * admins watching a queue cost one read per change, not 200, and so do the fields they select, through loaders shared
 * per event. Sharing per event (not per id) keeps each delivery at least as fresh as its own event: the read starts
 * after that event's NOTIFY, hence after its commit.
 */
export class LiveRows<T, User> {
  private readonly perEvent = new WeakMap<BusEvent, { row: Promise<T | null>; scope: unknown }>();
  private readonly catchUps = new WeakMap<BusEvent, Promise<T[]>>();

  constructor(
    private readonly source: LiveRowSource<T, User>,
    private readonly bus: EventBus,
  ) {}

  /**
   * One row for whoever may see it: as it is now, then after each event on `topic`. A stranger, or an unknown id,
   * fails the subscribe itself with the source's NOT_FOUND. The bus subscription starts before the row is read, so
   * every change is in the first payload or announced after it.
   */
  async watchOne(subscriber: LiveSubscriber<User>, topic: Topic, id: string): Promise<AsyncIterableIterator<T>> {
    const events = this.bus.subscribe(topic);
    let current: T;
    try {
      // A subscribe that fails is over for the client (graphql-ws does not retry it, nor does Apollo's
      // useSubscription): one that lands while the database restarts waits for it instead of failing.
      current = await whileDatabaseUnavailable(() => this.source.getVisible(subscriber.user, id), {
        key: subscriber.waitKey,
      });
    } catch (error) {
      await events.return?.();
      throw error;
    }
    return startWith(
      current,
      mapAsyncIterator(events, (event) => this.reread(subscriber, event)),
    );
  }

  /** What an event of a list topic stands for: its row, or after lost events the rows changed since. */
  async rowsOf(subscriber: LiveSubscriber<User>, event: BusEvent): Promise<T[]> {
    if (!event.missedSince) {
      const row = await this.reread(subscriber, event);
      return row ? [row] : [];
    }
    let changed = this.catchUps.get(event);
    if (!changed) {
      changed = this.source.findChangedSince(new Date(event.missedSince), CATCH_UP_LIMIT).catch((error: unknown) => {
        logger.warn({ err: error }, `Could not re-read ${this.source.what}s after the event bus reconnected`);
        return [];
      });
      this.catchUps.set(event, changed);
    }
    subscriber.enterEventScope(subscriber.newEventScope());
    const rows = await changed;
    return rows.filter((row) => this.source.canSee(subscriber.user, row));
  }

  /** The event's row if the subscriber's user may see it; null (skip the event) otherwise. */
  async reread(subscriber: LiveSubscriber<User>, event: BusEvent): Promise<T | null> {
    let shared = this.perEvent.get(event);
    if (!shared) {
      const row = this.source.findById(event.id).catch((error: unknown) => {
        // One failed re-read (e.g. a dropped connection) skips this event, not the subscriptions.
        logger.warn({ topic: event.topic, err: error }, `Dropped a ${this.source.what} event`);
        return null;
      });
      shared = { row, scope: subscriber.newEventScope() };
      this.perEvent.set(event, shared);
    }
    const row = await shared.row;
    if (!row || !this.source.canSee(subscriber.user, row)) return null;
    // A subscription keeps one context for its whole life; a fresh scope (loaders) per event keeps the fields of each
    // update as current as the row itself. It is shared by the event's subscribers, so their lookups batch together
    // too (loaders hold no per-user rule: field resolvers check access themselves).
    subscriber.enterEventScope(shared.scope);
    return row;
  }
}
