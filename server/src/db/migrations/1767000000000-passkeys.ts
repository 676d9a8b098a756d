import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Passkeys (docs/staff-and-permissions.md "Passkeys"), owned by the accounts module.
 *
 * - passkeys: the WebAuthn credentials of an account: the credential id (base64url, unique across the store, as an
 *   authenticator makes a new one per account), its COSE public key, the signature counter the last assertion
 *   reported (one that does not go up means a cloned authenticator), the transports the browser reported, the
 *   person's name for it, when it was added and last used.
 * - passkey_challenges: what the authenticator signs when adding a passkey, signing in with one alone, or confirming a
 *   sensitive action: SHA-256 of the random challenge, five minutes, single use (used_at set on the first attempt,
 *   right or wrong). user_id is null for a sign-in, where nobody is known yet. The second factor after a password
 *   signs the password's sign_in_challenges value instead, so it has no row here.
 */
export class Passkeys1767000000000 implements MigrationInterface {
  name = 'Passkeys1767000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE passkeys (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        credential_id text NOT NULL CONSTRAINT passkeys_credential_id_unique UNIQUE,
        public_key bytea NOT NULL,
        counter bigint NOT NULL DEFAULT 0 CHECK (counter >= 0),
        transports text[] NOT NULL DEFAULT '{}',
        name text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz
      );
      CREATE INDEX passkeys_user_idx ON passkeys (user_id);
      CREATE TABLE passkey_challenges (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        challenge_hash text NOT NULL CONSTRAINT passkey_challenges_hash_unique UNIQUE,
        purpose text NOT NULL CHECK (purpose IN ('REGISTRATION', 'SIGN_IN', 'STEP_UP')),
        user_id uuid REFERENCES users (id) ON DELETE CASCADE,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((purpose = 'SIGN_IN') = (user_id IS NULL))
      );
      CREATE INDEX passkey_challenges_expires_idx ON passkey_challenges (expires_at);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE passkey_challenges, passkeys`);
  }
}
