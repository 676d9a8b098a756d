import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { base32 } from '@scure/base';
import QRCode from 'qrcode';
import { DataSource, type EntityManager } from 'typeorm';
import {
  normalizeRecoveryCode,
  normalizeTotpCode,
  RECOVERY_CODE_COUNT,
  SECOND_FACTOR_REASONS,
  SIGN_IN_CHALLENGE_MINUTES,
  STEP_UP_METHODS,
  STEP_UP_MINUTES,
  TWO_FACTOR_MESSAGES,
} from '../../../common/two-factor';
import { isUuid, MESSAGES } from '../../../common/validation';
import { ipCounterKey } from '../abuse/ip-address';
import { AppConfig } from '../app-config';
import { Service } from '../container';
import { AccountFactsCache } from '../core/account-facts-cache';
import { EventBus } from '../core/event-bus';
import { AppError, InputError, UnauthenticatedError } from '../core/errors';
import { logger } from '../core/logger';
import { StoreSettingsService } from '../store-settings/store-settings.service';
import type { AuthUser } from './access-token';
import { updateReturning } from './account-records';
import { verifyPassword } from './password';
import { RateLimitService } from './rate-limit.service';
import { SecondFactorMails } from './second-factor-mails';
import { newTotpSecret, totpUrl, verifyTotp } from './totp';

/** Attempts one sign-in challenge takes (right or wrong) before it is refused: it lives 5 minutes, the window too. */
const CHALLENGE_ATTEMPTS = { max: 5, windowSeconds: SIGN_IN_CHALLENGE_MINUTES * 60 };
/**
 * Code attempts one account takes (sign-ins, step-ups, enrolment, right or wrong) in 15 minutes: a person needs a few;
 * a guesser with many challenges (each costing a right password) gets 10 of the million codes, not 5 per challenge.
 */
const ACCOUNT_CODE_ATTEMPTS = { max: 10, windowSeconds: 15 * 60 };
const QR_OPTIONS = { type: 'svg', margin: 1, errorCorrectionLevel: 'M' } as const;
const IV_BYTES = 12;
const TAG_BYTES = 16;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export interface TotpEnrolmentStart {
  secret: string;
  otpauthUrl: string;
  qrSvg: string;
}

export interface SecondFactorStatus {
  totpEnabled: boolean;
  recoveryCodesLeft: number;
}

/** What a code proved: which kind was taken. */
type CodeKind = 'totp' | 'recovery';

/**
 * What a session's check proved (second_factor_checks.method): its second factor, or (an account without one) its
 * password, which is enough only to add the first factor.
 */
export type CheckMethod = (typeof STEP_UP_METHODS)[keyof typeof STEP_UP_METHODS];

/**
 * The second factor (docs/staff-and-permissions.md "Two-factor sign-in"): TOTP enrolment with ten recovery codes, the
 * sign-in challenge a password sign-in answers for an account with a factor, the staff rule of REQUIRE_STAFF_2FA and
 * the step-up of sensitive actions. Codes are checked in one place (`takeCode`), under the factor's row lock, so a TOTP
 * step or recovery code is taken once even by concurrent requests.
 *
 * Whether an account has a factor is asked by every staff operation (REQUIRE_STAFF_2FA) and sensitive mutation: kept
 * in memory per process and dropped on the `accounts` bus event that enabling or disabling publishes on commit.
 */
@Service()
export class SecondFactorService {
  private readonly secretKey: Buffer;
  private readonly cache: AccountFactsCache<boolean>;

