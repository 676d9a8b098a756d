import type { MigrationInterface, QueryRunner } from 'typeorm';
import { mailKinds, setMailKinds } from '../mail-kinds';

/**
 * Staff roles over permissions (docs/staff-and-permissions.md):
 *
 * - user_roles: today's `admin` becomes OWNER; a role is one of OWNER, MANAGER, SUPPORT, FULFILMENT (CHECK), one per
 *   account (unique user_id: a staff member has exactly one role, so their permissions are one row of the table).
 * - staff_invitations: an e-mailed invitation to join the staff with a role. Its token is 32 random bytes handed out
 *   once in the mail and stored only as SHA-256 (as account_tokens); single use (`accepted_at`, by whom), until
 *   `expires_at`; one open invitation per address (inviting again replaces it).
 * - notifications.kind: STAFF_INVITATION. Read from the constraint as it stands, so kinds other migrations added are
 *   kept.
 */
export class StaffRoles1766300000000 implements MigrationInterface {
  name = 'StaffRoles1766300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      DELETE FROM user_roles WHERE role <> 'admin';
      UPDATE user_roles SET role = 'OWNER' WHERE role = 'admin';
      ALTER TABLE user_roles ADD CONSTRAINT user_roles_role_check CHECK (role IN ('OWNER', 'MANAGER', 'SUPPORT', 'FULFILMENT'));
      CREATE UNIQUE INDEX user_roles_one_per_user ON user_roles (user_id);

      CREATE TABLE staff_invitations (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        email text NOT NULL CHECK (email = lower(email)),
        role text NOT NULL CHECK (role IN ('OWNER', 'MANAGER', 'SUPPORT', 'FULFILMENT')),
        token_hash text NOT NULL UNIQUE,
        invited_by uuid REFERENCES users (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        accepted_at timestamptz,
        accepted_by uuid REFERENCES users (id) ON DELETE SET NULL
      );
      CREATE UNIQUE INDEX staff_invitations_open_email ON staff_invitations (email) WHERE accepted_at IS NULL;
    `);
    await setMailKinds(q, [...(await mailKinds(q)), 'STAFF_INVITATION']);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM notifications WHERE kind = 'STAFF_INVITATION'`);
    await setMailKinds(
      q,
      (await mailKinds(q)).filter((kind) => kind !== 'STAFF_INVITATION'),
    );
    await q.query(`
      DROP TABLE staff_invitations;
      DROP INDEX user_roles_one_per_user;
      ALTER TABLE user_roles DROP CONSTRAINT user_roles_role_check;
      UPDATE user_roles SET role = 'admin' WHERE role = 'OWNER';
      DELETE FROM user_roles WHERE role <> 'admin';
    `);
  }
}
