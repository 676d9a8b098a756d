import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Two-factor sign-in (docs/staff-and-permissions.md "Two-factor sign-in"), owned by the accounts module.
 *
 * - totp_factors: one authenticator per account. The secret is stored encrypted (AES-256-GCM, key derived from
 *   JWT_SECRET) and never returned after enrolment; confirmed_at is null while enrolment waits for its first code;
 *   last_used_step is the RFC 6238 time step of the last accepted code, so a code is never taken twice.
 * - recovery_codes: ten single-use codes per confirmed factor, stored as SHA-256 (they are 80 random bits each, so a
 *   fast hash is enough, as for refresh tokens).
 * - sign_in_challenges: what a password sign-in of an account with a second factor answers instead of tokens: a random
 *   value stored as SHA-256, five minutes, single use (used_at); one older than the account's sessions_ended_at (a
 *   password reset or change since) is refused.
 * - second_factor_checks: when each session (refresh family) last proved the second factor, for the step-up of
 *   sensitive actions (10 minutes).
 */
export class TwoFactor1766800000000 implements MigrationInterface {
  name = 'TwoFactor1766800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE totp_factors (
        user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
        secret_encrypted text NOT NULL,
        confirmed_at timestamptz,
        last_used_step bigint,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE recovery_codes (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        code_hash text NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT recovery_codes_user_code_unique UNIQUE (user_id, code_hash)
      );
      CREATE TABLE sign_in_challenges (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        token_hash text NOT NULL CONSTRAINT sign_in_challenges_token_hash_unique UNIQUE,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX sign_in_challenges_user_idx ON sign_in_challenges (user_id);
      CREATE TABLE second_factor_checks (
        family_id uuid PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        checked_at timestamptz NOT NULL
      );
      CREATE INDEX second_factor_checks_user_idx ON second_factor_checks (user_id);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE second_factor_checks, sign_in_challenges, recovery_codes, totp_factors`);
  }
}
