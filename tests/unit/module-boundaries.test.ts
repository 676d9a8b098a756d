/**
 * Module ownership (docs/architecture.md "Module ownership"):
 * - payments report what the chain shows and orders decide, so `server/src/payments/` never imports
 *   `server/src/orders/` (it declares `PayableOrders` and `PaymentObserver`, which the orders module implements).
 *   Reads every file of the folder as TypeScript sees its imports (static, type only, re-exports, dynamic `import()`
 *   and `require`), so no form of import slips through;
 * - a table is written only by the folder that owns it, and read with SQL elsewhere only by the declared read models
 *   (the list below, the one in that section). SQL is read from the code's string and template literals (comments
 *   do not count), query-builder calls (`selectFrom('orders')`) and TypeORM writes through an owned entity.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(__dirname, '../..');

/** The files under `dir` (absolute) that TypeScript compiles. */
function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** The repository paths (without extension) that the relative imports of `code`, written in `file`, lead to. */
function importedPaths(file: string, code: string): string[] {
  const { importedFiles } = ts.preProcessFile(code, true, true);
  return importedFiles
    .map((imported) => imported.fileName)
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) =>
      path
        .relative(root, path.resolve(path.dirname(file), specifier))
        .split(path.sep)
        .join('/'),
    );
}

/** The imports of `code` in `file` that reach into `folder` (a repository path). */
function importsInto(folder: string, file: string, code: string): string[] {
  return importedPaths(file, code).filter((target) => target === folder || target.startsWith(`${folder}/`));
}

const payments = path.join(root, 'server/src/payments');

describe('the payments module', () => {
  it('imports nothing from the orders module', () => {
    const offending = sourceFiles(payments).flatMap((file) =>
      importsInto('server/src/orders', file, fs.readFileSync(file, 'utf8')).map(
        (target) => `${path.relative(root, file)} imports ${target}`,
      ),
    );
    expect(offending).toEqual([]);
  });

  it('is read whole: its files and their imports are found', () => {
    const files = sourceFiles(payments).map((file) => path.relative(root, file).split(path.sep).join('/'));
    expect(files).toEqual(
      expect.arrayContaining([
        'server/src/payments/chain-payment.service.ts',
        'server/src/payments/chains/chain-reader.ts',
      ]),
    );
    const service = path.join(payments, 'chain-payment.service.ts');
    expect(importedPaths(service, fs.readFileSync(service, 'utf8'))).toContain(
      'server/src/payments/chain-payment.entity',
    );
  });

  it.each([
    ['a value import', `import { Order } from '../orders/order.entity';`],
    ['a type-only import', `import type { HeldQuote } from '../orders/held-quote.service';`],
    ['a re-export', `export { PAID } from '../orders/order-lifecycle';`],
    ['a dynamic import', `const lifecycle = await import('../orders/order-lifecycle.service');`],
    ['a deeper file', `import { x } from '../../orders/x';`],
  ])('would be caught importing orders by %s', (what, code) => {
    const file = path.join(payments, what === 'a deeper file' ? 'chains/x.ts' : 'x.ts');
    expect(importsInto('server/src/orders', file, code)).toHaveLength(1);
  });
});

/** The tables whose ownership is enforced: the folder that writes them, and the entity classes of their rows. */
const OWNED: { table: string; owner: string; entities: string[] }[] = [
  { table: 'orders', owner: 'server/src/orders/', entities: ['Order'] },
  { table: 'order_events', owner: 'server/src/orders/', entities: ['OrderEvent'] },
  { table: 'order_counts', owner: 'server/src/orders/', entities: [] },
  { table: 'held_quotes', owner: 'server/src/orders/', entities: [] },
  { table: 'product_keys', owner: 'server/src/inventory/', entities: [] },
  { table: 'chain_payments', owner: 'server/src/payments/', entities: ['ChainPayment'] },
  { table: 'chain_watch_positions', owner: 'server/src/payments/', entities: [] },
  { table: 'derivation_counters', owner: 'server/src/payments/', entities: [] },
  { table: 'derived_addresses', owner: 'server/src/payments/', entities: [] },
];

/**
 * The declared read models (docs/architecture.md "Module ownership"): files outside a table's folder that read it with
 * SQL of their own, each for a reason given there. Nothing else may.
 */
const DECLARED_READS: Record<string, string[]> = {
  orders: [
    'server/src/sales/sales-report.service.ts',
    'server/src/customers/customer.service.ts',
    'server/src/notifications/notification.service.ts',
    'server/src/webhooks/webhook-delivery.service.ts',
    'server/src/support/ticket.service.ts',
  ],
  product_keys: ['server/src/notifications/notification.service.ts', 'server/src/db/seed/seed.ts'],
  chain_payments: ['server/src/orders/order-search.ts'],
};

const SQL_WRITE = (table: string) => new RegExp(`\\b(UPDATE|INSERT\\s+INTO|DELETE\\s+FROM)\\s+${table}\\b`, 'i');
const SQL_READ = (table: string) => new RegExp(`\\b(FROM|JOIN)\\s+${table}\\b`, 'i');
const BUILDER_WRITES = new Set(['updateTable', 'insertInto', 'deleteFrom', 'replaceInto', 'mergeInto']);
const BUILDER_READS = new Set(['selectFrom', 'innerJoin', 'leftJoin', 'rightJoin', 'fullJoin']);
const ENTITY_WRITES = new Set(['insert', 'update', 'delete', 'save', 'upsert', 'remove', 'softDelete', 'increment']);

