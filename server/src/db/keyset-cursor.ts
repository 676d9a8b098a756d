/**
 * Cursors of newest-first lists paged by keyset on `(created_at, id)`: the row's created_at with PostgreSQL's full
 * microsecond precision (a JS Date would round it to milliseconds and the keyset would skip or repeat rows) and its id.
 */
import { isUuid } from '../../../common/validation';

/** `alias.created_at` as an ISO-8601 UTC string with microseconds, for `encodeCursor`. */
export const cursorTimestampSql = (alias: string) =>
  `to_char(${alias}.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

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
