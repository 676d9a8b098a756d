import { DataSource } from 'typeorm';
import { hasControlCharacter } from '../../../common/validation';
import { Service } from '../container';
import { InputError } from '../core/errors';
import { cursorTimestampSql, keysetPage, pageArguments, type KeysetPage } from '../db/keyset-cursor';
import { containsPattern } from '../db/like-pattern';

/** One audit entry as the admin screen and the CSV show it. */
export interface AuditRecord {
  id: string;
  at: Date;
  actorId: string | null;
  actorEmail: string | null;
  actorRole: string | null;
  apiKeyId: string | null;
  apiKeyName: string | null;
  action: string;
  targetId: string | null;
  ip: string | null;
  change: string | null;
}

/** The screen's filters: actor (part of the e-mail or the key's name), action (an operation's name), a time range. */
export interface AuditFilter {
  actor?: string | null;
  action?: string | null;
  from?: Date | null;
  to?: Date | null;
}

/** Rows of one CSV export at most (a year of a busy store's staff work; narrow the dates for more). */
export const AUDIT_CSV_MAX_ROWS = 50_000;
const CSV_COLUMNS = ['at', 'actor', 'role', 'api_key', 'action', 'record', 'ip', 'change'] as const;

/** The audit log (audit-trail.ts writes it): read only, paged newest first, and as CSV. */
@Service()
export class AuditLogService {
  constructor(private readonly db: DataSource) {}

  async page(filter: AuditFilter, options: { first?: number | null; after?: string | null }) {
    const { first, after } = pageArguments(options);
    const { where, params } = conditions(filter);
    const pageParams = [...params, first + 1];
    const pageWhere = [...where];
    if (after) {
      pageParams.push(after.createdAt, after.id);
      pageWhere.push(`(a.created_at, a.id) < ($${pageParams.length - 1}::timestamptz, $${pageParams.length}::uuid)`);
    }
    const rows: Record<string, unknown>[] = await this.db.query(
      `WITH total AS (SELECT count(*) AS total_count FROM audit_log a ${whereSql(where)}),
       page AS (
         SELECT a.*, ${cursorTimestampSql('a')} AS cursor_ts FROM audit_log a ${whereSql(pageWhere)}
         ORDER BY a.created_at DESC, a.id DESC
         LIMIT $${params.length + 1}
       )
       SELECT total.total_count, page.* FROM total LEFT JOIN page ON true
       ORDER BY page.created_at DESC, page.id DESC`,
      pageParams,
    );
    return keysetPage(rows, first, toRecord) satisfies KeysetPage<AuditRecord>;
  }

  /** The entries matching `filter`, newest first, as CSV (RFC 4180; cells that a spreadsheet would run are quoted). */
  async csv(filter: AuditFilter): Promise<string> {
    const { where, params } = conditions(filter);
    const rows: Record<string, unknown>[] = await this.db.query(
      `SELECT a.* FROM audit_log a ${whereSql(where)} ORDER BY a.created_at DESC, a.id DESC LIMIT ${AUDIT_CSV_MAX_ROWS}`,
      params,
    );
    const lines = [CSV_COLUMNS.join(',')];
    for (const record of rows.map(toRecord)) {
      lines.push(
        [
          record.at.toISOString(),
          record.actorEmail ?? record.actorId ?? '',
          record.actorRole ?? '',
          record.apiKeyName ?? '',
          record.action,
          record.targetId ?? '',
          record.ip ?? '',
          record.change ?? '',
        ]
          .map(csvCell)
          .join(','),
      );
    }
    return lines.join('\r\n') + '\r\n';
  }
}

/** A CSV cell: quoted when needed; a leading = + - @ is prefixed with ' so a spreadsheet shows it, not runs it. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function conditions(filter: AuditFilter): { where: string[]; params: unknown[] } {
  const where: string[] = [];
  const params: unknown[] = [];
  const actor = filter.actor?.trim();
  if (actor) {
    if (actor.length > 200 || hasControlCharacter(actor)) {
      throw InputError.field('actor', 'Search for at most 200 characters, without control characters');
    }
    params.push(containsPattern(actor.toLowerCase()));
    where.push(`(lower(a.actor_email) LIKE $${params.length} OR lower(a.api_key_name) LIKE $${params.length})`);
  }
  const action = filter.action?.trim();
  if (action) {
    if (!/^[A-Za-z]{1,100}$/.test(action)) throw InputError.field('action', 'An action is the name of an operation');
    params.push(action);
    where.push(`a.action = $${params.length}`);
  }
  if (filter.from && filter.to && filter.from > filter.to) {
    throw InputError.field('to', 'The end of the range is before its start');
  }
  if (filter.from) {
    params.push(filter.from);
    where.push(`a.created_at >= $${params.length}`);
  }
  if (filter.to) {
    params.push(filter.to);
    where.push(`a.created_at < $${params.length}`);
  }
  return { where, params };
}

const whereSql = (where: string[]) => (where.length ? `WHERE ${where.join(' AND ')}` : '');

function toRecord(row: Record<string, unknown>): AuditRecord {
  return {
    id: row.id as string,
    at: row.created_at as Date,
    actorId: (row.actor_id as string | null) ?? null,
    actorEmail: (row.actor_email as string | null) ?? null,
    actorRole: (row.actor_role as string | null) ?? null,
    apiKeyId: (row.api_key_id as string | null) ?? null,
    apiKeyName: (row.api_key_name as string | null) ?? null,
    action: row.action as string,
    targetId: (row.target_id as string | null) ?? null,
    ip: (row.ip as string | null) ?? null,
    change: row.change === null || row.change === undefined ? null : JSON.stringify(row.change),
  };
}
