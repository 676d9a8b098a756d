import { buildSchema, parse, specifiedRules, validate } from 'graphql';
import { aliasLimitRule, depthLimitRule } from '../../server/src/graphql/limits';

// A schema with a cycle (Node.parent: Node), so any depth can be written.
const schema = buildSchema(`type Node { id: ID! parent: Node name: String } type Query { node: Node }`);

function errorsOf(query: string): string[] {
  return validate(schema, parse(query), [...specifiedRules, depthLimitRule(8), aliasLimitRule(15)]).map(
    (e) => e.message,
  );
}

function nested(levels: number): string {
  // levels = number of field levels, the leaf `id` included
  let body = 'id';
  for (let i = 1; i < levels; i++) body = `${i === levels - 1 ? 'node' : 'parent'} { ${body} }`;
  return `{ ${body} }`;
}

describe('depth limit', () => {
  it('accepts 8 levels and refuses 9', () => {
    expect(errorsOf(nested(8))).toEqual([]);
    expect(errorsOf(nested(9))).toEqual(['Query is too deep: the limit is 8 levels']);
  });

  it('counts through named and inline fragments', () => {
    const query = `
      query { node { ...A } }
      fragment A on Node { parent { ... on Node { parent { ...B } } } }
      fragment B on Node { parent { parent { parent { parent { parent { id } } } } } }`;
    expect(errorsOf(query)).toContain('Query is too deep: the limit is 8 levels');
  });

  it('gives introspection its own bound but still stops a cyclic one', () => {
    const ok = `{ __schema { types { fields { type { ofType { ofType { ofType { ofType { name } } } } } } } } }`;
    expect(errorsOf(ok)).toEqual([]);
    let deep = 'name';
    for (let i = 0; i < 10; i++) deep = `fields { type { ${deep} } }`;
    expect(errorsOf(`{ __type(name: "Node") { ${deep} } }`)).toContain('Query is too deep: the limit is 8 levels');
  });
});

describe('alias limit', () => {
  const aliases = (n: number) => `{ ${Array.from({ length: n }, (_, i) => `a${i}: node { id }`).join(' ')} }`;

  it('accepts 15 aliases and refuses 16', () => {
    expect(errorsOf(aliases(15))).toEqual([]);
    expect(errorsOf(aliases(16))).toEqual(['Too many aliases: the limit is 15']);
  });
});
