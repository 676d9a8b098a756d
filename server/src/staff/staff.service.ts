import { createHash, randomBytes } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import { ACCOUNT_MESSAGES, accountTokenSchema, emailSchema, isUuid } from '../../../common/validation';
import {
  isStaffRole,
  ROLE_PERMISSIONS,
  STAFF_MESSAGES,
  STAFF_ROLE_LABELS,
  type StaffRoleName,
} from '../../../common/staff';
import { normalizeEmail } from '../accounts/account-records';
import { RateLimitService } from '../accounts/rate-limit.service';
import { Service } from '../container';
import { EventBus } from '../core/event-bus';
import { AppError, InputError, NotFoundError, RateLimitedError, waitText } from '../core/errors';
import { staffInvitationMail } from '../notifications/mail-templates';
import { NotificationKind } from '../notifications/notification.entity';
import { NotificationService } from '../notifications/notification.service';
import { dropStaffPowers } from './staff-departure';
import { STAFF_LOCK } from './staff-lock';
import { StaffRoles } from './staff-roles.service';
import { StaffMember, StaffMemberStatus } from './staff.types';

/** How long an invitation link works. */
export const INVITATION_DAYS = 7;
/**
 * Invitations one staff member may send in an hour: a team grows by a few people at a time, and each invitation is a
 * mail from the store's address, so a stolen owner session (or a loop gone wrong) cannot turn it into a spam relay.
 */
export const INVITATIONS_PER_HOUR = { max: 20, windowSeconds: 3600 } as const;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

interface MemberRow {
  id: string;
  user_id: string | null;
  email: string;
  full_name: string | null;
  role: StaffRoleName;
  status: StaffMemberStatus;
  since: Date;
  expires_at: Date | null;
}

const MEMBERS_SQL = `
  SELECT u.id, u.id AS user_id, u.email, p.full_name, r.role, 'ACTIVE' AS status, r.created_at AS since, NULL::timestamptz AS expires_at
    FROM user_roles r JOIN users u ON u.id = r.user_id LEFT JOIN profiles p ON p.id = u.id`;
const INVITATIONS_SQL = `
  SELECT i.id, NULL::uuid AS user_id, i.email, NULL AS full_name, i.role, 'INVITED' AS status, i.created_at AS since, i.expires_at
    FROM staff_invitations i WHERE i.accepted_at IS NULL AND i.expires_at > now()`;

function toMember(row: MemberRow): StaffMember {
  return Object.assign(new StaffMember(), {
    id: row.id,
    userId: row.user_id,
    email: row.email,
    fullName: row.full_name,
    role: row.role,
    status: row.status,
    permissions: [...ROLE_PERMISSIONS[row.role]],
    since: new Date(row.since),
    expiresAt: row.expires_at ? new Date(row.expires_at) : null,
  });
}

/**
 * The staff (docs/staff-and-permissions.md): who has which role, e-mailed invitations to join, and changes of role.
 * Every change locks the staff (STAFF_LOCK), keeps at least one owner, and publishes `accounts` for the account on
 * commit, so every process drops its cached role (StaffRoles) and re-checks that account's open sockets.
 */
@Service()
export class StaffService {
  constructor(
    private readonly db: DataSource,
    private readonly notifications: NotificationService,
    private readonly bus: EventBus,
    private readonly roles: StaffRoles,
    private readonly rateLimits: RateLimitService,
  ) {}

  /** Staff members (owners first, then by e-mail), then invitations not accepted and not expired. */
  async list(): Promise<StaffMember[]> {
    const rows: MemberRow[] = await this.db.query(
      `SELECT * FROM (${MEMBERS_SQL} UNION ALL ${INVITATIONS_SQL}) s
        ORDER BY s.status, array_position(ARRAY['OWNER', 'MANAGER', 'SUPPORT', 'FULFILMENT'], s.role), s.email`,
    );
    return rows.map(toMember);
  }

