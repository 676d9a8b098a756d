/**
 * The browser session (persisted, access token refreshed automatically: docs/product.md "States"). The access token
 * lives in memory only; the refresh token is the server's httpOnly cookie, so a reload restores the
 * session with one `refreshSession`. Refreshes are single-flight within a page: the server honours a rotated cookie
 * again only for 30 s (a lost answer, a second tab) and treats later reuse as theft that ends the session.
 */

export type SessionStatus = 'restoring' | 'signedIn' | 'signedOut';

export interface SessionSnapshot {
  status: SessionStatus;
  /** Changes on every sign-in and sign-out (spec: the nav bar reacts to each auth event). */
  version: number;
}

interface TokenPayload {
  accessToken: string;
  expiresAt: string;
}

/** Refresh this long before expiry so no request ever carries an expired token. */
const REFRESH_MARGIN_MS = 60_000;
const REFRESH_MUTATION = 'mutation RefreshSession { refreshSession { accessToken expiresAt } }';
const SIGN_OUT_MUTATION = 'mutation SignOut { signOut }';

async function postGraphql<T>(query: string): Promise<{ data?: T; errors?: { message: string }[] }> {
  const res = await fetch('/graphql', {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json', 'apollo-require-preflight': 'true' },
    body: JSON.stringify({ query }),
  });
  return res.json();
}

export class Session {
  private token: string | null = null;
  private expiresAt = 0;
  private refreshing: Promise<string | null> | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private snapshot: SessionSnapshot = { status: 'restoring', version: 0 };
  private readonly listeners = new Set<() => void>();

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): SessionSnapshot => this.snapshot;

  /** At start-up: turn the refresh cookie (if any) into a session. */
  restore(): Promise<void> {
    return this.refresh().then(() => undefined);
  }

  /**
   * After signIn/signUp returned a token. Always a new identity (e.g. an admin signing in at /admin over
   * a customer's session), so it always emits: caches and the WebSocket follow the version.
   */
  signedIn(payload: TokenPayload): void {
    this.apply(payload);
    this.emit('signedIn');
  }

  /** A valid access token, refreshed first when it is about to expire; null when signed out. */
  async getToken(): Promise<string | null> {
    if (this.token && this.expiresAt - Date.now() > REFRESH_MARGIN_MS) return this.token;
    if (this.snapshot.status === 'signedOut') return null;
    return this.refresh();
  }

  /** Rotates the refresh cookie for a new access token (single-flight). */
  refresh(): Promise<string | null> {
    this.refreshing ??= postGraphql<{ refreshSession: TokenPayload }>(REFRESH_MUTATION)
      .then((result) => {
        if (result.data?.refreshSession) {
          const restoring = this.snapshot.status !== 'signedIn';
          this.apply(result.data.refreshSession);
          if (restoring) this.emit('signedIn');
          return this.token;
        }
        this.clear();
        return null;
      })
      .catch(() => {
        // Network trouble is not a sign-out: keep what we have and try again on the next request.
        if (this.snapshot.status === 'restoring') this.clear();
        return this.token;
      })
      .finally(() => {
        this.refreshing = null;
      });
    return this.refreshing;
  }

  async signOut(): Promise<void> {
    try {
      await postGraphql(SIGN_OUT_MUTATION);
    } finally {
      this.clear();
    }
  }

  /** Stores a token; a refresh of the same identity changes nothing else. */
  private apply(payload: TokenPayload): void {
    this.token = payload.accessToken;
    this.expiresAt = new Date(payload.expiresAt).getTime();
    clearTimeout(this.timer);
    this.timer = setTimeout(
      () => void this.refresh(),
      Math.max(5_000, this.expiresAt - Date.now() - REFRESH_MARGIN_MS),
    );
  }

  private clear(): void {
    const changed = this.snapshot.status !== 'signedOut';
    this.token = null;
    this.expiresAt = 0;
    clearTimeout(this.timer);
    if (changed) this.emit('signedOut');
  }

  private emit(status: SessionStatus): void {
    this.snapshot = { status, version: this.snapshot.version + 1 };
    for (const listener of this.listeners) listener();
  }
}

export const session = new Session();
