import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The installation guides announce their own changes: the app never writes them (the seed and operators' SQL do), and
 * each process keeps the rendered /guides page until they change (server/src/guides/guide.service.ts). A statement
 * trigger publishes the `guides` topic on the live-update bus (channel `store_events`, the bus's format, see
 * server/src/core/event-bus.ts) for any insert, update, delete or truncate, delivered when the change commits.
 */
export class GuidesNotify1765000000000 implements MigrationInterface {
  name = 'GuidesNotify1765000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION installation_guides_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('store_events', '{"topic":"guides","id":""}');
        RETURN NULL;
      END $$;
      CREATE TRIGGER installation_guides_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON installation_guides
        FOR EACH STATEMENT EXECUTE FUNCTION installation_guides_changed();
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TRIGGER installation_guides_changed ON installation_guides;
      DROP FUNCTION installation_guides_changed();
    `);
  }
}
