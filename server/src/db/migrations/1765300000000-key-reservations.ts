import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Reservations end (docs/inventory.md "Reservation"):
 *
 * - orders.keys_reserved_until: until when a PENDING order's licence keys are held for it (RESERVATION_MINUTES after
 *   checkout); null once it holds none. Past it, with no payment seen on chain, the keys go back to stock.
 *   Orders placed before this migration that still hold keys get an hour from now; the minutely sweep ends them.
 * - orders.awaiting_stock_since: a paid order whose keys were released before its payment arrived and that found
 *   too few in stock to deliver; cleared when it is delivered.
 * - The 'awaiting_stock' e-mail tells the customer so.
 * - An index on the holding orders, for the sweep and the per-account cap of unpaid keys.
 */
export class KeyReservations1765300000000 implements MigrationInterface {
  name = 'KeyReservations1765300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE orders ADD COLUMN keys_reserved_until timestamptz, ADD COLUMN awaiting_stock_since timestamptz;
      UPDATE orders o SET keys_reserved_until = now() + interval '1 hour'
        WHERE o.status = 'pending' AND EXISTS (SELECT 1 FROM product_keys k WHERE k.order_id = o.id AND k.status = 'reserved');
      CREATE INDEX orders_keys_held_idx ON orders (user_id, keys_reserved_until) WHERE keys_reserved_until IS NOT NULL;
      ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check,
        ADD CONSTRAINT notifications_kind_check CHECK (kind IN ('order_received', 'payment_confirmed',
          'payment_not_received', 'order_delivered', 'ticket_reply', 'payment_issue', 'awaiting_stock'));
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DELETE FROM notifications WHERE kind = 'awaiting_stock';
      ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check,
        ADD CONSTRAINT notifications_kind_check CHECK (kind IN ('order_received', 'payment_confirmed',
          'payment_not_received', 'order_delivered', 'ticket_reply', 'payment_issue'));
      DROP INDEX orders_keys_held_idx;
      ALTER TABLE orders DROP COLUMN keys_reserved_until, DROP COLUMN awaiting_stock_since;
    `);
  }
}
