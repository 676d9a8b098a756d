import { formatCount } from '../../../format/stock';

/** The import report's reasons for refusing a line (`InvalidKeyLine.reason`), in words. */
export const INVALID_KEY_REASONS: Record<string, string> = {
  'too-long': 'longer than 500 characters',
  'control-characters': 'contains control characters',
  'invisible-characters': 'contains invisible characters (zero-width or byte-order mark)',
};

/** 1 → "1 key", 2 → "2 keys": counts with thousands separators. */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

/** Line numbers listed before "and N more" (the API lists up to 1,000 of each kind). */
const LINES_SHOWN = 20;

/**
 * "2, 5, 9" or "2, 5, 9 and 1,234 more": the first LINES_SHOWN line numbers of `lines`, and how many of `count`
 * are left out (the API lists at most 1,000 line numbers; the count is exact).
 */
export function compactLines(lines: readonly number[], count: number): string {
  const shown = lines.slice(0, LINES_SHOWN);
  const rest = count - shown.length;
  const list = shown.map((line) => formatCount(line)).join(', ');
  return rest > 0 ? `${list} and ${formatCount(rest)} more` : list;
}
