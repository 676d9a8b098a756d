/**
 * Why a process failed to start, in one line a person can act on. main.ts and worker.ts log it at error level and
 * the error itself (stack, cause) at debug: a terminal shows the reason, LOG_LEVEL=debug shows where it came from.
 */
import { types } from 'node:util';
import { logger } from './logger';

/** The reason `error` gives, on one line; never empty, whatever was thrown. */
export function startupFailureReason(error: unknown): string {
  const parts = reasons(error);
  const reason = parts.join('; ');
  return reason === '' ? `${describeEmpty(error)} (LOG_LEVEL=debug shows the stack)` : reason;
}

/** Logs the reason at error level and the whole error at debug. */
export function logStartupFailure(message: string, error: unknown): void {
  logger.error(`${message}: ${startupFailureReason(error)}`);
  logger.debug({ err: error }, message);
}

// isNativeError as well as instanceof: an error made in another realm (a vm context, jest's) is no instanceof Error here.
const isError = (value: unknown): value is Error => value instanceof Error || types.isNativeError(value);

function reasons(error: unknown): string[] {
  if (error === undefined || error === null) return [];
  if (!isError(error)) return [oneLine(String(error))].filter(Boolean);
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE') {
    const { address, port } = error as NodeJS.ErrnoException & { address?: string; port?: number };
    return [
      `${address ?? 'the address'}:${port ?? '?'} is already in use (another store running?): stop it, or set PORT to a free port`,
    ];
  }
  const own = oneLine(error.message);
  if (own !== '') return [own];
  // pg connecting to "localhost" fails once per address it resolves to, in an AggregateError with no message.
  const { errors } = error as Partial<AggregateError>;
  if (Array.isArray(errors)) return [...new Set(errors.flatMap(reasons))];
  return reasons(error.cause);
}

/** "Invalid environment:\n  A: …\n  B: …" → "Invalid environment: A: …; B: …". */
function oneLine(text: string): string {
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  return lines.reduce(
    (joined, line) => (joined === '' ? line : `${joined}${joined.endsWith(':') ? ' ' : '; '}${line}`),
    '',
  );
}

function describeEmpty(error: unknown): string {
  return isError(error) ? `${error.name} without a message` : 'an error without a message';
}
