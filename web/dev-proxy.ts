/**
 * What `npm run dev` forwards from Vite's dev server to the API: every route the API serves itself, so the web app
 * under hot reload talks to the API exactly as the built app does on one port. tests/unit/dev-proxy.test.ts reads
 * the server's routes and fails when one is missing here.
 */

/** The subset of Vite's `ProxyOptions` used here (Vite's own type would tie the server's type-check to Vite). */
export interface DevProxyRoute {
  target: string;
  ws?: boolean;
  bypass?: (req: {
    method?: string;
    url?: string;
    headers: Record<string, string | string[] | undefined>;
  }) => string | undefined;
}

/** Path prefixes of the API's routes (Vite matches a key as the start of the URL's path). */
export const API_ROUTE_PREFIXES = [
  '/graphql',
  '/files/',
  '/product-images/',
  '/order-keys/',
  // The audit log's CSV export (the rest of /admin is the web app's).
  '/admin/audit-log.csv',
  '/healthz',
  '/readyz',
  '/metrics',
  '/sitemap.xml',
  '/robots.txt',
] as const;

export function devProxy(apiTarget: string): Record<string, DevProxyRoute> {
  const routes: Record<string, DevProxyRoute> = {};
  for (const prefix of API_ROUTE_PREFIXES) routes[prefix] = { target: apiTarget };
  routes['/graphql'] = {
    target: apiTarget,
    // graphql-ws subscriptions.
    ws: true,
    // A browser opening /graphql gets the dev GraphiQL page, as the server does in production.
    bypass: (req) =>
      req.method === 'GET' &&
      !req.url?.includes('query=') &&
      String(req.headers.accept ?? '').includes('text/html') &&
      req.headers.upgrade === undefined
        ? '/graphiql/index.html'
        : undefined,
  };
  return routes;
}
