import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Payments read from the chains (docs/payments.md):
 * - chain_payments: each payment to one of our addresses the store has seen (an ETH transaction's value, a TRC-20
 *   Transfer log, a BTC output), the order it paid (null while it matches none), its confirmations. One row per
 *   network + transaction + output/log index: a payment pays at most one order, enforced here, not only in code.
 * - chain_watch_positions: how far each watched address has been read, per chain.
 * - orders.payment_offset: the per-order offset (in the method's smallest shown unit) that made the amount to send
 *   unique; null for orders placed before. orders_open_payment_amount keeps two open orders from sharing an amount.
 * - orders.payment_issue / payment_issue_kind: what is wrong with the payment (under-, over-, late, failed, …);
 *   notifications may now be a payment issue's e-mail.
 */
export class ChainPayments1764500000000 implements MigrationInterface {
  name = 'ChainPayments1764500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE chain_payments (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        network text NOT NULL CHECK (network IN ('eth', 'tron', 'btc')),
        tx_id text NOT NULL,
        output_index integer NOT NULL CHECK (output_index >= 0),
        to_address text NOT NULL,
        amount numeric(40, 18) NOT NULL CHECK (amount > 0),
        order_id uuid REFERENCES orders (id),
        -- 'amount': it is the order's unique amount; 'transaction_id': the customer typed its id (not its amount).
        matched_by text CHECK (matched_by IN ('amount', 'transaction_id')),
        status text NOT NULL DEFAULT 'detected' CHECK (status IN ('detected', 'confirmed', 'failed')),
        block_number bigint,
        block_time timestamptz,
        confirmations integer NOT NULL DEFAULT 0,
        required_confirmations integer NOT NULL CHECK (required_confirmations > 0),
        detected_at timestamptz NOT NULL DEFAULT now(),
        confirmed_at timestamptz,
        CONSTRAINT chain_payments_output_unique UNIQUE (network, tx_id, output_index),
        CONSTRAINT chain_payments_confirmed_check CHECK ((confirmed_at IS NOT NULL) = (status = 'confirmed'))
      );
      CREATE INDEX chain_payments_order_idx ON chain_payments (order_id, detected_at);
      CREATE INDEX chain_payments_unconfirmed_idx ON chain_payments (network) WHERE status = 'detected';

      CREATE TABLE chain_watch_positions (
        network text NOT NULL,
        address text NOT NULL,
        position bigint NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (network, address)
      );

      ALTER TABLE orders ADD COLUMN payment_offset integer CHECK (payment_offset > 0),
        ADD COLUMN payment_issue text,
        ADD COLUMN payment_issue_kind text,
        ADD CONSTRAINT orders_payment_issue_check CHECK ((payment_issue IS NULL) = (payment_issue_kind IS NULL));
      CREATE UNIQUE INDEX orders_open_payment_amount ON orders (payment_method, crypto_address, payment_amount_crypto)
        WHERE status = 'pending' AND payment_offset IS NOT NULL;
      CREATE INDEX orders_payment_amount_idx ON orders (payment_method, crypto_address, payment_amount_crypto);
      -- The poll's reads, each proportional to what it returns, not to the order history: the oldest order still
      -- waiting at an address, and the transaction ids customers typed that are not found yet.
      CREATE INDEX orders_payment_window_idx ON orders (payment_method, crypto_address, payment_due_at)
        WHERE payment_offset IS NOT NULL;
      CREATE INDEX orders_typed_transaction_idx ON orders (payment_method, payment_due_at)
        WHERE status = 'pending' AND transaction_id IS NOT NULL;

      ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check,
        ADD CONSTRAINT notifications_kind_check CHECK (kind IN ('order_received', 'payment_confirmed',
          'payment_not_received', 'order_delivered', 'ticket_reply', 'payment_issue'));
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DELETE FROM notifications WHERE kind = 'payment_issue';
      ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check,
        ADD CONSTRAINT notifications_kind_check CHECK (kind IN ('order_received', 'payment_confirmed',
          'payment_not_received', 'order_delivered', 'ticket_reply'));
      DROP INDEX orders_typed_transaction_idx;
      DROP INDEX orders_payment_window_idx;
      DROP INDEX orders_payment_amount_idx;
      DROP INDEX orders_open_payment_amount;
      ALTER TABLE orders DROP CONSTRAINT orders_payment_issue_check, DROP COLUMN payment_issue_kind,
        DROP COLUMN payment_issue, DROP COLUMN payment_offset;
      DROP TABLE chain_watch_positions;
      DROP TABLE chain_payments;
    `);
  }
}
