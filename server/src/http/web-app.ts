import fs from 'node:fs';
import path from 'node:path';
import express from 'express';

/** A miss answers in plain text: no file-system path, no error shape meant for API clients. */
function notFound(_req: express.Request, res: express.Response): void {
  res.status(404).type('text/plain').send('Not found');
}

/**
 * The built web app: hashed assets cached for a year, everything else revalidated, SPA fallback to
 * index.html, and a plain 404 for anything else (mount it last).
 */
export function serveWebApp(app: express.Express, webDistDir: string): void {
  const indexFile = path.join(webDistDir, 'index.html');
  app.use(
    '/assets',
    express.static(path.join(webDistDir, 'assets'), { immutable: true, maxAge: '1y', index: false }),
    // A missing asset is a 404 here, never the SPA page (a script URL answered with HTML).
    notFound,
  );
  app.use(express.static(webDistDir, { index: false, maxAge: '1h' }));
  app.get(/^(?!\/(graphql|files|assets)(\/|$)).*/, (req, res, next) => {
    if (!req.accepts('html') || !fs.existsSync(indexFile)) return next();
    // `root` keeps send's dotfile check to the file name, so a build under .test-data/ is served too.
    res.set('Cache-Control', 'no-cache').sendFile('index.html', { root: webDistDir });
  });
  app.use(notFound);
}
