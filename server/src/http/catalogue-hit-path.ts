/**
 * The catalogue's hit path (docs/architecture.md "Caches"): a catalogue query the store has answered since the
 * catalogue last changed is answered again from the bytes it sent, before Express and Apollo see the request.
 *
 * The full path (Express, Apollo, the catalogue response cache) stays the only judge of what an answer is: `keep`
 * records a response only when the catalogue response cache told it (`markCatalogueAnswer`) that it is a
 * catalogue-only answer (public, the same for every caller) and which catalogue version it was computed from, with its
 * status 200, its headers and its bytes, in this path's own store of that version (catalogue-version.ts). So a product
 * change, which bumps the version, drops these answers, and the next request takes the full path again. A request is looked up by what can change its answer: method, `Accept`
 * (Apollo picks the content type from it) and the URL (GET) or the body's bytes (POST). Nothing else is read: the
 * token is not (catalogue answers are the same for everyone, and an invalid token is anonymous on the full path too).
 *
 * Apollo picks an answer's Content-Type by `Accept` (application/json or application/graphql-response+json), so one
 * query has an answer per type. Every /graphql answer therefore names `Accept` in `Vary` (with Accept-Encoding), and
 * its ETag is Express's weak ETag of the Content-Type and the bytes together: it changes exactly when the answer does,
 * differs between the types, and is the same on either path (weak because one answer goes out in three encodings).
 * GET answers carry `Cache-Control: public, no-cache`: a browser, nginx or a CDN may keep them but asks each time, and
 * an `If-None-Match` with this answer's ETag (not the other type's) is answered 304 without a body.
 */
import type http from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import { CatalogueVersioned, keepBounded } from '../catalogue/catalogue-version';
import type { ProductService } from '../catalogue/product.service';
import {
  compress,
  COMPRESS_MIN_BYTES,
  preferredEncoding,
  withAcceptEncoding,
  withVary,
  type ContentEncoding,
} from './compression';
import { requestIdFor } from './request-id';

/** Freshness of a catalogue answer over GET: any cache may keep it, and must revalidate before each use. */
export const CATALOGUE_CACHE_CONTROL = 'public, no-cache';
/** GraphQL GET answers that are not the catalogue's may be someone's own data: never stored by a cache. */
const PRIVATE_CACHE_CONTROL = 'no-store';
/** Catalogue request bodies are a few hundred bytes; longer POSTs (mutations with inputs) are never looked up. */
const MAX_POST_BYTES = 4096;
/** Headers that belong to one response, not to the answer: set anew on each. */
const PER_RESPONSE_HEADERS = new Set([
  'x-request-id',
  'content-length',
  'content-encoding',
  'etag',
  'cache-control',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
]);

interface KeptAnswer {
  /** The full path's headers of this answer, flat ([name, value, …]), Vary included. */
  headers: string[];
  /** The same without Content-Type, for a 304. */
  notModifiedHeaders: string[];
  identity: Buffer;
  /** Compressed copies, for answers of at least the compression threshold. */
  encoded: Partial<Record<ContentEncoding, Buffer>>;
  etag: string;
}

/** What the hit path keeps for one catalogue version: dropped when the version changes. */
interface KeptForCatalogue {
  answers: Map<string, KeptAnswer>;
  /** The lengths of the POST bodies kept, so a POST of another length is not read here at all. */
  postLengths: Set<number>;
}

function header(req: http.IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

type Target = 'get' | 'post';

/**
 * Which requests may be looked up, and how. A GET must carry one of the headers Apollo's CSRF prevention asks of it
 * (a browser cannot send them cross-site without a preflight); a POST must be plain JSON of a known size, the only
 * content type that passes that prevention without them. Anything else takes the full path. `url` is the request's
 * own (Express rewrites `req.url` below a mount point).
 */
function lookupTarget(req: http.IncomingMessage, url: string): Target | null {
  if (req.method === 'GET') {
    if (!url.startsWith('/graphql?')) return null;
    return header(req, 'apollo-require-preflight') || header(req, 'x-apollo-operation-name') ? 'get' : null;
  }
  if (req.method !== 'POST' || url !== '/graphql') return null;
  const length = Number(req.headers['content-length']);
  if (!(length > 0 && length <= MAX_POST_BYTES) || req.headers['transfer-encoding']) return null;
  if (req.headers['content-encoding']) return null;
  return /^application\/json(;|$)/i.test(req.headers['content-type'] ?? '') ? 'post' : null;
}

/** What can change an answer: method, `Accept` (Apollo picks the content type by it) and the URL or the body. */
function keyOf(req: http.IncomingMessage, target: Target, url: string, body?: Buffer): string {
  const what = target === 'get' ? url : body!.toString('latin1');
  return `${req.method}\n${header(req, 'accept') ?? ''}\n${what}`;
}

/** RFC 9110 If-None-Match: `*` or any listed tag, compared weakly (W/ ignored). */
function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === opaque;
  });
}

