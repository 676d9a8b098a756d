/**
 * GraphQL multipart requests (graphql-multipart-request-spec: an `operations` field, a `map` field, then the
 * files) parsed with busboy into `req.body`, each mapped variable set to an `Upload` whose promise resolves when
 * its file part starts.
 *
 * Ours rather than graphql-upload-minimal's: on a malformed part header (a NUL in a filename, a header without a
 * colon, an oversized header) busboy reports an error, the library destroys the parser, busboy reports a second
 * error ("Unexpected end of form") and the library, listening with `once`, leaves it unhandled: one anonymous
 * request stopped the process (docs/decisions.md "Abuse"). graphql-upload, which fixed it, is ESM-only and
 * spools files to disk; we keep every upload in memory under a 5 MB cap anyway. Here every busboy error, however
 * many, ends the request once with a 400, and every file stream has an error listener from its first moment.
 */
import type { Readable } from 'node:stream';
import busboy from 'busboy';
import type express from 'express';
import type { FileUpload } from '../files/upload-value';

const SPEC_URL = 'https://github.com/jaydenseric/graphql-multipart-request-spec';

/** A client error of the multipart layer: a status below 500 and a message meant for the client (`expose`). */
class MultipartError extends Error {
  readonly expose = true;

  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** A body the parser could not read (busboy's errors carry no status): the client's mistake, a 400 saying so. */
const malformed = (reason: string) =>
  new MultipartError(
    `The multipart request body is incomplete or malformed (${reason}). Please send the request again.`,
    400,
  );

/** Where a mapped file goes in `operations`; the `Upload` scalar (graphql/scalars/upload.ts) unwraps it. */
export class Upload {
  readonly promise: Promise<FileUpload>;
  resolve!: (file: FileUpload) => void;
  reject!: (error: Error) => void;
  settled = false;

  constructor() {
    this.promise = new Promise<FileUpload>((resolve, reject) => {
      this.resolve = (file) => {
        this.settled = true;
        resolve(file);
      };
      this.reject = (error) => {
        this.settled = true;
        reject(error);
      };
    });
    // A rejection nobody awaits (the operation failed before reading its file) is not an unhandled one.
    this.promise.catch(() => undefined);
  }
}

/** Path segments that would write into an object's prototype instead of the operation. */
const UNSAFE_SEGMENTS = new Set(['__proto__', 'prototype', 'constructor']);

/** Sets `value` at a dotted `path` (`variables.proof`, `0.variables.file`) that must already lead to a `null`. */
function placeAt(operations: unknown, path: string, value: Upload): boolean {
  const segments = path.split('.');
  let target = operations as Record<string, unknown>;
  for (const [index, segment] of segments.entries()) {
    if (UNSAFE_SEGMENTS.has(segment) || typeof target !== 'object' || target === null) return false;
    if (!Object.prototype.hasOwnProperty.call(target, segment)) return false;
    if (index === segments.length - 1) {
      if (target[segment] !== null) return false;
      target[segment] = value;
      return true;
    }
    target = target[segment] as Record<string, unknown>;
  }
  return false;
}

/** Options are busboy's limits: at most `maxFiles` files of `maxFileSize` bytes, fields of `maxFieldSize`. */
export interface MultipartOptions {
  maxFileSize: number;
  maxFiles: number;
  maxFieldSize: number;
}

/**
 * Express middleware for multipart POSTs to /graphql; other requests pass through. Errors go to `next` with a
 * status below 500 and `expose` (the HTTP error handler answers them in GraphQL's error shape).
 */
export function graphqlMultipart(options: MultipartOptions): express.RequestHandler {
  return (req, res, next) => {
    if (!req.is('multipart/form-data')) return next();
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        defParamCharset: 'utf8',
        limits: {
          fieldSize: options.maxFieldSize,
          fields: 2,
          fileSize: options.maxFileSize,
          files: options.maxFiles,
        },
      });
    } catch (error) {
      return next(malformed((error as Error).message));
    }

    let operations: unknown;
    let map: Map<string, Upload> | undefined;
    let handedOver = false;
    let failure: MultipartError | undefined;
    const fileStreams = new Set<Readable>();
    /** File streams no resolver has taken: drained once the request is answered, so the socket is not left stalled. */
    const untaken = new Set<Readable>();

    /** Ends the request once: the first failure is the answer (or, after hand-over, each pending file's error). */
    const fail = (error: MultipartError) => {
      if (failure) return;
      failure = error;
      if (!handedOver) {
        handedOver = true;
        next(error);
      }
      for (const upload of map?.values() ?? []) if (!upload.settled) upload.reject(error);
      for (const stream of fileStreams) if (!stream.readableEnded) stream.destroy(error);
      req.unpipe(parser);
      parser.destroy();
      // The rest of the body is read and dropped so that the answer can be written and the socket reused.
      setImmediate(() => req.resume());
    };

