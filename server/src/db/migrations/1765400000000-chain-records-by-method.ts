import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Chain records keyed by payment method (the asset), not by network (docs/payments.md "Confirmation"): two methods on
 * one chain and one address (ETH and a token on Ethereum) keep their own watch position and their own unconfirmed
 * payments, each read by its own reader.
 * - chain_payments.method replaces network (the chain follows from the method's definition); one row per method +
 *   transaction + output/log index, so an ETH value (index 0) and a token's Transfer log 0 in one transaction are two
 *   payments; the unconfirmed payments are found by method.
 * - chain_watch_positions is keyed by (method, address).
 * The three methods read so far map one to one: eth → eth, tron → usdt_trc20, btc → btc.
 */
export class ChainRecordsByMethod1765400000000 implements MigrationInterface {
  name = 'ChainRecordsByMethod1765400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE chain_payments ADD COLUMN method text;
      UPDATE chain_payments SET method = CASE network WHEN 'tron' THEN 'usdt_trc20' ELSE network END;
      DROP INDEX chain_payments_unconfirmed_idx;
      ALTER TABLE chain_payments ALTER COLUMN method SET NOT NULL,
        DROP CONSTRAINT chain_payments_output_unique,
        DROP COLUMN network,
        ADD CONSTRAINT chain_payments_output_unique UNIQUE (method, tx_id, output_index);
      CREATE INDEX chain_payments_unconfirmed_idx ON chain_payments (method) WHERE status = 'detected';

      ALTER TABLE chain_watch_positions ADD COLUMN method text;
      UPDATE chain_watch_positions SET method = CASE network WHEN 'tron' THEN 'usdt_trc20' ELSE network END;
      ALTER TABLE chain_watch_positions ALTER COLUMN method SET NOT NULL,
        DROP CONSTRAINT chain_watch_positions_pkey,
        DROP COLUMN network,
        ADD PRIMARY KEY (method, address);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE chain_watch_positions ADD COLUMN network text;
      UPDATE chain_watch_positions SET network = CASE method WHEN 'usdt_trc20' THEN 'tron' ELSE method END;
      ALTER TABLE chain_watch_positions ALTER COLUMN network SET NOT NULL,
        DROP CONSTRAINT chain_watch_positions_pkey,
        DROP COLUMN method,
        ADD PRIMARY KEY (network, address);

      ALTER TABLE chain_payments ADD COLUMN network text;
      UPDATE chain_payments SET network = CASE method WHEN 'usdt_trc20' THEN 'tron' ELSE method END;
      DROP INDEX chain_payments_unconfirmed_idx;
      ALTER TABLE chain_payments ALTER COLUMN network SET NOT NULL,
        ADD CONSTRAINT chain_payments_network_check CHECK (network IN ('eth', 'tron', 'btc')),
        DROP CONSTRAINT chain_payments_output_unique,
        DROP COLUMN method,
        ADD CONSTRAINT chain_payments_output_unique UNIQUE (network, tx_id, output_index);
      CREATE INDEX chain_payments_unconfirmed_idx ON chain_payments (network) WHERE status = 'detected';
    `);
  }
}
