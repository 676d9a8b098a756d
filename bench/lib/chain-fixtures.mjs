/**
 * The chains the payments section reads, as the API tests have them (tests/support/chain-fixtures: a TronGrid
 * stand-in, an Esplora stand-in, and anvil, a real local Ethereum chain), plus a proxy that counts what the store
 * asks each of them. The fixtures are TypeScript: `loadChainFixtures` compiles them (and what they import) with the
 * project's tsc (bench/tsconfig.fixtures.json) into node_modules/.cache/bench-fixtures, where their own imports
 * (@scure/base, anvil's binary package) resolve from the project's node_modules, and loads them. Nothing is duplicated.
 */
import { Buffer } from 'node:buffer';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import process from 'node:process';

const require = createRequire(import.meta.url);

/** Compiles and loads the fixtures; returns `{ startTronFixture, startEsploraFixture, startAnvil }`. */
export function loadChainFixtures(root) {
  const result = spawnSync(
    process.execPath,
    [require.resolve('typescript/bin/tsc'), '-p', path.join(root, 'bench/tsconfig.fixtures.json')],
    { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  if (result.status !== 0) throw new Error('Compiling the chain fixtures (bench/tsconfig.fixtures.json) failed');
  const dir = path.join(root, 'node_modules/.cache/bench-fixtures/tests/support/chain-fixtures');
  const load = (name) => {
    const file = path.join(dir, `${name}.js`);
    if (!fs.existsSync(file)) throw new Error(`${file} was not built`);
    return require(file);
  };
  return {
    startTronFixture: load('tron-fixture').startTronFixture,
    startEsploraFixture: load('esplora-fixture').startEsploraFixture,
    startAnvil: load('anvil').startAnvil,
  };
}

/** A request's endpoint without its ids: path segments of 25 characters or more (tx ids, addresses) become `:id`. */
function endpointOf(method, url) {
  const pathname = new URL(url, 'http://proxy').pathname;
  return `${method} ${pathname
    .split('/')
    .map((segment) => (segment.length >= 25 ? ':id' : segment))
    .join('/')}`;
}

/**
 * An HTTP proxy on 127.0.0.1 in front of `target` that counts the requests it forwards, by endpoint; with `rpc`, the
 * body is JSON-RPC (a call or a batch of calls in one request) and it counts calls by method too. `counts()` returns
 * `{ requests, calls, endpoints }` so far (`endpoints`: requests per endpoint, or calls per method with `rpc`).
 */
export async function startCountingProxy(target, { rpc = false } = {}) {
  let requests = 0;
  let calls = 0;
  const endpoints = new Map();
  const bump = (key) => endpoints.set(key, (endpoints.get(key) ?? 0) + 1);

  const server = http.createServer(async (req, res) => {
    try {
      const chunks = [];
      for await (const chunk of req) chunks.push(chunk);
      const body = Buffer.concat(chunks);
      requests += 1;
      if (rpc) {
        const parsed = JSON.parse(body.toString('utf8'));
        for (const call of Array.isArray(parsed) ? parsed : [parsed]) {
          calls += 1;
          bump(call.method);
        }
      } else {
        calls += 1;
        bump(endpointOf(req.method, req.url));
      }
      const headers = {};
      for (const name of ['content-type', 'accept']) if (req.headers[name]) headers[name] = req.headers[name];
      const upstream = await globalThis.fetch(`${target}${req.url}`, {
        method: req.method,
        headers,
        body: req.method === 'GET' || req.method === 'HEAD' ? undefined : body,
      });
      const answer = Buffer.from(await upstream.arrayBuffer());
      res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/json' });
      res.end(answer);
    } catch (error) {
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`counting proxy: ${error}`);
    }
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    counts: () => ({ requests, calls, endpoints: Object.fromEntries(endpoints) }),
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** What happened between two `counts()`: requests, calls and each endpoint's difference (endpoints at 0 left out). */
export function countsSince(before, after) {
  const endpoints = {};
  for (const [key, n] of Object.entries(after.endpoints)) {
    const diff = n - (before.endpoints[key] ?? 0);
    if (diff) endpoints[key] = diff;
  }
  return { requests: after.requests - before.requests, calls: after.calls - before.calls, endpoints };
}
