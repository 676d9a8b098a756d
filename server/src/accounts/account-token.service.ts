import { createHash, randomBytes } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { ACCOUNT_MESSAGES, accountTokenSchema } from '../../../common/validation';
import { Service } from '../container';
import { InputError } from '../core/errors';

/** What an e-mailed link is for; a token of one purpose is worthless for another. */
export enum AccountTokenPurpose {
  PASSWORD_RESET = 'PASSWORD_RESET',
  EMAIL_VERIFY = 'EMAIL_VERIFY',
  EMAIL_CHANGE = 'EMAIL_CHANGE',
  EMAIL_CHANGE_UNDO = 'EMAIL_CHANGE_UNDO',
}

/** How long each kind of link works. */
export const TOKEN_LIFETIME_MINUTES: Record<AccountTokenPurpose, number> = {
  [AccountTokenPurpose.PASSWORD_RESET]: 30,
  [AccountTokenPurpose.EMAIL_VERIFY]: 7 * 24 * 60,
  [AccountTokenPurpose.EMAIL_CHANGE]: 24 * 60,
  [AccountTokenPurpose.EMAIL_CHANGE_UNDO]: 7 * 24 * 60,
};

/** A token that was just used: whose it is and the addresses an e-mail change moves between. */
export interface UsedAccountToken {
  userId: string;
  oldEmail: string | null;
  /** The address an e-mail change moves to, or the one a reset or verification link was mailed to. */
  newEmail: string | null;
  createdAt: Date;
}

interface TokenRow {
  id: string;
  user_id: string;
  purpose: AccountTokenPurpose;
  old_email: string | null;
  new_email: string | null;
  created_at: Date;
  expired: boolean;
  used_at: Date | null;
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The tokens of e-mailed links (docs/decisions.md "Accounts and sessions"): 32 random bytes handed out once in the
 * mail, stored only as their SHA-256, so a copy of the database opens no account. Issuing one replaces the account's
 * unused token of that purpose (only the newest link works), except undo links of e-mail changes: each keeps working
 * for its 7 days, whatever changes follow (a later change asked by whoever took the account must not void the owner's
 * link), and reserves its old address meanwhile (isReserved). Using one marks it used in the caller's
 * transaction under its row lock, so of two requests with one token exactly one gets it.
 */
@Service()
export class AccountTokens {
  /** A new token for `userId`, replacing its unused ones of the same purpose. */
  async issue(
    manager: EntityManager,
    userId: string,
    purpose: AccountTokenPurpose,
    emails: { oldEmail?: string; newEmail?: string } = {},
  ): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    // One statement replaces the unused one (the partial unique index), so two requests at once leave one token. Undo
    // tokens are outside that index: they never conflict, each is a row of its own.
    await manager.query(
      `INSERT INTO account_tokens (user_id, purpose, token_hash, old_email, new_email, expires_at)
       VALUES ($1, $2, $3, $4, $5, now() + make_interval(mins => $6))
       ON CONFLICT (user_id, purpose) WHERE used_at IS NULL AND purpose <> 'EMAIL_CHANGE_UNDO' DO UPDATE
         SET token_hash = EXCLUDED.token_hash, old_email = EXCLUDED.old_email, new_email = EXCLUDED.new_email,
             created_at = now(), expires_at = EXCLUDED.expires_at`,
      [
        userId,
        purpose,
        hashOf(token),
        emails.oldEmail ?? null,
        emails.newEmail ?? null,
        TOKEN_LIFETIME_MINUTES[purpose],
      ],
    );
    return token;
  }

  /**
   * Uses `token` for one of `purposes` inside `manager`'s transaction, or throws BAD_USER_INPUT (field `token`) with
   * one message per reason: not ours, tampered, replaced by a newer one or of another purpose (tokenInvalid),
   * expired (tokenExpired), already used (tokenUsed). Nothing is changed by a refusal.
   */
  async use(
    manager: EntityManager,
    token: string,
    purposes: readonly AccountTokenPurpose[],
  ): Promise<UsedAccountToken & { purpose: AccountTokenPurpose }> {
    const parsed = accountTokenSchema.safeParse(token);
    if (!parsed.success) throw InputError.field('token', parsed.error.issues[0].message);
    // The account's row first, then the token's, as everything else that changes an account locks them: following an
    // e-mail change's link and its undo at once deadlocked (one took its token and waited for the account, the other
    // held the account and waited to discard the first's token) and the undo failed with an internal error.
    await manager.query(
      `SELECT 1 FROM users WHERE id = (SELECT user_id FROM account_tokens WHERE token_hash = $1) FOR UPDATE`,
      [hashOf(parsed.data)],
    );
    const [row]: TokenRow[] = await manager.query(
      `SELECT id, user_id, purpose, old_email, new_email, created_at, expires_at <= now() AS expired, used_at
         FROM account_tokens WHERE token_hash = $1 FOR UPDATE`,
      [hashOf(parsed.data)],
    );
    if (!row || !purposes.includes(row.purpose)) throw InputError.field('token', ACCOUNT_MESSAGES.tokenInvalid);
    if (row.used_at) throw InputError.field('token', ACCOUNT_MESSAGES.tokenUsed);
    if (row.expired) throw InputError.field('token', ACCOUNT_MESSAGES.tokenExpired);
    await manager.query(`UPDATE account_tokens SET used_at = now() WHERE id = $1`, [row.id]);
    return {
      userId: row.user_id,
      purpose: row.purpose,
      oldEmail: row.old_email,
      newEmail: row.new_email,
      createdAt: new Date(row.created_at),
    };
  }

  /**
   * Drops the account's unused tokens of `purposes` (a reset link is void once the password changed another way).
   * Undo links are never among them: see discardUndoAfter.
   */
  async discard(manager: EntityManager, userId: string, purposes: readonly AccountTokenPurpose[]): Promise<void> {
    await manager.query(
      `DELETE FROM account_tokens
        WHERE user_id = $1 AND purpose = ANY($2) AND purpose <> 'EMAIL_CHANGE_UNDO' AND used_at IS NULL`,
      [userId, purposes],
    );
  }

  /**
   * Drops the account's undo links issued after `since`. Following an undo link restores the address of that moment,
   * so the links of later changes (mailed to addresses whoever took the account chose) must die with it; older ones
   * (mailed to earlier, the owner's, addresses) stay, so a later undo can never void an earlier one.
   */
  async discardUndoAfter(manager: EntityManager, userId: string, since: Date): Promise<void> {
    await manager.query(
      `DELETE FROM account_tokens
        WHERE user_id = $1 AND purpose = 'EMAIL_CHANGE_UNDO' AND used_at IS NULL AND created_at > $2`,
      [userId, since],
    );
  }

  /**
   * Whether `email` is held for another account than `exceptUserId`: the old address of a live undo link, which its
   * owner must be able to take back for the link's 7 days. Sign-up and e-mail changes refuse it as taken.
   */
  async isReserved(manager: EntityManager, email: string, exceptUserId?: string): Promise<boolean> {
    const [row]: { reserved: boolean }[] = await manager.query(
      `SELECT EXISTS (SELECT 1 FROM account_tokens
                       WHERE purpose = 'EMAIL_CHANGE_UNDO' AND used_at IS NULL AND expires_at > now()
                         AND old_email = $1 AND ($2::uuid IS NULL OR user_id <> $2::uuid)) AS reserved`,
      [email, exceptUserId ?? null],
    );
    return row.reserved;
  }
}
