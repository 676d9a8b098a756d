import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Key delivery (docs/inventory.md):
 * - product_keys.delivered_at: when the key was given to its order's customer;
 * - products.download_file_id: the file a DOWNLOAD product gives with its key;
 * - products.keys_in_stock: whether the product's keys last covered its minimum quantity, as last announced (the
 *   catalogue and webhooks are told when it flips; the stock itself is always counted from the keys).
 */
export class KeyDelivery1764400000000 implements MigrationInterface {
  name = 'KeyDelivery1764400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE product_keys ADD COLUMN delivered_at timestamptz,
        ADD CONSTRAINT product_keys_delivered_check CHECK ((delivered_at IS NOT NULL) = (status = 'delivered'));
      ALTER TABLE products ADD COLUMN download_file_id uuid REFERENCES stored_files (id),
        ADD COLUMN keys_in_stock boolean;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE products DROP COLUMN keys_in_stock, DROP COLUMN download_file_id;
      ALTER TABLE product_keys DROP CONSTRAINT product_keys_delivered_check, DROP COLUMN delivered_at;
    `);
  }
}
