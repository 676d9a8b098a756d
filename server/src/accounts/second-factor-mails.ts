import type { EntityManager } from 'typeorm';
import { Service } from '../container';
import { secondFactorAddedMail, secondFactorsResetMail } from '../notifications/mail-templates';
import { NotificationKind } from '../notifications/notification.entity';
import { NotificationService } from '../notifications/notification.service';
import type { AuthUser } from './access-token';
import { approximateIp, describeDevice } from './session-device';

/**
 * The mails that tell an account its second factors changed (docs/staff-and-permissions.md "Two-factor sign-in"):
 * one for every factor added, whoever added it, so a stolen session that plants its own is seen by the owner; one when
 * support cleared them. Written in the change's transaction: they go out only if it commits.
 */
@Service()
export class SecondFactorMails {
  constructor(private readonly notifications: NotificationService) {}

  /**
   * "A sign-in method was added": `what` was, now, from the session's device (its browser as it signed in) and the
   * network of `ip` (the request's, which may not be where the session signed in).
   */
  async added(tx: EntityManager, user: AuthUser, what: string, ip: string | null): Promise<void> {
    const [row]: { email: string; user_agent: string | null; at: Date }[] = await tx.query(
      `SELECT u.email, now() AS at,
              (SELECT s.user_agent FROM sessions s WHERE s.family_id = $2 ORDER BY s.created_at DESC LIMIT 1) AS user_agent
         FROM users u WHERE u.id = $1`,
      [user.id, user.sessionId ?? null],
    );
    if (!row) return;
    const content = secondFactorAddedMail(this.notifications.mailContext, {
      what,
      at: new Date(row.at),
      device: describeDevice(row.user_agent),
      network: approximateIp(ip),
    });
    await this.notifications.queueAccountMail(tx, {
      kind: NotificationKind.SECOND_FACTOR_ADDED,
      to: row.email,
      content,
    });
  }

  /** Support cleared the account's factors (resetSecondFactors). */
  async reset(tx: EntityManager, email: string): Promise<void> {
    const content = secondFactorsResetMail(this.notifications.mailContext);
    await this.notifications.queueAccountMail(tx, { kind: NotificationKind.SECOND_FACTORS_RESET, to: email, content });
  }
}
