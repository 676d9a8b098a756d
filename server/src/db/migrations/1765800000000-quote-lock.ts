import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The quote lock and held quotes (docs/payments.md "The quote lock"):
 *
 * - held_quotes: what checkout's step 2 shows before the order exists (`holdQuote`): the exact, unique amount to send,
 *   the address, the rate it was priced at, until `expires_at`. Its amount is held like an open order's; `order_id`
 *   is set when `placeOrder` uses it (once). Expired rows are deleted by the minutely sweep.
 * - orders.rate_usd / rate_source / rate_fetched_at: the rate the order was priced at (null for orders placed before).
 * - orders.quote_expires_at: until when a payment is judged at the order's amount; later ones are re-quoted.
 * - orders.payable_from: from when a payment counts for the order (the quote's hold, else the order's creation).
 * - orders.amount_due: what is still to send (an UNDERPAID order), in the method's currency; a payment of exactly that
 *   amount to the address pays it.
 * - orders.accepted_shortfall_cents: how much short, in dollar cents, a payment accepted within the payment tolerance
 *   (or re-quoted) was; the sales report adds them up.
 */
export class QuoteLock1765800000000 implements MigrationInterface {
  name = 'QuoteLock1765800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE held_quotes (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        product_id uuid NOT NULL REFERENCES products (id) ON DELETE CASCADE,
        quantity integer NOT NULL CHECK (quantity > 0),
        total_cents bigint NOT NULL CHECK (total_cents >= 0),
        payment_method text NOT NULL,
        crypto_address text NOT NULL,
        payment_amount_crypto numeric(30, 8) NOT NULL,
        payment_offset integer NOT NULL CHECK (payment_offset > 0),
        rate_usd numeric(30, 8) NOT NULL,
        rate_source text NOT NULL,
        rate_fetched_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        order_id uuid UNIQUE REFERENCES orders (id) ON DELETE SET NULL
      );
      -- The amounts held by quotes not yet used, read by every new order's and quote's unique amount.
      CREATE INDEX held_quotes_amount_idx ON held_quotes (payment_method, crypto_address, payment_amount_crypto)
        WHERE order_id IS NULL;
      CREATE INDEX held_quotes_expiry_idx ON held_quotes (expires_at) WHERE order_id IS NULL;

      ALTER TABLE orders ADD COLUMN rate_usd numeric(30, 8),
        ADD COLUMN rate_source text,
        ADD COLUMN rate_fetched_at timestamptz,
        ADD COLUMN quote_expires_at timestamptz,
        ADD COLUMN payable_from timestamptz,
        ADD COLUMN amount_due numeric(30, 8) CHECK (amount_due > 0),
        ADD COLUMN accepted_shortfall_cents integer CHECK (accepted_shortfall_cents > 0);
      CREATE INDEX orders_amount_due_idx ON orders (payment_method, crypto_address, amount_due)
        WHERE amount_due IS NOT NULL;
      -- The sales report's accepted shortfalls: few orders, read by the range they were placed in.
      CREATE INDEX orders_shortfall_idx ON orders (created_at) WHERE accepted_shortfall_cents IS NOT NULL;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP INDEX orders_shortfall_idx;
      DROP INDEX orders_amount_due_idx;
      ALTER TABLE orders DROP COLUMN rate_usd, DROP COLUMN rate_source, DROP COLUMN rate_fetched_at,
        DROP COLUMN quote_expires_at, DROP COLUMN payable_from, DROP COLUMN amount_due,
        DROP COLUMN accepted_shortfall_cents;
      DROP TABLE held_quotes;
    `);
  }
}
