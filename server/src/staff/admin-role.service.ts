import { DataSource } from 'typeorm';
import { Service } from '../container';
import { normalizeEmail } from '../accounts/account-records';
import { OWNER_ROLE } from '../accounts/user-role.entity';
import type { StaffRoleName } from '../../../common/staff';
import { dropStaffPowers } from './staff-departure';
import { STAFF_LOCK } from './staff-lock';

export type AdminRoleChange = 'granted' | 'already-admin' | 'revoked' | 'not-admin' | 'no-such-user' | 'last-owner';

/**
 * Grants the OWNER role and takes any staff role away by e-mail (`npm run admin -- grant|revoke <email>`,
 * docs/architecture.md "Process model"): how a new store gets its first owner; the admin panel's Staff tab does the rest
 * (docs/staff-and-permissions.md). The last owner cannot be revoked. Each change publishes the `accounts` bus event
 * (PostgreSQL NOTIFY on commit), so running servers apply it at once, open sockets included.
 */
@Service()
export class AdminRoleService {
  constructor(private readonly db: DataSource) {}

  async grant(email: string): Promise<AdminRoleChange> {
    return this.db.transaction(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock($1)`, [STAFF_LOCK]);
      const userId = await this.userId(tx.query.bind(tx), email);
      if (!userId) return 'no-such-user';
      const changed = await tx.query(
        `INSERT INTO user_roles (user_id, role) VALUES ($1, $2)
         ON CONFLICT (user_id) DO UPDATE SET role = EXCLUDED.role, created_at = now() WHERE user_roles.role <> EXCLUDED.role
         RETURNING user_id`,
        [userId, OWNER_ROLE],
      );
      if (changed.length === 0) return 'already-admin';
      await this.publish(tx.query.bind(tx), userId);
      return 'granted';
    });
  }

  async revoke(email: string): Promise<AdminRoleChange> {
    return this.db.transaction(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock($1)`, [STAFF_LOCK]);
      const userId = await this.userId(tx.query.bind(tx), email);
      if (!userId) return 'no-such-user';
      const [row]: { role: string; owners: number }[] = await tx.query(
        `SELECT role, (SELECT count(*)::int FROM user_roles WHERE role = $2) AS owners FROM user_roles WHERE user_id = $1`,
        [userId, OWNER_ROLE],
      );
      if (!row) return 'not-admin';
      if (row.role === OWNER_ROLE && row.owners <= 1) return 'last-owner';
      await tx.query(`DELETE FROM user_roles WHERE user_id = $1`, [userId]);
      await dropStaffPowers(tx.query.bind(tx), userId, row.role as StaffRoleName, null);
      await this.publish(tx.query.bind(tx), userId);
      return 'revoked';
    });
  }

  private async userId(
    query: (sql: string, params: unknown[]) => Promise<any[]>,
    email: string,
  ): Promise<string | null> {
    const [row] = await query(`SELECT id FROM users WHERE email = $1`, [normalizeEmail(email)]);
    return row?.id ?? null;
  }

  /** The bus event (core/event-bus.ts's channel and shape), sent on commit: the CLI runs no EventBus of its own. */
  private async publish(query: (sql: string, params: unknown[]) => Promise<unknown>, userId: string): Promise<void> {
    await query(`SELECT pg_notify('store_events', $1)`, [JSON.stringify({ topic: 'accounts', id: userId })]);
  }
}
