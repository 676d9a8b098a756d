import { DataSource } from 'typeorm';
import { isUuid } from '../../../common/validation';
import { isStaffRole, type StaffRoleName } from '../../../common/staff';
import type { AuthUser } from '../accounts/access-token';
import { Service } from '../container';
import { AccountFactsCache } from '../core/account-facts-cache';
import { EventBus } from '../core/event-bus';

/**
 * Each account's staff role as it is now (docs/staff-and-permissions.md "A change applies at once"). Every request
 * asks, so it is kept in memory per process and dropped on the `accounts` bus event that a role change publishes on
 * commit (all of it after the bus lost events), as LiveSessions is: the access token's `roles` claim is only what the
 * role was when the token was minted, and a demoted or removed staff member must lose the role at once, not within
 * the token's 15 minutes.
 */
@Service()
export class StaffRoles {
  private readonly cache: AccountFactsCache<StaffRoleName | null>;

  constructor(
    private readonly db: DataSource,
    bus: EventBus,
  ) {
    this.cache = new AccountFactsCache(bus, 'Staff roles', (userId) => this.read(userId));
  }

  /** `user` with `roles` replaced by the account's role now (none for customers); null stays null. */
  async current(user: AuthUser | null): Promise<AuthUser | null> {
    if (!user) return null;
    const role = await this.roleOf(user.id);
    return { ...user, roles: role ? [role] : [] };
  }

  /** The account's role (null: not staff); `fresh` reads the database whatever the cache holds. */
  roleOf(userId: string, fresh = false): Promise<StaffRoleName | null> {
    if (!isUuid(userId)) return Promise.resolve(null);
    return this.cache.get(userId, fresh);
  }

  /**
   * Forgets the account's role in this process at once: what changes a role calls after its commit, so this process's
   * next request reads the new one without waiting for the bus event to come back (other processes wait for it).
   */
  forget(userId: string): void {
    this.cache.forget(userId);
  }

  private async read(userId: string): Promise<StaffRoleName | null> {
    const [row]: { role: string }[] = await this.db.query(`SELECT role FROM user_roles WHERE user_id = $1`, [userId]);
    return row && isStaffRole(row.role) ? row.role : null;
  }
}
