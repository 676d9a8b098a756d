import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The support desk (docs/product.md "Support desk"):
 * - ticket_messages: each ticket's thread, oldest first. The ticket's opening description is its first message
 *   (backfilled here for existing tickets), so a thread is one list whoever wrote what.
 * - support_tickets.status may be 'waiting_on_customer'.
 * - support_tickets.order_id: the customer's own order the ticket is about (optional).
 * - support_tickets.last_activity_at: the admin queue's order (newest activity first), keyset-paged on
 *   (last_activity_at, id) under each filter.
 * - support_tickets.awaiting_staff_since: since when the customer waits for a staff reply (null when staff owe
 *   nothing); the 24-hour reply clock and the overdue count read it.
 */
export class SupportDesk1764600000000 implements MigrationInterface {
  name = 'SupportDesk1764600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE support_tickets DROP CONSTRAINT support_tickets_status_check;
      ALTER TABLE support_tickets ADD CONSTRAINT support_tickets_status_check
        CHECK (status IN ('open', 'in_progress', 'waiting_on_customer', 'resolved', 'closed'));
      ALTER TABLE support_tickets
        ADD COLUMN order_id uuid REFERENCES orders (id) ON DELETE SET NULL,
        ADD COLUMN last_activity_at timestamptz NOT NULL DEFAULT now(),
        ADD COLUMN awaiting_staff_since timestamptz;
      UPDATE support_tickets SET
        last_activity_at = greatest(created_at, updated_at),
        awaiting_staff_since = CASE WHEN status IN ('open', 'in_progress') THEN created_at END;

      CREATE INDEX support_tickets_activity_idx ON support_tickets (last_activity_at DESC, id DESC);
      CREATE INDEX support_tickets_status_activity_idx ON support_tickets (status, last_activity_at DESC, id DESC);
      CREATE INDEX support_tickets_priority_activity_idx ON support_tickets (priority, last_activity_at DESC, id DESC);
      CREATE INDEX support_tickets_category_activity_idx ON support_tickets (category, last_activity_at DESC, id DESC);
      CREATE INDEX support_tickets_awaiting_idx ON support_tickets (awaiting_staff_since)
        WHERE awaiting_staff_since IS NOT NULL AND status IN ('open', 'in_progress');
      CREATE INDEX support_tickets_order_idx ON support_tickets (order_id) WHERE order_id IS NOT NULL;

      CREATE TABLE ticket_messages (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        ticket_id uuid NOT NULL REFERENCES support_tickets (id) ON DELETE CASCADE,
        author_id uuid REFERENCES users (id) ON DELETE SET NULL,
        from_staff boolean NOT NULL,
        body text NOT NULL CHECK (char_length(body) BETWEEN 1 AND 5000),
        created_at timestamptz NOT NULL DEFAULT clock_timestamp()
      );
      CREATE INDEX ticket_messages_ticket_idx ON ticket_messages (ticket_id, created_at, id);

      INSERT INTO ticket_messages (ticket_id, author_id, from_staff, body, created_at)
      SELECT id, user_id, false, description, created_at FROM support_tickets;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TABLE ticket_messages;
      UPDATE support_tickets SET status = 'open' WHERE status = 'waiting_on_customer';
      ALTER TABLE support_tickets DROP CONSTRAINT support_tickets_status_check;
      ALTER TABLE support_tickets ADD CONSTRAINT support_tickets_status_check
        CHECK (status IN ('open', 'in_progress', 'resolved', 'closed'));
      ALTER TABLE support_tickets DROP COLUMN order_id, DROP COLUMN last_activity_at, DROP COLUMN awaiting_staff_since;
    `);
  }
}
