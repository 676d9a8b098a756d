import { DataSource } from 'typeorm';
import { SECOND_FACTOR_RESET_MESSAGES } from '../../../common/two-factor';
import { isUuid } from '../../../common/validation';
import { Service } from '../container';
import { EventBus } from '../core/event-bus';
import { InputError, NotFoundError } from '../core/errors';
import { can, MissingPermissionError } from '../staff/permissions';
import type { AuthUser } from './access-token';
import { PasskeyService } from './passkey.service';
import { SecondFactorMails } from './second-factor-mails';
import { SecondFactorService } from './second-factor.service';
import { SessionService } from './session.service';

/**
 * Support's way back in for an owner locked out of their account (docs/staff-and-permissions.md "Two-factor sign-in"):
 * a lost phone, or a factor someone else planted. Clears the account's TOTP, recovery codes and passkeys, ends every
 * session (whoever planted a factor is signed out too) and mails the account. The owner then signs in with the
 * password alone; if a thief knows it too, the reset-password mail is the next step, which support points to.
 */
@Service()
export class SecondFactorReset {
  constructor(
    private readonly db: DataSource,
    private readonly bus: EventBus,
    private readonly factors: SecondFactorService,
    private readonly passkeys: PasskeyService,
    private readonly sessions: SessionService,
    private readonly mails: SecondFactorMails,
  ) {}

  /**
   * Clears `userId`'s second factors (the caller has CUSTOMERS and a recent step-up). A staff member's only with STAFF:
   * their factors guard the store. Not one's own (Profile › Security does that, with the factor); NOT_FOUND for no
   * such account.
   */
  async reset(actor: AuthUser, userId: string): Promise<void> {
    if (!isUuid(userId)) throw new NotFoundError('Customer');
    if (userId === actor.id) throw InputError.field('userId', SECOND_FACTOR_RESET_MESSAGES.notYourself);
    await this.db.transaction(async (tx) => {
      // The account's row lock, as a password change takes: a sign-in racing this waits and then finds the sessions ended.
      const [target]: { email: string; staff: boolean }[] = await tx.query(
        `SELECT email, EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = u.id) AS staff
           FROM users u WHERE id = $1 FOR UPDATE`,
        [userId],
      );
      if (!target) throw new NotFoundError('Customer');
      if (target.staff && !can(actor, 'STAFF')) throw new MissingPermissionError(['STAFF']);
      await this.factors.clearTotp(tx, userId);
      await this.passkeys.removeAll(tx, userId);
      await this.sessions.endAll(tx, userId);
      await this.mails.reset(tx, target.email);
      await this.bus.publish({ topic: 'accounts', id: userId }, tx);
    });
    this.factors.forget(userId);
  }
}