  constructor(
    private readonly db: DataSource,
    private readonly config: AppConfig,
    private readonly bus: EventBus,
    private readonly rateLimits: RateLimitService,
    private readonly settings: StoreSettingsService,
    private readonly mails: SecondFactorMails,
  ) {
    // The secrets at rest under a key of their own, derived from KEYS_ENCRYPTION_KEY (kept for the store's life, as
    // the licence keys need it too); JWT_SECRET may be rotated, which would lose every authenticator.
    const master = Buffer.from(config.keysEncryptionKey, 'base64');
    this.secretKey = Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), 'totp-secret-encryption', 32));
    this.cache = new AccountFactsCache(bus, 'Second factors', (userId) =>
      this.db
        .query(
          `SELECT 1 FROM totp_factors WHERE user_id = $1 AND confirmed_at IS NOT NULL
           UNION ALL SELECT 1 FROM passkeys WHERE user_id = $1 LIMIT 1`,
          [userId],
        )
        .then((rows: unknown[]) => rows.length > 0),
    );
  }

  // ---- Enrolment -------------------------------------------------------------------------------------------------

  /**
   * A new secret waiting for its first code (any earlier unconfirmed one is replaced). Refused while a confirmed one
   * exists: switching authenticators goes through disabling, which asks for the password and a code.
   */
  async beginTotp(userId: string): Promise<TotpEnrolmentStart> {
    const secret = newTotpSecret();
    const [row]: { email: string }[] = await this.db.query(
      `INSERT INTO totp_factors (user_id, secret_encrypted) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET secret_encrypted = EXCLUDED.secret_encrypted, created_at = now(),
                                           last_used_step = NULL
         WHERE totp_factors.confirmed_at IS NULL
       RETURNING (SELECT email FROM users WHERE id = user_id)`,
      [userId, this.encrypt(secret)],
    );
    if (!row) throw InputError.field('code', TWO_FACTOR_MESSAGES.alreadyEnabled);
    const issuer = (await this.settings.current()).storeName;
    const otpauthUrl = totpUrl(issuer, row.email, secret);
    return { secret, otpauthUrl, qrSvg: await QRCode.toString(otpauthUrl, QR_OPTIONS) };
  }

  /**
   * The first right code switches TOTP on and answers ten new recovery codes (any older ones are dropped), shown this
   * once: only their hashes are kept. The session that confirmed counts as checked for the step-up. The account is
   * mailed (from `ip`), as for every factor added.
   */
  async confirmTotp(user: AuthUser, code: string, ip: string): Promise<string[]> {
    await this.countAttempt(user.id);
    const totp = normalizeTotpCode(code);
    if (!totp) throw InputError.field('code', TWO_FACTOR_MESSAGES.codeRequired);
    const codes = await this.db.transaction(async (tx) => {
      const [factor]: { secret_encrypted: string; confirmed_at: Date | null }[] = await tx.query(
        `SELECT secret_encrypted, confirmed_at FROM totp_factors WHERE user_id = $1 FOR UPDATE`,
        [user.id],
      );
      if (!factor) throw InputError.field('code', TWO_FACTOR_MESSAGES.notEnrolling);
      if (factor.confirmed_at) throw InputError.field('code', TWO_FACTOR_MESSAGES.alreadyEnabled);
      const step = verifyTotp(this.decrypt(factor.secret_encrypted), totp, null);
      if (step === null) throw InputError.field('code', TWO_FACTOR_MESSAGES.invalidCode);
      await tx.query(`UPDATE totp_factors SET confirmed_at = now(), last_used_step = $2 WHERE user_id = $1`, [
        user.id,
        step,
      ]);
      const recovery = await this.replaceRecoveryCodes(tx, user.id);
      if (user.sessionId) await this.stamp(tx, user.id, user.sessionId);
      await this.mails.added(tx, user, 'An authenticator app (two-factor sign-in was turned on)', ip);
      await this.bus.publish({ topic: 'accounts', id: user.id }, tx);
      return recovery;
    });
    this.cache.forget(user.id);
    return codes;
  }

  /** Switches TOTP off (and drops the recovery codes): the password and a code (or recovery code) of the account. */
  async disableTotp(user: AuthUser, password: string, code: string): Promise<void> {
    await this.countAttempt(user.id);
    const [account]: { password_hash: string }[] = await this.db.query(
      `SELECT password_hash FROM users WHERE id = $1`,
      [user.id],
    );
    if (!account) throw new UnauthenticatedError();
    if (!(await verifyPassword(account.password_hash, password)))
      throw InputError.field('password', TWO_FACTOR_MESSAGES.wrongPassword);
    await this.db.transaction(async (tx) => {
      await this.takeCode(tx, user.id, code, TWO_FACTOR_MESSAGES.notEnabled);
      await tx.query(`DELETE FROM totp_factors WHERE user_id = $1`, [user.id]);
      await tx.query(`DELETE FROM recovery_codes WHERE user_id = $1`, [user.id]);
      await tx.query(`DELETE FROM second_factor_checks WHERE user_id = $1`, [user.id]);
      await this.bus.publish({ topic: 'accounts', id: user.id }, tx);
    });
    this.cache.forget(user.id);
  }

  /**
   * Drops the account's TOTP (confirmed or not), recovery codes and step-up checks, in `tx` (support's
   * resetSecondFactors; the caller publishes `accounts` and forgets the cached answer after commit).
   */
  async clearTotp(tx: EntityManager, userId: string): Promise<void> {
    await tx.query(`DELETE FROM totp_factors WHERE user_id = $1`, [userId]);
    await tx.query(`DELETE FROM recovery_codes WHERE user_id = $1`, [userId]);
    await tx.query(`DELETE FROM second_factor_checks WHERE user_id = $1`, [userId]);
  }

  /** Whether TOTP is on, and how many recovery codes are left: the account's own Security section. */
  async status(userId: string): Promise<SecondFactorStatus> {
    const [row]: { enabled: boolean; left: number }[] = await this.db.query(
      `SELECT EXISTS (SELECT 1 FROM totp_factors WHERE user_id = $1 AND confirmed_at IS NOT NULL) AS enabled,
              (SELECT count(*) FROM recovery_codes WHERE user_id = $1 AND used_at IS NULL)::int AS left`,
      [userId],
    );
    return { totpEnabled: row.enabled, recoveryCodesLeft: row.left };
  }

  /**
   * Whether the account has a second factor: a confirmed TOTP or a passkey (passkey.service.ts). Cached per process,
   * see the class comment.
   */
  hasFactor(userId: string): Promise<boolean> {
    if (!isUuid(userId)) return Promise.resolve(false);
    return this.cache.get(userId);
  }

  /** Drops this process's cached answer of `hasFactor` at once, after a factor was added or removed and committed. */
  forget(userId: string): void {
    this.cache.forget(userId);
  }

  // ---- Sign-in challenge -----------------------------------------------------------------------------------------

  /** A challenge for an account whose password was just proven: random, stored hashed, five minutes, single use. */
  async createChallenge(
    userId: string,
    manager: EntityManager = this.db.manager,
  ): Promise<{ challenge: string; expiresAt: Date }> {
    const challenge = randomBytes(32).toString('base64url');
    const [row]: { expires_at: Date }[] = await manager.query(
      `INSERT INTO sign_in_challenges (user_id, token_hash, expires_at)
       VALUES ($1, $2, now() + make_interval(mins => $3)) RETURNING expires_at`,
      [userId, sha256(challenge), SIGN_IN_CHALLENGE_MINUTES],
    );
    // Old challenges of the account mean nothing: keep the table to the live ones.
    await manager.query(`DELETE FROM sign_in_challenges WHERE user_id = $1 AND expires_at < now() - interval '1 day'`, [
      userId,
    ]);
    return { challenge, expiresAt: new Date(row.expires_at) };
  }

  /**
   * Takes the challenge with a code: every attempt counts towards the challenge's five and the account's (and the
   * IP's) auth limit, right or wrong, before anything is checked. A right code uses the challenge up, and `grant` (the
   * new session) runs in the same transaction; it answers the account and what `grant` made. A challenge issued
   * before the account's sessions were all ended (a password reset or change since) is refused.
   */
  completeChallenge<T>(
    challenge: string,
    code: string,
    ip: string,
    grant: (tx: EntityManager, userId: string) => Promise<T>,
  ): Promise<{ userId: string; granted: T }> {
    return this.completeChallengeWith(
      challenge,
      (tx, userId) => this.takeCode(tx, userId, code, TWO_FACTOR_MESSAGES.challengeInvalid),
      ip,
      grant,
    );
  }

  /**
   * `completeChallenge` with any proof of the second factor: `prove` runs in the transaction, under the challenge's
   * row lock, and throws when refused (the challenge then stays, for another attempt within its five). A passkey's
   * assertion (PasskeyService.takeSecondFactor) takes this way.
   */
  async completeChallengeWith<T>(
    challenge: string,
    prove: (tx: EntityManager, userId: string) => Promise<unknown>,
    ip: string,
    grant: (tx: EntityManager, userId: string) => Promise<T>,
  ): Promise<{ userId: string; granted: T }> {
    const hash = sha256(challenge);
    await this.rateLimits.hit([`2fa:ip:${ipCounterKey(ip)}`]);
    await this.rateLimits.hitEach([{ key: `2fa:challenge:${hash}`, limit: CHALLENGE_ATTEMPTS }], this.db.manager);
    const [found]: { user_id: string }[] = await this.db.query(
      `SELECT user_id FROM sign_in_challenges WHERE token_hash = $1`,
      [hash],
    );
    if (!found) throw new UnauthenticatedError(TWO_FACTOR_MESSAGES.challengeInvalid);
    await this.countAttempt(found.user_id);
    return this.db.transaction(async (tx) => {
      const [row]: { user_id: string; used: boolean; expired: boolean; superseded: boolean }[] = await tx.query(
        `SELECT c.user_id, c.used_at IS NOT NULL AS used, c.expires_at <= now() AS expired,
                coalesce(u.sessions_ended_at > c.created_at, false) AS superseded
           FROM sign_in_challenges c JOIN users u ON u.id = c.user_id
          WHERE c.token_hash = $1 FOR UPDATE OF c`,
        [hash],
      );
      if (!row || row.superseded) throw new UnauthenticatedError(TWO_FACTOR_MESSAGES.challengeInvalid);
      if (row.used) throw new UnauthenticatedError(TWO_FACTOR_MESSAGES.challengeUsed);
      if (row.expired) throw new UnauthenticatedError(TWO_FACTOR_MESSAGES.challengeExpired);
      await prove(tx, row.user_id);
      await tx.query(`UPDATE sign_in_challenges SET used_at = now() WHERE token_hash = $1`, [hash]);
      return { userId: row.user_id, granted: await grant(tx, row.user_id) };
    });
  }

  /**
   * Records that the session (refresh family) proved the second factor now (or, `method` PASSWORD, the password of
   * an account without one): the step-up's clock.
   */
  async stamp(
    manager: EntityManager,
    userId: string,
    familyId: string,
    method: CheckMethod = STEP_UP_METHODS.secondFactor,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO second_factor_checks (family_id, user_id, checked_at, method) VALUES ($1, $2, now(), $3)
       ON CONFLICT (family_id) DO UPDATE SET checked_at = now(), method = EXCLUDED.method`,
      [familyId, userId, method],
    );
  }

  /**
   * The step-up of an account without a factor (before adding its first one, FIRST_FACTOR_OPERATIONS): its password
   * marks the session as checked. Throttled with the sign-ins (per IP and address, counted first); a wrong password
   * gets the sign-in's message. An account with a factor confirms with it instead: a password must not pass for it.
   */
  async confirmPassword(user: AuthUser, password: string, ip: string): Promise<void> {
    if (!user.sessionId) throw InputError.field('password', TWO_FACTOR_MESSAGES.sessionRequired);
    const [account]: { email: string; password_hash: string }[] = await this.db.query(
      `SELECT email, password_hash FROM users WHERE id = $1`,
      [user.id],
    );
    if (!account) throw new UnauthenticatedError();
    if (await this.hasFactor(user.id)) throw InputError.field('password', TWO_FACTOR_MESSAGES.confirmWithFactor);
    await this.rateLimits.hit([`signin:ip:${ipCounterKey(ip)}`, `signin:email:${account.email}`]);
    if (password.length > 1000 || !(await verifyPassword(account.password_hash, password)))
      throw InputError.field('password', MESSAGES.invalidCredentials);
    await this.stamp(this.db.manager, user.id, user.sessionId, STEP_UP_METHODS.password);
  }

  // ---- Staff rule and step-up ------------------------------------------------------------------------------------

  /**
   * REQUIRE_STAFF_2FA: a staff member without a factor may only enrol. FORBIDDEN naming enrolment, with
   * `extensions.reason` for the admin panel's enrolment screen.
   */
  async assertStaffMayAct(user: AuthUser): Promise<void> {
    if (!this.config.requireStaff2fa || (await this.hasFactor(user.id))) return;
    throw new AppError('FORBIDDEN', TWO_FACTOR_MESSAGES.enrolmentRequired, {
      reason: SECOND_FACTOR_REASONS.enrolmentRequired,
    });
  }

  /**
   * The request's principal (roles as they are now, StaffRoles.current) marked `lacksRequiredFactor` when it is a staff
   * member without a factor under REQUIRE_STAFF_2FA, so `can()` grants them nothing. An API key is left as it is: it
   * has no factor of its own and its creator's enrolment was checked when it was created.
   */
  async markUnenrolled(user: AuthUser | null): Promise<AuthUser | null> {
    if (!user || user.apiKey || !this.config.requireStaff2fa || user.roles.length === 0) return user;
    return (await this.hasFactor(user.id)) ? user : { ...user, lacksRequiredFactor: true };
  }

  /**
   * A sensitive action (STEP_UP_OPERATIONS) of an account with a factor needs its session to have proved it in the
   * last 10 minutes; FORBIDDEN with `extensions.reason` SECOND_FACTOR_REQUIRED otherwise (confirmSecondFactor, then
   * again). An account without a factor has nothing to prove (REQUIRE_STAFF_2FA keeps staff from being one in
   * production), except to add its first factor (`firstFactor`): then a password checked in the last 10 minutes (a
   * password sign-in, confirmPassword) will do, so a stolen session cannot plant a factor the owner cannot pass.
   * `extensions.method` tells the web which to ask for. A token without a session (graphql-ws) cannot be stamped, so
   * it is always asked.
   */
  async assertRecentCheck(user: AuthUser, options: { firstFactor?: boolean } = {}): Promise<void> {
    const hasFactor = await this.hasFactor(user.id);
    if (!hasFactor && !options.firstFactor) return;
    // A password checked before a factor was added (on another device, say) does not pass for the factor.
    const methods: CheckMethod[] = hasFactor
      ? [STEP_UP_METHODS.secondFactor]
      : [STEP_UP_METHODS.secondFactor, STEP_UP_METHODS.password];
    if (user.sessionId) {
      const [row] = await this.db.query(
        `SELECT 1 FROM second_factor_checks
          WHERE family_id = $1 AND user_id = $2 AND checked_at > now() - make_interval(mins => $3)
            AND method = ANY($4)`,
        [user.sessionId, user.id, STEP_UP_MINUTES, methods],
      );
      if (row) return;
    }
    throw new AppError(
      'FORBIDDEN',
      hasFactor ? TWO_FACTOR_MESSAGES.stepUpRequired : TWO_FACTOR_MESSAGES.passwordCheckRequired,
      {
        reason: SECOND_FACTOR_REASONS.stepUpRequired,
        method: hasFactor ? STEP_UP_METHODS.secondFactor : STEP_UP_METHODS.password,
      },
    );
  }

  /** The step-up: a code (or recovery code) stamps the session as checked now. */
  async confirm(user: AuthUser, code: string): Promise<void> {
    if (!user.sessionId) throw InputError.field('code', TWO_FACTOR_MESSAGES.sessionRequired);
    await this.countAttempt(user.id);
    await this.db.transaction(async (tx) => {
      await this.takeCode(tx, user.id, code, TWO_FACTOR_MESSAGES.notEnabled);
      await this.stamp(tx, user.id, user.sessionId!);
    });
  }

  // ---- Codes -----------------------------------------------------------------------------------------------------

  /**
   * Takes a TOTP code (a step after the last one taken, within one step of now) or an unused recovery code of the
   * account, in `tx` under the factor's row lock; BAD_USER_INPUT on `code` with the reason otherwise.
   */
  private async takeCode(tx: EntityManager, userId: string, code: string, noFactor: string): Promise<CodeKind> {
    const [factor]: { secret_encrypted: string; last_used_step: string | null }[] = await tx.query(
      `SELECT secret_encrypted, last_used_step FROM totp_factors WHERE user_id = $1 AND confirmed_at IS NOT NULL
       FOR UPDATE`,
      [userId],
    );
    if (!factor) throw InputError.field('code', noFactor);
    const totp = normalizeTotpCode(code);
    if (totp) {
      const secret = this.decrypt(factor.secret_encrypted);
      const last = factor.last_used_step === null ? null : Number(factor.last_used_step);
      const step = verifyTotp(secret, totp, last);
      if (step === null) {
        const reused = last !== null && verifyTotp(secret, totp, null) !== null;
        throw InputError.field('code', reused ? TWO_FACTOR_MESSAGES.reusedCode : TWO_FACTOR_MESSAGES.invalidCode);
      }
      await tx.query(`UPDATE totp_factors SET last_used_step = $2 WHERE user_id = $1`, [userId, step]);
      return 'totp';
    }
    const recovery = normalizeRecoveryCode(code);
    if (!recovery) throw InputError.field('code', TWO_FACTOR_MESSAGES.codeRequired);
    const [used] = await updateReturning<{ used: boolean }>(
      tx,
      `UPDATE recovery_codes r SET used_at = coalesce(r.used_at, now())
        FROM (SELECT id, used_at IS NOT NULL AS used FROM recovery_codes WHERE user_id = $1 AND code_hash = $2 FOR UPDATE) o
        WHERE r.id = o.id RETURNING o.used`,
      [userId, sha256(recovery)],
    );
    if (!used) throw InputError.field('code', TWO_FACTOR_MESSAGES.invalidCode);
    if (used.used) throw InputError.field('code', TWO_FACTOR_MESSAGES.usedRecoveryCode);
    logger.info({ userId }, 'A recovery code was used');
    return 'recovery';
  }

  /** Ten new recovery codes (16 base32 characters, 80 random bits, shown as xxxx-xxxx-xxxx-xxxx); the old ones go. */
  private async replaceRecoveryCodes(tx: EntityManager, userId: string): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => base32.encode(randomBytes(10)).toLowerCase());
    await tx.query(`DELETE FROM recovery_codes WHERE user_id = $1`, [userId]);
    await tx.query(`INSERT INTO recovery_codes (user_id, code_hash) SELECT $1, unnest($2::text[])`, [
      userId,
      codes.map(sha256),
    ]);
    return codes.map((code) => code.match(/.{4}/g)!.join('-'));
  }

  /**
   * Each attempt at a code or a passkey counts towards the account's limit (right or wrong), as sign-in attempts do.
   */
  async countAttempt(userId: string): Promise<void> {
    await this.rateLimits.hitEach([{ key: `2fa:account:${userId}`, limit: ACCOUNT_CODE_ATTEMPTS }], this.db.manager);
  }

  private encrypt(secret: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.secretKey, iv);
    const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
  }

  private decrypt(stored: string): string {
    const bytes = Buffer.from(stored, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', this.secretKey, bytes.subarray(0, IV_BYTES));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  }
}
