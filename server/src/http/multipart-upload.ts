import type express from 'express';
import { processRequest, type UploadOptions } from 'graphql-upload-minimal';

/** A multipart body the parser could not read: the client's mistake, answered 400 with this message. */
class MalformedMultipartError extends Error {
  readonly status = 400;
  readonly expose = true;

  constructor(reason: string) {
    super(`The multipart request body is incomplete or malformed (${reason}). Please send the request again.`);
  }
}

/**
 * graphql-upload-minimal's Express middleware, with one difference: a body that ends mid-part or is
 * otherwise not valid multipart (busboy's errors, which carry no HTTP status, and a body without any
 * field) is a 400 for the client, not a 500 logged as ours. The library's own client errors keep their
 * status (413 over a limit, 400 for a missing field, …).
 */
export function graphqlMultipart(options: UploadOptions): express.RequestHandler {
  return (req, res, next) => {
    if (!req.is('multipart/form-data')) return next();
    processRequest(req, res, options).then(
      (body) => {
        req.body = body;
        next();
      },
      (error: unknown) => {
        const status = (error as { status?: unknown }).status;
        if (typeof status === 'number' && status < 500) return next(error);
        // The library's one 500 means the body had no fields at all (it suspects another middleware
        // read them; none here does).
        next(new MalformedMultipartError(status === undefined ? String((error as Error)?.message) : 'no fields'));
      },
    );
  };
}
