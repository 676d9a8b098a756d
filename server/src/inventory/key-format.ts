/**
 * What a licence key looks like, to tell an import that a line looks like another product's keys (docs/inventory.md
 * "Import preview"). A key's format is its leading word when it has one ("LTC" of "LTC-7F3K-…", vendors mark their
 * keys so) and the shape of the rest: each run of letters and digits as its length, separators as they are
 * ("LTC|4-4-4"). Two keys of the same product almost always share it; keys of different products rarely do.
 */

/** The leading word: letters only, 2 to 10 of them, followed by a separator. */
const LEADING_WORD = /^([A-Za-z]{2,10})[-_:.]/;

export function keyFormat(key: string): string {
  const word = LEADING_WORD.exec(key);
  const rest = word ? key.slice(word[0].length) : key;
  const shape = rest.replace(/[A-Za-z0-9]+/g, (run) => String(run.length));
  return `${word ? word[1].toUpperCase() : ''}|${shape}`;
}
