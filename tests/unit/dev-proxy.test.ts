/**
 * `npm run dev` forwards every route the API serves from Vite to the API (web/dev-proxy.ts): the routes are read from
 * the server's sources (`app.get('/…'`, `router.get('/…'`, `app.use('/…'`), so a new one fails here until it is
 * forwarded too.
 */
import fs from 'node:fs';
import path from 'node:path';
import { API_ROUTE_PREFIXES, devProxy } from '../../web/dev-proxy';

const root = path.resolve(__dirname, '../..');

/** Route paths registered with a literal string under server/src, except the web app's own (Vite serves those). */
function serverRoutes(): string[] {
  const files = fs
    .readdirSync(path.join(root, 'server/src'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith(path.join('http', 'web-app.ts')));
  const routes = new Set<string>();
  for (const file of files) {
    const source = fs.readFileSync(path.join(root, 'server/src', file), 'utf8');
    for (const match of source.matchAll(/\b(?:app|router)\.(?:get|post|put|delete|all|use)\(\s*'(\/[^']*)'/g)) {
      routes.add(match[1]);
    }
  }
  return [...routes].sort();
}

describe('the dev proxy (npm run dev)', () => {
  const routes = serverRoutes();

  it('finds the routes it checks', () => {
    expect(routes).toEqual(expect.arrayContaining(['/graphql', '/healthz', '/files/:id', '/product-images/:name']));
  });

  it('forwards every route the API serves', () => {
    // Vite forwards a request whose path starts with a key; a parameter stands for any text.
    const forwarded = (route: string) =>
      API_ROUTE_PREFIXES.some((prefix) => route.replace(/:[A-Za-z]+/g, 'x').startsWith(prefix));
    expect(routes.filter((route) => !forwarded(route))).toEqual([]);
  });

  it('forwards graphql-ws, and gives a browser opening /graphql the GraphiQL page', () => {
    const proxy = devProxy('http://localhost:4000');
    expect(Object.keys(proxy).sort()).toEqual([...API_ROUTE_PREFIXES].sort());
    expect(proxy['/graphql'].ws).toBe(true);
    const bypass = proxy['/graphql'].bypass!;
    expect(bypass({ method: 'GET', url: '/graphql', headers: { accept: 'text/html' } })).toBe('/graphiql/index.html');
    expect(bypass({ method: 'POST', url: '/graphql', headers: { accept: 'text/html' } })).toBeUndefined();
    expect(bypass({ method: 'GET', url: '/graphql?query=%7B__typename%7D', headers: {} })).toBeUndefined();
  });

  it('is what web/vite.config.ts serves with', () => {
    expect(fs.readFileSync(path.join(root, 'web/vite.config.ts'), 'utf8')).toContain('proxy: devProxy(apiTarget)');
  });
});
