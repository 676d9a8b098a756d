import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The admin's order search (`adminOrders(search:)`, docs/product.md "Admin"): an exact amount and a transaction ID are
 * equality lookups, and no index led with those columns (the amount indexes start with the method and address, which
 * PostgreSQL 15 cannot skip; chain_payments' unique key starts with the method). An order ID prefix is a range on the
 * primary key, and names and e-mails use the pg_trgm indexes of migration 1764800000000: neither needs one here.
 */
export class OrderSearch1766000000000 implements MigrationInterface {
  name = 'OrderSearch1766000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE INDEX orders_payment_amount_search_idx ON orders (payment_amount_crypto);
      CREATE INDEX orders_transaction_id_idx ON orders (transaction_id) WHERE transaction_id IS NOT NULL;
      CREATE INDEX chain_payments_tx_id_idx ON chain_payments (tx_id);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP INDEX chain_payments_tx_id_idx;
      DROP INDEX orders_transaction_id_idx;
      DROP INDEX orders_payment_amount_search_idx;
    `);
  }
}
