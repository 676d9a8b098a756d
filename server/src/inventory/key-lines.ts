import { hasControlCharacter } from '../../../common/validation';

/** At most this many keys per import (docs/inventory.md "Import"). */
export const MAX_KEYS_PER_IMPORT = 100_000;
/** A licence key longer than this is not a key but a mistake (a pasted document, a whole CSV row). */
export const MAX_KEY_LENGTH = 500;

export type InvalidReason = 'too-long' | 'control-characters' | 'invisible-characters';

/**
 * White space of any kind (a no-break space, an ideographic space, CR) and invisible format characters (a byte-order
 * mark, zero-width spaces and joiners, bidi marks) at either end of a key: what copying a key out of a document or a
 * spreadsheet adds around it.
 */
const EDGE_BLANKS = /^[\p{White_Space}\p{Cf}]+|[\p{White_Space}\p{Cf}]+$/gu;
/** An invisible format character left inside a key: the key would look like another one and could not be typed. */
const INVISIBLE_CHARACTER = /\p{Cf}/u;

/**
 * A licence key as the store compares it: blanks and invisible characters at either end removed. Import and revoke
 * both use it, so a key imported from any text can be revoked by pasting it as it shows.
 */
export function normalizeKeyValue(raw: string): string {
  return raw.replace(EDGE_BLANKS, '');
}

/** One line that was refused, numbered from 1 as an editor shows it. */
export interface InvalidLine {
  line: number;
  reason: InvalidReason;
}

export interface ParsedKeyLines {
  /** The keys to import, trimmed, each with its line; the first of equal keys only. */
  keys: { line: number; value: string }[];
  invalid: InvalidLine[];
  /** Lines repeating a key an earlier line of the same text holds. */
  repeated: number[];
  /** Non-blank lines read (keys + invalid + repeated). */
  lines: number;
}

/**
 * Reads an import: one key per line (LF or CRLF), each normalised (`normalizeKeyValue`), blank lines ignored. A line
 * too long, holding a control character or an invisible one inside the key is refused; a line repeating an earlier
 * one is reported, not imported.
 */
export function parseKeyLines(text: string): ParsedKeyLines {
  const keys: { line: number; value: string }[] = [];
  const invalid: InvalidLine[] = [];
  const repeated: number[] = [];
  const seen = new Set<string>();
  let lines = 0;
  const rows = text.split('\n');
  for (let index = 0; index < rows.length; index++) {
    const value = normalizeKeyValue(rows[index]);
    if (value === '') continue;
    lines++;
    const line = index + 1;
    if (value.length > MAX_KEY_LENGTH) invalid.push({ line, reason: 'too-long' });
    else if (hasControlCharacter(value)) invalid.push({ line, reason: 'control-characters' });
    else if (INVISIBLE_CHARACTER.test(value)) invalid.push({ line, reason: 'invisible-characters' });
    else if (seen.has(value)) repeated.push(line);
    else {
      seen.add(value);
      keys.push({ line, value });
    }
  }
  return { keys, invalid, repeated, lines };
}
