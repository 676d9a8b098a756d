/**
 * Execution of HTTP queries (docs/decisions.md "Files and caches"): a query document seen a second time is compiled
 * with graphql-jit into a function of its own and executed by it from then on; everything else (first sight,
 * mutations, variables that do not coerce, a document graphql-jit cannot compile) by graphql-js as before.
 *
 * Only how resolvers are called and results assembled changes. It is plugged into Apollo as its executor (the
 * `gateway` interface, Apollo's hook for custom execution), so parsing, validation with the hardening limits, the
 * plugins and error formatting stay Apollo's, and the resolvers with their access rules are the same functions. The
 * second sight keeps compile work (a few milliseconds per document) off documents sent once: a client that makes up
 * a new document per request gets graphql-js, at its old cost. Compiling is bounded per document (MAX_COMPILED_FIELDS:
 * a small document can expand into thousands of fields through its fragments) and in number (MAX_COMPILED).
 */
import type { GatewayInterface } from '@apollo/server-gateway-interface';
import {
  execute,
  GraphQLError,
  Kind,
  type DocumentNode,
  type FragmentDefinitionNode,
  type SelectionSetNode,
  type ExecutionResult,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';

/** Sightings of an operation before it is compiled. */
const COMPILE_ON_USE = 2;
/**
 * Compiling costs about 100 times a document's size in time and memory, and fragments multiply a document's fields
 * (four fragments each spread four times under the next make 256 copies of the last one's fields). Operations with
 * more fields than this, counted as execution sees them, stay on graphql-js; the web app's largest (DashboardPage) has 52.
 */
const MAX_COMPILED_FIELDS = 200;
/** Compiled operations kept, least recently used dropped first. */
const MAX_COMPILED = 200;

/**
 * The fields an operation selects with every fragment spread expanded, as execution walks them; counting stops past
 * `limit`, so a document made to explode costs no more to judge than `limit` fields.
 */
export function expandedFieldCount(document: DocumentNode, operation: OperationDefinitionNode, limit: number): number {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  let count = 0;
  const walk = (selectionSet: SelectionSetNode | undefined, depth: number): void => {
    // Validation has refused fragment cycles; the depth guard only keeps a bug from looping.
    if (!selectionSet || depth > 64) return;
    for (const selection of selectionSet.selections) {
      if (count > limit) return;
      if (selection.kind === Kind.FIELD) {
        count++;
        walk(selection.selectionSet, depth + 1);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        walk(selection.selectionSet, depth + 1);
      } else {
        walk(fragments.get(selection.name.value)?.selectionSet, depth + 1);
      }
    }
  };
  walk(operation.selectionSet, 0);
  return count;
}

/** A Map used as a least-recently-used cache of `max` entries. */
function touch<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > max) map.delete(map.keys().next().value!);
}

export interface QueryExecutor {
  (request: {
    document: DocumentNode;
    operation: OperationDefinitionNode;
    operationName: string | null;
    variables: Record<string, unknown> | undefined;
    context: unknown;
  }): Promise<ExecutionResult>;
}

export function compiledQueryExecutor(schema: GraphQLSchema): QueryExecutor {
  // By operation within its parsed document (Apollo hands out one DocumentNode per query text). Null: not compiled
  // (too large, or graphql-jit could not), graphql-js keeps it.
  const compiled = new Map<OperationDefinitionNode, CompiledQuery | null>();
  // Uses before the second: weakly held, so a document sent once lives only as long as Apollo's cache keeps it.
  const waiting = new WeakMap<OperationDefinitionNode, number>();

  function compiledFor(document: DocumentNode, operation: OperationDefinitionNode): CompiledQuery | null {
    const known = compiled.get(operation);
    if (known !== undefined) {
      touch(compiled, operation, known, MAX_COMPILED);
      return known;
    }
    const uses = (waiting.get(operation) ?? 0) + 1;
    if (uses < COMPILE_ON_USE) {
      waiting.set(operation, uses);
      return null;
    }
    waiting.delete(operation);
    let fn: CompiledQuery | null = null;
    if (expandedFieldCount(document, operation, MAX_COMPILED_FIELDS) <= MAX_COMPILED_FIELDS) {
      const result = compileQuery(schema, document, operation.name?.value);
      fn = isCompiledQuery(result) ? result : null;
    }
    touch(compiled, operation, fn, MAX_COMPILED);
    return fn;
  }

  return async ({ document, operation, operationName, variables, context }) => {
    const graphqlJs = () =>
      execute({ schema, document, operationName, variableValues: variables, contextValue: context });
    // No operation (an unknown name, or several and none named): graphql-js reports it.
    if (operation?.operation !== 'query') return graphqlJs();
    const compiled = compiledFor(document, operation);
    if (!compiled) return graphqlJs();
    const result = await compiled.query(undefined, context, variables ?? {});
    // Variables that do not coerce come back without `data`, before anything ran: graphql-js answers them with its
    // own messages, which Apollo turns into a 400.
    if (!('data' in result)) return graphqlJs();
    return result.errors ? { ...result, errors: result.errors.map(asGraphQLError) } : result;
  };
}

/**
 * graphql-jit's errors imitate graphql-js's but lack its `extensions: {}` when the resolver's error has none, which
 * Apollo's error formatting reads: the same error as graphql-js makes, located where graphql-jit found it.
 */
function asGraphQLError(error: GraphQLError): GraphQLError {
  const normalized = new GraphQLError(error.message, {
    path: error.path,
    originalError: error.originalError ?? undefined,
    extensions: error.extensions,
  });
  Object.defineProperty(normalized, 'locations', { value: error.locations, enumerable: !!error.locations?.length });
  return normalized;
}

/** The executor as Apollo's `gateway`: it serves the schema it is given and executes with `executor`. */
export function executingGateway(schema: GraphQLSchema, executor: QueryExecutor): GatewayInterface {
  return {
    onSchemaLoadOrUpdate(callback) {
      callback({ apiSchema: schema, coreSupergraphSdl: '' });
      return () => undefined;
    },
    async load() {
      return {
        executor: (requestContext) =>
          executor({
            document: requestContext.document,
            operation: requestContext.operation,
            // What the client asked for: Apollo's own `operationName` is the resolved one, null when none was found.
            operationName: requestContext.request.operationName ?? null,
            variables: requestContext.request.variables,
            context: requestContext.context,
          }),
      };
    },
    async stop() {},
  };
}
