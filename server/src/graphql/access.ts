/**
 * Every operation and sensitive field declares who may call it, with exactly one of these decorators.
 * They set TypeGraphQL's `@Authorized` (enforced by auth-checker.ts) and record the rule in the
 * field's extensions, which the permission test reads to fail on any undeclared operation.
 */
import { Authorized, Extensions, UseMiddleware } from 'type-graphql';
import { AuditTrail } from './audit-trail.middleware';
import type { PermissionName } from '../../../common/staff';

export type AccessRule = 'public' | 'signed-in' | 'permission';

function rule(
  access: AccessRule,
  authorized?: MethodDecorator & PropertyDecorator,
  extra: Record<string, unknown> = {},
  middleware?: MethodDecorator & PropertyDecorator,
): MethodDecorator & PropertyDecorator {
  const extensions = Extensions({ access, ...extra });
  return ((target: object, key: string | symbol, descriptor?: PropertyDescriptor) => {
    authorized?.(target, key, descriptor as PropertyDescriptor);
    middleware?.(target, key, descriptor as PropertyDescriptor);
    (extensions as MethodDecorator)(target, key, descriptor as PropertyDescriptor);
  }) as MethodDecorator & PropertyDecorator;
}

/** Anyone, signed in or not. */
export const Public = () => rule('public');
/** Any signed-in user; ownership is checked in the service. */
export const SignedIn = () => rule('signed-in', Authorized());
/**
 * Staff whose role grants `permission` (or any one of `more`: a read several roles share, such as the product list
 * that both the catalogue and the key inventory work on). The table of grants is common/staff.ts
 * (docs/staff-and-permissions.md); anyone else gets FORBIDDEN naming the permission.
 */
export const Requires = (permission: PermissionName, ...more: PermissionName[]) =>
  rule(
    'permission',
    Authorized([permission, ...more]),
    { permissions: [permission, ...more] },
    // Every staff or API-key mutation is written to the audit log, in its own transaction (audit/audit-trail.ts).
    UseMiddleware(AuditTrail) as MethodDecorator & PropertyDecorator,
  );
