/**
 * The one `fetch` to rate providers: a GET of JSON with a short timeout, no redirect followed and a small cap on the
 * answer. Every way an answer can be unusable (unreachable, timed out, an HTTP error, an HTML error page, not JSON,
 * too large) is a RateReadError whose message says which, quoting at most a short excerpt, for the log and the admin's
 * Rates view. The chain readers' `fetchJson` (payments/chains/) is not reused: it is typed by chain network, reads a
 * 404 as "not found" (null), and allows 8 MiB, where a ticker answer is a few hundred bytes.
 */
import { excerptText } from '../payments/chains/chain-reader';

/** Raised when a provider's answer cannot be used; the provider is skipped this round, the others go on. */
export class RateReadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RateReadError';
  }
}

/** A ticker answer is under 2 KB (Kraken's two pairs with every field); anything past this is not one. */
export const MAX_RATE_ANSWER_BYTES = 64 * 1024;

/** The answer's first characters look like an HTML page (a proxy's or a CDN's error page answered 200). */
function looksLikeHtml(text: string): boolean {
  return /^\s*</.test(text);
}

/** GETs `url` and parses its JSON answer; throws RateReadError for anything else. */
export async function fetchRateJson(url: string, timeoutMs: number): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { accept: 'application/json' },
      // A redirect could lead the request anywhere, internal hosts included; a real API answers at its URL.
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const err = error as Error;
    if (err.name === 'TimeoutError') throw new RateReadError(`no answer within ${timeoutMs / 1000} s`);
    throw new RateReadError(`unreachable: ${excerptText(err.message)}`);
  }
  let text: string;
  try {
    text = await readCapped(response);
  } catch (error) {
    const err = error as Error;
    if (err instanceof RateReadError) throw err;
    if (err.name === 'TimeoutError') throw new RateReadError(`no answer within ${timeoutMs / 1000} s`);
    throw new RateReadError(`answer could not be read: ${excerptText(err.message)}`);
  }
  if (response.status >= 300 && response.status < 400) {
    throw new RateReadError(`answered ${response.status}, a redirect: redirects are not followed`);
  }
  const type = response.headers.get('content-type') ?? '';
  if (/html/i.test(type) || looksLikeHtml(text)) {
    throw new RateReadError(`answered ${response.status} with an HTML page: ${excerptText(text.trim())}`);
  }
  if (!response.ok) throw new RateReadError(`answered ${response.status}: ${excerptText(text.trim())}`);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new RateReadError(`answered something other than JSON: ${excerptText(text.trim())}`);
  }
}

/** The body as text, refusing (and aborting) one larger than MAX_RATE_ANSWER_BYTES. */
async function readCapped(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_RATE_ANSWER_BYTES) {
      await reader.cancel().catch(() => undefined);
      throw new RateReadError(`answered more than ${MAX_RATE_ANSWER_BYTES / 1024} KiB: not a ticker`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size).toString('utf8');
}
