import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Key inventory (docs/inventory.md):
 * - products.fulfilment: KEYS (licence keys from stock), DOWNLOAD (a file plus a licence key) or MANUAL (an admin
 *   delivers); existing products are MANUAL, as they were delivered by hand until now;
 * - product_keys: one licence key, encrypted (AES-256-GCM, iv ‖ tag ‖ ciphertext), with a keyed fingerprint that
 *   is unique per product (no key twice in stock), its status and the one order it belongs to. The checks tie the
 *   status to the order: an AVAILABLE or REVOKED key has none, a RESERVED or DELIVERED key exactly one, so a key
 *   can never be given to two orders.
 */
export class KeyInventory1764300000000 implements MigrationInterface {
  name = 'KeyInventory1764300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE products ADD COLUMN fulfilment text NOT NULL DEFAULT 'manual'
        CONSTRAINT products_fulfilment_check CHECK (fulfilment IN ('keys', 'download', 'manual'));

      CREATE TABLE product_keys (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        product_id uuid NOT NULL REFERENCES products (id),
        secret bytea NOT NULL,
        fingerprint bytea NOT NULL,
        status text NOT NULL DEFAULT 'available'
          CONSTRAINT product_keys_status_check CHECK (status IN ('available', 'reserved', 'delivered', 'revoked')),
        order_id uuid REFERENCES orders (id),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT product_keys_order_check CHECK ((order_id IS NOT NULL) = (status IN ('reserved', 'delivered')))
      );
      CREATE UNIQUE INDEX product_keys_fingerprint_key ON product_keys (product_id, fingerprint);
      -- Checkout takes available keys of one product oldest first.
      CREATE INDEX product_keys_available_idx ON product_keys (product_id, created_at) WHERE status = 'available';
      CREATE INDEX product_keys_order_idx ON product_keys (order_id) WHERE order_id IS NOT NULL;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TABLE product_keys;
      ALTER TABLE products DROP COLUMN fulfilment;
    `);
  }
}
