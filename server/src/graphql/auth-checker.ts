import type { AuthChecker } from 'type-graphql';
import { AccountBlocks } from '../accounts/account-block.service';
import { LiveSessions } from '../accounts/live-sessions.service';
import { SecondFactorService } from '../accounts/second-factor.service';
import type { PermissionName } from '../../../common/staff';
import { can, isStaff, MissingPermissionError } from '../staff/permissions';
import type { RequestContext } from './context';
import { FIRST_FACTOR_OPERATIONS, needsStepUp } from './step-up';
import { ForbiddenError, RateLimitedError, UnauthenticatedError } from '../core/errors';
import type { AuthUser } from '../accounts/access-token';
import { API_KEY_MESSAGES } from '../../../common/api-keys';

/**
 * `@Authorized()` needs a user; `@Authorized([permissions])` (`@Requires`, access.ts) needs a role granting one of them:
 * `context.user.roles` is the account's role now (StaffRoles, read when the context was made), not the token's claim,
 * so a change of role applies to the next request. Errors carry our codes; FORBIDDEN names the permission.
 *
 * A signed-in mutation also needs an account that is not blocked, read from the database at that moment: an access
 * token issued before the block lives up to 15 minutes, and must not go on creating tickets, replies, transaction
 * ids or profile changes meanwhile (docs/decisions.md "Accounts and sessions"). Likewise the token's session must still
 * stand (not revoked, signed out everywhere, ended by a password reset or change): LiveSessions, cached per process.
 * Reads are left to the token's expiry, except the fields that reveal what was bought (order-fields.resolver.ts).
 */
export const authChecker: AuthChecker<RequestContext> = async ({ context, info, args }, roles) => {
  if (!context.user) throw new UnauthenticatedError();
  const permissions = roles as PermissionName[];
  // An API key (staff/api-keys.service.ts) acts only through staff operations, within its own rate limit; it has no
  // session to check, and no second factor to give: the step-up operations stay with people.
  if (context.user.apiKey) {
    assertApiKeyMay(context.user.apiKey, permissions, context.user);
    if (info.parentType === info.schema.getMutationType() && needsStepUp(info.fieldName, args))
      throw new ForbiddenError(API_KEY_MESSAGES.stepUp);
    return true;
  }
  // REQUIRE_STAFF_2FA: staff without a second factor may only enrol (docs/staff-and-permissions.md). Ahead of the
  // permission check: `can()` grants such a user nothing, and the answer should name enrolment, not a permission.
  if (permissions.length > 0 && isStaff(context.user))
    await context.container.get(SecondFactorService).assertStaffMayAct(context.user);
  if (permissions.length > 0 && !permissions.some((permission) => can(context.user, permission))) {
    throw new MissingPermissionError(permissions);
  }
  if (info.parentType === info.schema.getMutationType()) {
    await context.container.get(AccountBlocks).assertNotBlocked(context.user.id);
    await context.container.get(LiveSessions).assertLive(context.user);
    if (needsStepUp(info.fieldName, args))
      await context.container
        .get(SecondFactorService)
        .assertRecentCheck(context.user, { firstFactor: FIRST_FACTOR_OPERATIONS.has(info.fieldName) });
  }
  return true;
};

function assertApiKeyMay(key: NonNullable<AuthUser['apiKey']>, permissions: PermissionName[], user: AuthUser): void {
  if (permissions.length === 0) throw new ForbiddenError(API_KEY_MESSAGES.customerOnly);
  if (key.retryAfterSeconds) throw new RateLimitedError(key.retryAfterSeconds);
  if (!permissions.some((permission) => can(user, permission))) throw new MissingPermissionError(permissions);
}
