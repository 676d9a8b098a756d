import type express from 'express';
import { QUERY_LIMITS } from '../graphql/limits';
import { logger } from '../logger';

/** Body-parser errors (too large, malformed JSON) answer in GraphQL's error shape, without internals. */
export function httpErrorHandler(
  error: { status?: number; type?: string; message?: string },
  _req: express.Request,
  res: express.Response,
  next: express.NextFunction,
): void {
  if (res.headersSent) return next(error);
  const status = error.status && error.status >= 400 && error.status < 500 ? error.status : 500;
  if (status === 500) logger.error('Unhandled HTTP error', { error: String(error?.message ?? error) });
  const message =
    error.type === 'entity.too.large'
      ? `Request body is too large (the limit is ${QUERY_LIMITS.maxBodyBytes / 1024} kB)`
      : status === 500
        ? 'Internal server error'
        : (error.message ?? 'Bad request');
  res.status(status).json({
    errors: [
      {
        message,
        extensions: {
          code: status === 413 ? 'PAYLOAD_TOO_LARGE' : status === 500 ? 'INTERNAL_SERVER_ERROR' : 'BAD_REQUEST',
        },
      },
    ],
  });
}
