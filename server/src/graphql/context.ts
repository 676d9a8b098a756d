import { randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import type { AuthUser } from '../accounts/access-token';
import { ADMIN_ROLE } from '../accounts/user-role.entity';
import type { Container } from '../container';
import { Loaders } from './loaders';

/**
 * What every resolver receives. `req`/`res` exist on HTTP only (cookies); subscriptions over
 * graphql-ws get the user from `connectionParams`.
 */
export interface RequestContext {
  user: AuthUser | null;
  ip: string;
  requestId: string;
  container: Container;
  loaders: Loaders;
  req?: Request;
  res?: Response;
}

export function createContext(parts: {
  user: AuthUser | null;
  ip: string;
  container: Container;
  req?: Request;
  res?: Response;
}): RequestContext {
  return { ...parts, requestId: randomUUID(), loaders: new Loaders(parts.container) };
}

export function isAdmin(user: AuthUser | null): boolean {
  return !!user?.roles.includes(ADMIN_ROLE);
}
