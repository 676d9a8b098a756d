import { EventBus } from './event-bus';
import { logger } from './logger';

/** Accounts one cache keeps; past it the cache starts again (it is only a cache). */
const MAX_CACHED = 10_000;

/**
 * Facts about accounts that every request asks (live sessions, staff role, second factor), read once per process and
 * account and dropped on the `accounts` bus event that whatever changes them publishes on commit: all of it after the
 * bus lost events, or when the subscription ends (nothing would tell it of changes any more). Subscribes on first use,
 * so processes that never ask (the worker) do not listen.
 */
export class AccountFactsCache<T> {
  private readonly entries = new Map<string, Promise<T>>();
  private listening = false;

  /** `what` names the facts in the log line of a subscription that failed; `read` reads one account's. */
  constructor(
    private readonly bus: EventBus,
    private readonly what: string,
    private readonly read: (userId: string) => Promise<T>,
  ) {}

  /** The account's facts, cached; `fresh` reads them again whatever the cache holds. */
  get(userId: string, fresh = false): Promise<T> {
    this.listen();
    const cached = this.entries.get(userId);
    if (cached && !fresh) return cached;
    if (this.entries.size >= MAX_CACHED) this.entries.clear();
    // Stored before it resolves: an event arriving meanwhile deletes it, so a read that raced a change is not kept.
    const read = this.read(userId);
    this.entries.set(userId, read);
    read.catch(() => this.entries.get(userId) === read && this.entries.delete(userId));
    return read;
  }

  /** Forgets the account's facts in this process at once (a change's own process need not wait for the event). */
  forget(userId: string): void {
    this.entries.delete(userId);
  }

  private listen(): void {
    if (this.listening) return;
    this.listening = true;
    const events = this.bus.subscribe('accounts');
    void (async () => {
      try {
        for await (const event of events) {
          if (event.missedSince) this.entries.clear();
          else this.entries.delete(event.id);
        }
      } catch (error) {
        logger.warn({ err: error }, `${this.what} stopped listening`);
      } finally {
        this.listening = false;
        this.entries.clear();
      }
    })();
  }
}
