/**
 * Module ownership (docs/architecture.md "Module ownership"): payments report what the chain shows and orders decide,
 * so `server/src/payments/` never imports `server/src/orders/` (it declares `PayableOrders` and `PaymentObserver`,
 * which the orders module implements). Reads every file of the folder as TypeScript sees its imports (static, type
 * only, re-exports, dynamic `import()` and `require`), so no form of import slips through.
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
