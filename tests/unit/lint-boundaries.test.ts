/**
 * House rule 2 as a lint rule (eslint.config.mjs): a `*.resolver.ts` may not import typeorm, the
 * database layer or the event bus, nor call `getRepository`; a service may. Runs the repository's own
 * ESLint configuration on snippets, as `npx eslint` would on a file at that path.
 */
import path from 'node:path';
import { ESLint } from 'eslint';

const eslint = new ESLint({ cwd: path.resolve(__dirname, '../..') });

const BOUNDARY_RULES = new Set(['no-restricted-imports', 'no-restricted-syntax']);

/** The boundary problems ESLint reports for `code` in a file at `filePath`. */
async function boundaryProblems(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages
    .filter((message) => message.ruleId && BOUNDARY_RULES.has(message.ruleId) && message.severity === 2)
    .map((message) => message.message);
}

const forbidden: [string, string][] = [
  ['typeorm', `import { DataSource } from 'typeorm';`],
  ['typeorm, type only', `import type { EntityManager } from 'typeorm';`],
  ['the database layer', `import { hydrate } from '../db/hydrate';`],
  ['the database layer, deeper', `import { seedCatalogue } from '../../db/seed/seed';`],
  ['the event bus', `import { EventBus } from '../graphql/event-bus';`],
  ['the event bus after its move', `import { EventBus } from '../core/event-bus';`],
  ['getRepository', `export const find = (db: any) => db.getRepository('Order').find();`],
];

describe('a resolver', () => {
  it.each(forbidden)('may not use %s', async (_what, code) => {
    const problems = await boundaryProblems(code, 'server/src/x/x.resolver.ts');
    expect(problems).toEqual([expect.stringMatching(/^(.*: )?Resolvers are thin/)]);
  });

  it('may use services, entities and the GraphQL helpers', async () => {
    const code = [
      `import { ProductService } from '../catalogue/product.service';`,
      `import { Product } from '../catalogue/product.entity';`,
      `import { NotFoundError } from '../graphql/errors';`,
      `import { dbStatus } from './dbStatus';`,
    ].join('\n');
    expect(await boundaryProblems(code, 'server/src/x/x.resolver.ts')).toEqual([]);
  });
});

describe('a service', () => {
  it.each(forbidden)('may use %s', async (_what, code) => {
    expect(await boundaryProblems(code, 'server/src/x/x.service.ts')).toEqual([]);
  });
});
