/**
 * One attempt of a delivery: a POST over node:http(s) to the address that was checked (webhook-target.ts), with a
 * deadline, no redirects followed and no connection reuse, reading at most the start of the answer.
 */
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { clipText, replaceControlCharacters } from '../../../common/validation';
import { hostOf, resolveTarget, TargetRefusedError } from './webhook-target';

/**
 * The whole attempt must finish within this: resolving, connecting, sending, and the answer's headers and body (the
 * request's abort signal ends a body that trickles or never ends too), so a receiver that hangs holds a webhook worker
 * for at most this long.
 */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** Characters of the answer's body kept in the delivery log. */
export const RESPONSE_LOG_CHARS = 1000;
/** Bytes of the answer read at most (a UTF-8 character is at most 4), then the connection is dropped. */
const RESPONSE_READ_BYTES = RESPONSE_LOG_CHARS * 4;

export interface WebhookAttempt {
  /** The endpoint answered 2xx. */
  ok: boolean;
  statusCode: number | null;
  durationMs: number;
  /** The start of the answer's body (RESPONSE_LOG_CHARS characters), if there was an answer. */
  response: string | null;
  /** Why there was no 2xx beyond a status code: refused address, network error, timeout, a redirect. */
  error: string | null;
}

export interface WebhookRequest {
  url: string;
  body: string;
  headers: Record<string, string>;
  /** Connect to internal addresses too (development and tests; production when WEBHOOK_ALLOW_PRIVATE_URLS=true). */
  allowNonPublic: boolean;
}

/** POSTs `body` once and says what happened; never throws. */
export async function sendWebhook(request: WebhookRequest): Promise<WebhookAttempt> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const url = new URL(request.url);
  const deadline = AbortSignal.timeout(WEBHOOK_TIMEOUT_MS);
  try {
    const target = await Promise.race([
      resolveTarget(url, request.allowNonPublic),
      new Promise<never>((_, reject) => deadline.addEventListener('abort', () => reject(deadline.reason))),
    ]);
    // The socket connects to the checked address, whatever a second lookup of the name would say now.
    const lookup: LookupFunction = (_hostname, options, callback) => {
      if (options.all) callback(null, [target]);
      else callback(null, target.address, target.family);
    };
    const answer = await post(url, request, lookup, deadline);
    const ok = answer.statusCode >= 200 && answer.statusCode < 300;
    const redirect =
      answer.statusCode >= 300 && answer.statusCode < 400
        ? clip(`Redirect to ${answer.location ?? '(no Location)'} not followed`)
        : null;
    return {
      ok,
      statusCode: answer.statusCode,
      durationMs: elapsed(),
      response: readable(answer.body),
      error: redirect,
    };
  } catch (error) {
    return { ok: false, statusCode: null, durationMs: elapsed(), response: null, error: describe(error, url) };
  }
}

function describe(error: unknown, url: URL): string {
  if (error instanceof TargetRefusedError) return `Address not allowed: ${error.message}`;
  // Read by name and message, not by class: the deadline's reason is a DOMException, and under a test runner Node's
  // own errors come from another realm's Error.
  const { name, message } = (error ?? {}) as { name?: unknown; message?: unknown };
  // The deadline ends the whole exchange: no connection, no headers, or an answer whose body never ends.
  if (name === 'TimeoutError' || name === 'AbortError') {
    return `No answer from ${hostOf(url)} within ${WEBHOOK_TIMEOUT_MS / 1000} s`;
  }
  return clip(typeof message === 'string' ? message : String(error));
}

/** At most 500 characters of a message for the log. */
function clip(message: string): string {
  return readable(clipText(message, 500));
}

/**
 * Whatever an endpoint answered, as text the log can hold and show (PostgreSQL refuses a NUL in text, and other
 * control characters only garble the admin's screen).
 */
const readable = replaceControlCharacters;

function post(
  url: URL,
  request: WebhookRequest,
  lookup: LookupFunction,
  signal: AbortSignal,
): Promise<{ statusCode: number; location: string | undefined; body: string }> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: 'POST',
        headers: { ...request.headers, 'Content-Length': String(Buffer.byteLength(request.body)) },
        lookup,
        // A fresh connection per attempt: a pooled one might lead to an address checked for another request.
        agent: false,
        signal,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let read = 0;
        const finish = () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({
            statusCode: res.statusCode ?? 0,
            location: res.headers.location,
            body: [...text].slice(0, RESPONSE_LOG_CHARS).join(''),
          });
        };
        res.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          read += chunk.length;
          // Enough for the log: stop reading a large (or endless) answer.
          if (read >= RESPONSE_READ_BYTES) {
            res.destroy();
            finish();
          }
        });
        res.on('end', finish);
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(request.body);
  });
}
