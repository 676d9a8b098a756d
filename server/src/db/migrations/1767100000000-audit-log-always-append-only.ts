import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * audit_log's append-only triggers fire in every session (docs/staff-and-permissions.md "Audit log"). An ordinary
 * trigger is skipped while `session_replication_role` is `replica`, which the app's own role can set whenever it is a
 * superuser (the embedded PostgreSQL's and CI's are): an UPDATE or DELETE after `SET LOCAL session_replication_role =
 * replica` went through. ENABLE ALWAYS makes the refusal hold in replica mode too.
 */
export class AuditLogAlwaysAppendOnly1767100000000 implements MigrationInterface {
  name = 'AuditLogAlwaysAppendOnly1767100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE audit_log ENABLE ALWAYS TRIGGER audit_log_no_change;
      ALTER TABLE audit_log ENABLE ALWAYS TRIGGER audit_log_no_truncate;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_change;
      ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_truncate;
    `);
  }
}
