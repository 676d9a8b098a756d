import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Domain events are dispatched in batches (docs/jobs-and-events.md "Dispatch"):
 * - `dispatched_at` marks the events handed to every consumer; the partial index finds the pending ones;
 * - a statement trigger publishes the `domain-events` topic on the live-update bus (channel `store_events`, the
 *   bus's format, see server/src/core/event-bus.ts), delivered when the inserting transaction commits and sent
 *   once per transaction however many events it records: that wakes the dispatcher.
 * Events recorded before this migration were dispatched by their own jobs.
 */
export class DomainEventDispatch1764200000000 implements MigrationInterface {
  name = 'DomainEventDispatch1764200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE domain_events ADD COLUMN dispatched_at timestamptz;
      UPDATE domain_events SET dispatched_at = occurred_at;
      CREATE INDEX domain_events_pending_idx ON domain_events (occurred_at, id) WHERE dispatched_at IS NULL;

      CREATE FUNCTION domain_events_wake_dispatcher() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('store_events', '{"topic":"domain-events","id":""}');
        RETURN NULL;
      END $$;
      CREATE TRIGGER domain_events_wake_dispatcher AFTER INSERT ON domain_events
        FOR EACH STATEMENT EXECUTE FUNCTION domain_events_wake_dispatcher();
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TRIGGER domain_events_wake_dispatcher ON domain_events;
      DROP FUNCTION domain_events_wake_dispatcher();
      DROP INDEX domain_events_pending_idx;
      ALTER TABLE domain_events DROP COLUMN dispatched_at;
    `);
  }
}
