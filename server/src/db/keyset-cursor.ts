/**
 * Cursors of newest-first lists paged by keyset on `(created_at, id)`: the row's created_at with PostgreSQL's full
 * microsecond precision (a JS Date would round it to milliseconds and the keyset would skip or repeat rows) and its id.
 */
import { isUuid } from '../../../common/validation';
import { InputError } from '../core/errors';

/**
 * `alias.created_at` (or another timestamp `column` a list is ordered by, e.g. tickets' last_activity_at) as an
 * ISO-8601 UTC string with microseconds, for `encodeCursor`.
 */
export const cursorTimestampSql = (alias: string, column = 'created_at') =>
  `to_char(${alias}.${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export function encodeCursor(createdAt: string, id: string): string {
  return Buffer.from(`${createdAt}|${id}`, 'utf8').toString('base64url');
}

/** The cursor's position, or null when it is not one of ours. */
export function decodeCursor(cursor: string): { createdAt: string; id: string } | null {
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|([0-9a-f-]{36})$/i.exec(
    Buffer.from(cursor, 'base64url').toString('utf8'),
  );
  if (!match || !isUuid(match[2]) || Number.isNaN(Date.parse(match[1]))) return null;
  return { createdAt: match[1], id: match[2].toLowerCase() };
}

/** Page sizes of the admin's lists (orders, outbox, webhook deliveries). */
export const ADMIN_PAGE = { defaultSize: 20, maxSize: 100 } as const;

export const PAGE_MESSAGES = {
  first: `first must be between 1 and ${ADMIN_PAGE.maxSize}`,
  cursor: 'Invalid cursor',
} as const;

/** `first` checked (BAD_USER_INPUT on field `first` when out of range), or the default page size. */
export function pageSize(first: number | null | undefined): number {
  const size = first ?? ADMIN_PAGE.defaultSize;
  if (!Number.isInteger(size) || size < 1 || size > ADMIN_PAGE.maxSize) {
    throw InputError.field('first', PAGE_MESSAGES.first);
  }
  return size;
}

/** `first` and `after` checked: BAD_USER_INPUT on field `first` or `after` when out of range or not one of ours. */
export function pageArguments(options: { first?: number | null; after?: string | null }): {
  first: number;
  after: { createdAt: string; id: string } | null;
} {
  const first = pageSize(options.first);
  const after = options.after ? decodeCursor(options.after) : null;
  if (options.after && !after) throw InputError.field('after', PAGE_MESSAGES.cursor);
  return { first, after };
}

export interface KeysetPage<T> {
  edges: { cursor: string; node: T }[];
  hasNextPage: boolean;
  endCursor: string | null;
  totalCount: number;
}

/**
 * A page from rows that carry `cursor_ts` (cursorTimestampSql) and `total_count`, fetched with `LIMIT first + 1`
 * (the extra row says whether there is a next page). Rows with a null id are the total's row of an empty page.
 */
export function keysetPage<T extends { id: string }>(
  rows: Record<string, unknown>[],
  first: number,
  toNode: (row: Record<string, unknown>) => T,
): KeysetPage<T> {
  const found = rows.filter((row) => row.id !== null);
  const edges = found.slice(0, first).map((row) => {
    const node = toNode(row);
    return { node, cursor: encodeCursor(row.cursor_ts as string, node.id) };
  });
  return {
    edges,
    hasNextPage: found.length > first,
    endCursor: edges.length > 0 ? edges[edges.length - 1].cursor : null,
    totalCount: Number(rows[0]?.total_count ?? 0),
  };
}
