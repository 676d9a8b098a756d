import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * USDT on Ethereum (`USDT_ERC20`, docs/payments.md), the fourth method read from a chain: the database's one list of
 * methods (`orders.payment_method`; `chain_payments.method`, `held_quotes` and the sales rollup have none, by design)
 * gains it. Nothing else changes: chain records and watch positions are keyed by method already, so USDT_ERC20 and
 * ETH may share an address.
 */
export class UsdtErc20Method1766200000000 implements MigrationInterface {
  name = 'UsdtErc20Method1766200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE orders DROP CONSTRAINT orders_payment_method_check,
        ADD CONSTRAINT orders_payment_method_check
          CHECK (payment_method IN ('USDT_TRC20', 'BTC', 'ETH', 'USDT_ERC20', 'PAYPAL', 'SKRILL'));
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    // Refused while a USDT_ERC20 order exists: its method would have no name.
    await q.query(`
      ALTER TABLE orders DROP CONSTRAINT orders_payment_method_check,
        ADD CONSTRAINT orders_payment_method_check
          CHECK (payment_method IN ('USDT_TRC20', 'BTC', 'ETH', 'PAYPAL', 'SKRILL'));
    `);
  }
}
