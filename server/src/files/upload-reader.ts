/**
 * Reading a multipart upload (graphql-upload-minimal) into memory with a size cap. Callers turn the
 * outcome into their own field's message, so this module knows nothing about what the file is for.
 */
import type { FileUpload, UploadValue } from '../graphql/scalars/upload';

export type UploadFailure = 'too-large' | 'failed';

/** Why an upload could not be read; callers map it to their field's message. */
export class UploadReadError extends Error {
  constructor(readonly reason: UploadFailure) {
    super(reason === 'too-large' ? 'Upload too large' : 'Upload failed');
  }
}

export interface ReadUpload {
  filename: string;
  bytes: Buffer;
}

/** graphql-upload-minimal reports a file over its `maxFileSize` as an HttpError with status 413. */
function isTooLarge(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { status?: number }).status === 413;
}

type UploadStream = NodeJS.ReadableStream & { truncated?: boolean };

/**
 * Buffers the whole upload, refusing it once it passes `maxBytes`. Past the limit the stream keeps
 * flowing and is discarded rather than destroyed: a destroyed part would stall the multipart parser
 * and leave the client's request hanging.
 */
export async function readUpload(upload: UploadValue, maxBytes: number): Promise<ReadUpload> {
  let file: FileUpload;
  let stream: UploadStream;
  try {
    file = await upload.file;
    stream = file.createReadStream();
  } catch (error) {
    throw new UploadReadError(isTooLarge(error) ? 'too-large' : 'failed');
  }
  const bytes = await new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let refused = false;
    const refuse = (reason: UploadFailure) => {
      if (refused) return;
      refused = true;
      chunks.length = 0;
      reject(new UploadReadError(reason));
    };
    stream.on('data', (chunk: Buffer | string) => {
      if (refused) return;
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      size += buffer.length;
      if (size > maxBytes) refuse('too-large');
      else chunks.push(buffer);
    });
    // busboy cuts a file at the multipart limit, emits 'limit' and marks the stream truncated.
    stream.on('limit', () => refuse('too-large'));
    stream.on('error', (error: unknown) => refuse(isTooLarge(error) ? 'too-large' : 'failed'));
    stream.on('end', () => {
      if (stream.truncated) refuse('too-large');
      else if (!refused) resolve(Buffer.concat(chunks, size));
    });
  });
  return { filename: file.filename, bytes };
}

/** Drains an upload the request will not use, so its part of the body is consumed, not left waiting. */
export function discardUpload(upload: UploadValue | null | undefined): void {
  if (!upload) return;
  upload.file.then(
    (file) => {
      try {
        const stream = file.createReadStream();
        stream.on('error', () => undefined);
        stream.resume();
      } catch {
        // Already consumed or already failed: nothing left to drain.
      }
    },
    () => undefined,
  );
}
