import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The order engine (docs/order-lifecycle.md, docs/jobs-and-events.md):
 * - order_events say who moved the order (actor_kind CUSTOMER, ADMIN or SYSTEM) and why (reason); admin moves
 *   that the lifecycle does not allow are marked as overrides;
 * - orders remember when their payment window ends (payment_due_at, fixed at checkout so a later change of
 *   PAYMENT_WINDOW_HOURS does not move existing deadlines);
 * - domain_events: what happened, written in the transaction that made it happen; jobs hang off them.
 * Existing audit rows were written by checkout (the customer) or by an admin.
 */
export class OrderEngine1763900000000 implements MigrationInterface {
  name = 'OrderEngine1763900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE order_events
        ADD COLUMN actor_kind text,
        ADD COLUMN reason text,
        ADD COLUMN override boolean NOT NULL DEFAULT false;
      UPDATE order_events SET actor_kind = CASE WHEN from_status IS NULL THEN 'customer' ELSE 'admin' END;
      ALTER TABLE order_events
        ALTER COLUMN actor_kind SET NOT NULL,
        ADD CONSTRAINT order_events_actor_kind_check CHECK (actor_kind IN ('customer', 'admin', 'system'));

      -- Checkout sets it from PAYMENT_WINDOW_HOURS; the default covers rows written outside checkout (imports).
      ALTER TABLE orders ADD COLUMN payment_due_at timestamptz;
      UPDATE orders SET payment_due_at = created_at + interval '24 hours';
      ALTER TABLE orders
        ALTER COLUMN payment_due_at SET NOT NULL,
        ALTER COLUMN payment_due_at SET DEFAULT now() + interval '24 hours';

      CREATE TABLE domain_events (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        type text NOT NULL,
        payload jsonb NOT NULL,
        occurred_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX domain_events_occurred_idx ON domain_events (occurred_at);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TABLE domain_events;
      ALTER TABLE orders DROP COLUMN payment_due_at;
      ALTER TABLE order_events DROP COLUMN override, DROP COLUMN reason, DROP COLUMN actor_kind;
    `);
  }
}
