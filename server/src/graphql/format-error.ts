/**
 * How errors leave the API (HTTP and graphql-ws alike): AppErrors (core/errors.ts) and request errors keep their
 * codes; anything else is masked as INTERNAL_SERVER_ERROR and logged with an id.
 */
import { randomUUID } from 'node:crypto';
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { currentRequestId, logger } from '../core/logger';
import { AppError } from '../core/errors';

/** Codes GraphQL itself and Apollo produce for malformed requests; safe to show as they are. */
const REQUEST_ERROR_CODES = new Set([
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_REQUEST',
  'PERSISTED_QUERY_NOT_FOUND',
  'PERSISTED_QUERY_NOT_SUPPORTED',
  'OPERATION_RESOLUTION_FAILURE',
]);

/**
 * A request error Apollo raises without a code but with a 4xx status in `extensions.http`: an automatic
 * persisted query whose sha256Hash does not match its query, or of an unsupported version. Apollo
 * defaults its code to INTERNAL_SERVER_ERROR, yet the mistake is the client's.
 */
function isApolloClientError(error: unknown): boolean {
  if (!(error instanceof GraphQLError) || error.originalError || error.path) return false;
  const status = (error.extensions?.http as { status?: number } | undefined)?.status;
  return status !== undefined && status >= 400 && status < 500;
}

/**
 * Apollo's formatError: AppErrors and request errors pass (without stack traces); everything else
 * becomes INTERNAL_SERVER_ERROR with an `errorId` and the `requestId`, both also on the logged line.
 */
export function formatError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const original = error instanceof GraphQLError ? (error.originalError ?? error) : error;
  const code = formatted.extensions?.code as string | undefined;
  if (original instanceof AppError || (error instanceof GraphQLError && error.originalError instanceof AppError)) {
    const app = original instanceof AppError ? original : (error as GraphQLError).originalError!;
    return {
      message: formatted.message,
      locations: formatted.locations,
      path: formatted.path,
      extensions: { ...(app as AppError).extensions },
    };
  }
  if (code && REQUEST_ERROR_CODES.has(code)) {
    return { message: formatted.message, locations: formatted.locations, extensions: { code } };
  }
  // Variable coercion errors (bad enum value, wrong type, unknown input field) are the client's input
  // errors; graphql-js wraps them around its own GraphQLError, never around an internal failure.
  // Apollo tags them BAD_USER_INPUT; graphql-ws sends them untagged, recognisable by having no path
  // (they arise before execution; parse and validation errors get their codes in app.ts).
  const wrapsInternal =
    error instanceof GraphQLError && !!error.originalError && !(error.originalError instanceof GraphQLError);
  const untaggedRequestError = !code && error instanceof GraphQLError && !error.path;
  if ((code === 'BAD_USER_INPUT' || untaggedRequestError || isApolloClientError(error)) && !wrapsInternal) {
    return {
      message: formatted.message,
      locations: formatted.locations,
      path: formatted.path,
      extensions: { code: 'BAD_USER_INPUT' },
    };
  }
  const errorId = randomUUID();
  // The log line carries the request id too (logger.ts); the client gets both to quote in a report.
  logger.error({ errorId, err: original }, 'Unexpected error');
  const requestId = currentRequestId();
  return {
    message: 'Internal server error',
    path: formatted.path,
    extensions: { code: 'INTERNAL_SERVER_ERROR', errorId, ...(requestId ? { requestId } : {}) },
  };
}
