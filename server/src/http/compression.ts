/**
 * Response compression without a dependency: the encoding a client prefers, and a middleware that compresses
 * whole responses (JSON from the API, server-rendered HTML) on the thread pool. Built files are compressed at
 * build time instead (web/build/precompress.ts, served by static-files.ts). docs/architecture.md "Web rendering".
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { RequestHandler, Response } from 'express';

export type ContentEncoding = 'br' | 'gzip';

/**
 * The encoding to answer `Accept-Encoding` with: brotli when accepted (smaller than gzip at the same speed),
 * else gzip, else none. `q=0` refuses an encoding; `*` accepts any not named.
 */
export function preferredEncoding(acceptEncoding: string | undefined): ContentEncoding | null {
  if (!acceptEncoding) return null;
  const q = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name.trim(), Number.isFinite(value) ? value : 0);
  }
  const accepted = (encoding: ContentEncoding) => (q.get(encoding) ?? q.get('*') ?? 0) > 0;
  if (accepted('br')) return 'br';
  if (accepted('gzip')) return 'gzip';
  return null;
}

/** A `Vary` value that names request header `name`, so caches keep one copy per value of it. */
export function withVary(vary: string | number | string[] | undefined, name: string): string {
  const current = Array.isArray(vary) ? vary.join(', ') : String(vary ?? '');
  const named = current.split(',').map((part) => part.trim().toLowerCase());
  if (named.includes(name.toLowerCase()) || named.includes('*')) return current;
  return current ? `${current}, ${name}` : name;
}

/** A `Vary` value that names Accept-Encoding, so caches keep one copy per encoding. */
export function withAcceptEncoding(vary: string | number | string[] | undefined): string {
  return withVary(vary, 'Accept-Encoding');
}

/** Adds Accept-Encoding to the response's `Vary`. */
export function varyOnEncoding(res: Response): void {
  res.setHeader('Vary', withAcceptEncoding(res.getHeader('Vary')));
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Per-response settings: brotli 5 and gzip 6 compress a 50 kB GraphQL answer in about a millisecond (measured:
 * docs/decisions.md "Storefront rendering and compression"), and brotli 5 makes it about 15% smaller than gzip 6 does.
 */
export function compress(body: Buffer, encoding: ContentEncoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        },
      })
    : gzip(body, { level: 6 });
}

/** Content types worth compressing per request: JSON answers and server-rendered pages. */
const COMPRESSIBLE_TYPE = /^(application\/(graphql-response\+)?json|application\/xml|text\/(html|plain))\b/i;

/**
 * Compresses responses sent whole (`res.send`/`res.end(body)` with no `write` before: the API's JSON and
 * server-rendered pages) of at least `minBytes`, with the encoding the client prefers. Streamed responses, those
 * already encoded, those that set a cookie, HEAD, and statuses without a body pass unchanged.
 */
/**
 * Smaller answers go out as they are: they fit one TCP packet anyway (docs/decisions.md "Storefront rendering and
 * compression").
 */
export const COMPRESS_MIN_BYTES = 1024;

export function compressResponses({ minBytes }: { minBytes: number }): RequestHandler {
  return (req, res, next) => {
    const encoding = preferredEncoding(req.headers['accept-encoding']);
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    const write = res.write.bind(res);
    let streamed = false;
    res.write = ((...args: Parameters<Response['write']>) => {
      streamed = true;
      return write(...args);
    }) as Response['write'];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      const type = String(res.getHeader('Content-Type') ?? '');
      // Whatever we send or not, the answer depended on Accept-Encoding when it could have been compressed.
      if (!res.headersSent && COMPRESSIBLE_TYPE.test(type)) varyOnEncoding(res);
      const body =
        typeof chunk === 'string'
          ? Buffer.from(chunk, typeof rest[0] === 'string' ? (rest[0] as BufferEncoding) : 'utf8')
          : chunk;
      if (
        !encoding ||
        streamed ||
        res.headersSent ||
        req.method === 'HEAD' ||
        !Buffer.isBuffer(body) ||
        body.length < minBytes ||
        res.statusCode < 200 ||
        res.statusCode === 204 ||
        res.statusCode === 304 ||
        res.getHeader('Content-Encoding') ||
        // A response that starts a session (sign-in, refresh) carries a token: no compression, no BREACH-style
        // guessing of it from response sizes.
        res.getHeader('Set-Cookie') ||
        !COMPRESSIBLE_TYPE.test(type)
      ) {
        return end(chunk, ...rest);
      }
      const callback = rest.find((arg) => typeof arg === 'function');
      compress(body, encoding).then(
        (compressed) => {
          res.setHeader('Content-Encoding', encoding);
          res.setHeader('Content-Length', compressed.length);
          end(compressed, callback);
        },
        // Compression does not fail on a buffer in practice; if it ever did, the plain body still goes out.
        () => end(chunk, ...rest),
      );
      return res;
    }) as Response['end'];
    next();
  };
}
