import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import { MESSAGES } from '../../../common/validation';
import { Service } from '../container';
import { UnauthenticatedError } from '../core/errors';
import { REFRESH_TOKEN_TTL_SECONDS } from './refresh-cookie';

export interface IssuedRefreshToken {
  token: string;
  expiresAt: Date;
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

interface SessionRow {
  id: string;
  user_id: string;
  family_id: string;
  expired: boolean;
  revoked_at: Date | null;
  replaced_by: string | null;
  in_grace: boolean;
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
  constructor(private readonly db: DataSource) {}

  /** Stores a new refresh token for the user, in a new family unless one is given. */
  async issue(
    userId: string,
    manager: EntityManager = this.db.manager,
    familyId: string = randomUUID(),
  ): Promise<IssuedRefreshToken & { id: string }> {
    const token = randomBytes(32).toString('base64url');
    const [row] = await manager.query(
      `INSERT INTO sessions (user_id, token_hash, family_id, expires_at)
       VALUES ($1, $2, $3, now() + make_interval(secs => $4))
       RETURNING id, expires_at`,
      [userId, hashToken(token), familyId, REFRESH_TOKEN_TTL_SECONDS],
    );
    return { id: row.id, token, expiresAt: new Date(row.expires_at) };
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
      const [row]: SessionRow[] = await tx.query(
        `SELECT id, user_id, family_id, expires_at <= now() AS expired, revoked_at, replaced_by,
                revoked_at > now() - make_interval(secs => $2) AS in_grace
           FROM sessions WHERE token_hash = $1 FOR UPDATE`,
        [hashToken(token), ROTATION_GRACE_SECONDS],
      );
      if (!row || row.expired) return { ok: false as const };
      const issued = (next: IssuedRefreshToken) => ({
        ok: true as const,
        userId: row.user_id,
        refresh: { token: next.token, expiresAt: next.expiresAt },
      });
      if (row.replaced_by) {
        if (row.in_grace && (await this.familyIsLive(tx, row.family_id))) {
          await admit?.(row.user_id, tx);
          return issued(await this.issue(row.user_id, tx, row.family_id));
        }
        // Reuse of a rotated token: revoke every row of the family, committed before we answer.
        await tx.query(`UPDATE sessions SET revoked_at = now() WHERE family_id = $1 AND revoked_at IS NULL`, [
          row.family_id,
        ]);
        return { ok: false as const };
      }
      if (row.revoked_at) return { ok: false as const };
      await admit?.(row.user_id, tx);
      const next = await this.issue(row.user_id, tx, row.family_id);
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

  /** Revokes the token's whole family (sign-out). Unknown or already revoked tokens are ignored. */
  async revoke(token: string): Promise<void> {
    await this.db.query(
      `UPDATE sessions SET revoked_at = now()
        WHERE family_id = (SELECT family_id FROM sessions WHERE token_hash = $1) AND revoked_at IS NULL`,
      [hashToken(token)],
    );
  }

  /** Drops the user's rows that have expired; they can no longer be used or reused. */
  async pruneExpired(userId: string): Promise<void> {
    await this.db.query(`DELETE FROM sessions WHERE user_id = $1 AND expires_at < now()`, [userId]);
  }
}
