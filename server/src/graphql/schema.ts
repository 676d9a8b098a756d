import 'reflect-metadata';
import path from 'node:path';
import type { GraphQLSchema } from 'graphql';
import { buildSchema } from 'type-graphql';
import type { Container } from '../container';
import { repoRoot } from '../paths';
import { authChecker } from './auth-checker';
import '../core/enums';
import { resolvers } from './resolvers';

export const SCHEMA_FILE = path.join(repoRoot, 'schema.graphql');

/** Builds the executable schema with the app's container; `emitSchemaFile` writes schema.graphql. */
export function buildAppSchema(
  container: Container,
  options: { emitSchemaFile?: boolean } = {},
): Promise<GraphQLSchema> {
  return buildSchema({
    resolvers,
    container,
    authChecker,
    authMode: 'error',
    validate: false,
    // Every subscription declares its own `subscribe` over our EventBus (PostgreSQL LISTEN/NOTIFY);
    // TypeGraphQL still requires a PubSub, so this one only says so if a topic-based one slips in.
    pubSub: {
      publish() {
        throw new Error('Publish through EventBus');
      },
      subscribe() {
        throw new Error('Subscriptions must declare `subscribe` over EventBus');
      },
    },
    emitSchemaFile: options.emitSchemaFile ? { path: SCHEMA_FILE, sortedSchema: true } : false,
  });
}
