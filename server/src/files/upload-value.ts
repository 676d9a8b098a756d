import type { Readable } from 'node:stream';

/**
 * One file part of a multipart request (graphql-multipart-request-spec), as the multipart middleware
 * (http/multipart-upload.ts) hands it over once the part's headers have arrived.
 */
export interface FileUpload {
  filename: string;
  mimetype: string;
  encoding: string;
  /**
   * The part's bytes as they arrive; callable once. Throws the part's failure (status 413 when it passed
   * the size limit) when the part already failed. The stream emits 'limit' and ends `truncated` when the
   * file reaches the limit.
   */
  createReadStream(): Readable & { truncated?: boolean };
}

/**
 * An uploaded file as services receive it: the file, once its part of the multipart body arrives. The
 * GraphQL `Upload` scalar (graphql/scalars/upload.ts) produces it; services await `file` only when they
 * want the bytes, so a request can be answered (or refused) before the upload has arrived.
 */
export interface UploadValue {
  file: Promise<FileUpload>;
}
