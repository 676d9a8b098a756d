import { Arg, Int, Query, Resolver } from 'type-graphql';
import { Requires } from '../graphql/access';
import { Permission } from '../staff/staff.types';
import { AuditLogService } from './audit-log.service';
import { AuditEntryConnection } from './audit.types';

/** The audit log (docs/staff-and-permissions.md "Audit log"). */
@Resolver()
export class AuditResolver {
  constructor(private readonly log: AuditLogService) {}

  @Requires(Permission.STAFF)
  @Query(() => AuditEntryConnection, {
    description:
      'Staff (STAFF): every staff and API-key action, newest first; `actor` matches part of the e-mail or key name, ' +
      '`action` an operation, `from`/`to` a time range. As CSV: GET /admin/audit-log.csv with the same filters ' +
      '(Authorization: Bearer of a STAFF account). BAD_USER_INPUT (field `first`, `after`, `action` or `to`)',
  })
  async adminAuditLog(
    @Arg('first', () => Int, { nullable: true }) first: number | null,
    @Arg('after', () => String, { nullable: true }) after: string | null,
    @Arg('actor', () => String, { nullable: true }) actor: string | null,
    @Arg('action', () => String, { nullable: true }) action: string | null,
    @Arg('from', () => Date, { nullable: true }) from: Date | null,
    @Arg('to', () => Date, { nullable: true }) to: Date | null,
  ): Promise<AuditEntryConnection> {
    const page = await this.log.page({ actor, action, from, to }, { first, after });
    return {
      edges: page.edges,
      pageInfo: { hasNextPage: page.hasNextPage, endCursor: page.endCursor },
      totalCount: page.totalCount,
    };
  }
}
