import { DataSource } from 'typeorm';
import { AppConfig } from '../app-config';
import type { RateLimit } from '../config';
import { Service } from '../container';
import { RateLimitedError } from '../graphql/errors';

interface HitRow {
  key: string;
  hits: number;
  retry_after: number;
}

/** How often one process clears finished windows out of rate_limits. */
const PRUNE_EVERY_MS = 60_000;

/**
 * Fixed-window attempt counters in the `rate_limits` table, so every replica shares them (DESIGN.md §6:
 * sign-in and sign-up throttled per IP and per account). One upsert per call counts the attempt on
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
      ...[config.authRateLimit, config.orderRateLimit, config.ticketRateLimit].map((limit) => limit.windowSeconds),
    );
  }

  /**
   * Counts one attempt on each key and throws RATE_LIMITED when any key is over `limit.max` in its
   * current window (retryAfterSeconds: until that window ends). The limit defaults to the auth one;
   * checkout and tickets pass their own (one user's creations per hour).
   */
  async hit(keys: string[], limit: RateLimit = this.config.authRateLimit): Promise<void> {
    const { max, windowSeconds } = limit;
    const unique = [...new Set(keys)];
    const rows: HitRow[] = await this.db.query(
      `INSERT INTO rate_limits AS r (key, window_start, hits)
         SELECT k, now(), 1 FROM unnest($1::text[]) AS k
       ON CONFLICT (key) DO UPDATE SET
         window_start = CASE WHEN r.window_start <= now() - make_interval(secs => $2) THEN now() ELSE r.window_start END,
         hits = CASE WHEN r.window_start <= now() - make_interval(secs => $2) THEN 1 ELSE r.hits + 1 END
       RETURNING key, hits,
         GREATEST(1, ceil(extract(epoch FROM r.window_start + make_interval(secs => $2) - now())))::int AS retry_after`,
      [unique, windowSeconds],
    );
    void this.pruneOccasionally();
    const over = rows.filter((row) => row.hits > max);
    if (over.length > 0) throw new RateLimitedError(Math.max(...over.map((row) => row.retry_after)));
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
