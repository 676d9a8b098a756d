#!/usr/bin/env node
/**
 * `npm run dev`: the developer loop in one terminal.
 * - tsc in watch mode (tsconfig.build.json) rebuilds dist/ whenever a file under server/src or common/ changes;
 * - after every rebuild without type errors the API (dist/server/src/main.js, embedded PostgreSQL unless
 *   DATABASE_URL) restarts: SIGTERM, its graceful stop, a new process. With type errors it keeps running the last
 *   good build and the errors are printed;
 * - Vite serves the web app with hot reload (http://localhost:5173/), forwarding the API's routes
 *   (web/dev-proxy.ts) to the API on PORT (4000).
 * Ctrl-C stops all three. Our own script rather than nodemon & co.: tsc already knows when a build is complete,
 * so the API restarts once per change and never onto a half-written dist/.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

const say = (text) => console.log(`\x1b[36m[dev]\x1b[0m ${text}`);

// The configLoader notice is about a future Vite major; on Node 20 a .ts config can only be bundled, as it is.
const viteEnv = { ...process.env, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' };
const vite = spawn(
  process.execPath,
  [path.join(root, 'node_modules/vite/bin/vite.js'), '--config', 'web/vite.config.ts'],
  { stdio: 'inherit', env: viteEnv },
);

let api = null;
let restartWanted = false;
let stopping = false;

let started = false;

function startApi() {
  if (!started) {
    started = true;
    say(
      `Open Vite's address above for hot reload; it forwards the API's routes to http://localhost:${process.env.PORT || 4000}`,
    );
  }
  api = spawn(process.execPath, ['--enable-source-maps', 'dist/server/src/main.js'], { stdio: 'inherit' });
  api.once('exit', (code, signal) => {
    api = null;
    if (stopping) return;
    if (restartWanted) {
      restartWanted = false;
      startApi();
    } else {
      say(`API stopped (${signal ?? `exit code ${code}`}); it restarts on the next change under server/src or common/`);
    }
  });
}

function restartApi() {
  if (stopping) return;
  if (!api) return startApi();
  say('Restarting the API…');
  restartWanted = true;
  api.kill('SIGTERM');
}

// --incremental: a second `npm run dev` re-emits only what changed since the last one (dist/.tsbuildinfo).
const tsc = spawn(
  process.execPath,
  [
    path.join(root, 'node_modules/typescript/bin/tsc'),
    ...['-p', 'tsconfig.build.json', '--watch', '--preserveWatchOutput', '--pretty'],
    ...['--incremental', '--tsBuildInfoFile', 'dist/.tsbuildinfo'],
  ],
  { stdio: ['ignore', 'pipe', 'inherit'] },
);
say('Building the API (tsc --watch)…');
let pending = '';
tsc.stdout.on('data', (chunk) => {
  pending += chunk.toString();
  const lines = pending.split('\n');
  pending = lines.pop();
  for (const line of lines) {
    const plain = stripVTControlCharacters(line);
    const done = /Found (\d+) errors?\. Watching for file changes\./.exec(plain);
    if (done) {
      const errors = Number(done[1]);
      if (errors === 0) restartApi();
      else say(`${errors} type error${errors === 1 ? '' : 's'} above: the API keeps running its last good build`);
    } else if (
      !/Starting compilation in watch mode|File change detected|Starting incremental compilation/.test(plain)
    ) {
      // Type errors, and nothing routine.
      if (plain.trim()) console.log(line);
    }
  }
});

function stopAll(signal) {
  if (stopping) return;
  stopping = true;
  tsc.kill(signal);
  vite.kill(signal);
  if (!api) process.exit(0);
  // The API stops gracefully, its embedded PostgreSQL too (a second signal, as a terminal's Ctrl-C also sends it
  // one, changes nothing).
  api.once('exit', () => process.exit(0));
  api.kill(signal);
}
process.on('SIGINT', () => stopAll('SIGINT'));
process.on('SIGTERM', () => stopAll('SIGTERM'));
vite.once('exit', (code) => {
  if (stopping) return;
  say(`Vite exited (${code}); stopping`);
  stopAll('SIGTERM');
});
tsc.once('exit', (code) => {
  if (stopping) return;
  say(`tsc exited (${code}); stopping`);
  stopAll('SIGTERM');
});
