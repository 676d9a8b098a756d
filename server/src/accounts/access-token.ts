/** Access tokens: HS256 JWTs valid 15 minutes with `sub`, `roles` and (with a session) `sid` (docs/architecture.md "Sessions"). */
import { createSecretKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

export interface AuthUser {
  id: string;
  /**
   * The staff role: in a token, as it was when minted; in a request's context, as it is now (StaffRoles.current, which
   * replaces it), which is what every permission check reads.
   */
  roles: string[];
  /** When the token that proved this user stops being valid (set by verifyAccessToken). */
  expiresAt?: Date;
  /** The session (refresh family) the token was minted for (`sid`); absent for a sign-in without one (graphql-ws). */
  sessionId?: string;
  /** When the token was minted (set by verifyAccessToken): sockets of tokens older than "sign out everywhere" close. */
  issuedAt?: Date;
  /**
   * Set when the caller is an API key, not a person (server/src/staff/api-keys.service.ts): `id` is then the key's
   * creator (whose role caps it) and only these permissions count; `retryAfterSeconds` when it is over its rate limit.
   */
  apiKey?: { id: string; name: string; permissions: readonly string[]; retryAfterSeconds?: number };
  /**
   * Set on a staff member without a second factor while REQUIRE_STAFF_2FA is on (SecondFactorService.markUnenrolled,
   * when the request's principal is built): `can()` then grants nothing, so the operations that grant staff access by
   * hand (order(id), Order.keys, ticket(id), replyToTicket) refuse them as @Requires does.
   */
  lacksRequiredFactor?: true;
}

/**
 * The secret as a KeyObject, made once per secret. Given a string, jsonwebtoken first tries to parse
 * it as a PEM public/private key (which throws) and then builds a secret key, on every sign and
 * verify: that was about a tenth of the server's CPU on a signed-in query (bench/, README
 * "Performance").
 */
const keys = new Map<string, KeyObject>();
function keyFor(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret));
    keys.set(secret, key);
  }
  return key;
}

export function signAccessToken(secret: string, user: AuthUser): { token: string; expiresAt: Date } {
  const claims = user.sessionId ? { roles: user.roles, sid: user.sessionId } : { roles: user.roles };
  const token = jwt.sign(claims, keyFor(secret), {
    algorithm: 'HS256',
    subject: user.id,
    expiresIn: ACCESS_TOKEN_TTL_SECONDS,
  });
  return { token, expiresAt: new Date(Date.now() + ACCESS_TOKEN_TTL_SECONDS * 1000) };
}

/** The token's user, or null when it is missing, malformed, expired or signed with another key. */
export function verifyAccessToken(secret: string, token: string | undefined | null): AuthUser | null {
  if (!token) return null;
  try {
    const payload = jwt.verify(token, keyFor(secret), { algorithms: ['HS256'] });
    if (typeof payload === 'string' || typeof payload.sub !== 'string') return null;
    const roles = Array.isArray(payload.roles) ? payload.roles.filter((r): r is string => typeof r === 'string') : [];
    const expiresAt = typeof payload.exp === 'number' ? new Date(payload.exp * 1000) : undefined;
    const issuedAt = typeof payload.iat === 'number' ? new Date(payload.iat * 1000) : undefined;
    const sessionId = typeof payload.sid === 'string' ? payload.sid : undefined;
    return { id: payload.sub, roles, expiresAt, issuedAt, sessionId };
  } catch {
    return null;
  }
}

/** Reads `Bearer <token>` from an Authorization header value. */
export function bearerToken(header: unknown): string | null {
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match ? match[1] : null;
}
