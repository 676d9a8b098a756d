import { graphql } from '../../../gql/admin';

export const AdminStaffMemberFragment = graphql(/* GraphQL */ `
  fragment AdminStaffMember_member on StaffMember {
    id
    userId
    email
    fullName
    role
    status
    since
    expiresAt
  }
`);

export const AdminStaffQuery = graphql(/* GraphQL */ `
  query AdminStaff {
    staff {
      id
      ...AdminStaffMember_member
    }
  }
`);

export const InviteStaffMutation = graphql(/* GraphQL */ `
  mutation AdminInviteStaff($email: String!, $role: StaffRole!) {
    inviteStaff(email: $email, role: $role) {
      id
      ...AdminStaffMember_member
    }
  }
`);

export const SetStaffRoleMutation = graphql(/* GraphQL */ `
  mutation AdminSetStaffRole($id: ID!, $role: StaffRole) {
    setStaffRole(userId: $id, role: $role) {
      id
      ...AdminStaffMember_member
    }
  }
`);
