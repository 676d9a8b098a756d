import type { MiddlewareFn } from 'type-graphql';
import { DataSource } from 'typeorm';
import { audited, auditEntry } from '../audit/audit-trail';
import { isStaff } from '../staff/permissions';
import type { RequestContext } from './context';

/**
 * Field middleware of every `@Requires` field (access.ts): audits mutations, after the permission check passed
 * (audit/audit-trail.ts). Other fields go straight on, without a promise of their own (Order.customer is read per row).
 */
export const AuditTrail: MiddlewareFn<RequestContext> = ({ context, info, args }, next) => {
  if (info.parentType !== info.schema.getMutationType()) return next();
  const entry = auditEntry(context, info.fieldName, args);
  return entry ? audited(context.container.get(DataSource), entry, next) : next();
};

/**
 * Field middleware of the signed-in mutations that change how an account signs in (its passkeys): a staff member's
 * are audited as staff actions are, anyone else's are their own business. `omit` names arguments left out of the
 * entry (a WebAuthn answer: large, and nothing a reader of the log needs).
 */
export const AuditTrailOfStaff =
  (...omit: string[]): MiddlewareFn<RequestContext> =>
  ({ context, info, args }, next) => {
    if (!isStaff(context.user)) return next();
    const kept = Object.fromEntries(Object.entries(args).filter(([name]) => !omit.includes(name)));
    const entry = auditEntry(context, info.fieldName, kept);
    return entry ? audited(context.container.get(DataSource), entry, next) : next();
  };
