import type { AuthChecker } from 'type-graphql';
import { AccountBlocks } from '../accounts/account-block.service';
import { LiveSessions } from '../accounts/live-sessions.service';
import type { RequestContext } from './context';
import { ForbiddenError, UnauthenticatedError } from '../core/errors';

/**
 * `@Authorized()` needs a user; `@Authorized('admin')` needs the role. Errors carry our codes.
 *
 * A signed-in mutation also needs an account that is not blocked, read from the database at that moment: an access
 * token issued before the block lives up to 15 minutes, and must not go on creating tickets, replies, transaction
 * ids or profile changes meanwhile (docs/decisions.md "Accounts and sessions"). Likewise the token's session must still
 * stand (not revoked, signed out everywhere, ended by a password reset or change): LiveSessions, cached per process.
 * Reads are left to the token's expiry, except the fields that reveal what was bought (order-fields.resolver.ts).
 */
export const authChecker: AuthChecker<RequestContext> = async ({ context, info }, roles) => {
  if (!context.user) throw new UnauthenticatedError();
  if (roles.length > 0 && !roles.some((role) => context.user!.roles.includes(role))) {
    throw new ForbiddenError();
  }
  if (info.parentType === info.schema.getMutationType()) {
    await context.container.get(AccountBlocks).assertNotBlocked(context.user.id);
    await context.container.get(LiveSessions).assertLive(context.user);
  }
  return true;
};
