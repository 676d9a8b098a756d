/**
 * Every operation and sensitive field declares who may call it, with exactly one of these decorators.
 * They set TypeGraphQL's `@Authorized` (enforced by auth-checker.ts) and record the rule in the
 * field's extensions, which the permission test reads to fail on any undeclared operation.
 */
import { Authorized, Extensions } from 'type-graphql';
import { ADMIN_ROLE } from '../accounts/user-role.entity';

export type AccessRule = 'public' | 'signed-in' | 'admin';

function rule(
  access: AccessRule,
  authorized?: MethodDecorator & PropertyDecorator,
): MethodDecorator & PropertyDecorator {
  const extensions = Extensions({ access });
  return ((target: object, key: string | symbol, descriptor?: PropertyDescriptor) => {
    authorized?.(target, key, descriptor as PropertyDescriptor);
    (extensions as MethodDecorator)(target, key, descriptor as PropertyDescriptor);
  }) as MethodDecorator & PropertyDecorator;
}

/** Anyone, signed in or not. */
export const Public = () => rule('public');
/** Any signed-in user; ownership is checked in the service. */
export const SignedIn = () => rule('signed-in', Authorized());
/** Users with the admin role. */
export const AdminOnly = () => rule('admin', Authorized(ADMIN_ROLE));
