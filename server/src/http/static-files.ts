import fs from 'node:fs';
import path from 'node:path';
import express from 'express';
import { preferredEncoding, varyOnEncoding } from './compression';

/** Files the build compresses (web/build/precompress.ts writes `.br` and `.gz` beside them). */
const PRECOMPRESSED = /\.(js|mjs|css|html|svg|json|txt|xml|map|webmanifest|ico)$/;

/**
 * `express.static` for a built folder that also holds `<file>.br` and `<file>.gz`: a client that accepts brotli
 * (or gzip) gets the compressed copy, with the original's Content-Type, `Content-Encoding` and
 * `Vary: Accept-Encoding`; others get the file itself. Nothing is compressed per request.
 */
export function precompressedStatic(
  dir: string,
  options: Parameters<typeof express.static>[1],
): express.RequestHandler {
  const serve = express.static(dir, options);
  const root = path.resolve(dir);
  return (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !PRECOMPRESSED.test(req.path)) return serve(req, res, next);
    let file: string;
    try {
      file = path.join(root, decodeURIComponent(req.path));
    } catch {
      return serve(req, res, next); // a malformed escape: express.static answers it
    }
    if (!file.startsWith(root + path.sep)) return serve(req, res, next);
    varyOnEncoding(res);
    const encoding = preferredEncoding(req.headers['accept-encoding']);
    const suffix = encoding === 'br' ? '.br' : encoding === 'gzip' ? '.gz' : null;
    if (suffix && fs.existsSync(file) && fs.existsSync(file + suffix)) {
      res.type(path.extname(file));
      res.setHeader('Content-Encoding', encoding!);
      const query = req.url.indexOf('?');
      req.url = query === -1 ? req.url + suffix : req.url.slice(0, query) + suffix + req.url.slice(query);
    }
    return serve(req, res, next);
  };
}
