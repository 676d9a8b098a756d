import { DataSource, type EntityManager } from 'typeorm';
import { AppConfig } from '../app-config';
import type { RateLimit } from '../config';
import { Service } from '../container';
import { RateLimitedError } from '../core/errors';

interface HitRow {
  key: string;
  hits: number;
  retry_after: number;
}

/** One counter and the limit it is held to. */
export interface RateLimitKey {
  key: string;
  limit: RateLimit;
  /**
   * Counted in its window but never refused here: the caller reads the count (the CAPTCHA's adaptive threshold asks
   * for a challenge past it, server/src/captcha). Counting it in the caller's statement costs no round trip.
   */
  soft?: boolean;
}

/** The count of each key after a hit, in its current window. */
export type RateLimitHits = ReadonlyMap<string, number>;

/** How often one process clears finished windows out of rate_limits. */
const PRUNE_EVERY_MS = 60_000;

/**
 * Fixed-window attempt counters in the `rate_limits` table, so every replica shares them (docs/architecture.md
 * "Sessions": sign-in and sign-up throttled per IP and per account). One upsert per call counts the attempt on
 * all its keys atomically: a key whose window has ended starts a new window at 1.
 * Every attempt counts, successful or not, and it is counted before the password is checked: counting
 * only failures would need the outcome first, so a burst of parallel guesses could all pass the check
 * before any failure was recorded. An honest user never needs `AUTH_RATE_LIMIT` (default 10) sign-ins
 * in `AUTH_RATE_WINDOW_SECONDS` (default 300). Input that fails validation is refused before counting:
 * it costs no password hash and cannot guess anything.
 */
@Service()
export class RateLimitService {
  private lastPrune = 0;
  /** Rows older than the longest configured window mean nothing to any caller (a shorter one would cut it short). */
  private readonly pruneAfterSeconds: number;

  constructor(
    private readonly db: DataSource,
    private readonly config: AppConfig,
  ) {
    this.pruneAfterSeconds = Math.max(
      ...[
        config.authRateLimit,
        config.orderRateLimit,
        config.ticketRateLimit,
        config.passwordResetMailLimit,
        config.proofOrderRateLimitPerIp,
        ...Object.values(config.transactionIdRateLimits),
        config.captcha.signUpsPerIp,
        config.captcha.checkoutsPerIp,
      ].map((limit) => limit.windowSeconds),
    );
  }

  /**
   * Counts one attempt on each key and throws RATE_LIMITED when any key is over `limit.max` in its
   * current window (retryAfterSeconds: until that window ends). The limit defaults to the auth one;
   * checkout and tickets pass their own (one user's creations per hour). `extra` keys are counted in the same
   * statement, each with its own limit.
   */
  async hit(
    keys: string[],
    limit: RateLimit = this.config.authRateLimit,
    extra: RateLimitKey[] = [],
  ): Promise<RateLimitHits> {
    return this.hitEach([...keys.map((key) => ({ key, limit })), ...extra], this.db.manager);
  }

  /**
   * Counts one attempt on each key, each held to its own limit, in one statement. With a transaction's
   * `manager` the counts commit or roll back with it (checkout: only an order that is placed counts),
   * and each counter row stays locked until then, so one key's transactions run one after another.
   * Resolves with every key's count (soft keys included) when none is over its limit.
   */
  async hitEach(keys: RateLimitKey[], manager: EntityManager): Promise<RateLimitHits> {
    const limits = new Map(keys.map(({ key, limit }) => [key, limit]));
    const soft = new Set(keys.filter((k) => k.soft).map((k) => k.key));
    const unique = [...limits.keys()];
    const rows: HitRow[] = await manager.query(
      `WITH k (key, window_seconds) AS (SELECT * FROM unnest($1::text[], $2::int[]))
       INSERT INTO rate_limits AS r (key, window_start, hits)
         SELECT key, now(), 1 FROM k
       ON CONFLICT (key) DO UPDATE SET (window_start, hits) = (
         SELECT CASE WHEN r.window_start <= now() - make_interval(secs => k.window_seconds) THEN now() ELSE r.window_start END,
                CASE WHEN r.window_start <= now() - make_interval(secs => k.window_seconds) THEN 1 ELSE r.hits + 1 END
         FROM k WHERE k.key = r.key)
       RETURNING r.key, r.hits, (
         SELECT GREATEST(1, ceil(extract(epoch FROM r.window_start + make_interval(secs => k.window_seconds) - now())))::int
         FROM k WHERE k.key = r.key) AS retry_after`,
      [unique, unique.map((key) => limits.get(key)!.windowSeconds)],
    );
    void this.pruneOccasionally();
    const over = rows.filter((row) => !soft.has(row.key) && row.hits > limits.get(row.key)!.max);
    if (over.length > 0) throw new RateLimitedError(Math.max(...over.map((row) => row.retry_after)));
    return new Map(rows.map((row) => [row.key, row.hits]));
  }

  /** Keeps the table small: rows whose window has ended mean nothing any more. */
  private async pruneOccasionally(): Promise<void> {
    const now = Date.now();
    if (now - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = now;
    try {
      await this.db.query(`DELETE FROM rate_limits WHERE window_start <= now() - make_interval(secs => $1)`, [
        this.pruneAfterSeconds,
      ]);
    } catch {
      // Best effort: a failed prune only leaves stale rows for the next one.
    }
  }
}