export interface CatalogueHitPath {
  /** The server's request handler: answers a kept catalogue request, or hands the request to `next` untouched. */
  handle(req: http.IncomingMessage, res: http.ServerResponse, next: http.RequestListener): void;
  /**
   * Express middleware on /graphql, after compression: validators and caching headers on GET answers, 304s, and
   * recording of catalogue answers for `handle`. `rawBody` gives the POST body as express.json read it.
   */
  keep: RequestHandler;
  /** Marks `res` as a catalogue-only answer computed from catalogue `version` (the catalogue response cache's call). */
  markCatalogueAnswer(res: http.ServerResponse, version: number): void;
}

export function catalogueHitPath({
  products,
  rawBody,
  etagOf,
}: {
  products: ProductService;
  /** Express's ETag function (`app.get('etag fn')`), so ETags look alike on every route. */
  etagOf: (body: string) => string;
  rawBody: (res: Response) => Buffer | undefined;
}): CatalogueHitPath {
  const kept = new CatalogueVersioned<KeptForCatalogue>(() => ({ answers: new Map(), postLengths: new Set() }));
  /** The catalogue version of each response marked as a catalogue-only answer. */
  const catalogueAnswers = new WeakMap<http.ServerResponse, number>();
  const markCatalogueAnswer = (res: http.ServerResponse, version: number) => void catalogueAnswers.set(res, version);

  /** The kept answer, with the headers the full path adds (Express's ETag on every answer, ours on GETs). */
  function answer(req: http.IncomingMessage, res: http.ServerResponse, kept: KeptAnswer): void {
    const ownHeaders = ['ETag', kept.etag, 'X-Request-Id', requestIdFor(header(req, 'x-request-id'))];
    if (req.method === 'GET') {
      ownHeaders.push('Cache-Control', CATALOGUE_CACHE_CONTROL);
      if (matchesEtag(header(req, 'if-none-match'), kept.etag)) {
        res.writeHead(304, [...kept.notModifiedHeaders, ...ownHeaders]);
        res.end();
        return;
      }
    }
    send(req, res, kept, ownHeaders);
  }

  function send(req: http.IncomingMessage, res: http.ServerResponse, kept: KeptAnswer, extra: string[]): void {
    const encoding = preferredEncoding(header(req, 'accept-encoding'));
    const encoded = encoding ? kept.encoded[encoding] : undefined;
    const body = encoded ?? kept.identity;
    const encodingHeader = encoded ? ['Content-Encoding', encoding!] : [];
    res.writeHead(200, [...kept.headers, ...extra, ...encodingHeader, 'Content-Length', String(body.length)]);
    res.end(body);
  }

  function handle(req: http.IncomingMessage, res: http.ServerResponse, next: http.RequestListener): void {
    const url = req.url ?? '';
    const target = lookupTarget(req, url);
    const version = target ? products.loadedCatalogueVersion() : null;
    const catalogue = version === null ? null : kept.peek(version);
    if (!target || !catalogue) return void next(req, res);
    if (target === 'get') {
      const kept = catalogue.answers.get(keyOf(req, target, url));
      return kept ? answer(req, res, kept) : void next(req, res);
    }
    const length = Number(req.headers['content-length']);
    if (!catalogue.postLengths.has(length)) return void next(req, res);
    readBody(req, length, (body) => {
      const kept = catalogue.answers.get(keyOf(req, target, url, body));
      if (kept) return answer(req, res, kept);
      // Not ours after all: back in the stream, the full path reads the body as if it had never been touched.
      req.unshift(body);
      next(req, res);
    });
  }

  const keep: RequestHandler = (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'POST') return next();
    const send = res.send.bind(res) as (body?: unknown) => Response;
    res.send = ((body?: unknown) => {
      // The answer's type follows Accept: caches keep one copy per Accept, and the ETag (which Express then uses for
      // its 304 instead of its own) covers the type, so one type's ETag never revalidates the other's bytes.
      res.setHeader('Vary', withVary(res.getHeader('Vary'), 'Accept'));
      if (typeof body === 'string') {
        res.setHeader('ETag', etagOf(`${String(res.getHeader('Content-Type') ?? '')}\n${body}`));
      }
      return send(body);
    }) as Response['send'];
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      // Marked by the catalogue response cache on a catalogue-only answer; Express has set its ETag and, when the
      // client's copy is current, turned the answer into a 304.
      const version = catalogueAnswers.get(res);
      const status = res.statusCode;
      if (req.method === 'GET' && !res.headersSent) {
        const catalogue = version !== undefined && (status === 200 || status === 304);
        res.setHeader('Cache-Control', catalogue ? CATALOGUE_CACHE_CONTROL : PRIVATE_CACHE_CONTROL);
      }
      if (version !== undefined && status === 200 && !res.getHeader('Set-Cookie')) {
        const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.isBuffer(chunk) ? chunk : null;
        if (bytes) void record(req, res, version, bytes);
      }
      return end(chunk, ...rest);
    }) as Response['end'];
    next();
  };

  /** Keeps this answer under its catalogue version once its compressed copies are made. */
  async function record(req: Request, res: Response, version: number, identity: Buffer): Promise<void> {
    const target = lookupTarget(req, req.originalUrl);
    const body = target === 'post' ? rawBody(res) : undefined;
    // The full path's ETag (set on send, above), so an answer has one ETag on either path.
    const etag = res.getHeader('ETag');
    if (!target || (target === 'post' && !body) || typeof etag !== 'string') return;
    const key = keyOf(req, target, req.originalUrl, body);
    const headers: string[] = [];
    const notModifiedHeaders: string[] = [];
    // The compression middleware adds Accept-Encoding to Vary after this point; a kept answer varies on it too.
    const all = { ...res.getHeaders(), vary: withAcceptEncoding(res.getHeader('Vary')) };
    for (const [name, value] of Object.entries(all)) {
      if (PER_RESPONSE_HEADERS.has(name) || value === undefined) continue;
      const text = Array.isArray(value) ? value.join(', ') : String(value);
      headers.push(name, text);
      if (name !== 'content-type') notModifiedHeaders.push(name, text);
    }
    const encoded: KeptAnswer['encoded'] = {};
    // The compression middleware's threshold, so a kept answer goes out encoded exactly when it would.
    if (identity.length >= COMPRESS_MIN_BYTES) {
      [encoded.br, encoded.gzip] = await Promise.all([compress(identity, 'br'), compress(identity, 'gzip')]);
    }
    // Asked after compressing: an answer of a version the catalogue has since left is kept nowhere.
    const catalogue = kept.at(version);
    keepBounded(catalogue.answers, key, { headers, notModifiedHeaders, identity, encoded, etag });
    if (body) catalogue.postLengths.add(body.length);
  }

  return { handle, keep, markCatalogueAnswer };
}

/**
 * Reads exactly `length` bytes of a request body in paused mode ('readable' and `read()`), stopping before the read
 * that would end the stream, so they can be unshifted for the full path; once the 'readable' listener is gone, the
 * body parser's 'data' listener makes the stream flow again. A request that fails meanwhile is destroyed.
 */
function readBody(req: http.IncomingMessage, length: number, done: (body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  let size = 0;
  const onReadable = () => {
    let chunk: Buffer | null;
    while (size < length && (chunk = req.read() as Buffer | null) !== null) {
      chunks.push(chunk);
      size += chunk.length;
    }
    if (size < length) return;
    req.off('readable', onReadable);
    req.off('error', onError);
    done(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
  };
  const onError = () => req.destroy();
  req.on('readable', onReadable);
  req.on('error', onError);
}
