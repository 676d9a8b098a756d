import type { MigrationInterface, QueryRunner } from 'typeorm';
import { mailKinds, setMailKinds } from '../mail-kinds';

/**
 * Payments a chain reorganisation took back (docs/payments.md "Reorganisations"):
 *
 * - chain_payments.reorged_at: when a payment that had reached its confirmations was found gone from the chain, or in
 *   a later block below them. It stays set (the payment is re-read as any unconfirmed one, and may confirm again).
 * - chain_payments.missing_since: a confirmed payment the node did not know on its last re-read; gone only when the
 *   next re-read misses it too (a node may not know a transaction for a moment).
 * - notifications.kind: PAYMENT_REORGED, the staff's mail about a paid order whose payment went.
 */
export class PaymentReorgs1766500000000 implements MigrationInterface {
  name = 'PaymentReorgs1766500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE chain_payments ADD COLUMN reorged_at timestamptz, ADD COLUMN missing_since timestamptz`);
    await setMailKinds(q, [...(await mailKinds(q)), 'PAYMENT_REORGED']);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM notifications WHERE kind = 'PAYMENT_REORGED'`);
    await setMailKinds(
      q,
      (await mailKinds(q)).filter((kind) => kind !== 'PAYMENT_REORGED'),
    );
    await q.query(`ALTER TABLE chain_payments DROP COLUMN reorged_at, DROP COLUMN missing_since`);
  }
}
