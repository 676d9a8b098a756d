/**
 * Helpers shared by the project's scripts (`npm start`, the browser tests' server, the benchmark):
 * build freshness, a free port, and a scratch database on a PostgreSQL server.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';

/** The newest modification time under `entries` (files or folders, relative to `root`), skipping node_modules and dist. */
function newestMtime(root, entries) {
  let newest = 0;
  const visit = (p) => {
    if (!fs.existsSync(p)) return;
    const stat = fs.statSync(p);
    if (stat.isDirectory()) {
      if (p.endsWith('node_modules') || p.endsWith(`${path.sep}dist`)) return;
      for (const name of fs.readdirSync(p)) visit(path.join(p, name));
    } else newest = Math.max(newest, stat.mtimeMs);
  };
  entries.forEach((entry) => visit(path.join(root, entry)));
  return newest;
}

/** Whether `output` is missing or older than any of `sources` (both relative to `root`). */
export function isStale(root, output, sources) {
  const file = path.resolve(root, output);
  return !fs.existsSync(file) || fs.statSync(file).mtimeMs < newestMtime(root, sources);
}

/** The server sources `dist/server/src/main.js` is built from. */
export const SERVER_SOURCES = ['server/src', 'common', 'tsconfig.json', 'tsconfig.build.json'];

/** The web app sources `web/dist` (or WEB_DIST_DIR) is built from. */
export const WEB_SOURCES = ['web/src', 'web/graphiql', 'web/public', 'web/index.html', 'web/vite.config.ts', 'common'];

/** A TCP port free on 127.0.0.1 right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * A new, empty database named `name` on the server of `serverUrl`.
 * Returns `{ url, version, drop() }`; `drop()` removes it, closing any connections still open.
 */
export async function createScratchDatabase(serverUrl, name) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const version = (await admin.query('SHOW server_version')).rows[0].server_version;
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    version,
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
