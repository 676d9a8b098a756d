/**
 * Closes a blocked account's graphql-ws sockets the moment it is blocked, in every API process (docs/product.md
 * "Customers"). Blocking publishes `{ topic: 'accounts', id: userId }` on the event bus (PostgreSQL NOTIFY, so every
 * process hears it on commit); each process re-reads the account and closes that user's sockets with 4403
 * (graphql-ws's "Forbidden": its clients do not retry). After the bus lost events, the accounts blocked since then are
 * re-read. A new socket of a blocked account is refused in onConnect (ws-server.ts).
 */
import type { WebSocket } from 'ws';
import type { AccountBlocks } from '../accounts/account-block.service';
import type { EventBus } from '../core/event-bus';
import { logger } from '../core/logger';

export const BLOCKED_CLOSE = { code: 4403, reason: 'Account blocked' } as const;

export class BlockedAccountSockets {
  private readonly sockets = new Map<string, Set<WebSocket>>();
  private readonly events: AsyncIterableIterator<{ id: string; missedSince?: string }>;

  constructor(
    bus: EventBus,
    private readonly blocks: AccountBlocks,
  ) {
    this.events = bus.subscribe('accounts');
    void this.watch();
  }

  /** Registers a signed-in user's socket (before its account is checked, so a block in between still finds it). */
  add(userId: string, socket: WebSocket): void {
    let set = this.sockets.get(userId);
    if (!set) this.sockets.set(userId, (set = new Set()));
    set.add(socket);
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
        const blocked = event.missedSince
          ? await this.blocks.blockedSince(new Date(event.missedSince))
          : (await this.blocks.isBlocked(event.id))
            ? [event.id]
            : [];
        for (const userId of blocked) this.close(userId);
      } catch (error) {
        logger.warn({ err: error, userId: event.id }, 'Could not check a blocked account');
      }
    }
  }

  private close(userId: string): void {
    for (const socket of this.sockets.get(userId) ?? []) socket.close(BLOCKED_CLOSE.code, BLOCKED_CLOSE.reason);
  }
}
