/**
 * House rule 2 as a lint rule (eslint.config.mjs): a `*.resolver.ts` may not import typeorm, the
 * database layer or the event bus, nor call `getRepository`; a service may. Runs the repository's own
 * ESLint configuration (ESLint's Node API, `lintText` with a file path) on snippets, as `npx eslint`
 * would on a file at that path.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');

/**
 * Lints every snippet in one Node process of its own: ESLint loads the ESM config with a dynamic
 * import, which jest's module sandbox does not support. Returns, per snippet, the messages of the
 * boundary rules' errors.
 */
function boundaryProblems(snippets: { code: string; filePath: string }[]): string[][] {
  const script = `
    import { ESLint } from 'eslint';
    const eslint = new ESLint({ cwd: process.cwd() });
    const rules = new Set(['no-restricted-imports', 'no-restricted-syntax']);
    const out = [];
    for (const { code, filePath } of JSON.parse(process.argv[1])) {
      const [result] = await eslint.lintText(code, { filePath });
      out.push(result.messages.filter((m) => rules.has(m.ruleId) && m.severity === 2).map((m) => m.message));
    }
    process.stdout.write(JSON.stringify(out));
  `;
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', script, JSON.stringify(snippets)], {
    cwd: root,
    encoding: 'utf8',
  });
  return JSON.parse(output);
}

const forbidden: [string, string][] = [
  ['typeorm', `import { DataSource } from 'typeorm';`],
  ['typeorm, type only', `import type { EntityManager } from 'typeorm';`],
  ['the database layer', `import { hydrate } from '../db/hydrate';`],
  ['the database layer, deeper', `import { seedCatalogue } from '../../db/seed/seed';`],
  ['the event bus', `import { EventBus } from '../core/event-bus';`],
  ['getRepository', `export const find = (db: any) => db.getRepository('Order').find();`],
];

const allowed = [
  `import { ProductService } from '../catalogue/product.service';`,
  `import { Product } from '../catalogue/product.entity';`,
  `import { NotFoundError } from '../core/errors';`,
  `import { dbStatus } from './dbStatus';`,
].join('\n');

// Every file outside the API's layers: services, subscriptions, entities, helpers, core/, the configuration.
const domainFiles = [
  'server/src/x/x.service.ts',
  'server/src/core/x.ts',
  'server/src/x/x.subscription.ts',
  'server/src/x/x.entity.ts',
  'server/src/x/x-helper.ts',
  'server/src/config.ts',
];
// The API's own layers and GraphQL shapes may.
const apiFiles = [
  'server/src/x/x.resolver.ts',
  'server/src/x/x.types.ts',
  'server/src/x/x.inputs.ts',
  'server/src/graphql/x.ts',
  'server/src/http/x.ts',
];
const graphqlImport = `import { isAdmin } from '../graphql/context';`;
const graphqlTypeImport = `import type { RequestContext } from '../graphql/context';`;
const coreImport = `import { NotFoundError } from '../core/errors';`;

let asResolver: string[][];
let asService: string[][];
let allowedInResolver: string[];
let domainImportingGraphql: string[][];
let domainImportingGraphqlTypes: string[][];
let apiImportingGraphql: string[][];
let serviceImportingCore: string[];
// Every snippet in one ESLint process: each process loads the configuration afresh, for seconds.
beforeAll(() => {
  const at = (filePath: string) => forbidden.map(([, code]) => ({ code, filePath }));
  const results = boundaryProblems([
    ...at('server/src/x/x.resolver.ts'),
    ...at('server/src/x/x.service.ts'),
    { code: allowed, filePath: 'server/src/x/x.resolver.ts' },
    ...domainFiles.map((filePath) => ({ code: graphqlImport, filePath })),
    { code: coreImport, filePath: 'server/src/x/x.service.ts' },
    ...domainFiles.map((filePath) => ({ code: graphqlTypeImport, filePath })),
    ...apiFiles.map((filePath) => ({ code: graphqlImport, filePath })),
  ]);
  asResolver = results.slice(0, forbidden.length);
  asService = results.slice(forbidden.length, 2 * forbidden.length);
  allowedInResolver = results[2 * forbidden.length];
  domainImportingGraphql = results.slice(2 * forbidden.length + 1, 2 * forbidden.length + 1 + domainFiles.length);
  serviceImportingCore = results[2 * forbidden.length + 1 + domainFiles.length];
  const rest = results.slice(2 * forbidden.length + 2 + domainFiles.length);
  domainImportingGraphqlTypes = rest.slice(0, domainFiles.length);
  apiImportingGraphql = rest.slice(domainFiles.length);
}, 60000);

describe('a resolver', () => {
  it.each(forbidden.map(([what], i) => [what, i] as const))('may not use %s', (_what, i) => {
    expect(asResolver[i]).toEqual([expect.stringContaining('Resolvers are thin:')]);
  });

  it('may use services, entities and the GraphQL helpers', () => {
    expect(allowedInResolver).toEqual([]);
  });
});

describe('a service', () => {
  it.each(forbidden.map(([what], i) => [what, i] as const))('may use %s', (_what, i) => {
    expect(asService[i]).toEqual([]);
  });
});

describe('domain code (every file outside graphql/, http/ and the GraphQL shapes)', () => {
  it.each(domainFiles.map((filePath, i) => [filePath, i] as const))('%s may not import the GraphQL layer', (_, i) => {
    expect(domainImportingGraphql[i]).toEqual([
      expect.stringContaining('Domain code does not import the GraphQL layer'),
    ]);
  });

  it.each(domainFiles.map((filePath, i) => [filePath, i] as const))('%s may not import its types either', (_, i) => {
    expect(domainImportingGraphqlTypes[i]).toEqual([
      expect.stringContaining('Domain code does not import the GraphQL layer'),
    ]);
  });

  it.each(apiFiles.map((filePath, i) => [filePath, i] as const))('%s may import the GraphQL layer', (_, i) => {
    expect(apiImportingGraphql[i]).toEqual([]);
  });

  it('may import core/', () => {
    expect(serviceImportingCore).toEqual([]);
  });
});
