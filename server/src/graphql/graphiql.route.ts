import { join, resolve } from 'node:path';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

/**
 * Serves the offline GraphiQL IDE (built by Vite into `<webDistDir>/graphiql/index.html`, its assets
 * under `/assets/…`) to browsers that open `/graphql`.
 *
 * Mount it before Apollo: `app.get('/graphql', graphiqlRoute(webDist))`. Only a GET/HEAD whose Accept
 * header prefers `text/html` over `application/json` and which carries no `query` parameter gets the
 * page (with `Cache-Control: no-cache`); everything else (`curl`, fetch, GET queries) goes to `next()`.
 * Answers vary on `Accept`, since one URL serves both HTML and JSON.
 *
 * @param webDistDir the web build output directory (`web/dist`)
 */
export function graphiqlRoute(webDistDir: string): RequestHandler {
  const pageFile = join(resolve(webDistDir), 'graphiql', 'index.html');

  return (req: Request, res: Response, next: NextFunction): void => {
    res.vary('Accept');
    const hasQuery = typeof req.query === 'object' && req.query !== null && 'query' in req.query;
    // With equal preference (`*/*`, curl's default) the first type wins, so API clients get JSON.
    const prefersHtml = req.accepts(['application/json', 'text/html']) === 'text/html';
    if ((req.method !== 'GET' && req.method !== 'HEAD') || hasQuery || !prefersHtml) {
      next();
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(pageFile, { cacheControl: false }, (err?: Error & { code?: string }) => {
      if (!err) return;
      if (res.headersSent) {
        next(err);
      } else if (err.code === 'ENOENT') {
        res.status(404).type('text/plain').send('GraphiQL is not built: run `npm run build:web`.\n');
      } else {
        next(err);
      }
    });
  };
}
