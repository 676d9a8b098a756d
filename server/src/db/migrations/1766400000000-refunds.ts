import type { MigrationInterface, QueryRunner } from 'typeorm';
import { mailKinds, setMailKinds } from '../mail-kinds';

/** The refund mails (NotificationKind): the customer's at each step, the admins' once a refund is to pay. */
const REFUND_MAIL_KINDS = [
  'REFUND_OFFERED',
  'REFUND_CLAIMED',
  'REFUND_TO_PAY',
  'REFUND_SENT',
  'REFUND_PAID',
  'REFUND_CANCELLED',
];

/**
 * Refunds paid on chain (docs/payments.md "Refunds"), owned by server/src/refunds/:
 *
 * - refunds: one offer of money back for an order, in the order's coin (`method`, `amount` in its decimals), with the
 *   admin's reason; the address the customer claimed it to, the transaction the admin recorded, and what the chain
 *   showed of it (`tx_problem`: why that transaction does not pay the refund, null while it may). CHECKs tie the status
 *   to the columns it needs. A transaction pays one refund: unique per method, compared as hexTxId does (any case,
 *   without 0x).
 * - notifications.kind: the refund mails. The list is read from the constraint as it is, so the kinds other
 *   migrations add stay whatever order they run in.
 */
export class Refunds1766400000000 implements MigrationInterface {
  name = 'Refunds1766400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE refunds (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        order_id uuid NOT NULL REFERENCES orders (id),
        method text NOT NULL,
        status text NOT NULL DEFAULT 'OFFERED' CHECK (status IN ('OFFERED', 'CLAIMED', 'SENT', 'PAID', 'CANCELLED')),
        amount numeric(30, 8) NOT NULL CHECK (amount > 0),
        reason text NOT NULL CHECK (char_length(reason) BETWEEN 1 AND 500),
        address text CHECK (char_length(address) <= 200),
        tx_id text CHECK (char_length(tx_id) <= 100),
        tx_problem text,
        confirmations integer,
        created_by uuid REFERENCES users (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        claimed_at timestamptz,
        sent_at timestamptz,
        paid_at timestamptz,
        cancelled_at timestamptz,
        CONSTRAINT refunds_claimed_has_address CHECK (status IN ('OFFERED', 'CANCELLED') OR address IS NOT NULL),
        CONSTRAINT refunds_sent_has_tx CHECK (status NOT IN ('SENT', 'PAID') OR tx_id IS NOT NULL),
        CONSTRAINT refunds_paid_when CHECK ((status = 'PAID') = (paid_at IS NOT NULL))
      );
      CREATE INDEX refunds_order_idx ON refunds (order_id, created_at);
      CREATE INDEX refunds_open_idx ON refunds (status, created_at) WHERE status IN ('CLAIMED', 'SENT');
      CREATE UNIQUE INDEX refunds_tx_key ON refunds (method, replace(lower(tx_id), '0x', '')) WHERE tx_id IS NOT NULL;
    `);
    const kinds = await mailKinds(q);
    await setMailKinds(q, [...kinds, ...REFUND_MAIL_KINDS.filter((k) => !kinds.includes(k))]);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM notifications WHERE kind = ANY($1)`, [REFUND_MAIL_KINDS]);
    await setMailKinds(
      q,
      (await mailKinds(q)).filter((k) => !REFUND_MAIL_KINDS.includes(k)),
    );
    await q.query(`DROP TABLE refunds`);
  }
}
