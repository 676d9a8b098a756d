/**
 * The server's logger: pino, one JSON line per event. Every line logged while a request is handled
 * carries that request's `requestId` (http/request-id.ts and the graphql-ws server open the scope), so
 * a service logs with the plain `logger` and needs no logger passed in.
 *
 * The level is set at boot from config (LOG_LEVEL). Output goes to stdout unless `setLogDestination`
 * routes it elsewhere: main.ts sends it through pino-pretty when a person watches a terminal, tests
 * read it from a stream of their own.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import pino, { type DestinationStream } from 'pino';
import pinoPretty from 'pino-pretty';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

const requestScope = new AsyncLocalStorage<{ requestId: string }>();

/** Runs `fn` (and everything it starts asynchronously) with `requestId` on every log line. */
export function runWithRequestId<T>(requestId: string, fn: () => T): T {
  return requestScope.run({ requestId }, fn);
}

/**
 * Runs `fn` outside any request's scope: for work a request starts that outlives it (a listener
 * started on first use), whose lines would otherwise carry that first request's id forever.
 */
export function runOutsideRequest<T>(fn: () => T): T {
  return requestScope.exit(fn);
}

/** The id of the request being handled, if any. */
export function currentRequestId(): string | undefined {
  return requestScope.getStore()?.requestId;
}

// Synchronous: a line logged just before process.exit (failed start-up, shutdown) is not lost.
let destination: DestinationStream = pino.destination({ fd: 1, sync: true });

export const logger = pino(
  {
    level: 'info',
    // Level names rather than pino's numbers, and ISO times: the lines are read by people as well as
    // by log shippers.
    formatters: { level: (label) => ({ level: label }) },
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin: () => {
      const requestId = currentRequestId();
      return requestId ? { requestId } : {};
    },
  },
  // The logger is created once and imported everywhere; the destination behind it may change.
  { write: (line: string) => destination.write(line) },
);

export function setLogLevel(level: LogLevel): void {
  logger.level = level;
}

/** Sends log lines to `next` from now on; returns the previous destination (tests restore it). */
export function setLogDestination(next: DestinationStream): DestinationStream {
  const previous = destination;
  destination = next;
  return previous;
}

/** Human-readable, coloured lines on stdout (for a terminal; JSON everywhere else). */
export function prettyLogDestination(): DestinationStream {
  return pinoPretty({ sync: true, colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' });
}
