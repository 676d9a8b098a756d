/**
 * Whether a credential (an access token, or what a WebSocket was opened with) still stands: one rule for HTTP
 * (LiveSessions) and sockets (SessionService.socketsAllowed). docs/decisions.md "Accounts and sessions".
 */
import type { DataSource, EntityManager } from 'typeorm';

/** What a token names: its session (refresh family, `sid`) and when it was minted. */
export interface SessionCredential {
  sessionId?: string;
  issuedAt?: Date;
}

/** An account's sessions as read at one moment. */
export interface SessionState {
  blocked: boolean;
  /** Each live session (refresh family) and when it expires (epoch ms). */
  live: Map<string, number>;
  /** When every session was last ended (sign out everywhere, password reset or change), epoch ms. */
  endedAt: number | null;
  /** When the read began, by this process's clock (epoch ms). */
  readAt: number;
}

/** The account's state, or null when there is no such account. */
export async function readSessionState(db: DataSource | EntityManager, userId: string): Promise<SessionState | null> {
  const readAt = Date.now();
  const [row]: { blocked: boolean; ended_at: Date | null; live: { id: string; expires_at: string }[] }[] =
    await db.query(
      `SELECT u.blocked_at IS NOT NULL AS blocked, u.sessions_ended_at AS ended_at,
              coalesce((SELECT json_agg(json_build_object('id', f.family_id, 'expires_at', f.expires_at))
                          FROM (SELECT s.family_id, max(s.expires_at) AS expires_at FROM sessions s
                                 WHERE s.user_id = u.id AND s.revoked_at IS NULL AND s.expires_at > now()
                                 GROUP BY s.family_id) f), '[]') AS live
         FROM users u WHERE u.id = $1`,
      [userId],
    );
  if (!row) return null;
  return {
    blocked: row.blocked,
    live: new Map(row.live.map((session) => [session.id, new Date(session.expires_at).getTime()])),
    endedAt: row.ended_at ? new Date(row.ended_at).getTime() : null,
    readAt,
  };
}

/**
 * Whether `credential` stands in `state` (blocking is the caller's to decide): a token naming a session needs that
 * session live and unexpired; one without (a graphql-ws sign-in) needs to be minted after every session was last ended.
 */
export function credentialStands(state: SessionState, credential: SessionCredential, now = Date.now()): boolean {
  if (credential.sessionId === undefined) {
    return (
      state.endedAt === null || (credential.issuedAt !== undefined && credential.issuedAt.getTime() >= state.endedAt)
    );
  }
  return (state.live.get(credential.sessionId) ?? 0) > now;
}
