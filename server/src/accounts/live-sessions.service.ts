import { DataSource } from 'typeorm';
import { isUuid, MESSAGES } from '../../../common/validation';
import { Service } from '../container';
import { EventBus } from '../core/event-bus';
import { UnauthenticatedError } from '../core/errors';
import { logger } from '../core/logger';
import type { AuthUser } from './access-token';

/** What decides whether an access token's session still stands: the account's live sessions and last end-of-all. */
interface SessionState {
  live: Set<string>;
  endedAt: number | null;
}

/** Accounts whose state one process keeps; past it the cache starts again (it is only a cache). */
const MAX_CACHED = 10_000;

/**
 * Whether an access token's session still stands (docs/decisions.md "Accounts and sessions"): a token naming a session
 * (`sid`) needs that session live; one without (graphql-ws sign-in) needs to be minted after the account's sessions
 * were last all ended. Access tokens are not looked up on every request; this is asked where a token of an ended
 * session must stop at once: signed-in mutations and the fields that reveal what was bought (keys, key file, download).
 *
 * Cached per process and dropped on the `accounts` bus event that whatever ends sessions publishes on commit (all of
 * it after the bus lost events). A session the cache does not know (signed in after it was read) is re-read once
 * before it is refused, so sign-ins need no event.
 */
@Service()
export class LiveSessions {
  private readonly cache = new Map<string, Promise<SessionState>>();
  private listening = false;

  constructor(
    private readonly db: DataSource,
    private readonly bus: EventBus,
  ) {}

  /** UNAUTHENTICATED (session expired) when `user`'s token belongs to a session that has ended. */
  async assertLive(user: AuthUser): Promise<void> {
    if (!(await this.isLive(user))) throw new UnauthenticatedError(MESSAGES.sessionExpired);
  }

  async isLive(user: AuthUser): Promise<boolean> {
    if (!isUuid(user.id)) return false;
    this.listen();
    let state = await this.state(user.id, false);
    if (user.sessionId && !state.live.has(user.sessionId)) state = await this.state(user.id, true);
    if (user.sessionId) return state.live.has(user.sessionId);
    return state.endedAt === null || (user.issuedAt !== undefined && user.issuedAt.getTime() >= state.endedAt);
  }

  private state(userId: string, fresh: boolean): Promise<SessionState> {
    const cached = this.cache.get(userId);
    if (cached && !fresh) return cached;
    if (this.cache.size >= MAX_CACHED) this.cache.clear();
    // Stored before it resolves: an event arriving meanwhile deletes it, so a read that raced a change is not kept.
    const read = this.read(userId);
    this.cache.set(userId, read);
    read.catch(() => this.cache.get(userId) === read && this.cache.delete(userId));
    return read;
  }

  private async read(userId: string): Promise<SessionState> {
    const [row]: { ended_at: Date | null; live: string[] }[] = await this.db.query(
      `SELECT u.sessions_ended_at AS ended_at,
              coalesce((SELECT array_agg(DISTINCT s.family_id::text) FROM sessions s
                         WHERE s.user_id = u.id AND s.revoked_at IS NULL AND s.expires_at > now()), '{}') AS live
         FROM users u WHERE u.id = $1`,
      [userId],
    );
    if (!row) return { live: new Set(), endedAt: Number.POSITIVE_INFINITY };
    return { live: new Set(row.live), endedAt: row.ended_at ? new Date(row.ended_at).getTime() : null };
  }

  /** Subscribes on first use, so processes that never ask (the worker) do not listen. */
  private listen(): void {
    if (this.listening) return;
    this.listening = true;
    const events = this.bus.subscribe('accounts');
    void (async () => {
      try {
        for await (const event of events) {
          if (event.missedSince) this.cache.clear();
          else this.cache.delete(event.id);
        }
      } catch (error) {
        logger.warn({ err: error }, 'Live sessions stopped listening');
      } finally {
        // Nothing tells this cache of ends any more: forget it, and subscribe again on the next question.
        this.listening = false;
        this.cache.clear();
      }
    })();
  }
}
