import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Webhooks for integrators (docs/jobs-and-events.md "Webhooks"):
 * - webhook_endpoints: where to POST which events, and the secret deliveries are signed with (kept in clear because
 *   signing needs it; the API shows it once, at creation);
 * - webhook_deliveries: one row per endpoint and event (unique, so a consumer job that runs again after a crash queues
 *   nothing twice), holding the body exactly as sent on every attempt and the log of the last attempt. Deleting an
 *   endpoint deletes its log. `event_id` has no foreign key, as in `notifications`: the log outlives the event row.
 */
export class Webhooks1764100000000 implements MigrationInterface {
  name = 'Webhooks1764100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE webhook_endpoints (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        url text NOT NULL CHECK (length(url) <= 2048),
        events text[] NOT NULL CHECK (cardinality(events) > 0),
        secret text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        created_by uuid REFERENCES users (id) ON DELETE SET NULL,
        active boolean NOT NULL DEFAULT true
      );

      CREATE TABLE webhook_deliveries (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        endpoint_id uuid NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
        event_id uuid NOT NULL,
        event_type text NOT NULL,
        payload jsonb NOT NULL,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        last_status_code integer,
        last_duration_ms integer,
        last_response text,
        last_error text,
        next_attempt_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        delivered_at timestamptz,
        CONSTRAINT webhook_deliveries_endpoint_event_key UNIQUE (endpoint_id, event_id)
      );
      -- An endpoint's log, newest first (WebhookEndpoint.deliveries).
      CREATE INDEX webhook_deliveries_endpoint_created_idx ON webhook_deliveries (endpoint_id, created_at DESC, id DESC);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE webhook_deliveries; DROP TABLE webhook_endpoints;`);
  }
}
