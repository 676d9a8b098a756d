import fs from 'node:fs';
import path from 'node:path';
import express from 'express';
import { logRenderFailure, type ServerRenderer } from './server-rendering';
import { precompressedStatic } from './static-files';

/** A miss answers in plain text: no file-system path, no error shape meant for API clients. */
function notFound(_req: express.Request, res: express.Response): void {
  res.status(404).type('text/plain').send('Not found');
}

/**
 * The built web app, served precompressed (static-files.ts): hashed assets cached for a year as immutable, other
 * files for an hour, the app's HTML revalidated on every visit (`no-cache`); the public pages rendered on the server
 * (server-rendering.ts), the SPA page for any other path a browser opens, and a plain 404 for anything else (mount
 * it last).
 */
export function serveWebApp(app: express.Express, webDistDir: string, renderer?: ServerRenderer): void {
  const indexFile = path.join(webDistDir, 'index.html');
  app.use(
    '/assets',
    precompressedStatic(path.join(webDistDir, 'assets'), { immutable: true, maxAge: '1y', index: false }),
    // A missing asset is a 404 here, never the SPA page (a script URL answered with HTML).
    notFound,
  );
  app.use(precompressedStatic(webDistDir, { index: false, maxAge: '1h' }));
  // `cacheControl: false`: the page's own Cache-Control (no-cache) is set below, not the hour of other files.
  const spaPage = precompressedStatic(webDistDir, { index: false, cacheControl: false });
  app.get(/^(?!\/(graphql|files|assets)(\/|$)).*/, async (req, res, next) => {
    if (!req.accepts('html') || !fs.existsSync(indexFile)) return next();
    res.set('Cache-Control', 'no-cache');
    try {
      const page = await renderer?.page(req, res);
      if (page) {
        res.status(page.status).type('html').send(page.html);
        return;
      }
    } catch (error) {
      // The path only: a query may carry a live account link token (/auth/reset?token=…), which no log should hold.
      logRenderFailure(error, req.path);
    }
    req.url = '/index.html';
    spaPage(req, res, next);
  });
  app.use(notFound);
}