/** What one file does to the owned tables: `write` and `read` lists of table names. */
function tableUse(file: string, code: string): { write: string[]; read: string[] } {
  const texts: string[] = [];
  const builderWrites: string[] = [];
  const builderReads: string[] = [];
  const entityWrites: string[] = [];
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true);
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) texts.push(node.text);
    else if (ts.isTemplateExpression(node)) {
      texts.push([node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' ? '));
    }
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      const [first] = node.arguments;
      if (first && ts.isStringLiteral(first)) {
        const table = first.text.split(/\s/)[0];
        if (BUILDER_WRITES.has(method)) builderWrites.push(table);
        if (BUILDER_READS.has(method)) builderReads.push(table);
      }
      if (ENTITY_WRITES.has(method)) {
        // manager.update(Order, …) or getRepository(Order).update(…)
        const target = node.expression.expression;
        if (first && ts.isIdentifier(first)) entityWrites.push(first.text);
        if (ts.isCallExpression(target) && /getRepository$/.test(target.expression.getText(source))) {
          const [entity] = target.arguments;
          if (entity && ts.isIdentifier(entity)) entityWrites.push(entity.text);
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  const write = OWNED.filter(
    ({ table, entities }) =>
      texts.some((text) => SQL_WRITE(table).test(text)) ||
      builderWrites.includes(table) ||
      entities.some((entity) => entityWrites.includes(entity)),
  ).map(({ table }) => table);
  const read = OWNED.filter(
    ({ table }) => texts.some((text) => SQL_READ(table).test(text)) || builderReads.includes(table),
  ).map(({ table }) => table);
  return { write, read };
}

describe('each table', () => {
  const server = path.join(root, 'server/src');
  const files = sourceFiles(server)
    .map((file) => path.relative(root, file).split(path.sep).join('/'))
    // Migrations describe the schema at their point in history; generated row types name every table.
    .filter((file) => !file.startsWith('server/src/db/migrations/') && !file.startsWith('server/src/db/schema-types'));
  const uses = files.map((file) => ({ file, ...tableUse(file, fs.readFileSync(path.join(root, file), 'utf8')) }));
  const ownerOf = (table: string) => OWNED.find((owned) => owned.table === table)!.owner;

  it("is read whole: the owners' own statements are found", () => {
    const use = (file: string) => uses.find((u) => u.file === file);
    expect(use('server/src/orders/order-lifecycle.service.ts')?.write).toEqual(
      expect.arrayContaining(['orders', 'order_events']),
    );
    expect(use('server/src/inventory/order-keys.service.ts')?.write).toContain('product_keys');
    expect(use('server/src/payments/chain-payment.service.ts')?.write).toEqual(
      expect.arrayContaining(['chain_payments', 'chain_watch_positions']),
    );
  });

  it('is written only by the folder that owns it', () => {
    const strays = uses.flatMap(({ file, write }) =>
      write.filter((table) => !file.startsWith(ownerOf(table))).map((table) => `${file} writes ${table}`),
    );
    expect(strays).toEqual([]);
  });

  it('is read with SQL outside its folder only by a declared read model', () => {
    const strays = uses.flatMap(({ file, read }) =>
      read
        .filter((table) => !file.startsWith(ownerOf(table)) && !(DECLARED_READS[table] ?? []).includes(file))
        .map((table) => `${file} reads ${table}`),
    );
    expect(strays).toEqual([]);
  });

  it('lists as read models only files that still read the table', () => {
    const stale = Object.entries(DECLARED_READS).flatMap(([table, declared]) =>
      declared
        .filter((file) => !uses.some((use) => use.file === file && use.read.includes(table)))
        .map((file) => `${file} no longer reads ${table}`),
    );
    expect(stale).toEqual([]);
  });

  it.each([
    ['raw SQL', `await manager.query('UPDATE orders SET status = $1', [s]);`, 'write'],
    ['a template', 'await manager.query(`INSERT INTO product_keys (id) VALUES (${id})`);', 'write'],
    ['a query builder', `sqlQuery.updateTable('orders').set({ status }).execute();`, 'write'],
    ['an entity', `await manager.update(Order, { id }, { status });`, 'write'],
    ['a repository', `await manager.getRepository(ChainPayment).save(payment);`, 'write'],
    ['a read', 'await manager.query(`SELECT 1 FROM orders o JOIN held_quotes q ON q.order_id = o.id`);', 'read'],
    ['a builder read', `sqlQuery.selectFrom('product_keys').selectAll();`, 'read'],
  ])('would be caught used by %s', (_what, code, kind) => {
    const use = tableUse('server/src/x/x.service.ts', code);
    expect(use[kind as 'write' | 'read'].length).toBeGreaterThan(0);
  });

  it('does not count a comment', () => {
    expect(tableUse('server/src/x/x.ts', `// UPDATE orders SET …\n/** sqlQuery.selectFrom('orders') */`)).toEqual({
      write: [],
      read: [],
    });
  });
});
