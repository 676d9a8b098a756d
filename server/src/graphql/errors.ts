/**
 * The API's error hierarchy (docs/graphql-api.md "Errors"). Every error a client may see is an AppError with a fixed
 * `extensions.code`; anything else is masked by `formatError` and logged with an id.
 */
import { randomUUID } from 'node:crypto';
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import type { z } from 'zod';
import { toFieldErrors, type FieldError } from '../../../common/validation';
import { currentRequestId, logger } from '../logger';

export type ErrorCode =
  | 'BAD_USER_INPUT'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'PRODUCT_UNAVAILABLE'
  | 'PAYMENT_METHOD_UNAVAILABLE'
  | 'RATE_LIMITED';

/** Base of all errors meant for the client. */
export class AppError extends GraphQLError {
  constructor(code: ErrorCode, message: string, extensions: Record<string, unknown> = {}) {
    super(message, { extensions: { code, ...extensions } });
  }
}

/** Invalid input; the message is the first field's message, all of them are in `fieldErrors`. */
export class InputError extends AppError {
  constructor(fieldErrors: FieldError[]) {
    super('BAD_USER_INPUT', fieldErrors[0]?.message ?? 'Invalid input', { fieldErrors });
  }

  static fromZod(error: z.ZodError): InputError {
    return new InputError(toFieldErrors(error));
  }

  static field(field: string, message: string): InputError {
    return new InputError([{ field, message }]);
  }
}

export class UnauthenticatedError extends AppError {
  constructor(message = 'You must be signed in') {
    super('UNAUTHENTICATED', message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message = "You don't have permission to do this") {
    super('FORBIDDEN', message);
  }
}

/** Also used for rows the caller may not see, so their existence is not revealed. */
export class NotFoundError extends AppError {
  constructor(what = 'Resource') {
    super('NOT_FOUND', `${what} not found`);
  }
}

export class ProductUnavailableError extends AppError {
  constructor(message: string) {
    super('PRODUCT_UNAVAILABLE', message);
  }
}

export class PaymentMethodUnavailableError extends AppError {
  constructor(message: string) {
    super('PAYMENT_METHOD_UNAVAILABLE', message);
  }
}

export class RateLimitedError extends AppError {
  constructor(retryAfterSeconds: number) {
    super('RATE_LIMITED', `Too many attempts. Please try again in ${retryAfterSeconds} seconds.`, {
      retryAfterSeconds,
    });
  }
}

/** Parses with a zod schema or throws the API's InputError. */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (!result.success) throw InputError.fromZod(result.error);
  return result.data;
}

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
