import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import { isUuid, MESSAGES } from '../../../common/validation';
import { Service } from '../container';
import { UnauthenticatedError } from '../core/errors';
import { EventBus } from '../core/event-bus';
import { updateReturning } from './account-records';
import { REFRESH_TOKEN_TTL_SECONDS } from './refresh-cookie';
import { credentialStands, readSessionState, type SessionCredential } from './session-state';

export interface IssuedRefreshToken {
  token: string;
  expiresAt: Date;
  /** The session (refresh family) it belongs to: what `mySessions` lists and access tokens name (`sid`). */
  familyId?: string;
}

/** The device a session was started from, as `mySessions` shows it. */
export interface SessionDevice {
  userAgent: string | null;
  ip: string | null;
}

/** A signed-in session as `mySessions` lists it. */
export interface SessionSummary {
  id: string;
  createdAt: Date;
  lastUsedAt: Date;
  userAgent: string | null;
  ip: string | null;
}

/** What a WebSocket was opened with: its access token's session and when the token was minted. */
export type SocketCredential = SessionCredential;

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Takes the token's family lock until the transaction ends (nothing when the token is unknown). A rotation holds it
 * from before it reads its row until its new token commits, and whatever ends the family takes it before its UPDATE,
 * so the UPDATE's snapshot includes every token the family has issued: without it, a thief refreshing a stolen cookie
 * in a loop kept the token whose insert was in flight when the owner signed out or reuse was detected.
 */
async function lockFamilyOf(manager: EntityManager, token: string): Promise<void> {
  await manager.query(
    `SELECT pg_advisory_xact_lock(hashtextextended('session-family:' || family_id::text, 0))
       FROM sessions WHERE token_hash = $1`,
    [hashToken(token)],
  );
}

interface SessionRow {
  id: string;
  user_id: string;
  family_id: string;
  expired: boolean;
  revoked_at: Date | null;
  replaced_by: string | null;
  in_grace: boolean;
  user_agent: string | null;
  ip: string | null;
}

/** How long a rotated refresh token still refreshes (see SessionService.rotate); Okta's default grace is 30 s too. */
const ROTATION_GRACE_SECONDS = 30;

/**
 * Refresh tokens (docs/architecture.md "Sessions"): 32 random bytes handed to the browser once, stored only as their
 * SHA-256. A sign-in starts a family; every refresh rotates the token (new row in the family, old row
 * revoked and pointing at its successor). Presenting a token that was rotated more than ROTATION_GRACE_SECONDS ago
 * means a copy is in someone else's hands, so the whole family is revoked and both holders must sign in again.
 * Each rotation also restarts the 30 days, so a session lasts while it is used at least monthly.
 */
@Service()
export class SessionService {
  constructor(
    private readonly db: DataSource,
    private readonly bus: EventBus,
  ) {}

  /** Stores a new refresh token for the user, in a new family unless one is given. */
  async issue(
    userId: string,
    manager: EntityManager = this.db.manager,
    familyId: string = randomUUID(),
    device: SessionDevice = { userAgent: null, ip: null },
  ): Promise<IssuedRefreshToken & { id: string }> {
    const token = randomBytes(32).toString('base64url');
    const [row] = await manager.query(
      `INSERT INTO sessions (user_id, token_hash, family_id, expires_at, user_agent, ip)
       VALUES ($1, $2, $3, now() + make_interval(secs => $4), $5, $6)
       RETURNING id, expires_at`,
      [userId, hashToken(token), familyId, REFRESH_TOKEN_TTL_SECONDS, device.userAgent, device.ip],
    );
    return { id: row.id, token, expiresAt: new Date(row.expires_at), familyId };
  }

