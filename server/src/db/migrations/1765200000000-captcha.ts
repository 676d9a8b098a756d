import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Solved CAPTCHA challenges already accepted (server/src/captcha/captcha.service.ts): each is good for one sign-up or
 * checkout, on whichever replica it arrives, so the record is in PostgreSQL and the insert's conflict decides.
 *
 * - signature: the challenge's HMAC (hex), which names exactly one challenge the store issued.
 * - expires_at: the challenge's own expiry; past it the challenge is refused as expired anyway, so the row is pruned
 *   (with a margin for replicas' clocks, captcha.service.ts).
 */
export class Captcha1765200000000 implements MigrationInterface {
  name = 'Captcha1765200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE captcha_challenges_used (
        signature text PRIMARY KEY,
        expires_at timestamptz NOT NULL
      );
      CREATE INDEX captcha_challenges_used_expires_at ON captcha_challenges_used (expires_at);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE captcha_challenges_used`);
  }
}
