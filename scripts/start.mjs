#!/usr/bin/env node
/**
 * `npm start`: builds whatever is missing or older than its sources (server with tsc, web with Vite),
 * then runs the server in this process's place. A fresh clone needs only `npm install && npm start`.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isStale, SERVER_SOURCES, WEB_SOURCES } from './lib/dev-tools.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

// The configLoader notice is about a future Vite major; on Node 20 a .ts config can only be bundled, as it is.
const buildEnv = { ...process.env, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' };

function run(script) {
  const result = spawnSync('npm', ['run', '--silent', script], {
    stdio: 'inherit',
    shell: process.platform === 'win32',
    env: buildEnv,
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const serverEntry = 'dist/server/src/main.js';
if (isStale(root, serverEntry, SERVER_SOURCES)) {
  console.log('Building the API server…');
  run('build:server');
  fs.utimesSync(serverEntry, new Date(), new Date());
}
const webDist = process.env.WEB_DIST_DIR ? path.resolve(process.env.WEB_DIST_DIR) : 'web/dist';
// The client build and the server-rendering bundle (web/dist/.ssr, docs/architecture.md "Web rendering").
const webOutputs = [path.join(webDist, 'index.html'), path.join(webDist, '.ssr', 'entry-server.cjs')];
if (webOutputs.some((output) => isStale(root, output, WEB_SOURCES))) {
  console.log('Building the web app…');
  run('build:web');
}

// Outside production, every crypto method the store has gets a demo address where none is set (a well-known burn
// address, checked at start like any other: server/src/payments/methods, `demoEnv`), so a newcomer sees the whole
// store. Production never gets one: an unset address there leaves its method unavailable.
if (process.env.NODE_ENV !== 'production') {
  const require = createRequire(import.meta.url);
  require('reflect-metadata');
  const { demoPaymentEnv } = require(path.join(root, 'dist/server/src/payments/methods/index.js'));
  const demo = demoPaymentEnv(process.env);
  Object.assign(process.env, demo);
  if (Object.keys(demo).length > 0) {
    console.log(`Demo payment addresses (burn addresses: never pay them) for ${Object.keys(demo).join(', ')}`);
  }
}

await import(path.join(root, serverEntry));
