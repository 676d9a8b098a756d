/**
 * The `Upload` scalar of the GraphQL multipart request spec, over our multipart middleware
 * (http/multipart-upload.ts), which puts an `Upload` wherever the request's map places a file.
 *
 * TypeGraphQL awaits promise arguments before calling the resolver, so a scalar yielding the file's
 * promise would let a resolver neither answer before the file arrives nor handle a failed upload
 * itself. This scalar wraps the promise in a plain object: the resolver runs as soon as the operation
 * is parsed, and awaits `file` only when (and if) it wants the bytes.
 */
import { GraphQLError, GraphQLScalarType } from 'graphql';
import type { UploadValue } from '../../files/upload-value';
import { Upload } from '../../http/multipart-upload';

export type { UploadValue };

export const UploadScalar = new GraphQLScalarType<UploadValue, never>({
  name: 'Upload',
  description: 'A file sent as a part of a multipart request (graphql-multipart-request-spec)',
  parseValue(value) {
    if (value instanceof Upload) return { file: value.promise };
    throw new GraphQLError('Upload value invalid: send the file in a multipart request');
  },
  parseLiteral(node) {
    throw new GraphQLError('Upload literal unsupported: send the file in a multipart request', { nodes: node });
  },
  serialize() {
    throw new GraphQLError('Upload serialization unsupported');
  },
});
