import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root, UseMiddleware } from 'type-graphql';
import { permissionsOf, type PermissionName, type StaffRoleName } from '../../../common/staff';
import { Viewer } from '../accounts/viewer.type';
import { Requires, SignedIn } from '../graphql/access';
import { AuditTrail } from '../graphql/audit-trail.middleware';
import type { RequestContext } from '../graphql/context';
import { StaffRoles } from './staff-roles.service';
import { StaffService } from './staff.service';
import { Permission, StaffMember, StaffRole } from './staff.types';

/** The staff and invitations (docs/staff-and-permissions.md, docs/graphql-api.md "Staff"). */
@Resolver()
export class StaffResolver {
  constructor(private readonly members: StaffService) {}

  @Requires(Permission.STAFF)
  @Query(() => [StaffMember], { description: 'Staff (STAFF): every member, owners first, then open invitations' })
  staff(): Promise<StaffMember[]> {
    return this.members.list();
  }

  @Requires(Permission.STAFF)
  @Mutation(() => StaffMember, {
    description:
      'Staff (STAFF): e-mails `email` an invitation to join with `role`, a link to /auth/invite that works once, for 7 ' +
      'days, with an account of that address; inviting an address again replaces its open invitation. ' +
      'BAD_USER_INPUT (field `email`) for a malformed address or one of a staff member',
  })
  inviteStaff(
    @Arg('email', () => String) email: string,
    @Arg('role', () => StaffRole) role: StaffRoleName,
    @Ctx() ctx: RequestContext,
  ): Promise<StaffMember> {
    return this.members.invite(ctx.user!.id, email, role);
  }

  @Requires(Permission.STAFF)
  @Mutation(() => StaffMember, {
    nullable: true,
    description:
      "Staff (STAFF): changes a member's role, or removes it (null: no longer staff), at once, open sockets included; " +
      "given an invitation's id, changes or withdraws it. Null once removed. BAD_USER_INPUT (field `role`) when it " +
      'would leave the store without an owner; NOT_FOUND for an unknown id',
  })
  setStaffRole(
    @Arg('userId', () => ID) userId: string,
    @Arg('role', () => StaffRole, { nullable: true }) role: StaffRoleName | null,
  ): Promise<StaffMember | null> {
    return this.members.setRole(userId, role ?? null);
  }

  @SignedIn()
  // Joining the staff is audited like the staff's own actions, in accept's transaction (the token is left out).
  @UseMiddleware(AuditTrail)
  @Mutation(() => StaffMember, {
    description:
      'Accepts a staff invitation (the token of its mailed link) for the signed-in account, whose address must be the ' +
      'one invited. BAD_USER_INPUT (field `token`) when it is unknown, used, expired, for another address, or the ' +
      'account is staff already',
  })
  acceptStaffInvitation(@Arg('token', () => String) token: string, @Ctx() ctx: RequestContext): Promise<StaffMember> {
    return this.members.accept(ctx.user!.id, token);
  }
}

/**
 * `Viewer.staffRole` and `Viewer.permissions`: the role now (StaffRoles), what the admin panel shows. A Viewer only
 * ever describes its own user, so no further rule is needed.
 */
@Resolver(() => Viewer)
export class ViewerStaffResolver {
  constructor(private readonly roles: StaffRoles) {}

  @FieldResolver(() => StaffRole, { nullable: true, description: "The viewer's staff role; null for a customer" })
  staffRole(@Root() viewer: Viewer): Promise<StaffRoleName | null> {
    return this.roles.roleOf(viewer.id);
  }

  @FieldResolver(() => [Permission], { description: "What the viewer's role may do (none for a customer)" })
  async permissions(@Root() viewer: Viewer): Promise<PermissionName[]> {
    const role = await this.roles.roleOf(viewer.id);
    return [...permissionsOf(role ? [role] : [])];
  }
}
