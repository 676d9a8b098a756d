import { createContext, useContext, type ReactNode } from 'react';
import type { PermissionName } from '../../../../common/staff';

/**
 * What the signed-in staff member may do (Viewer.permissions, docs/staff-and-permissions.md): the admin panel shows
 * only the tabs and buttons of those permissions. The server checks every operation anyway; this keeps a role from
 * meeting buttons that can only answer FORBIDDEN.
 */
const AdminAccessContext = createContext<readonly PermissionName[]>([]);

export function AdminAccessProvider({
  permissions,
  children,
}: {
  permissions: readonly PermissionName[];
  children: ReactNode;
}) {
  return <AdminAccessContext.Provider value={permissions}>{children}</AdminAccessContext.Provider>;
}

/** Whether the staff member's role grants any one of `permissions`. */
export function useCan(...permissions: PermissionName[]): boolean {
  const granted = useContext(AdminAccessContext);
  return permissions.some((permission) => granted.includes(permission));
}

/** Every permission the staff member's role grants (e.g. what an API key they create may hold). */
export function useGrantedPermissions(): readonly PermissionName[] {
  return useContext(AdminAccessContext);
}
