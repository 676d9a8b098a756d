import 'reflect-metadata';
import path from 'node:path';
import { GraphQLObjectType, type GraphQLSchema } from 'graphql';
import { buildSchema, getMetadataStorage } from 'type-graphql';
import type { Container } from '../container';
import { repoRoot } from '../paths';
import { authChecker } from './auth-checker';
import '../core/enums';
import { resolvers } from './resolvers';

export const SCHEMA_FILE = path.join(repoRoot, 'schema.graphql');

/** Builds the executable schema with the app's container; `emitSchemaFile` writes schema.graphql. */
export async function buildAppSchema(
  container: Container,
  options: { emitSchemaFile?: boolean } = {},
): Promise<GraphQLSchema> {
  const schema = await buildSchema({
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
  readPlainFieldsDirectly(schema);
  return schema;
}

/**
 * TypeGraphQL gives every field a resolver of its own, even a plain property with no access rule, no middleware and
 * no arguments, which only reads `root[name]` through its middleware machinery. Such fields get GraphQL's default
 * resolver instead, which reads the same property, and which compiled execution (compiled-execution.ts) inlines as a
 * property read: about 15 fields per order row on the admin queue (measured: README "Performance"). A field whose
 * GraphQL name differs from its property (e.g. `inStock`, the getter `onSale`), or that has a field resolver, keeps
 * TypeGraphQL's.
 */
function readPlainFieldsDirectly(schema: GraphQLSchema): void {
  const metadata = getMetadataStorage();
  const resolved = new Set(metadata.fieldResolvers.map((r) => `${r.getObjectType?.()?.name}.${r.methodName}`));
  for (const objectType of metadata.objectTypes) {
    const type = schema.getType(objectType.name);
    if (!(type instanceof GraphQLObjectType)) continue;
    const fields = type.getFields();
    for (const field of objectType.fields ?? []) {
      const plain =
        field.name === field.schemaName &&
        // `@Authorized()` without roles stores [] (signed in, any role): only no rule at all is plain.
        field.roles === undefined &&
        !field.middlewares?.length &&
        !field.params?.length &&
        !resolved.has(`${field.target.name}.${field.name}`);
      if (plain && fields[field.schemaName]) fields[field.schemaName].resolve = undefined;
    }
  }
}
