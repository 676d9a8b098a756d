/**
 * The API's error hierarchy (docs/graphql-api.md "Errors"). Every error a client may see is an AppError with a fixed
 * `extensions.code`; anything else is masked by `formatError` and logged with an id.
 */
import { GraphQLError } from 'graphql';
import type { z } from 'zod';
import { toFieldErrors, type FieldError } from '../../../common/validation';

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
    super('RATE_LIMITED', `Too many attempts. Please try again in ${waitText(retryAfterSeconds)}.`, {
      retryAfterSeconds,
    });
  }
}

/**
 * A wait as people say it: "45 seconds" under a minute, else whole minutes rounded up ("5 minutes", not "300 seconds";
 * an hourly mail limit says "58 minutes"). The exact figure is in `retryAfterSeconds` for programs.
 */
export function waitText(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** Parses with a zod schema or throws the API's InputError. */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (!result.success) throw InputError.fromZod(result.error);
  return result.data;
}
