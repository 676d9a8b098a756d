import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { DataSource, type EntityManager } from 'typeorm';
import { BlockRuleService } from '../abuse/block-rule.service';
import { ipCounterKey } from '../abuse/ip-address';
import {
  ACCOUNT_MESSAGES,
  accountTokenSchema,
  changePasswordSchema,
  emailChangeSchema,
  emailSchema,
  isUuid,
  MESSAGES,
  resetPasswordSchema,
} from '../../../common/validation';
import { AppConfig } from '../app-config';
import type { RateLimit } from '../config';
import { Service } from '../container';
import { EventBus } from '../core/event-bus';
import { InputError, NotFoundError, parseInput, RateLimitedError, UnauthenticatedError } from '../core/errors';
import { defineJob } from '../core/job-definition';
import { JobQueue } from '../core/job-queue';
import {
  emailChangeConfirmMail,
  emailChangedMail,
  passwordChangedMail,
  passwordResetMail,
  verifyEmailMail,
} from '../notifications/mail-templates';
import { NotificationKind } from '../notifications/notification.entity';
import { NotificationService } from '../notifications/notification.service';
import { isUniqueViolation, normalizeEmail, updateReturning } from './account-records';
import {
  AccountTokenPurpose,
  AccountTokens,
  TOKEN_LIFETIME_MINUTES,
  type UsedAccountToken,
} from './account-token.service';
import { hashPassword, verifyPassword } from './password';
import { RateLimitService } from './rate-limit.service';
import { SessionService } from './session.service';

/**
 * Verification mails one account may ask for again, and e-mail changes it may start: a few an hour (each is a mail
 * to an address it names, the change one to an address anyone signed in may choose).
 */
const ACCOUNT_MAIL_LIMIT: RateLimit = { max: 3, windowSeconds: 3600 };

/** The signed-in user an operation acts for: its id and the session of its access token (kept by changePassword). */
export interface AccountActor {
  id: string;
  sessionId?: string;
}

/**
 * Accounts customers can recover (docs/decisions.md "Accounts and sessions"): password reset, e-mail verification,
 * change of password and of e-mail, ending sessions. Every link is a single-use token (AccountTokens); every mail goes
 * through the outbox in the transaction of the change it tells about. Whatever ends sessions locks the account row
 * first and publishes `accounts`, so refreshes are refused and sockets close in every process (as blocking does).
 */
@Service()
export class AccountRecoveryService {
  constructor(
    private readonly db: DataSource,
    private readonly tokens: AccountTokens,
    private readonly sessions: SessionService,
    private readonly rateLimits: RateLimitService,
    private readonly notifications: NotificationService,
    private readonly jobs: JobQueue,
    private readonly bus: EventBus,
    private readonly blockRules: BlockRuleService,
    private readonly config: AppConfig,
  ) {}

  /**
   * Always true. Counts the request per IP and per address, then queues the lookup as a job: an address with an
   * account and one without cost the request the same statements, so neither the answer nor its time tells them
   * apart. A throttled request also answers true and queues nothing.
   */
  async requestPasswordReset(rawEmail: string, ip: string): Promise<boolean> {
    const email = normalizeEmail(parseInput(z.object({ email: emailSchema }), { email: rawEmail }).email);
    try {
      // Per IP like sign-ins; per address a few an hour (PASSWORD_RESET_MAIL_LIMIT): each one is a mail to that inbox.
      // The address is counted only for requests the IP limit lets through (two statements, whatever the address):
      // counted together, a stranger's throttled requests used up the owner's mails for the hour.
      await this.rateLimits.hit([`reset:ip:${ipCounterKey(ip)}`]);
      await this.rateLimits.hit([], undefined, [
        { key: `reset:email:${email}`, limit: this.config.passwordResetMailLimit },
      ]);
    } catch (error) {
      if (error instanceof RateLimitedError) return true;
      throw error;
    }
    await this.jobs.add(passwordResetMailJob.spec({ email }));
    return true;
  }

