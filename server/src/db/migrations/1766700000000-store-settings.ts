import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The shop as its owner names it (docs/product.md "Store settings"), owned by the store-settings module: one row, the
 * name, contacts and the texts of the Terms, Refund and Privacy pages. No row means the defaults
 * (common/store-settings.ts); the admin's first save inserts it. The lengths mirror the API's checks.
 *
 * Every process keeps the settings in memory (they are read on every page render); a trigger publishes the bus's
 * 'store-settings' topic for every statement that changes the row, so every process drops its copy on commit, whoever
 * wrote it (the admin's Settings tab or an operator's SQL).
 */
export class StoreSettings1766700000000 implements MigrationInterface {
  name = 'StoreSettings1766700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE store_settings (
        id boolean PRIMARY KEY DEFAULT true CONSTRAINT store_settings_one_row CHECK (id),
        store_name text NOT NULL CONSTRAINT store_settings_store_name_check CHECK (store_name <> '' AND length(store_name) <= 60),
        support_email text NOT NULL CONSTRAINT store_settings_support_email_check CHECK (support_email <> '' AND length(support_email) <= 255),
        support_phone text NOT NULL CONSTRAINT store_settings_support_phone_check CHECK (length(support_phone) <= 40),
        support_hours text NOT NULL CONSTRAINT store_settings_support_hours_check CHECK (support_hours <> '' AND length(support_hours) <= 60),
        time_zone text NOT NULL CONSTRAINT store_settings_time_zone_check CHECK (time_zone <> '' AND length(time_zone) <= 64),
        terms_text text NOT NULL CONSTRAINT store_settings_terms_text_check CHECK (terms_text <> '' AND length(terms_text) <= 20000),
        refund_text text NOT NULL CONSTRAINT store_settings_refund_text_check CHECK (refund_text <> '' AND length(refund_text) <= 20000),
        privacy_text text NOT NULL CONSTRAINT store_settings_privacy_text_check CHECK (privacy_text <> '' AND length(privacy_text) <= 20000),
        updated_at timestamptz NOT NULL DEFAULT now(),
        updated_by uuid REFERENCES users (id) ON DELETE SET NULL
      );

      CREATE FUNCTION store_settings_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('store_events', '{"topic":"store-settings","id":""}');
        RETURN NULL;
      END $$;
      CREATE TRIGGER store_settings_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON store_settings
        FOR EACH STATEMENT EXECUTE FUNCTION store_settings_changed();
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE store_settings; DROP FUNCTION store_settings_changed();`);
  }
}
