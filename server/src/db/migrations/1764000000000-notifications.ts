import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The e-mail outbox (docs/jobs-and-events.md "E-mail"): one row per message, written by the consumer of domain
 * events and sent by its own job. `(event_id, kind)` is unique, so a consumer job that runs again after a crash
 * writes nothing twice. Messages outlive the rows they tell about (SET NULL), being the record of what was sent.
 */
export class Notifications1764000000000 implements MigrationInterface {
  name = 'Notifications1764000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE notifications (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        kind text NOT NULL CHECK (kind IN ('order_received', 'payment_confirmed', 'payment_not_received',
                                           'order_delivered', 'ticket_reply')),
        to_address text NOT NULL,
        subject text NOT NULL,
        text_body text NOT NULL,
        html_body text NOT NULL,
        status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'failed', 'not_sent')),
        attempts integer NOT NULL DEFAULT 0,
        last_error text,
        event_id uuid,
        order_id uuid REFERENCES orders (id) ON DELETE SET NULL,
        ticket_id uuid REFERENCES support_tickets (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz
      );
      CREATE UNIQUE INDEX notifications_event_kind_key ON notifications (event_id, kind);
      CREATE INDEX notifications_created_idx ON notifications (created_at DESC, id DESC);
      -- For the foreign keys' SET NULL (and an order's or ticket's messages).
      CREATE INDEX notifications_order_idx ON notifications (order_id) WHERE order_id IS NOT NULL;
      CREATE INDEX notifications_ticket_idx ON notifications (ticket_id) WHERE ticket_id IS NOT NULL;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE notifications`);
  }
}
