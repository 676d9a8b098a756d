import { randomUUID } from 'node:crypto';
import type express from 'express';
import { runWithRequestId } from '../core/logger';

/**
 * An incoming id is kept only when it cannot disturb a log line or a header: a proxy's or client's
 * own id (a UUID, a trace id) fits easily.
 */
const SANE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The id an incoming `X-Request-Id` asks for when it is sane, else a new UUID. */
export function requestIdFor(incoming: string | undefined): string {
  return incoming && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * First middleware: gives the request its id, echoes it in `X-Request-Id` and handles the rest of the
 * request inside its log scope, so every line logged meanwhile carries `requestId`. The id is also kept
 * in `res.locals.requestId` for the GraphQL context.
 */
export function assignRequestId(req: express.Request, res: express.Response, next: express.NextFunction): void {
  const requestId = requestIdFor(req.get('x-request-id'));
  res.locals.requestId = requestId;
  res.setHeader('X-Request-Id', requestId);
  runWithRequestId(requestId, next);
}
