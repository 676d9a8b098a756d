import { DataSource } from 'typeorm';
import { isUuid, MESSAGES } from '../../../common/validation';
import { Service } from '../container';
import { AccountFactsCache } from '../core/account-facts-cache';
import { EventBus } from '../core/event-bus';
import { UnauthenticatedError } from '../core/errors';
import type { AuthUser } from './access-token';
import { credentialStands, readSessionState, type SessionState } from './session-state';

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
  private readonly cache: AccountFactsCache<SessionState>;

  constructor(
    private readonly db: DataSource,
    bus: EventBus,
  ) {
    this.cache = new AccountFactsCache(bus, 'Live sessions', (userId) => this.read(userId));
  }

  /** UNAUTHENTICATED (session expired) when `user`'s token belongs to a session that has ended. */
  async assertLive(user: AuthUser): Promise<void> {
    if (!(await this.isLive(user))) throw new UnauthenticatedError(MESSAGES.sessionExpired);
  }

  async isLive(user: AuthUser): Promise<boolean> {
    if (!isUuid(user.id)) return false;
    let state = await this.cache.get(user.id);
    const now = Date.now();
    if (user.sessionId !== undefined && !credentialStands(state, user, now)) {
      const expiresAt = state.live.get(user.sessionId);
      if (expiresAt !== undefined || mayPostdate(user, state)) state = await this.cache.get(user.id, true);
    }
    return credentialStands(state, user, now);
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
}

/** Whether `user`'s token may have been minted for a session that began after `state` was read. */
function mayPostdate(user: AuthUser, state: SessionState): boolean {
  return user.issuedAt === undefined || user.issuedAt.getTime() >= state.readAt - NEW_SESSION_SLACK_MS;
}
