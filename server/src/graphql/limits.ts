/**
 * Query cost limits (docs/graphql-api.md "Limits"), applied to HTTP and WebSocket operations alike: depth, aliases
 * and tokens. Tokens are limited by graphql's parser (`maxTokens`), depth and aliases by these
 * validation rules.
 */
import {
  GraphQLError,
  Kind,
  NoSchemaIntrospectionCustomRule,
  type ValidationRule,
  type ASTVisitor,
  type FragmentDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
} from 'graphql';

export const QUERY_LIMITS = {
  maxDepth: 8,
  maxAliases: 15,
  maxTokens: 1000,
  maxBodyBytes: 100 * 1024,
  maxWsMessageBytes: 100 * 1024,
} as const;

function limitError(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } });
}

/**
 * Introspection may nest deeper than data queries (GraphiQL's own introspection query reaches about
 * 12 levels through `ofType`), but not without bound: `__type { fields { type { fields … } } }` cycles.
 */
export const INTROSPECTION_MAX_DEPTH = 16;

/**
 * Fails an operation whose selection nests deeper than `maxDepth` fields (fragments expanded); inside
 * `__schema`/`__type` the bound is INTROSPECTION_MAX_DEPTH instead.
 */
export function depthLimitRule(maxDepth: number = QUERY_LIMITS.maxDepth) {
  return (context: ValidationContext): ASTVisitor => {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const def of context.getDocument().definitions) {
      if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
    }
    // Returns how far the deepest path exceeds its limit (> 0 means too deep), stopping early once it does.
    const excess = (set: SelectionSetNode | undefined, depth: number, limit: number, seen: Set<string>): number => {
      if (!set) return depth - limit;
      let worst = depth - limit;
      for (const sel of set.selections) {
        if (sel.kind === Kind.FIELD) {
          const introspection = sel.name.value === '__schema' || sel.name.value === '__type';
          worst = Math.max(
            worst,
            excess(sel.selectionSet, depth + 1, introspection ? INTROSPECTION_MAX_DEPTH : limit, seen),
          );
        } else if (sel.kind === Kind.INLINE_FRAGMENT) {
          worst = Math.max(worst, excess(sel.selectionSet, depth, limit, seen));
        } else {
          const name = sel.name.value;
          const fragment = fragments.get(name);
          // Fragment cycles are reported by graphql's own NoFragmentCycles rule.
          if (fragment && !seen.has(name)) {
            worst = Math.max(worst, excess(fragment.selectionSet, depth, limit, new Set(seen).add(name)));
          }
        }
        if (worst > 0) return worst;
      }
      return worst;
    };
    return {
      OperationDefinition(node) {
        if (excess(node.selectionSet, 0, maxDepth, new Set()) > 0) {
          context.reportError(limitError(`Query is too deep: the limit is ${maxDepth} levels`));
        }
      },
    };
  };
}

/** Fails a document with more than `maxAliases` aliased fields (alias batching attacks). */
export function aliasLimitRule(maxAliases: number = QUERY_LIMITS.maxAliases) {
  return (context: ValidationContext): ASTVisitor => {
    let aliases = 0;
    let reported = false;
    return {
      Field(node) {
        if (!node.alias) return;
        aliases += 1;
        if (aliases > maxAliases && !reported) {
          reported = true;
          context.reportError(limitError(`Too many aliases: the limit is ${maxAliases}`));
        }
      },
    };
  };
}

export const limitRules = [depthLimitRule(), aliasLimitRule()];

/**
 * The validation rules beyond graphql's own, for HTTP and graphql-ws alike (one rule for both
 * transports): the limits above, and no schema introspection where it is turned off (production
 * without GRAPHIQL=true).
 */
export function graphqlValidationRules(options: { introspection: boolean }): ValidationRule[] {
  return options.introspection ? limitRules : [...limitRules, NoSchemaIntrospectionCustomRule];
}
