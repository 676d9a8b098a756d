import type { AuthChecker } from 'type-graphql';
import type { RequestContext } from './context';
import { ForbiddenError, UnauthenticatedError } from '../core/errors';

/** `@Authorized()` needs a user; `@Authorized('admin')` needs the role. Errors carry our codes. */
export const authChecker: AuthChecker<RequestContext> = ({ context }, roles) => {
  if (!context.user) throw new UnauthenticatedError();
  if (roles.length > 0 && !roles.some((role) => context.user!.roles.includes(role))) {
    throw new ForbiddenError();
  }
  return true;
};
