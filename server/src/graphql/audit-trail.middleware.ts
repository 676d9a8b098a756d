import type { MiddlewareFn } from 'type-graphql';
import { DataSource } from 'typeorm';
import { audited, auditEntry } from '../audit/audit-trail';
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
