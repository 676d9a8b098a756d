/**
 * Reading a multipart upload (http/multipart-upload.ts) into memory with a size cap. Callers give their
 * own field's messages, so this module knows nothing about what the file is for.
 */
import { InputError } from '../core/errors';
import type { UploadValue } from './upload-value';

/** The multipart middleware reports a file over its `maxFileSize` as an error with status 413. */
function isTooLarge(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { status?: number }).status === 413;
}

type UploadStream = NodeJS.ReadableStream & { truncated?: boolean };

/**
 * The bytes of the upload for input field `field`, buffered whole, refused once they pass `maxBytes`.
 * A refusal is BAD_USER_INPUT on that field with its message for the reason. Past the limit the
 * stream keeps flowing and is discarded rather than destroyed: a destroyed part would stall the
 * multipart parser and leave the client's request hanging.
 */
export async function readUploadForField(
  upload: UploadValue,
  field: string,
  limits: { maxBytes: number; tooLarge: string; failed: string },
): Promise<Buffer> {
  const refusal = (tooLarge: boolean) => InputError.field(field, tooLarge ? limits.tooLarge : limits.failed);
  let stream: UploadStream;
  try {
    stream = (await upload.file).createReadStream();
  } catch (error) {
    throw refusal(isTooLarge(error));
  }
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let refused = false;
    const refuse = (tooLarge: boolean) => {
      if (refused) return;
      refused = true;
      chunks.length = 0;
      reject(refusal(tooLarge));
    };
    stream.on('data', (chunk: Buffer | string) => {
      if (refused) return;
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      size += buffer.length;
      if (size > limits.maxBytes) refuse(true);
      else chunks.push(buffer);
    });
    // busboy cuts a file at the multipart limit, emits 'limit' and marks the stream truncated.
    stream.on('limit', () => refuse(true));
    stream.on('error', (error: unknown) => refuse(isTooLarge(error)));
    stream.on('end', () => {
      if (stream.truncated) refuse(true);
      else if (!refused) resolve(Buffer.concat(chunks, size));
    });
  });
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
