import { DataSource } from 'typeorm';
import { isUuid, MESSAGES } from '../../../common/validation';
import { Service } from '../container';
import { EventBus } from '../core/event-bus';
import { UnauthenticatedError } from '../core/errors';
import { logger } from '../core/logger';
import type { AuthUser } from './access-token';
import { credentialStands, readSessionState, type SessionState } from './session-state';

/** Accounts whose state one process keeps; past it the cache starts again (it is only a cache). */
const MAX_CACHED = 10_000;

/**
 * A token minted less than this before the account's state was read may name a session that read did not see: its
 * sign-in committed after the read began, or another replica's clock runs ahead of this one. Older tokens whose
 * session the state lacks belong to an ended session and are refused without a read.
 */
const NEW_SESSION_SLACK_MS = 60_000;

/**
 * Whether an access token's session still stands (docs/decisions.md "Accounts and sessions"): a token naming a session
 * (`sid`) needs that session live; one without (graphql-ws sign-in) needs to be minted after the account's sessions
 * were last all ended. Access tokens are not looked up on every request; this is asked where a token of an ended
 * session must stop at once: signed-in mutations and the fields that reveal what was bought (keys, key file, download).
 *
 * Cached per process and dropped on the `accounts` bus event that whatever ends sessions publishes on commit (all of
 * it after the bus lost events). A session the cache does not know is re-read before it is refused only when its
 * token is younger than the read (NEW_SESSION_SLACK_MS), so sign-ins need no event and a token of an ended session
 * costs a map lookup, not a query per request. A session's expiry is kept too: one that expires while cached stops
 * then (re-read once first, since a refresh may have extended it).
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
    const now = Date.now();
    if (user.sessionId !== undefined && !credentialStands(state, user, now)) {
      const expiresAt = state.live.get(user.sessionId);
      if (expiresAt !== undefined || mayPostdate(user, state)) state = await this.state(user.id, true);
    }
    return credentialStands(state, user, now);
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
    // No account: nothing stands (an ended-everything time no token can postdate).
    return (
      (await readSessionState(this.db, userId)) ?? {
        blocked: false,
        live: new Map(),
        endedAt: Number.POSITIVE_INFINITY,
        readAt: Date.now(),
      }
    );
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

/** Whether `user`'s token may have been minted for a session that began after `state` was read. */
function mayPostdate(user: AuthUser, state: SessionState): boolean {
  return user.issuedAt === undefined || user.issuedAt.getTime() >= state.readAt - NEW_SESSION_SLACK_MS;
}
