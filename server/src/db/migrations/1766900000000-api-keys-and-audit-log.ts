import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * API keys for integrators and the audit log of staff actions (docs/staff-and-permissions.md "API keys", "Audit log"):
 *
 * - api_keys: a key's secret (`sk_store_` and 43 base64url characters, 32 random bytes) is shown once and stored only
 *   as its SHA-256 (`secret_hash`); `prefix` keeps its first characters to tell keys apart in the list. `permissions`
 *   are a subset of its creator's at creation and are cut to the creator's role at every request. A revoked key keeps
 *   its row (`revoked_at`) so the audit log can still name it. `last_used_at` is written at most once a minute per
 *   key and process, never per request.
 * - audit_log: one row per staff or API-key action, written inside the action's own transaction. No foreign keys: a
 *   row is a record of what happened, and must neither change nor go when the account or key does; the actor's
 *   e-mail and the key's name are copied in. Append-only: a trigger refuses UPDATE, DELETE and TRUNCATE.
 */
export class ApiKeysAndAuditLog1766900000000 implements MigrationInterface {
  name = 'ApiKeysAndAuditLog1766900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE api_keys (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
        prefix text NOT NULL,
        secret_hash text NOT NULL UNIQUE,
        permissions text[] NOT NULL CHECK (cardinality(permissions) > 0),
        created_by uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz,
        revoked_at timestamptz
      );
      CREATE INDEX api_keys_created_by ON api_keys (created_by);

      CREATE TABLE audit_log (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        actor_id uuid,
        actor_email text,
        actor_role text,
        api_key_id uuid,
        api_key_name text,
        action text NOT NULL,
        target_id text,
        ip text,
        request_id text,
        change jsonb
      );
      CREATE INDEX audit_log_newest ON audit_log (created_at DESC, id DESC);
      CREATE INDEX audit_log_actor ON audit_log (actor_id, created_at DESC);
      CREATE INDEX audit_log_action ON audit_log (action, created_at DESC);

      CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
      END $$;
      CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log
        FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
      CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
        FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TABLE audit_log;
      DROP FUNCTION audit_log_append_only();
      DROP TABLE api_keys;
    `);
  }
}
