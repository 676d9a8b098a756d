import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Block rules (docs/product.md "Block rules", server/src/abuse/): an e-mail address, an e-mail domain, an IP address or
 * an IP range that is turned away at sign-up, sign-in, refresh and checkout.
 *
 * - `value` is stored canonical (server/src/abuse/block-rule-value.ts), so one rule has one spelling and the unique
 *   index on (kind, value) refuses a duplicate however it was typed.
 * - `kind` is checked here too: a row of another kind would be compiled by no process.
 * - `created_by` is the admin who added it, kept for the record (null once that account is gone).
 *
 * Every process keeps the rules compiled in memory and reloads them on the `block-rules` topic of the live-update bus.
 * A statement trigger publishes it (channel `store_events`, the bus's format, server/src/core/event-bus.ts) for any
 * insert, update, delete or truncate, delivered when the change commits: whoever writes the rules (the admin panel,
 * an operator importing a list of throwaway-mail domains in SQL), every replica hears it.
 */
export class BlockRules1765100000000 implements MigrationInterface {
  name = 'BlockRules1765100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE block_rules (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        kind text NOT NULL CONSTRAINT block_rules_kind_check CHECK (kind IN ('email', 'email_domain', 'ip', 'cidr')),
        value text NOT NULL CONSTRAINT block_rules_value_check CHECK (value <> '' AND length(value) <= 255),
        reason text CONSTRAINT block_rules_reason_check CHECK (length(reason) <= 200),
        created_at timestamptz NOT NULL DEFAULT now(),
        created_by uuid REFERENCES users (id) ON DELETE SET NULL
      );
      CREATE UNIQUE INDEX block_rules_kind_value ON block_rules (kind, value);

      CREATE FUNCTION block_rules_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('store_events', '{"topic":"block-rules","id":""}');
        RETURN NULL;
      END $$;
      CREATE TRIGGER block_rules_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON block_rules
        FOR EACH STATEMENT EXECUTE FUNCTION block_rules_changed();
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TABLE block_rules;
      DROP FUNCTION block_rules_changed();
    `);
  }
}
