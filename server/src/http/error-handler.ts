import type express from 'express';
import { QUERY_LIMITS } from '../graphql/limits';
import { logger } from '../core/logger';

/**
 * Errors raised before a resolver runs. On /graphql (body-parser: too large, malformed JSON; uploads)
 * they answer in GraphQL's error shape; elsewhere (files, static) in plain text. A message reaches the
 * client only when its error is marked `expose` (http-errors' convention, which body-parser and
 * graphql-upload follow): file-system errors from `send` are not, and carry absolute paths.
 */
export function httpErrorHandler(
  error: { status?: number; type?: string; message?: string; expose?: boolean },
  req: express.Request,
  res: express.Response,
  next: express.NextFunction,
): void {
  if (res.headersSent) return next(error);
  const status = error.status && error.status >= 400 && error.status < 500 ? error.status : 500;
  if (status === 500) logger.error({ err: error }, 'Unhandled HTTP error');
  if (!/^\/graphql(\/|$)/.test(req.path)) {
    const text = status === 404 ? 'Not found' : status === 500 ? 'Internal server error' : 'Bad request';
    res.status(status).type('text/plain').send(text);
    return;
  }
  const message =
    error.type === 'entity.too.large'
      ? `Request body is too large (the limit is ${QUERY_LIMITS.maxBodyBytes / 1024} kB)`
      : status === 500
        ? 'Internal server error'
        : error.expose === true && error.message
          ? error.message
          : 'Bad request';
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
