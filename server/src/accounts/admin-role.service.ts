import { DataSource } from 'typeorm';
import { Service } from '../container';
import { normalizeEmail } from './account-records';
import { ADMIN_ROLE } from './user-role.entity';

export type AdminRoleChange = 'granted' | 'already-admin' | 'revoked' | 'not-admin' | 'no-such-user';

/**
 * Grants and revokes the admin role by e-mail (`npm run admin -- grant|revoke <email>`, docs/architecture.md
 * "Process model"). The role is read from user_roles at every sign-in and refresh; access tokens issued before a revoke
 * keep their role until they expire (at most 15 minutes).
 */
@Service()
export class AdminRoleService {
  constructor(private readonly db: DataSource) {}

  async grant(email: string): Promise<AdminRoleChange> {
    const userId = await this.userId(email);
    if (!userId) return 'no-such-user';
    const inserted = await this.db.query(
      `INSERT INTO user_roles (user_id, role) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING user_id`,
      [userId, ADMIN_ROLE],
    );
    return inserted.length > 0 ? 'granted' : 'already-admin';
  }

  async revoke(email: string): Promise<AdminRoleChange> {
    const userId = await this.userId(email);
    if (!userId) return 'no-such-user';
    // Wrapped in a SELECT: TypeORM's query() returns [rows, count] for a bare DELETE.
    const [{ n }] = await this.db.query(
      `WITH deleted AS (DELETE FROM user_roles WHERE user_id = $1 AND role = $2 RETURNING 1) SELECT count(*)::int AS n FROM deleted`,
      [userId, ADMIN_ROLE],
    );
    return n > 0 ? 'revoked' : 'not-admin';
  }

  private async userId(email: string): Promise<string | null> {
    const [row] = await this.db.query(`SELECT id FROM users WHERE email = $1`, [normalizeEmail(email)]);
    return row?.id ?? null;
  }
}
