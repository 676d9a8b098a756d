import type http from 'node:http';
import type express from 'express';
import proxyaddr from 'proxy-addr';

/**
 * The client's address by one rule for HTTP and WebSocket: Express's own `req.ip` computation
 * (proxy-addr with the app's compiled `trust proxy` setting, from TRUST_PROXY). A WebSocket upgrade never
 * passes through Express, so reading `req.ip` there is not possible; this applies the same rule to it.
 * TRUST_PROXY must describe the real proxy chain: every hop it trusts may set X-Forwarded-For.
 */
export function clientIpResolver(app: express.Express): (request: http.IncomingMessage) => string {
  const trust = app.get('trust proxy fn') as (address: string, hop: number) => boolean;
  return (request) => proxyaddr(request, trust) ?? 'unknown';
}
