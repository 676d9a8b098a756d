/**
 * Query cost limits (DESIGN.md §6), applied to HTTP and WebSocket operations alike: depth, aliases
 * and tokens. Tokens are limited by graphql's parser (`maxTokens`), depth and aliases by these
 * validation rules.
 */
import {
  GraphQLError,
  Kind,
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

/** Fails an operation whose selection nests deeper than `maxDepth` fields (fragments expanded). */
export function depthLimitRule(maxDepth: number = QUERY_LIMITS.maxDepth) {
  return (context: ValidationContext): ASTVisitor => {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const def of context.getDocument().definitions) {
      if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
    }
    const depthOf = (set: SelectionSetNode | undefined, depth: number, seen: Set<string>): number => {
      if (!set) return depth;
      let max = depth;
      for (const sel of set.selections) {
        if (sel.kind === Kind.FIELD) {
          if (sel.name.value.startsWith('__')) continue;
          max = Math.max(max, depthOf(sel.selectionSet, depth + 1, seen));
        } else if (sel.kind === Kind.INLINE_FRAGMENT) {
          max = Math.max(max, depthOf(sel.selectionSet, depth, seen));
        } else {
          const name = sel.name.value;
          if (seen.has(name)) continue; // cycles are reported by graphql's own rule
          const fragment = fragments.get(name);
          if (fragment) max = Math.max(max, depthOf(fragment.selectionSet, depth, new Set(seen).add(name)));
        }
        if (max > maxDepth) return max;
      }
      return max;
    };
    return {
      OperationDefinition(node) {
        const depth = depthOf(node.selectionSet, 0, new Set());
        if (depth > maxDepth) {
          context.reportError(limitError(`Query is too deep: ${depth} levels (the limit is ${maxDepth})`));
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
