import { DataSource } from 'typeorm';
import { isUuid } from '../../../common/validation';
import { isStaffRole, type StaffRoleName } from '../../../common/staff';
import type { AuthUser } from '../accounts/access-token';
import { Service } from '../container';
import { EventBus } from '../core/event-bus';
import { logger } from '../core/logger';

/** Accounts whose role one process keeps; past it the cache starts again (it is only a cache). */
const MAX_CACHED = 10_000;

/**
 * Each account's staff role as it is now (docs/staff-and-permissions.md "A change applies at once"). Every request
 * asks, so it is kept in memory per process and dropped on the `accounts` bus event that a role change publishes on
 * commit (all of it after the bus lost events), as LiveSessions is: the access token's `roles` claim is only what the
 * role was when the token was minted, and a demoted or removed staff member must lose the role at once, not within
 * the token's 15 minutes.
 */
@Service()
export class StaffRoles {
  private readonly cache = new Map<string, Promise<StaffRoleName | null>>();
  private listening = false;

  constructor(
    private readonly db: DataSource,
    private readonly bus: EventBus,
  ) {}

  /** `user` with `roles` replaced by the account's role now (none for customers); null stays null. */
  async current(user: AuthUser | null): Promise<AuthUser | null> {
    if (!user) return null;
    const role = await this.roleOf(user.id);
    return { ...user, roles: role ? [role] : [] };
  }

  /** The account's role (null: not staff); `fresh` reads the database whatever the cache holds. */
  roleOf(userId: string, fresh = false): Promise<StaffRoleName | null> {
    if (!isUuid(userId)) return Promise.resolve(null);
    this.listen();
    const cached = this.cache.get(userId);
    if (cached && !fresh) return cached;
    if (this.cache.size >= MAX_CACHED) this.cache.clear();
    // Stored before it resolves: an event arriving meanwhile deletes it, so a read that raced a change is not kept.
    const read = this.read(userId);
    this.cache.set(userId, read);
    read.catch(() => this.cache.get(userId) === read && this.cache.delete(userId));
    return read;
  }

  /**
   * Forgets the account's role in this process at once: what changes a role calls after its commit, so this process's
   * next request reads the new one without waiting for the bus event to come back (other processes wait for it).
   */
  forget(userId: string): void {
    this.cache.delete(userId);
  }

  private async read(userId: string): Promise<StaffRoleName | null> {
    const [row]: { role: string }[] = await this.db.query(`SELECT role FROM user_roles WHERE user_id = $1`, [userId]);
    return row && isStaffRole(row.role) ? row.role : null;
  }

  /** Subscribes on first use, so processes that never ask (the worker) do not listen. */
  private listen(): void {
    if (this.listening) return;
    this.listening = true;
    const events = this.bus.subscribe('accounts');
    void (async () => {
      try {
        for await (const event of events) {
          if (event.missedSince) this.cache.clear();
          else this.cache.delete(event.id);
        }
      } catch (error) {
        logger.warn({ err: error }, 'Staff roles stopped listening');
      } finally {
        // Nothing tells this cache of changes any more: forget it, and subscribe again on the next question.
        this.listening = false;
        this.cache.clear();
      }
    })();
  }
}