  /** The job behind requestPasswordReset: a reset link to the address if it has an account; nothing otherwise. */
  async sendPasswordReset(email: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [user]: { id: string; email: string }[] = await tx.query(`SELECT id, email FROM users WHERE email = $1`, [
        email,
      ]);
      if (!user) return;
      // The address rides on the token: the link works only while the account still has it (resetPassword).
      const token = await this.tokens.issue(tx, user.id, AccountTokenPurpose.PASSWORD_RESET, { newEmail: user.email });
      const minutes = TOKEN_LIFETIME_MINUTES[AccountTokenPurpose.PASSWORD_RESET];
      await this.mail(tx, NotificationKind.PASSWORD_RESET, user.email, passwordResetMail(this.context, token, minutes));
    });
  }

  /**
   * Sets the password from a reset link and ends every session of the account; the account is told by e-mail. A
   * reset also proves the address, so it counts as verified. The link works only while the account still has the
   * address it was mailed to. The token is checked (and taken) before the password is hashed: a wrong token costs no
   * hash. A pending e-mail change and other reset links die with the old password; undo links stay (whoever moved the
   * account to their address can reset its password from there, and must not void the owner's undo link by doing so).
   */
  async resetPassword(token: string, password: string, ip: string): Promise<boolean> {
    const values = parseInput(resetPasswordSchema, { token, password });
    await this.hitLinkLimit(ip);
    await this.db.transaction(async (tx) => {
      const used = await this.tokens.use(tx, values.token, [AccountTokenPurpose.PASSWORD_RESET]);
      const passwordHash = await hashPassword(values.password);
      const [user] = await updateReturning<{ email: string }>(
        tx,
        `UPDATE users SET password_hash = $2, email_verified_at = coalesce(email_verified_at, now())
          WHERE id = $1 AND email = $3 RETURNING email`,
        [used.userId, passwordHash, used.newEmail],
      );
      if (!user) throw InputError.field('token', ACCOUNT_MESSAGES.tokenInvalid);
      await this.tokens.discard(tx, used.userId, [
        AccountTokenPurpose.PASSWORD_RESET,
        AccountTokenPurpose.EMAIL_CHANGE,
      ]);
      await this.endSessions(tx, used.userId);
      await this.mail(tx, NotificationKind.PASSWORD_CHANGED, user.email, passwordChangedMail(this.context, 'reset'));
    });
    return true;
  }

  /** Writes a verification link to the account's address (sign-up, in its transaction; and resends). */
  async sendVerification(manager: EntityManager, userId: string, email: string): Promise<void> {
    const token = await this.tokens.issue(manager, userId, AccountTokenPurpose.EMAIL_VERIFY, { newEmail: email });
    await this.mail(manager, NotificationKind.EMAIL_VERIFY, email, verifyEmailMail(this.context, token));
  }

  /** Another verification link, throttled per account; nothing is sent to a verified address. */
  async resendVerification(actor: AccountActor): Promise<boolean> {
    await this.rateLimits.hit([`verify:user:${actor.id}`], ACCOUNT_MAIL_LIMIT);
    await this.db.transaction(async (tx) => {
      const [user]: { email: string; verified: boolean }[] = await tx.query(
        `SELECT email, email_verified_at IS NOT NULL AS verified FROM users WHERE id = $1 FOR UPDATE`,
        [actor.id],
      );
      if (!user) throw new UnauthenticatedError();
      if (!user.verified) await this.sendVerification(tx, actor.id, user.email);
    });
    return true;
  }

  /** Marks the address verified; a link sent to an address the account no longer has is not valid. */
  async verifyEmail(token: string, ip: string): Promise<boolean> {
    const value = parseInput(z.object({ token: accountTokenSchema }), { token }).token;
    await this.hitLinkLimit(ip);
    await this.db.transaction(async (tx) => {
      const used = await this.tokens.use(tx, value, [AccountTokenPurpose.EMAIL_VERIFY]);
      const rows = await updateReturning(
        tx,
        `UPDATE users SET email_verified_at = coalesce(email_verified_at, now())
          WHERE id = $1 AND email = $2 RETURNING id`,
        [used.userId, used.newEmail],
      );
      if (rows.length === 0) throw InputError.field('token', ACCOUNT_MESSAGES.tokenInvalid);
    });
    return true;
  }

  /** Changes the password (the current one required); every other session ends, this one stays. */
  async changePassword(actor: AccountActor, currentPassword: string, newPassword: string): Promise<boolean> {
    const values = parseInput(changePasswordSchema, { currentPassword, newPassword });
    const current = await this.checkPassword(actor.id, values.currentPassword, 'currentPassword');
    if (values.newPassword === values.currentPassword) {
      throw InputError.field('newPassword', ACCOUNT_MESSAGES.samePassword);
    }
    const passwordHash = await hashPassword(values.newPassword);
    await this.db.transaction(async (tx) => {
      // Only over the hash that was checked: a change or reset committed meanwhile wins, and this one is refused.
      const [user] = await updateReturning<{ email: string }>(
        tx,
        `UPDATE users SET password_hash = $3 WHERE id = $1 AND password_hash = $2 RETURNING email`,
        [actor.id, current.passwordHash, passwordHash],
      );
      if (!user) throw InputError.field('currentPassword', ACCOUNT_MESSAGES.wrongPassword);
      // Reset links and a pending e-mail change were asked under the old password; undo links stay (whoever knows the
      // password, perhaps not the owner, must not void the link that gives the owner their address back).
      await this.tokens.discard(tx, actor.id, [AccountTokenPurpose.PASSWORD_RESET, AccountTokenPurpose.EMAIL_CHANGE]);
      await this.endSessions(tx, actor.id, actor.sessionId);
      await this.mail(tx, NotificationKind.PASSWORD_CHANGED, user.email, passwordChangedMail(this.context, 'changed'));
    });
    return true;
  }

  /**
   * Starts a change of e-mail (the password required): a link to the new address makes the change, and the old address
   * is told, with a link that keeps it (valid 7 days). Always true once the password is right: whether the new address
   * has an account is only said to whoever follows the link sent to it.
   */
  async requestEmailChange(actor: AccountActor, newEmail: string, password: string, ip: string): Promise<boolean> {
    const values = parseInput(emailChangeSchema, { newEmail, password });
    const target = normalizeEmail(values.newEmail);
    // The new address is held to the block rules sign-up applies to it, before anything is counted or hashed.
    await this.blockRules.assertAllowed({ ip, emails: [target] }, 'email-change');
    await this.rateLimits.hit([`email-change:user:${actor.id}`], ACCOUNT_MAIL_LIMIT);
    const user = await this.checkPassword(actor.id, values.password, 'password');
    if (target === user.email) throw InputError.field('newEmail', ACCOUNT_MESSAGES.sameEmail);
    await this.db.transaction(async (tx) => {
      const emails = { oldEmail: user.email, newEmail: target };
      const confirm = await this.tokens.issue(tx, actor.id, AccountTokenPurpose.EMAIL_CHANGE, emails);
      const undo = await this.tokens.issue(tx, actor.id, AccountTokenPurpose.EMAIL_CHANGE_UNDO, emails);
      const days = TOKEN_LIFETIME_MINUTES[AccountTokenPurpose.EMAIL_CHANGE_UNDO] / (24 * 60);
      await this.mail(
        tx,
        NotificationKind.EMAIL_CHANGE_CONFIRM,
        target,
        emailChangeConfirmMail(this.context, confirm, user.email),
      );
      await this.mail(
        tx,
        NotificationKind.EMAIL_CHANGED,
        user.email,
        emailChangedMail(this.context, undo, target, days),
      );
    });
    return true;
  }

  /**
   * Follows either link of an e-mail change. The new address's link moves the account to it (verified: the link
   * proves it), unless another account has the address or holds it for an undo (AccountTokens.isReserved); reset and
   * verification links mailed to the old address die. The old address's link (undo) gives the account its old address
   * back whatever its address is now, and gets whoever asked for the change out (docs/decisions.md "Accounts and
   * sessions"): every session ends, every other link of the account dies (the undo links of later changes too; earlier
   * ones stay), and the password is replaced by one nobody knows, with a reset link mailed to the old address.
   */
  async confirmEmailChange(token: string, ip: string): Promise<boolean> {
    const value = parseInput(z.object({ token: accountTokenSchema }), { token }).token;
    await this.hitLinkLimit(ip);
    try {
      await this.db.transaction(async (tx) => {
        const used = await this.tokens.use(tx, value, [
          AccountTokenPurpose.EMAIL_CHANGE,
          AccountTokenPurpose.EMAIL_CHANGE_UNDO,
        ]);
        if (used.purpose === AccountTokenPurpose.EMAIL_CHANGE) await this.moveEmail(tx, used);
        else await this.undoEmailChange(tx, used);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw InputError.field('token', MESSAGES.emailTaken);
      throw error;
    }
    return true;
  }

  private async moveEmail(tx: EntityManager, used: UsedAccountToken): Promise<void> {
    if (await this.tokens.isReserved(tx, used.newEmail!, used.userId)) {
      throw InputError.field('token', MESSAGES.emailTaken);
    }
    const rows = await updateReturning(
      tx,
      `UPDATE users SET email = $3, email_verified_at = now() WHERE id = $1 AND email = $2 RETURNING id`,
      [used.userId, used.oldEmail, used.newEmail],
    );
    if (rows.length === 0) throw InputError.field('token', ACCOUNT_MESSAGES.tokenInvalid);
    await this.setProfileEmail(tx, used.userId, used.newEmail!);
    await this.tokens.discard(tx, used.userId, [AccountTokenPurpose.PASSWORD_RESET, AccountTokenPurpose.EMAIL_VERIFY]);
  }

  private async undoEmailChange(tx: EntityManager, used: UsedAccountToken): Promise<void> {
    const owner = used.oldEmail!;
    // A password nobody knows: whoever asked for the change knew the old one. The owner sets a new one from the link.
    const unusable = await hashPassword(randomBytes(32).toString('base64url'));
    const rows = await updateReturning(
      tx,
      `UPDATE users SET email = $2, email_verified_at = now(), password_hash = $3 WHERE id = $1 RETURNING id`,
      [used.userId, owner, unusable],
    );
    if (rows.length === 0) throw InputError.field('token', ACCOUNT_MESSAGES.tokenInvalid);
    await this.setProfileEmail(tx, used.userId, owner);
    await this.tokens.discard(tx, used.userId, [
      AccountTokenPurpose.PASSWORD_RESET,
      AccountTokenPurpose.EMAIL_VERIFY,
      AccountTokenPurpose.EMAIL_CHANGE,
    ]);
    await this.tokens.discardUndoAfter(tx, used.userId, used.createdAt);
    await this.endSessions(tx, used.userId);
    const reset = await this.tokens.issue(tx, used.userId, AccountTokenPurpose.PASSWORD_RESET, { newEmail: owner });
    const minutes = TOKEN_LIFETIME_MINUTES[AccountTokenPurpose.PASSWORD_RESET];
    await this.mail(
      tx,
      NotificationKind.PASSWORD_RESET,
      owner,
      passwordResetMail(this.context, reset, minutes, 'undo'),
    );
  }

  /** The profile's address is where ticket replies go: it follows the account's. */
  private async setProfileEmail(tx: EntityManager, userId: string, email: string): Promise<void> {
    await tx.query(`UPDATE profiles SET email = $2, updated_at = now() WHERE id = $1`, [userId, email]);
  }

  /**
   * Link-following mutations (reset, verification, e-mail change) counted per IP like sign-ins: tokens are too long to
   * guess, but each attempt costs a locked lookup and, for a live reset token, a password hash.
   */
  private async hitLinkLimit(ip: string): Promise<void> {
    await this.rateLimits.hit([`link:ip:${ipCounterKey(ip)}`]);
  }

  /** Ends one of the actor's sessions; NOT_FOUND when it has no such live session. */
  async revokeSession(actor: AccountActor, sessionId: string): Promise<boolean> {
    const ended = await this.db.transaction(async (tx) => {
      await tx.query(`SELECT 1 FROM users WHERE id = $1 FOR UPDATE`, [actor.id]);
      const found = isUuid(sessionId) && (await this.sessions.endOne(tx, actor.id, sessionId));
      if (found) await this.bus.publish({ topic: 'accounts', id: actor.id }, tx);
      return found;
    });
    if (!ended) throw new NotFoundError('Session');
    return true;
  }

  /** Ends every session of the actor, this one included. */
  async signOutEverywhere(actor: AccountActor): Promise<boolean> {
    await this.db.transaction(async (tx) => {
      await tx.query(`SELECT 1 FROM users WHERE id = $1 FOR UPDATE`, [actor.id]);
      await this.endSessions(tx, actor.id);
    });
    return true;
  }

  /** Ends the sessions (all, or all but `keep`) and closes their sockets in every process, on commit. */
  private async endSessions(tx: EntityManager, userId: string, keep?: string): Promise<void> {
    await this.sessions.endAll(tx, userId, keep);
    await this.bus.publish({ topic: 'accounts', id: userId }, tx);
  }

  /**
   * The account, once `password` is its password; otherwise BAD_USER_INPUT on `field`. Counted like sign-ins per
   * account, so a stolen access token cannot be used to guess the password.
   */
  private async checkPassword(
    userId: string,
    password: string,
    field: string,
  ): Promise<{ email: string; passwordHash: string }> {
    await this.rateLimits.hit([`password:user:${userId}`]);
    const [user]: { email: string; password_hash: string }[] = await this.db.query(
      `SELECT email, password_hash FROM users WHERE id = $1`,
      [userId],
    );
    if (!user) throw new UnauthenticatedError();
    if (!(await verifyPassword(user.password_hash, password))) {
      throw InputError.field(field, ACCOUNT_MESSAGES.wrongPassword);
    }
    return { email: user.email, passwordHash: user.password_hash };
  }

  private get context() {
    return this.notifications.mailContext;
  }

  private mail(
    tx: EntityManager,
    kind: NotificationKind,
    to: string,
    content: Parameters<NotificationService['queueAccountMail']>[1]['content'],
  ) {
    return this.notifications.queueAccountMail(tx, { kind, to, content });
  }
}

/** Looks the address up and mails a reset link when it has an account (requestPasswordReset's work, off the request). */
export const passwordResetMailJob = defineJob({
  task: 'accounts:password-reset-mail',
  payload: z.object({ email: z.string() }),
  run: ({ email }, { container }) => container.get(AccountRecoveryService).sendPasswordReset(email),
});
