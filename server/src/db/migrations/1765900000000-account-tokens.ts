import type { MigrationInterface, QueryRunner } from 'typeorm';

const MAIL_KINDS_BEFORE = `'ORDER_RECEIVED', 'PAYMENT_CONFIRMED', 'PAYMENT_NOT_RECEIVED', 'ORDER_DELIVERED', 'TICKET_REPLY',
  'PAYMENT_ISSUE', 'AWAITING_STOCK'`;

/**
 * Accounts customers can recover (docs/decisions.md "Accounts and sessions"):
 *
 * - account_tokens: the tokens of e-mailed links (password reset, e-mail verification, e-mail change and its undo),
 *   stored only as their SHA-256; single use (`used_at`), until `expires_at`. Only the newest unused token of an
 *   account and purpose exists: issuing one replaces the older one (the partial unique index enforces it), except
 *   e-mail change undo links: each stays valid for its 7 days, so a later change cannot void the owner's link, and its
 *   old_email stays reserved for that account meanwhile (account_tokens_undo_email). An e-mail change's tokens carry
 *   the addresses it moves between; a reset or verification token the address it was mailed to (new_email).
 * - users.email_verified_at: when the address was confirmed (null: not yet; older accounts start unverified).
 * - users.sessions_ended_at: when every session before it was ended (reset, change of password, sign-out everywhere):
 *   sockets opened with an access token minted earlier and no session of their own are closed by it.
 * - sessions.user_agent / ip: what `mySessions` shows of the device that signed in (kept across rotations).
 * - notifications.kind: the account mails.
 */
export class AccountTokens1765900000000 implements MigrationInterface {
  name = 'AccountTokens1765900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE account_tokens (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        purpose text NOT NULL CHECK (purpose IN ('PASSWORD_RESET', 'EMAIL_VERIFY', 'EMAIL_CHANGE', 'EMAIL_CHANGE_UNDO')),
        token_hash text NOT NULL UNIQUE,
        old_email text,
        new_email text,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      );
      CREATE UNIQUE INDEX account_tokens_newest_key ON account_tokens (user_id, purpose)
        WHERE used_at IS NULL AND purpose <> 'EMAIL_CHANGE_UNDO';
      CREATE INDEX account_tokens_undo_email ON account_tokens (old_email)
        WHERE used_at IS NULL AND purpose = 'EMAIL_CHANGE_UNDO';

      ALTER TABLE users ADD COLUMN email_verified_at timestamptz,
        ADD COLUMN sessions_ended_at timestamptz;
      ALTER TABLE sessions ADD COLUMN user_agent text, ADD COLUMN ip text;

      ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check,
        ADD CONSTRAINT notifications_kind_check CHECK (kind IN (${MAIL_KINDS_BEFORE}, 'PASSWORD_RESET',
          'PASSWORD_CHANGED', 'EMAIL_VERIFY', 'EMAIL_CHANGE_CONFIRM', 'EMAIL_CHANGED'));
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DELETE FROM notifications WHERE kind IN ('PASSWORD_RESET', 'PASSWORD_CHANGED', 'EMAIL_VERIFY',
        'EMAIL_CHANGE_CONFIRM', 'EMAIL_CHANGED');
      ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check,
        ADD CONSTRAINT notifications_kind_check CHECK (kind IN (${MAIL_KINDS_BEFORE}));
      ALTER TABLE sessions DROP COLUMN user_agent, DROP COLUMN ip;
      ALTER TABLE users DROP COLUMN sessions_ended_at, DROP COLUMN email_verified_at;
      DROP TABLE account_tokens;
    `);
  }
}