  /**
   * Mails `rawEmail` an invitation to join with `role` (replacing an open one to that address). The link's token is
   * random, stored only as its SHA-256, single use, for INVITATION_DAYS. Refused for an address of a staff member.
   */
  async invite(actorId: string, rawEmail: string, role: StaffRoleName): Promise<StaffMember> {
    const parsed = emailSchema.safeParse(rawEmail);
    if (!parsed.success) throw InputError.field('email', parsed.error.issues[0].message);
    if (!isStaffRole(role)) throw InputError.field('role', 'Choose a role');
    const email = normalizeEmail(parsed.data);
    const token = randomBytes(32).toString('base64url');
    return this.db.transaction(async (tx) => {
      await this.countInvitation(tx, actorId);
      await tx.query(`SELECT pg_advisory_xact_lock($1)`, [STAFF_LOCK]);
      const [taken] = await tx.query(`SELECT 1 FROM user_roles r JOIN users u ON u.id = r.user_id WHERE u.email = $1`, [
        email,
      ]);
      if (taken) throw InputError.field('email', STAFF_MESSAGES.invitationEmailTaken);
      const [row]: MemberRow[] = await tx.query(
        `INSERT INTO staff_invitations (email, role, token_hash, invited_by, expires_at)
         VALUES ($1, $2, $3, $4, now() + make_interval(days => $5))
         ON CONFLICT (email) WHERE accepted_at IS NULL DO UPDATE
           SET role = EXCLUDED.role, token_hash = EXCLUDED.token_hash, invited_by = EXCLUDED.invited_by,
               created_at = now(), expires_at = EXCLUDED.expires_at
         RETURNING id, NULL AS user_id, email, NULL AS full_name, role, 'INVITED' AS status, created_at AS since, expires_at`,
        [email, role, hashOf(token), actorId, INVITATION_DAYS],
      );
      const [inviter]: { name: string | null }[] = await tx.query(
        `SELECT coalesce(nullif(p.full_name, ''), u.email) AS name FROM users u LEFT JOIN profiles p ON p.id = u.id
          WHERE u.id = $1`,
        [actorId],
      );
      await this.notifications.queueAccountMail(tx, {
        kind: NotificationKind.STAFF_INVITATION,
        to: email,
        content: staffInvitationMail(this.notifications.mailContext, {
          token,
          roleLabel: STAFF_ROLE_LABELS[role],
          invitedBy: inviter?.name ?? null,
          days: INVITATION_DAYS,
        }),
      });
      return toMember(row);
    });
  }

