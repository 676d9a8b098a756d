import 'reflect-metadata';
import path from 'node:path';
import type { GraphQLSchema } from 'graphql';
import { buildSchema } from 'type-graphql';
import type { Container } from '../container';
import { repoRoot } from '../paths';
import { authChecker } from './auth-checker';
import './enums';
import { resolvers } from './resolvers';

export const SCHEMA_FILE = path.join(repoRoot, 'schema.graphql');

/** Builds the executable schema with the app's container; `emitSchemaFile` writes schema.graphql. */
export function buildAppSchema(container: Container, options: { emitSchemaFile?: boolean } = {}): Promise<GraphQLSchema> {
  return buildSchema({
    resolvers,
    container,
    authChecker,
    authMode: 'error',
    validate: false,
    emitSchemaFile: options.emitSchemaFile ? { path: SCHEMA_FILE, sortedSchema: true } : false,
  });
}
