import type http from 'node:http';

/**
 * The client's address as Express computes it under `TRUST_PROXY` (`req.ip`), else the socket's peer.
 * HTTP requests carry `req.ip` already; a WebSocket upgrade request does not (it never passes through
 * Express), so `webSocketClientIp` runs Express's own rule on it.
 */
export function clientIp(req: http.IncomingMessage & { ip?: string }): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}
