import type { FileUpload } from 'graphql-upload-minimal';

export type { FileUpload };

/**
 * An uploaded file as services receive it: the file, once its part of the multipart body arrives. The
 * GraphQL `Upload` scalar (graphql/scalars/upload.ts) produces it; services await `file` only when they
 * want the bytes, so a request can be answered (or refused) before the upload has arrived.
 */
export interface UploadValue {
  file: Promise<FileUpload>;
}
