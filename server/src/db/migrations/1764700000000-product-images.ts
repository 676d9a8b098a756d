import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Catalogue editor (docs/product.md "Catalogue editor"): an image uploaded by an admin is a stored file
 * (kind 'product_image', served publicly at /product-images/<id>.<ext>); `products.image_file_id` names it, so
 * replacing the image deletes the old file in the same transaction. Seeded products keep their static
 * /images/products/<slug>.svg path in `image` and no file.
 */
export class ProductImages1764700000000 implements MigrationInterface {
  name = 'ProductImages1764700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE products ADD COLUMN image_file_id uuid REFERENCES stored_files (id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE products DROP COLUMN image_file_id`);
  }
}
