/**
 * Docs that stay true (issue 26, step 8). Code and docs cite a documentation section by its file and heading, in one
 * of three forms: a path and a quoted heading (docs/payments.md followed by "Unique amounts"), a bare file name in
 * docs/ (jobs-and-events.md followed by "Runners"), or a Markdown link followed by the heading ([x](inventory.md)
 * then "Reservation"), the heading possibly on the comment's next line and followed by more quoted headings of the
 * same file ("E-mail", "Webhooks"). Each must name a heading of that file exactly (its text without the leading #'s),
 * and a link to an anchor of a page must name one of its headings' GitHub anchors. And docs/architecture.md "Data model" must describe
 * every table a migration creates, and no other.
 */
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');

/** Where citations are looked for. */
const SCANNED = ['server', 'common', 'web/src', 'web/build', 'tests', 'docs', 'scripts', 'bench', 'README.md'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'gql']);
const TEXT_FILE = /\.(ts|tsx|mts|cts|js|mjs|cjs|md)$/;

/** Documents of other repositories cited by name (the file is not ours, so its headings are not checked). */
const EXTERNAL_DOCUMENTS = new Set([
  'erc-55.md', // ethereum/ERCs, EIP-55's test vectors (tests/unit/pay-address.test.ts)
]);

function filesUnder(relative: string): string[] {
  const absolute = path.join(root, relative);
  if (!fs.existsSync(absolute)) return [];
  if (fs.statSync(absolute).isFile()) return [absolute];
  const found: string[] = [];
  for (const entry of fs.readdirSync(absolute, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || SKIPPED_DIRS.has(entry.name)) continue;
    const child = path.join(relative, entry.name);
    if (entry.isDirectory()) found.push(...filesUnder(child));
    else if (TEXT_FILE.test(entry.name)) found.push(path.join(root, child));
  }
  return found;
}

/** The ATX headings of a Markdown file (outside fenced code), as written after the #'s. */
function headingsOf(file: string): string[] {
  const headings: string[] = [];
  let fence: string | null = null;
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const fenceMark = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (fenceMark) {
      if (fence === null) fence = fenceMark[0];
      else if (fenceMark[0] === fence) fence = null;
      continue;
    }
    if (fence !== null) continue;
    const heading = /^#{1,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(line);
    if (heading) headings.push(heading[1]);
  }
  return headings;
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
function anchorOf(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

const headingCache = new Map<string, string[]>();
function headings(file: string): string[] {
  let found = headingCache.get(file);
  if (!found) headingCache.set(file, (found = headingsOf(file)));
  return found;
}

/** The file a citation names: relative to the citing file, to the repository, or a page of docs/. */
function resolveCited(citing: string, cited: string): string | null {
  const candidates = [path.resolve(path.dirname(citing), cited), path.resolve(root, cited)];
  if (!cited.includes('/')) candidates.push(path.join(root, 'docs', cited));
  return candidates.find((candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile()) ?? null;
}

const FILE = String.raw`((?:[\w.-]+\/)*[\w.-]+\.md)`;
/** After the file name: a closing backtick, parenthesis or bracket, then blanks, possibly a comment's next line. */
const GAP = String.raw`[\`)\]]*(?:[ \t]*\r?\n[ \t]*(?:\*|\/\/|#)?)?[ \t]*`;
const CITATION = new RegExp(`${FILE}${GAP}"([^"\\n]+)"((?:[ \\t]*(?:,|and|or)[ \\t]*"[^"\\n]+")*)`, 'g');
const ANCHOR = new RegExp(`${FILE}#([\\w-]+)`, 'g');

interface Citation {
  where: string;
  file: string;
  heading: string;
}

function lineOf(text: string, index: number): number {
  return text.slice(0, index).split('\n').length;
}

function collect(): { headingCitations: Citation[]; anchorCitations: Citation[] } {
  const headingCitations: Citation[] = [];
  const anchorCitations: Citation[] = [];
  for (const file of SCANNED.flatMap(filesUnder)) {
    const text = fs.readFileSync(file, 'utf8');
    const where = (index: number) => `${path.relative(root, file)}:${lineOf(text, index)}`;
    for (const match of text.matchAll(CITATION)) {
      const more = [...(match[3] ?? '').matchAll(/"([^"\n]+)"/g)].map((quoted) => quoted[1]);
      for (const heading of [match[2], ...more]) {
        headingCitations.push({ where: where(match.index), file: match[1], heading });
      }
    }
    for (const match of text.matchAll(ANCHOR)) {
      anchorCitations.push({ where: where(match.index), file: match[1], heading: match[2] });
    }
  }
  return { headingCitations, anchorCitations };
}

const { headingCitations, anchorCitations } = collect();

function broken(citations: Citation[], names: (file: string) => string[]): string[] {
  return citations.flatMap(({ where, file, heading }) => {
    if (EXTERNAL_DOCUMENTS.has(path.basename(file))) return [];
    const target = resolveCited(path.join(root, where.replace(/:\d+$/, '')), file);
    if (!target) return [`${where}: ${file} does not exist`];
    return names(target).includes(heading) ? [] : [`${where}: ${file} has no heading "${heading}"`];
  });
}

describe('documentation citations', () => {
  it('finds the citations (the patterns still match the forms in use)', () => {
    expect(headingCitations.length).toBeGreaterThan(200);
    expect(anchorCitations.length).toBeGreaterThan(5);
  });

  it('every citation of a heading names a heading of the cited file', () => {
    expect(broken(headingCitations, headings)).toEqual([]);
  });

  it('every link to an anchor names a heading of the linked file', () => {
    expect(broken(anchorCitations, (file) => headings(file).map(anchorOf))).toEqual([]);
  });
});

describe('docs/architecture.md "Data model"', () => {
  const migrations = path.join(root, 'server/src/db/migrations');
  const created = fs
    .readdirSync(migrations)
    .filter((name) => name.endsWith('.ts'))
    .flatMap((name) =>
      [...fs.readFileSync(path.join(migrations, name), 'utf8').matchAll(/CREATE TABLE (?:IF NOT EXISTS )?(\w+)/gi)].map(
        (match) => match[1],
      ),
    );

  const architecture = fs.readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');
  const section = /^## Data model\n([\s\S]*?)(?=^## )/m.exec(architecture)?.[1] ?? '';
  const described = [...section.matchAll(/^\| `(\w+)`/gm)].map((match) => match[1]);

  it('reads the migrations and the section', () => {
    expect(created.length).toBeGreaterThan(20);
    expect(described.length).toBeGreaterThan(20);
  });

  it('describes every table a migration creates, and only those', () => {
    expect([...new Set(described)].sort()).toEqual([...new Set(created)].sort());
  });
});
