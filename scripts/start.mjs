#!/usr/bin/env node
/**
 * `npm start`: builds whatever is missing or older than its sources (server with tsc, web with Vite),
 * then runs the server in this process's place. A fresh clone needs only `npm install && npm start`.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

function newestMtime(entries) {
  let newest = 0;
  const visit = (p) => {
    if (!fs.existsSync(p)) return;
    const stat = fs.statSync(p);
    if (stat.isDirectory()) {
      if (p.endsWith('node_modules') || p.endsWith(`${path.sep}dist`)) return;
      for (const name of fs.readdirSync(p)) visit(path.join(p, name));
    } else newest = Math.max(newest, stat.mtimeMs);
  };
  entries.forEach(visit);
  return newest;
}

function stale(output, sources) {
  return !fs.existsSync(output) || fs.statSync(output).mtimeMs < newestMtime(sources);
}

function run(script) {
  const result = spawnSync('npm', ['run', '--silent', script], {
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const serverEntry = 'dist/server/src/main.js';
if (stale(serverEntry, ['server/src', 'common', 'tsconfig.json', 'tsconfig.build.json'])) {
  console.log('Building the API server…');
  run('build:server');
  fs.utimesSync(serverEntry, new Date(), new Date());
}
const webEntry = path.join(
  process.env.WEB_DIST_DIR ? path.resolve(process.env.WEB_DIST_DIR) : 'web/dist',
  'index.html',
);
if (stale(webEntry, ['web/src', 'web/graphiql', 'web/public', 'web/index.html', 'web/vite.config.ts', 'common'])) {
  console.log('Building the web app…');
  run('build:web');
}

await import(path.join(root, serverEntry));
