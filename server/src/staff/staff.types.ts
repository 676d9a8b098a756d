import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';
import { PERMISSIONS, STAFF_ROLES, type PermissionName, type StaffRoleName } from '../../../common/staff';

const enumOf = <T extends string>(values: readonly T[]) =>
  Object.fromEntries(values.map((value) => [value, value])) as { readonly [K in T]: K };

/** The GraphQL enums, made from common/staff.ts so the names are typed once. */
export const StaffRole = enumOf(STAFF_ROLES);
export const Permission = enumOf(PERMISSIONS);
export type { PermissionName, StaffRoleName };

registerEnumType(StaffRole, { name: 'StaffRole', description: 'A staff role (docs/staff-and-permissions.md)' });
registerEnumType(Permission, { name: 'Permission', description: 'What a staff role may do' });

export enum StaffMemberStatus {
  ACTIVE = 'ACTIVE',
  INVITED = 'INVITED',
}
registerEnumType(StaffMemberStatus, {
  name: 'StaffMemberStatus',
  description: 'ACTIVE: an account with the role; INVITED: an invitation not accepted yet',
});

/** A staff member, or an invitation not accepted yet (`staff`, `inviteStaff`, `setStaffRole`). */
@ObjectType('StaffMember')
export class StaffMember {
  @Field(() => ID, { description: "The account's id; an invitation's own id while INVITED" })
  id: string;

  @Field(() => ID, { nullable: true, description: 'The account (null while INVITED)' })
  userId: string | null;

  @Field(() => String)
  email: string;

  @Field(() => String, { nullable: true })
  fullName: string | null;

  @Field(() => StaffRole)
  role: StaffRoleName;

  @Field(() => StaffMemberStatus)
  status: StaffMemberStatus;

  @Field(() => [Permission])
  permissions: PermissionName[];

  @Field(() => Date, { description: 'When the role was given, or the invitation sent' })
  since: Date;

  @Field(() => Date, { nullable: true, description: 'When an invitation stops working (null for ACTIVE)' })
  expiresAt: Date | null;
}
