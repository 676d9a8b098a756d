/**
 * Execution of HTTP queries (docs/decisions.md "Compiled execution"): a query document seen a second time is compiled
 * with graphql-jit into a function of its own and executed by it from then on; everything else (first sight,
 * mutations, variables that do not coerce, a document graphql-jit cannot compile) by graphql-js as before.
 *
 * Only how resolvers are called and results assembled changes. It is plugged into Apollo as its executor (the
 * `gateway` interface, Apollo's hook for custom execution), so parsing, validation with the hardening limits, the
 * plugins and error formatting stay Apollo's, and the resolvers with their access rules are the same functions. The
 * second sight keeps compile work (a few milliseconds per document) off documents sent once: a client that makes up
 * a new document per request gets graphql-js, at its old cost. Compiled functions live as long as Apollo's parsed
 * document they were compiled from (a bounded cache), so they need no bound of their own.
 */
import type { GatewayInterface } from '@apollo/server-gateway-interface';
import {
  execute,
  getVariableValues,
  GraphQLError,
  type DocumentNode,
  type ExecutionResult,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';

interface DocumentState {
  /** How often each operation was executed by graphql-js, before it was compiled. */
  uses: Map<string, number>;
  /** Compiled operations by name; null when graphql-jit could not compile it (graphql-js keeps it). */
  compiled: Map<string, CompiledQuery | null>;
}

/** Sightings of a document before it is compiled. */
const COMPILE_ON_USE = 2;

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
  const documents = new WeakMap<DocumentNode, DocumentState>();

  function compiledFor(document: DocumentNode, operation: OperationDefinitionNode, name: string) {
    let state = documents.get(document);
    if (!state) documents.set(document, (state = { uses: new Map(), compiled: new Map() }));
    const compiled = state.compiled.get(name);
    if (compiled !== undefined) return compiled;
    const uses = (state.uses.get(name) ?? 0) + 1;
    if (uses < COMPILE_ON_USE) {
      state.uses.set(name, uses);
      return null;
    }
    const result = compileQuery(schema, document, operation.name?.value);
    const fn = isCompiledQuery(result) ? result : null;
    state.compiled.set(name, fn);
    state.uses.delete(name);
    return fn;
  }

  return async ({ document, operation, operationName, variables, context }) => {
    const graphqlJs = () =>
      execute({ schema, document, operationName, variableValues: variables, contextValue: context });
    // No operation (an unknown name, or several and none named): graphql-js reports it.
    if (operation?.operation !== 'query') return graphqlJs();
    const compiled = compiledFor(document, operation, operation.name?.value ?? '');
    // Variables that do not coerce get graphql-js's own errors, which Apollo answers with a 400.
    if (!compiled || getVariableValues(schema, operation.variableDefinitions ?? [], variables ?? {}).errors) {
      return graphqlJs();
    }
    const result = await compiled.query(undefined, context, variables ?? {});
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
