import type { Request, Response } from 'express';
import type { AuthUser } from '../accounts/access-token';
import type { Container } from '../container';
import { Loaders } from './loaders';

/**
 * What every resolver receives. `req`/`res` exist on HTTP only (cookies); subscriptions over
 * graphql-ws get the user from `connectionParams`.
 */
export interface RequestContext {
  user: AuthUser | null;
  ip: string;
  /** The HTTP request's id (X-Request-Id), or one per graphql-ws operation; also on its log lines. */
  requestId: string;
  container: Container;
  loaders: Loaders;
  req?: Request;
  res?: Response;
}

export function createContext(parts: {
  user: AuthUser | null;
  ip: string;
  requestId: string;
  container: Container;
  req?: Request;
  res?: Response;
}): RequestContext {
  return { ...parts, loaders: new Loaders(parts.container) };
}