  /**
   * Accepts an invitation for the signed-in account `userId`, whose address must be the one invited (whoever holds
   * the link must also hold that account). Of two requests with one token exactly one gets it (row lock).
   */
  async accept(userId: string, rawToken: string): Promise<StaffMember> {
    const parsed = accountTokenSchema.safeParse(rawToken);
    if (!parsed.success) throw InputError.field('token', parsed.error.issues[0].message);
    const member = await this.db.transaction(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock($1)`, [STAFF_LOCK]);
      const [invitation]: { id: string; email: string; role: StaffRoleName; expired: boolean; accepted: boolean }[] =
        await tx.query(
          `SELECT id, email, role, expires_at <= now() AS expired, accepted_at IS NOT NULL AS accepted
             FROM staff_invitations WHERE token_hash = $1 FOR UPDATE`,
          [hashOf(parsed.data)],
        );
      if (!invitation) throw InputError.field('token', ACCOUNT_MESSAGES.tokenInvalid);
      if (invitation.accepted) throw InputError.field('token', ACCOUNT_MESSAGES.tokenUsed);
      if (invitation.expired) throw InputError.field('token', ACCOUNT_MESSAGES.tokenExpired);
      const [user]: { email: string; role: string | null }[] = await tx.query(
        `SELECT u.email, r.role FROM users u LEFT JOIN user_roles r ON r.user_id = u.id WHERE u.id = $1`,
        [userId],
      );
      if (!user || user.email !== invitation.email) {
        throw InputError.field('token', STAFF_MESSAGES.invitationForAnotherAddress);
      }
      if (user.role) throw InputError.field('token', STAFF_MESSAGES.alreadyStaff);
      await tx.query(`INSERT INTO user_roles (user_id, role) VALUES ($1, $2)`, [userId, invitation.role]);
      await tx.query(`UPDATE staff_invitations SET accepted_at = now(), accepted_by = $2 WHERE id = $1`, [
        invitation.id,
        userId,
      ]);
      await this.bus.publish({ topic: 'accounts', id: userId }, tx);
      return this.member(tx, userId);
    });
    this.roles.forget(userId);
    return member;
  }

  /**
   * Gives staff member `id` the role `role`, or takes their role away (null): applied at once (the `accounts` event).
   * `id` may also be an open invitation's, whose role changes or which is withdrawn (null). The last owner can be
   * neither demoted nor removed. Null when the member or invitation was removed.
   */
  async setRole(id: string, role: StaffRoleName | null): Promise<StaffMember | null> {
    if (role !== null && !isStaffRole(role)) throw InputError.field('role', 'Choose a role');
    if (!isUuid(id)) throw new NotFoundError('Staff member');
    const member = await this.db.transaction(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock($1)`, [STAFF_LOCK]);
      const [current]: { role: StaffRoleName }[] = await tx.query(`SELECT role FROM user_roles WHERE user_id = $1`, [
        id,
      ]);
      if (!current) return this.setInvitationRole(tx, id, role);
      if (current.role === 'OWNER' && role !== 'OWNER') {
        const [{ owners }]: { owners: number }[] = await tx.query(
          `SELECT count(*)::int AS owners FROM user_roles WHERE role = 'OWNER'`,
        );
        if (owners <= 1) throw InputError.field('role', STAFF_MESSAGES.lastOwner);
      }
      if (role === null) await tx.query(`DELETE FROM user_roles WHERE user_id = $1`, [id]);
      else await tx.query(`UPDATE user_roles SET role = $2, created_at = now() WHERE user_id = $1`, [id, role]);
      await dropStaffPowers(tx.query.bind(tx), id, current.role, role);
      await this.bus.publish({ topic: 'accounts', id }, tx);
      return role === null ? null : this.member(tx, id);
    });
    this.roles.forget(id);
    return member;
  }

  private async setInvitationRole(
    tx: EntityManager,
    id: string,
    role: StaffRoleName | null,
  ): Promise<StaffMember | null> {
    // In a WITH: TypeORM's query() returns [rows, count] for a bare UPDATE or DELETE.
    const change =
      role === null
        ? `DELETE FROM staff_invitations WHERE id = $1 AND accepted_at IS NULL RETURNING *`
        : `UPDATE staff_invitations SET role = $2 WHERE id = $1 AND accepted_at IS NULL AND expires_at > now() RETURNING *`;
    const rows: MemberRow[] = await tx.query(
      `WITH changed AS (${change})
       SELECT id, NULL AS user_id, email, NULL AS full_name, role, 'INVITED' AS status, created_at AS since, expires_at
         FROM changed`,
      role === null ? [id] : [id, role],
    );
    if (rows.length === 0) throw new NotFoundError('Staff member');
    return role === null ? null : toMember(rows[0]);
  }

  private async member(tx: EntityManager, userId: string): Promise<StaffMember> {
    const [row]: MemberRow[] = await tx.query(`${MEMBERS_SQL} WHERE r.user_id = $1`, [userId]);
    return toMember(row);
  }

  /**
   * Counts one invitation of `inviterId` in the invitation's transaction, so only invitations that are sent count;
   * RATE_LIMITED past INVITATIONS_PER_HOUR, saying so.
   */
  private async countInvitation(tx: EntityManager, inviterId: string): Promise<void> {
    try {
      await this.rateLimits.hitEach([{ key: `staff-invite:${inviterId}`, limit: INVITATIONS_PER_HOUR }], tx);
    } catch (error) {
      if (!(error instanceof RateLimitedError)) throw error;
      const retryAfterSeconds = Number(error.extensions.retryAfterSeconds);
      throw new AppError(
        'RATE_LIMITED',
        STAFF_MESSAGES.tooManyInvitations(INVITATIONS_PER_HOUR.max, waitText(retryAfterSeconds)),
        { retryAfterSeconds },
      );
    }
  }
}
