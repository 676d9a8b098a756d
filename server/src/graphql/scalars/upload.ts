/**
 * The `Upload` scalar of the GraphQL multipart request spec, over graphql-upload-minimal.
 *
 * graphql-upload-minimal's own scalar yields a promise of the file, and TypeGraphQL awaits promise
 * arguments before calling the resolver, so a resolver could neither answer before the file arrives
 * nor handle a failed upload itself. This scalar wraps the promise in a plain object: the resolver
 * runs as soon as the operation is parsed, and awaits `file` only when (and if) it wants the bytes.
 */
import { GraphQLError, GraphQLScalarType } from 'graphql';
import { GraphQLUpload } from 'graphql-upload-minimal';
import type { FileUpload, UploadValue } from '../../files/upload-value';

export type { UploadValue };

export const UploadScalar = new GraphQLScalarType<UploadValue, never>({
  name: 'Upload',
  description: 'A file sent as a part of a multipart request (graphql-multipart-request-spec)',
  parseValue(value) {
    return { file: GraphQLUpload.parseValue(value) as Promise<FileUpload> };
  },
  parseLiteral(node) {
    throw new GraphQLError('Upload literal unsupported: send the file in a multipart request', { nodes: node });
  },
  serialize() {
    throw new GraphQLError('Upload serialization unsupported');
  },
});
