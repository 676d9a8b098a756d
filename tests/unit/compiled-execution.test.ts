/**
 * The size a query document has when executed, with its fragments expanded: what decides whether compiled execution
 * (server/src/graphql/compiled-execution.ts) may compile it.
 */
import { parse, type OperationDefinitionNode } from 'graphql';
import { expandedFieldCount } from '../../server/src/graphql/compiled-execution';

function count(text: string, limit = 1000): number {
  const document = parse(text);
  const operation = document.definitions.find((d) => d.kind === 'OperationDefinition') as OperationDefinitionNode;
  return expandedFieldCount(document, operation, limit);
}

it('counts every field once per place execution reaches it, through fragments and inline fragments', () => {
  expect(count('{ me { id email } }')).toBe(3);
  expect(count('{ me { ...V } x: me { ...V } } fragment V on Viewer { id email }')).toBe(6);
  expect(count('{ products { ... on Product { id slug } priceTiers: id } }')).toBe(4);
});

it('stops counting just past the limit, however far a small document would expand', () => {
  const exploding = `{ a: me { ...V } b: me { ...V } c: me { ...V } d: me { ...V } }
    fragment V on Viewer { a: tickets { ...T } b: tickets { ...T } c: tickets { ...T } d: tickets { ...T } }
    fragment T on SupportTicket { a: order { ...O } b: order { ...O } c: order { ...O } d: order { ...O } }
    fragment O on Order { a: product { ...P } b: product { ...P } c: product { ...P } d: product { ...P } }
    fragment P on Product { id slug name price inStock }`;
  // 4 + 16 + 64 + 256 object fields and 256 × 5 scalars when fully expanded.
  expect(count(exploding, 100_000)).toBe(4 + 16 + 64 + 256 + 256 * 5);
  expect(count(exploding, 200)).toBe(201);
});
