/**
 * Closes a blocked account's graphql-ws sockets, and those of ended sessions (revokeSession, signOutEverywhere, a
 * password reset or change: docs/decisions.md "Accounts and sessions"), the moment it happens, in every API process (docs/product.md
 * "Customers"). Blocking publishes `{ topic: 'accounts', id: userId }` on the event bus (PostgreSQL NOTIFY, so every
 * process hears it on commit); each process re-reads the account and closes that user's sockets with 4403
 * (graphql-ws's "Forbidden": its clients do not retry). After the bus lost events, the accounts blocked since then are
 * re-read. A new socket of a blocked account is refused in onConnect (ws-server.ts).
 */
import type { WebSocket } from 'ws';
import type { SessionService, SocketCredential } from '../accounts/session.service';
import type { EventBus } from '../core/event-bus';
import { logger } from '../core/logger';
import type { StaffRoles } from '../staff/staff-roles.service';

export const BLOCKED_CLOSE = { code: 4403, reason: 'Account blocked' } as const;
/** A socket whose session was ended (revoked, signed out everywhere, password reset): like an expired token. */
export const SESSION_ENDED_CLOSE = { code: 4401, reason: 'Session ended' } as const;
/**
 * A socket of an account whose staff role changed (setStaffRole, an accepted invitation; docs/staff-and-permissions.md):
 * its subscriptions were allowed by the old role. A code of our own (4000-4399 are the application's), which graphql-ws
 * clients retry at once, unlike 4401 and 4400-range codes they treat as fatal: the client reconnects and subscribes
 * again, each subscription checked against the new role.
 */
export const ROLE_CHANGED_CLOSE = { code: 4010, reason: 'Staff role changed' } as const;

/** What a socket was opened with: its session, and the staff role its subscriptions were allowed by. */
interface SocketEntry {
  credential: SocketCredential;
  role: string | null;
}

export class BlockedAccountSockets {
  private readonly sockets = new Map<string, Map<WebSocket, SocketEntry>>();
  private readonly events: AsyncIterableIterator<{ id: string; missedSince?: string }>;

  constructor(
    bus: EventBus,
    private readonly sessions: SessionService,
    private readonly staffRoles: StaffRoles,
  ) {
    this.events = bus.subscribe('accounts');
    void this.watch();
  }

  /** How many sockets are watched (signed-in ones this process has admitted and not seen close). */
  get size(): number {
    let n = 0;
    for (const set of this.sockets.values()) n += set.size;
    return n;
  }

  /** Registers a signed-in user's socket (before its account is checked, so a block in between still finds it). */
  add(userId: string, socket: WebSocket, credential: SocketCredential = {}, role: string | null = null): void {
    let set = this.sockets.get(userId);
    if (!set) this.sockets.set(userId, (set = new Map()));
    set.set(socket, { credential, role });
  }

  remove(userId: string, socket: WebSocket): void {
    const set = this.sockets.get(userId);
    set?.delete(socket);
    if (set?.size === 0) this.sockets.delete(userId);
  }

  /** Stops listening (the server is closing). */
  stop(): void {
    void this.events.return?.();
  }

  private async watch(): Promise<void> {
    for await (const event of this.events) {
      try {
        // After lost events every user with sockets here is re-read: sessions may have ended meanwhile too.
        const users = event.missedSince ? [...this.sockets.keys()] : [event.id];
        for (const userId of users) await this.recheck(userId);
      } catch (error) {
        logger.warn({ err: error, userId: event.id }, 'Could not check a blocked account');
      }
    }
  }

  /**
   * Closes the user's sockets that may no longer stay open: all of a blocked account, those of ended sessions, and
   * those opened with another staff role than the account has now (read afresh: this process's role cache may not
   * have heard the event yet).
   */
  private async recheck(userId: string): Promise<void> {
    const set = this.sockets.get(userId);
    if (!set || set.size === 0) return;
    const entries = [...set];
    const [{ blocked, allowed }, role] = await Promise.all([
      this.sessions.socketsAllowed(
        userId,
        entries.map(([, entry]) => entry.credential),
      ),
      this.staffRoles.roleOf(userId, true),
    ]);
    entries.forEach(([socket, entry], i) => {
      if (blocked) socket.close(BLOCKED_CLOSE.code, BLOCKED_CLOSE.reason);
      else if (!allowed[i]) socket.close(SESSION_ENDED_CLOSE.code, SESSION_ENDED_CLOSE.reason);
      else if (entry.role !== role) socket.close(ROLE_CHANGED_CLOSE.code, ROLE_CHANGED_CLOSE.reason);
    });
  }
}
