import type { AuthChecker } from 'type-graphql';
import { AccountBlocks } from '../accounts/account-block.service';
import type { RequestContext } from './context';
import { ForbiddenError, UnauthenticatedError } from '../core/errors';

/**
 * `@Authorized()` needs a user; `@Authorized('admin')` needs the role. Errors carry our codes.
 *
 * A signed-in mutation also needs an account that is not blocked, read from the database at that moment: an access
 * token issued before the block lives up to 15 minutes, and must not go on creating tickets, replies, transaction
 * ids or profile changes meanwhile (docs/decisions.md "Accounts and sessions"). Reads are left to the token's expiry.
 */
export const authChecker: AuthChecker<RequestContext> = async ({ context, info }, roles) => {
  if (!context.user) throw new UnauthenticatedError();
  if (roles.length > 0 && !roles.some((role) => context.user!.roles.includes(role))) {
    throw new ForbiddenError();
  }
  if (info.parentType === info.schema.getMutationType()) {
    await context.container.get(AccountBlocks).assertNotBlocked(context.user.id);
  }
  return true;
};
