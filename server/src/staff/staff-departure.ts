import { permissionsOf, type StaffRoleName } from '../../../common/staff';

type Query = (sql: string, params: unknown[]) => Promise<unknown>;

/**
 * What a staff member loses with their role, in the transaction that changes it (staff.service.ts setRole and the
 * admin CLI's revoke, admin-role.service.ts): the one place for this rule (review 30, F5 and F6).
 *
 * - Removed: their API keys are revoked. A key is cut to its creator's role at every request, so a removed creator's
 *   key is refused, but it would come back if the account became staff again (a new invitation, the CLI's grant):
 *   revoked, it stays refused. The caller's `accounts` bus event drops every process's key cache.
 * - No longer holding STAFF (an owner removed or demoted): their open invitations are withdrawn, so nobody joins the
 *   staff on the word of someone who may no longer invite.
 */
export async function dropStaffPowers(
  query: Query,
  userId: string,
  before: StaffRoleName,
  after: StaffRoleName | null,
): Promise<void> {
  if (after === null) {
    await query(`UPDATE api_keys SET revoked_at = now() WHERE created_by = $1 AND revoked_at IS NULL`, [userId]);
  }
  if (permissionsOf([before]).includes('STAFF') && !(after && permissionsOf([after]).includes('STAFF'))) {
    await query(`DELETE FROM staff_invitations WHERE invited_by = $1 AND accepted_at IS NULL`, [userId]);
  }
}
