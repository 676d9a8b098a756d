/**
 * What one client may hold open over graphql-ws: connections per IP and per account, subscriptions per
 * connection, messages per second per connection. Without these, one self-registered customer could
 * open thousands of subscriptions on one socket and run the process out of memory.
 *
 * Refusals are explicit, never a crash:
 * - too many connections: the socket closes with 1013 "Try Again Later" (graphql-ws clients retry
 *   with backoff, so a page that closed another tab gets back in);
 * - a message flood: the socket closes with 1008 "Policy Violation" and the rest of its messages are
 *   not read (a well-behaved client never sends that many, so graphql-ws clients do not retry it);
 * - one subscription too many: that subscribe gets a graphql-ws `error` with code RATE_LIMITED, and the
 *   connection and its other subscriptions carry on.
 */
import type { WebSocket } from 'ws';
import type { WsLimitSettings } from '../config';
import { AppError } from '../core/errors';

export type { WsLimitSettings };

export const WS_CLOSE = {
  tryAgainLater: 1013,
  policyViolation: 1008,
} as const;

/** Counts open connections per key; a key with none is forgotten, so the maps stay as small as the live set. */
class ConnectionCounter {
  private readonly counts = new Map<string, number>();

  constructor(private readonly max: number) {}

  /** Takes a slot for `key`; false when it has none left. */
  acquire(key: string): boolean {
    const count = this.counts.get(key) ?? 0;
    if (count >= this.max) return false;
    this.counts.set(key, count + 1);
    return true;
  }

  release(key: string): void {
    const count = (this.counts.get(key) ?? 0) - 1;
    if (count > 0) this.counts.set(key, count);
    else this.counts.delete(key);
  }
}

export class WsLimits {
  private readonly perIp: ConnectionCounter;
  private readonly perUser: ConnectionCounter;

  constructor(private readonly settings: WsLimitSettings) {
    this.perIp = new ConnectionCounter(settings.maxConnectionsPerIp);
    this.perUser = new ConnectionCounter(settings.maxConnectionsPerUser);
  }

  /**
   * Call on every new socket, before graphql-ws reads it: takes the IP's slot (closing the socket when
   * there is none) and meters its messages. Register before graphql-ws's own 'message' listener.
   */
  admitSocket(socket: WebSocket, ip: string): void {
    if (!this.perIp.acquire(ip)) {
      socket.close(WS_CLOSE.tryAgainLater, 'Too many connections from this address');
      return;
    }
    socket.once('close', () => this.perIp.release(ip));

    const rate = this.settings.maxMessagesPerSecond;
    let tokens = 2 * rate;
    let refilledAt = Date.now();
    socket.on('message', () => {
      const now = Date.now();
      tokens = Math.min(2 * rate, tokens + ((now - refilledAt) / 1000) * rate);
      refilledAt = now;
      tokens -= 1;
      if (tokens >= 0) return;
      socket.close(WS_CLOSE.policyViolation, 'Too many messages');
      // This message is still delivered to graphql-ws (emit copies its listener list); the rest are not.
      socket.removeAllListeners('message');
    });
  }

  /** Call once the connection is authenticated; false (and the socket closed) when the account has no slot left. */
  admitUser(socket: WebSocket, userId: string): boolean {
    if (this.perUser.acquire(userId)) return true;
    socket.close(WS_CLOSE.tryAgainLater, 'Too many connections for this account');
    return false;
  }

  releaseUser(userId: string): void {
    this.perUser.release(userId);
  }

  /** The errors for a subscribe over the per-connection cap, else null. `open` counts the new one too. */
  subscriptionRefusal(open: number): AppError[] | null {
    const max = this.settings.maxSubscriptionsPerConnection;
    if (open <= max) return null;
    return [new AppError('RATE_LIMITED', `Too many subscriptions on one connection: the limit is ${max}`)];
  }
}
