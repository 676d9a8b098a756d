import { CombinedGraphQLErrors } from '@apollo/client/errors';

/**
 * The message to show for a failed operation: the server's first GraphQL error (the API words them for
 * people, e.g. 'Invalid email or password' or the RATE_LIMITED wait), else `fallback` (network trouble).
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (CombinedGraphQLErrors.is(error)) return error.errors[0]?.message || fallback;
  return fallback;
}
