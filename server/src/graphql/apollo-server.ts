/**
 * Apollo Server for /graphql: the shared error masking and query limits, compiled execution of repeated queries, no
 * CDN landing page, the catalogue response cache, and a drain that also closes the WebSocket server.
 */
import type http from 'node:http';
import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginLandingPageDisabled,
} from '@apollo/server/plugin/disabled';
import type { GraphQLSchema, ValidationRule } from 'graphql';
import type express from 'express';
import type { CatalogueResponseCache } from './catalogue-response-cache';
import { compiledQueryExecutor, executingGateway } from './compiled-execution';
import type { RequestContext } from './context';
import { formatError } from './format-error';
import { QUERY_LIMITS } from './limits';

export function createApolloServer(options: {
  schema: GraphQLSchema;
  /** Limits and, where introspection is off, its refusal: the same rules as graphql-ws. */
  validationRules: readonly ValidationRule[];
  httpServer: http.Server;
  /** The GraphQL layer's catalogue responses, and who hears of each catalogue-only answer sent over HTTP. */
  catalogueResponses: CatalogueResponseCache;
  onCatalogueAnswer?: (res: express.Response, version: number) => void;
  /** Runs when the server drains (closes the WebSocket server). */
  onDrain: () => Promise<void>;
  /** Told of each operation's name and outcome when its answer is sent (metrics). */
  onOperation?: (name: string | null | undefined, outcome: 'ok' | 'error') => void;
}): ApolloServer<RequestContext> {
  return new ApolloServer<RequestContext>({
    // Apollo's hook for its own execution: queries run compiled once seen twice (compiled-execution.ts).
    gateway: executingGateway(options.schema, compiledQueryExecutor(options.schema)),
    formatError,
    includeStacktraceInErrorResponses: false,
    validationRules: [...options.validationRules],
    // Introspection is refused by our own rule in validationRules, for HTTP and WebSocket alike.
    introspection: true,
    parseOptions: { maxTokens: QUERY_LIMITS.maxTokens },
    csrfPrevention: true,
    // main.ts owns SIGINT/SIGTERM and stops everything in order; Apollo's own handlers would race it.
    stopOnTerminationSignals: false,
    plugins: [
      // Our bundled GraphiQL (graphiql.route.ts) is the IDE; Apollo's landing page would load from a CDN.
      ApolloServerPluginLandingPageDisabled(),
      // No field has cache hints and no response is HTTP-cached; Apollo's default cache-control plugin
      // would still wrap every field resolver to compute them (measured: bench/, README "Performance").
      ApolloServerPluginCacheControlDisabled(),
      ApolloServerPluginDrainHttpServer({ httpServer: options.httpServer }),
      options.catalogueResponses.plugin(options.onCatalogueAnswer),
      {
        async serverWillStart() {
          return { drainServer: options.onDrain };
        },
        async requestDidStart() {
          const onOperation = options.onOperation;
          if (!onOperation) return;
          return {
            async willSendResponse({ operationName, errors }) {
              onOperation(operationName, errors?.length ? 'error' : 'ok');
            },
          };
        },
      },
    ],
  });
}
