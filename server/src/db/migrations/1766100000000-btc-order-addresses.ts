import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An address per Bitcoin order (BTC_XPUB, docs/payments.md "An address per Bitcoin order"):
 * - derivation_counters (payments module): per extended key (`account`, its fingerprint), the next receive index to
 *   hand out. A checkout takes it with one UPDATE, whose row lock keeps concurrent checkouts in line until commit; a
 *   checkout that rolls back gives its index back with it.
 * - derived_addresses (payments module): every address handed out, with its index: never twice (the primary key and the
 *   address's UNIQUE), and what the admin's gap warning reads.
 * - orders.address_index, held_quotes.address_index (orders module): the index of the order's or quote's own address;
 *   null for the store's single address. An own address is one order's (and its held quote's): UNIQUE per method.
 * - payment_offset may be 0: with an address of its own, the amount to send is the quote itself.
 */
export class BtcOrderAddresses1766100000000 implements MigrationInterface {
  name = 'BtcOrderAddresses1766100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE derivation_counters (
        account text PRIMARY KEY,
        method text NOT NULL,
        next_index integer NOT NULL DEFAULT 0 CHECK (next_index >= 0)
      );
      CREATE TABLE derived_addresses (
        account text NOT NULL REFERENCES derivation_counters (account),
        derivation_index integer NOT NULL CHECK (derivation_index >= 0),
        method text NOT NULL,
        address text NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (account, derivation_index)
      );

      ALTER TABLE orders ADD COLUMN address_index integer CHECK (address_index >= 0);
      ALTER TABLE held_quotes ADD COLUMN address_index integer CHECK (address_index >= 0);
      CREATE UNIQUE INDEX orders_own_address ON orders (payment_method, crypto_address) WHERE address_index IS NOT NULL;
      CREATE UNIQUE INDEX held_quotes_own_address ON held_quotes (payment_method, crypto_address)
        WHERE address_index IS NOT NULL;
      -- The watcher's list of own addresses awaiting a payment (open, or ended within LATE_PAYMENT_DAYS).
      CREATE INDEX orders_own_address_due_idx ON orders (payment_method, payment_due_at) WHERE address_index IS NOT NULL;

      ALTER TABLE orders DROP CONSTRAINT orders_payment_offset_check,
        ADD CONSTRAINT orders_payment_offset_check
          CHECK (payment_offset > 0 OR (payment_offset = 0 AND address_index IS NOT NULL));
      ALTER TABLE held_quotes DROP CONSTRAINT held_quotes_payment_offset_check,
        ADD CONSTRAINT held_quotes_payment_offset_check
          CHECK (payment_offset > 0 OR (payment_offset = 0 AND address_index IS NOT NULL));
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DELETE FROM held_quotes WHERE address_index IS NOT NULL;
      ALTER TABLE held_quotes DROP CONSTRAINT held_quotes_payment_offset_check,
        ADD CONSTRAINT held_quotes_payment_offset_check CHECK (payment_offset > 0);
      ALTER TABLE orders DROP CONSTRAINT orders_payment_offset_check;
      UPDATE orders SET payment_offset = NULL WHERE payment_offset = 0;
      ALTER TABLE orders ADD CONSTRAINT orders_payment_offset_check CHECK (payment_offset > 0);
      DROP INDEX orders_own_address_due_idx;
      DROP INDEX held_quotes_own_address;
      DROP INDEX orders_own_address;
      ALTER TABLE held_quotes DROP COLUMN address_index;
      ALTER TABLE orders DROP COLUMN address_index;
      DROP TABLE derived_addresses;
      DROP TABLE derivation_counters;
    `);
  }
}
