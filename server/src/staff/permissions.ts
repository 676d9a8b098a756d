import { permissionsOf, STAFF_MESSAGES, type PermissionName } from '../../../common/staff';
import type { AuthUser } from '../accounts/access-token';
import { AppError } from '../core/errors';

/**
 * Whether `user` may act with `permission`. `user.roles` is the account's role now: the request's context replaced the
 * token's claim with it (StaffRoles.current), so a demotion applies to the next request; a staff member lacking the
 * second factor REQUIRE_STAFF_2FA asks for (`lacksRequiredFactor`) may do nothing as staff.
 */
export function can(user: AuthUser | null | undefined, permission: PermissionName): boolean {
  if (!user || !permissionsOf(user.roles).includes(permission)) return false;
  // REQUIRE_STAFF_2FA: staff without a second factor may only enrol, whichever way an operation checks.
  if (user.lacksRequiredFactor) return false;
  // An API key: its own permissions, within its creator's role now (`roles` is the creator's).
  return !user.apiKey || user.apiKey.permissions.includes(permission);
}

/** Whether `user` has any staff role (the admin panel's door; each operation still checks its own permission). */
export function isStaff(user: AuthUser | null | undefined): boolean {
  return !!user && permissionsOf(user.roles).length > 0;
}

/** FORBIDDEN naming the permission(s) an operation needs, in the message and in `extensions.permission`. */
export class MissingPermissionError extends AppError {
  constructor(permissions: readonly PermissionName[]) {
    super('FORBIDDEN', STAFF_MESSAGES.missingPermission(permissions), { permission: permissions.join(' | ') });
  }
}