  /**
   * Runs `grant` (a sign-in's new session and access token) for a sign-in whose password was checked against
   * `passwordHash`, or answers null when the password has changed since (a reset or change committed while the hash
   * was being verified). The account row is read FOR SHARE while `grant` runs: a password change (which updates that
   * row, then ends every session and stamps sessions_ended_at with the clock after its lock) either waits and ends
   * what was granted, or has committed and this refuses: nothing is left alive on a password that no longer holds.
   */
  async whilePasswordHolds<T>(
    userId: string,
    passwordHash: string,
    grant: (tx: EntityManager) => Promise<T>,
  ): Promise<T | null> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.query(`SELECT 1 FROM users WHERE id = $1 AND password_hash = $2 FOR SHARE`, [
        userId,
        passwordHash,
      ]);
      return row ? grant(tx) : null;
    });
  }

  /**
   * Ends the account's sessions (refresh refused from now on), all of them or all but `keepFamilyId`, and records when,
   * so sockets opened with older tokens and no session close too. The caller has locked the account's row (it changed
   * the password or e-mail in this transaction), which a refresh or sign-in takes FOR SHARE first: none slips past.
   * The caller publishes `accounts` so every process closes the sockets of ended sessions.
   */
  async endAll(manager: EntityManager, userId: string, keepFamilyId?: string): Promise<void> {
    await manager.query(
      `UPDATE sessions SET revoked_at = now()
        WHERE user_id = $1 AND revoked_at IS NULL AND ($2::uuid IS NULL OR family_id <> $2::uuid)`,
      [userId, keepFamilyId ?? null],
    );
    // The clock, not now() (the transaction's start): a token minted by a sign-in this transaction waited for (its
    // FOR SHARE lock) was minted before this moment and must count as ended.
    await manager.query(`UPDATE users SET sessions_ended_at = clock_timestamp() WHERE id = $1`, [userId]);
  }

  /** Ends one session (a whole refresh family) of the account; false when it has no such live session. */
  async endOne(manager: EntityManager, userId: string, familyId: string): Promise<boolean> {
    const rows = await updateReturning(
      manager,
      `UPDATE sessions SET revoked_at = now()
        WHERE user_id = $1 AND family_id = $2 AND revoked_at IS NULL AND expires_at > now() RETURNING id`,
      [userId, familyId],
    );
    return rows.length > 0;
  }

  /** The account's live sessions, most recently used first: one per refresh family. */
  async list(userId: string): Promise<SessionSummary[]> {
    const rows: { id: string; created_at: Date; last_used_at: Date; user_agent: string | null; ip: string | null }[] =
      await this.db.query(
        `SELECT * FROM (
           SELECT DISTINCT ON (s.family_id) s.family_id AS id, s.created_at AS last_used_at, s.user_agent, s.ip,
                  (SELECT min(f.created_at) FROM sessions f WHERE f.family_id = s.family_id) AS created_at
             FROM sessions s
            WHERE s.user_id = $1 AND s.revoked_at IS NULL AND s.expires_at > now()
            ORDER BY s.family_id, s.created_at DESC) live
         ORDER BY last_used_at DESC, id`,
        [userId],
      );
    return rows.map((row) => ({
      id: row.id,
      createdAt: new Date(row.created_at),
      lastUsedAt: new Date(row.last_used_at),
      userAgent: row.user_agent,
      ip: row.ip,
    }));
  }

  /**
   * Which of a user's sockets may stay open (one boolean per credential): not when the account is blocked, when the
   * socket's session has ended, or, for a token minted without a session, when every session was ended after it.
   */
  async socketsAllowed(
    userId: string,
    credentials: readonly SocketCredential[],
  ): Promise<{ blocked: boolean; allowed: boolean[] }> {
    const none = { blocked: false, allowed: credentials.map(() => false) };
    if (!isUuid(userId)) return none;
    const state = await readSessionState(this.db, userId);
    if (!state) return none;
    if (state.blocked) return { blocked: true, allowed: credentials.map(() => false) };
    const allowed = credentials.map((credential) => credentialStands(state, credential));
    return { blocked: false, allowed };
  }

  /**
   * Exchanges a refresh token for a new one in the same family and returns the user it belongs to.
   * The row is locked (FOR UPDATE), so concurrent refreshes with one token are taken one at a time.
   *
   * A token rotated less than ROTATION_GRACE_SECONDS ago is honoured again (a new sibling in the family) while the
   * family is live: the answer to the first rotation can be lost when the page that asked navigates away, and two tabs
   * opened at once each refresh with the same cookie. Without the grace, either would end a real customer's session.
   * Later reuse means a copy is in someone else's hands: the whole family is revoked.
   *
   * `admit` runs inside the transaction before a new token is issued; what it throws rolls the rotation back (the
   * caller's refusals, e.g. a block rule matching the account, leave the session as it was).
   */
  async rotate(
    token: string,
    admit?: (userId: string, manager: EntityManager) => Promise<void>,
  ): Promise<{ userId: string; refresh: IssuedRefreshToken }> {
    const outcome = await this.db.transaction(async (tx) => {
      // The account first, FOR SHARE, as a sign-in does: a password change or sign-out everywhere locks it before
      // ending sessions, so a rotation either finishes before (and its new token is ended too) or sees the end.
      await tx.query(`SELECT 1 FROM users WHERE id = (SELECT user_id FROM sessions WHERE token_hash = $1) FOR SHARE`, [
        hashToken(token),
      ]);
      await lockFamilyOf(tx, token);
      const [row]: SessionRow[] = await tx.query(
        `SELECT id, user_id, family_id, expires_at <= now() AS expired, revoked_at, replaced_by,
                revoked_at > now() - make_interval(secs => $2) AS in_grace, user_agent, ip
           FROM sessions WHERE token_hash = $1 FOR UPDATE`,
        [hashToken(token), ROTATION_GRACE_SECONDS],
      );
      if (!row || row.expired) return { ok: false as const };
      const device = { userAgent: row.user_agent, ip: row.ip };
      const issued = (next: IssuedRefreshToken) => ({
        ok: true as const,
        userId: row.user_id,
        refresh: { token: next.token, expiresAt: next.expiresAt, familyId: row.family_id },
      });
      if (row.replaced_by) {
        if (row.in_grace && (await this.familyIsLive(tx, row.family_id))) {
          await admit?.(row.user_id, tx);
          return issued(await this.issue(row.user_id, tx, row.family_id, device));
        }
        // Reuse of a rotated token: revoke every row of the family, committed before we answer.
        await tx.query(`UPDATE sessions SET revoked_at = now() WHERE family_id = $1 AND revoked_at IS NULL`, [
          row.family_id,
        ]);
        // As every other end of sessions: each process drops its cached live sessions and closes the family's sockets.
        await this.bus.publish({ topic: 'accounts', id: row.user_id }, tx);
        return { ok: false as const };
      }
      if (row.revoked_at) return { ok: false as const };
      await admit?.(row.user_id, tx);
      const next = await this.issue(row.user_id, tx, row.family_id, device);
      await tx.query(`UPDATE sessions SET revoked_at = now(), replaced_by = $2 WHERE id = $1`, [row.id, next.id]);
      return issued(next);
    });
    if (!outcome.ok) throw new UnauthenticatedError(MESSAGES.sessionExpired);
    return { userId: outcome.userId, refresh: outcome.refresh };
  }

  /** Whether the family still has a usable token (sign-out and reuse revoke them all). */
  private async familyIsLive(manager: EntityManager, familyId: string): Promise<boolean> {
    const [row]: { live: boolean }[] = await manager.query(
      `SELECT EXISTS (SELECT 1 FROM sessions WHERE family_id = $1 AND revoked_at IS NULL AND expires_at > now()) AS live`,
      [familyId],
    );
    return row.live;
  }

  /**
   * Revokes the token's whole family (sign-out) in `manager`'s transaction (after any rotation of the family in
   * flight: lockFamilyOf); answers the account whose session ended, or null (unknown or already revoked tokens are
   * ignored).
   */
  async revoke(token: string, manager: EntityManager): Promise<string | null> {
    await lockFamilyOf(manager, token);
    const rows = await updateReturning<{ user_id: string }>(
      manager,
      `UPDATE sessions SET revoked_at = now()
        WHERE family_id = (SELECT family_id FROM sessions WHERE token_hash = $1) AND revoked_at IS NULL
        RETURNING user_id`,
      [hashToken(token)],
    );
    return rows[0]?.user_id ?? null;
  }

  /** Drops the user's rows that have expired; they can no longer be used or reused. */
  async pruneExpired(userId: string): Promise<void> {
    await this.db.query(`DELETE FROM sessions WHERE user_id = $1 AND expires_at < now()`, [userId]);
  }
}
