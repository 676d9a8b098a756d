import type { MigrationInterface, QueryRunner } from 'typeorm';
import { mailKinds, setMailKinds } from '../mail-kinds';

const KINDS = ['SECOND_FACTOR_ADDED', 'SECOND_FACTORS_RESET'];

/**
 * The review of second factors (issue 30, docs/decisions.md "Adding the first factor"):
 *
 * - second_factor_checks.method: what the session proved. PASSWORD is the check of an account without a factor
 *   (a password sign-in, confirmPassword), enough to add its first factor and nothing else; the step-up of an
 *   account with a factor takes SECOND_FACTOR only, so a password checked before a factor was added (on another
 *   device) does not pass for one.
 * - passkey_challenges.family_id: the session that asked for a step-up challenge; only that session's answer counts.
 * - notifications.kind: SECOND_FACTOR_ADDED (a factor was added to the account) and SECOND_FACTORS_RESET (support
 *   cleared them).
 */
export class SecondFactorReview1767300000000 implements MigrationInterface {
  name = 'SecondFactorReview1767300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE second_factor_checks
      ADD COLUMN method text NOT NULL DEFAULT 'SECOND_FACTOR' CHECK (method IN ('SECOND_FACTOR', 'PASSWORD'))`);
    await q.query(`ALTER TABLE passkey_challenges ADD COLUMN family_id uuid`);
    await setMailKinds(q, [...(await mailKinds(q)), ...KINDS]);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM notifications WHERE kind = ANY($1)`, [KINDS]);
    await setMailKinds(
      q,
      (await mailKinds(q)).filter((kind) => !KINDS.includes(kind)),
    );
    await q.query(`ALTER TABLE passkey_challenges DROP COLUMN family_id`);
    await q.query(`ALTER TABLE second_factor_checks DROP COLUMN method`);
  }
}
