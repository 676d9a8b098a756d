import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Licence keys are compared in one normalised form since imports and revocations share `normalizeKeyValue`
 * (docs/inventory.md "Import"). Keys imported before kept the fingerprint of their text as it was, a trailing no-break
 * space included, so the same key imported again would not be found as a duplicate. `fingerprint_normalized` marks the
 * rows whose fingerprint is of the normalised form: false for every key in stock now (the `keys:normalize-fingerprints`
 * job, which can decrypt them, re-fingerprints and marks them), true for every key written from now on.
 */
export class KeyFingerprintsNormalized1765500000000 implements MigrationInterface {
  name = 'KeyFingerprintsNormalized1765500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE product_keys ADD COLUMN fingerprint_normalized boolean NOT NULL DEFAULT false;
      ALTER TABLE product_keys ALTER COLUMN fingerprint_normalized SET DEFAULT true;
      CREATE INDEX product_keys_unnormalized_idx ON product_keys (id) WHERE NOT fingerprint_normalized;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP INDEX product_keys_unnormalized_idx;
      ALTER TABLE product_keys DROP COLUMN fingerprint_normalized;
    `);
  }
}
