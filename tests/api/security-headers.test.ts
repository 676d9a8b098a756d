/**
 * What a browser and an attacker see of the HTTP surface: security headers on the store's pages, on
 * GraphiQL and on API answers; GraphiQL only where it is allowed; misses that reveal no file-system path.
 * The servers serve a small web build of their own, so these checks do not depend on `npm run build:web`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestServer, type TestServer } from '../support/test-server';

const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'store-web-'));
fs.mkdirSync(path.join(webDist, 'assets'));
fs.mkdirSync(path.join(webDist, 'graphiql'));
fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Store</title><div id="root"></div>');
fs.writeFileSync(path.join(webDist, 'graphiql', 'index.html'), '<!doctype html><title>GraphiQL</title>');
fs.writeFileSync(path.join(webDist, 'assets', 'main-abc123.js'), 'export {};');

const PRODUCTION = { NODE_ENV: 'production', JWT_SECRET: 'a-production-secret-of-at-least-32-chars' };

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { WEB_DIST_DIR: webDist } });
});
afterAll(async () => {
  await server.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

/** The CSP's directives by name, e.g. `{ 'script-src': ["'self'"] }`. */
function cspDirectives(res: Response): Record<string, string[]> {
  const header = res.headers.get('content-security-policy') ?? '';
  return Object.fromEntries(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name, values]),
  );
}

describe('security headers', () => {
  it.each(['/', '/admin/dashboard', '/graphql'])(
    'GET %s in a browser cannot be framed and is locked down',
    async (url) => {
      const res = await fetch(`${server.url}${url}`, { headers: html });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      const csp = cspDirectives(res);
      expect(csp['frame-ancestors']).toEqual(["'none'"]);
      expect(csp['script-src']).toEqual(["'self'"]);
      expect(csp['object-src']).toEqual(["'none'"]);
      expect(csp['base-uri']).toEqual(["'self'"]);
      expect(csp['form-action']).toEqual(["'self'"]);
      expect(csp['connect-src']).toEqual(["'self'"]);
      expect(csp['default-src']).toEqual(["'self'"]);
      expect(csp['upgrade-insecure-requests']).toBeUndefined();
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      // HSTS belongs to the TLS proxy: from the app it would pin plain-HTTP local use to HTTPS.
      expect(res.headers.get('strict-transport-security')).toBeNull();
    },
  );

  it('keeps the caching rules: pages revalidate, hashed assets are immutable for a year', async () => {
    const page = await fetch(`${server.url}/products`, { headers: html });
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const asset = await fetch(`${server.url}/assets/main-abc123.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('API answers carry them too', async () => {
    const res = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ products { slug } }' }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(cspDirectives(res)['frame-ancestors']).toEqual(["'none'"]);
  });
});

describe('GraphiQL', () => {
  const openInBrowser = (target: TestServer) => fetch(`${target.url}/graphql`, { headers: html });

  it('is off in production: a browser opening /graphql gets the API answer, not the IDE', async () => {
    const production = await startTestServer({ env: { ...PRODUCTION, WEB_DIST_DIR: webDist } });
    try {
      const res = await openInBrowser(production);
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await res.text()).not.toContain('GraphiQL');
    } finally {
      await production.close();
    }
  });

  it('can be turned on in production with GRAPHIQL=true', async () => {
    const production = await startTestServer({ env: { ...PRODUCTION, GRAPHIQL: 'true', WEB_DIST_DIR: webDist } });
    try {
      const res = await openInBrowser(production);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('GraphiQL');
    } finally {
      await production.close();
    }
  });

  it('can be turned off outside production with GRAPHIQL=false', async () => {
    const development = await startTestServer({ env: { GRAPHIQL: 'false', WEB_DIST_DIR: webDist } });
    try {
      const res = await openInBrowser(development);
      expect(res.status).toBe(400);
      expect(await res.text()).not.toContain('GraphiQL');
    } finally {
      await development.close();
    }
  });
});

describe('misses reveal no file-system path', () => {
  it.each<[string, string, Record<string, string>, string]>([
    ['a missing script', '/assets/nonexistent.js', {}, 'GET'],
    ['a missing script a browser asks for as a page', '/assets/nonexistent.js', html, 'GET'],
    ['a path that escapes the assets folder', '/assets/..%2f..%2findex.html', {}, 'GET'],
    ['a missing root file', '/nonexistent.png', { accept: 'image/png' }, 'GET'],
    ['a page asked for as JSON', '/products', { accept: 'application/json' }, 'GET'],
    ['/files without an id', '/files/', {}, 'GET'],
    ['a file under a deeper path', '/files/a/b', {}, 'GET'],
    ['a POST outside the API', '/products', {}, 'POST'],
  ])('%s (%s) is a plain 404', async (_label, url, headers, method) => {
    const res = await fetch(`${server.url}${url}`, { method, headers });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const body = await res.text();
    expect(body).toBe('Not found');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it.each([
    ['an invalid file id', '/files/not-a-uuid', 403, 'This link is invalid or has expired.'],
    [
      'an unsigned file link',
      '/files/7d9f3b1e-8a4c-4f2b-9d6e-1c2b3a4d5e6f',
      403,
      'This link is invalid or has expired.',
    ],
    ['a file id that does not decode', '/files/%E0%A4%A', 400, 'Bad request'],
  ])('%s (%s) answers in plain text', async (_label, url, status, text) => {
    const res = await fetch(`${server.url}${url}`);
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await res.text()).toBe(text);
  });
});
