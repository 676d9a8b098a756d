/**
 * Staff roles and what each may do (docs/staff-and-permissions.md): the one table of grants, read by the API's
 * access rules (server/src/graphql/access.ts, `@Requires`) and by the admin panel, which shows only what a role may
 * use. The GraphQL enums StaffRole and Permission have these values.
 */

export const STAFF_ROLES = ['OWNER', 'MANAGER', 'SUPPORT', 'FULFILMENT'] as const;
export type StaffRoleName = (typeof STAFF_ROLES)[number];

export const PERMISSIONS = [
  'ORDERS_READ',
  'ORDERS_WRITE',
  'REFUNDS',
  'CATALOGUE',
  'KEYS',
  'TICKETS',
  'CUSTOMERS',
  'REPORTS',
  'WEBHOOKS',
  'STAFF',
] as const;
export type PermissionName = (typeof PERMISSIONS)[number];

/** The grants; the reason for each is in docs/staff-and-permissions.md. */
export const ROLE_PERMISSIONS: Record<StaffRoleName, readonly PermissionName[]> = {
  OWNER: PERMISSIONS,
  MANAGER: ['ORDERS_READ', 'ORDERS_WRITE', 'REFUNDS', 'CATALOGUE', 'KEYS', 'TICKETS', 'CUSTOMERS', 'REPORTS'],
  SUPPORT: ['ORDERS_READ', 'TICKETS', 'CUSTOMERS'],
  FULFILMENT: ['ORDERS_READ', 'ORDERS_WRITE', 'KEYS'],
};

export const STAFF_ROLE_LABELS: Record<StaffRoleName, string> = {
  OWNER: 'Owner',
  MANAGER: 'Manager',
  SUPPORT: 'Support',
  FULFILMENT: 'Fulfilment',
};

/** One line per role for the invite form and the Staff tab. */
export const STAFF_ROLE_SUMMARIES: Record<StaffRoleName, string> = {
  OWNER: 'Everything, including staff and webhooks',
  MANAGER: 'Everything but staff and webhooks',
  SUPPORT: 'Tickets, customers; reads orders',
  FULFILMENT: 'Order status, certificates and licence keys',
};

/** What each permission allows, in a few words (the API key dialog's checkboxes; docs/staff-and-permissions.md). */
export const PERMISSION_SUMMARIES: Record<PermissionName, string> = {
  ORDERS_READ: 'Read orders and their customers',
  ORDERS_WRITE: 'Change order status, issue certificates',
  REFUNDS: 'Offer, record and cancel refunds',
  CATALOGUE: 'Create and edit products and prices',
  KEYS: 'Licence keys and stock',
  TICKETS: 'Support tickets',
  CUSTOMERS: 'Customers, blocking, the outbox',
  REPORTS: 'The sales overview',
  WEBHOOKS: 'Webhook endpoints',
  STAFF: 'Staff, API keys, the audit log',
};

export function isStaffRole(value: unknown): value is StaffRoleName {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}

/** The permissions of the first staff role among `roles` (none for a customer). */
export function permissionsOf(roles: readonly string[] | null | undefined): readonly PermissionName[] {
  const role = roles?.find(isStaffRole);
  return role ? ROLE_PERMISSIONS[role] : [];
}

export const STAFF_MESSAGES = {
  /** FORBIDDEN for a staff member or customer without the permission an operation needs. */
  missingPermission: (permissions: readonly PermissionName[]) =>
    `This needs the ${permissions.join(' or ')} permission, which your role does not have`,
  lastOwner: 'The store needs at least one owner: make someone else an owner first',
  notStaff: 'No staff member with this id',
  invitationEmailTaken: 'This address already belongs to a staff member',
  invitationForAnotherAddress: 'This invitation was sent to another address: sign in with that account',
  alreadyStaff: 'Your account already has a staff role',
  /** RATE_LIMITED past INVITATIONS_PER_HOUR of one inviter; `wait` as people say it ("12 minutes"). */
  tooManyInvitations: (max: number, wait: string) =>
    `You can send at most ${max} invitations an hour. Please try again in ${wait}.`,
} as const;