    const handOver = () => {
      // Once failed the request was answered: a field busboy still parses from the same chunk must not run it.
      if (handedOver || failure) return;
      handedOver = true;
      req.body = operations;
      next();
    };

    // `on`, not `once`: busboy can report more than one error for one body, and its own destroy reports another.
    parser.on('error', (error: Error) => fail(malformed(error.message)));

    parser.on('field', (name, value, info) => {
      if (failure) return;
      if (info.valueTruncated) {
        return fail(
          new MultipartError(`The '${name}' multipart field exceeds the ${options.maxFieldSize} byte limit.`, 413),
        );
      }
      if (name === 'operations') {
        try {
          operations = JSON.parse(value);
        } catch {
          return fail(new MultipartError(`Invalid JSON in the 'operations' multipart field (${SPEC_URL}).`, 400));
        }
        if (typeof operations !== 'object' || operations === null) {
          return fail(new MultipartError(`Invalid type for the 'operations' multipart field (${SPEC_URL}).`, 400));
        }
      } else if (name === 'map') {
        if (!operations) {
          return fail(
            new MultipartError(`Misordered multipart fields; 'map' should follow 'operations' (${SPEC_URL}).`, 400),
          );
        }
        let parsed: unknown;
        try {
          parsed = JSON.parse(value);
        } catch {
          return fail(new MultipartError(`Invalid JSON in the 'map' multipart field (${SPEC_URL}).`, 400));
        }
        if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
          return fail(new MultipartError(`Invalid type for the 'map' multipart field (${SPEC_URL}).`, 400));
        }
        const entries = Object.entries(parsed);
        if (entries.length > options.maxFiles) {
          return fail(new MultipartError(`${options.maxFiles} max file uploads exceeded.`, 413));
        }
        map = new Map();
        for (const [fileField, paths] of entries) {
          const upload = new Upload();
          map.set(fileField, upload);
          if (!Array.isArray(paths) || paths.length === 0) {
            return fail(
              new MultipartError(
                `Invalid paths for the 'map' multipart field entry '${fileField}' (${SPEC_URL}).`,
                400,
              ),
            );
          }
          for (const path of paths) {
            if (typeof path !== 'string' || !placeAt(operations, path, upload)) {
              return fail(
                new MultipartError(
                  `Invalid object path '${String(path)}' for the 'map' multipart field entry '${fileField}' (${SPEC_URL}).`,
                  400,
                ),
              );
            }
          }
        }
        handOver();
      }
    });

    parser.on('file', (name, stream, info) => {
      // From its first moment: busboy destroys an unfinished file stream with an error when the body breaks off.
      let fileError: Error | undefined;
      stream.on('error', (error: Error) => (fileError ??= error));
      const upload = map?.get(name);
      if (!map || !upload || upload.settled || failure) {
        stream.resume();
        if (!map)
          fail(new MultipartError(`Misordered multipart fields; files should follow 'map' (${SPEC_URL}).`, 400));
        return;
      }
      fileStreams.add(stream);
      untaken.add(stream);
      stream.on(
        'limit',
        () =>
          (fileError ??= new MultipartError(
            `File truncated as it exceeds the ${options.maxFileSize} byte size limit.`,
            413,
          )),
      );
      let taken = false;
      upload.resolve({
        filename: info.filename ?? '',
        mimetype: info.mimeType,
        encoding: info.encoding,
        createReadStream() {
          const error = fileError ?? (stream.destroyed && !stream.readableEnded ? failure : undefined);
          if (error) throw error;
          if (taken) throw new Error('createReadStream() may be called once per upload');
          taken = true;
          untaken.delete(stream);
          return stream;
        },
      });
    });

    parser.on('filesLimit', () => fail(new MultipartError(`${options.maxFiles} max file uploads exceeded.`, 413)));
    parser.on('fieldsLimit', () =>
      fail(new MultipartError(`Only the 'operations' and 'map' fields are allowed (${SPEC_URL}).`, 413)),
    );

    parser.on('close', () => {
      if (failure) return;
      if (!operations) return fail(new MultipartError(`Missing multipart field 'operations' (${SPEC_URL}).`, 400));
      if (!map) return fail(new MultipartError(`Missing multipart field 'map' (${SPEC_URL}).`, 400));
      for (const upload of map.values())
        if (!upload.settled) upload.reject(new MultipartError('File missing in the request.', 400));
    });

    req.on('close', () => {
      if (!req.readableEnded) fail(new MultipartError('Request disconnected during file upload stream parsing.', 499));
    });
    res.on('close', () => {
      // Once answered, nothing may wait on a file that will never be read.
      for (const upload of map?.values() ?? [])
        if (!upload.settled) upload.reject(new MultipartError('Request already answered.', 400));
      for (const stream of untaken) stream.resume();
    });

    req.pipe(parser);
  };
}
