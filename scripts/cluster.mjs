#!/usr/bin/env node
/**
 * `npm run cluster`: the production shape on this machine (docs/deployment.md "One machine: npm run cluster"):
 * nginx from Debian's package with deploy/nginx.conf in front (installed with apt-get when missing), three API
 * replicas with JOBS_IN_PROCESS=false, one `npm run worker`, and PostgreSQL: the DATABASE_URL server when set,
 * else the embedded one under DATA_DIR, as `npm start` runs it. Ctrl-C stops everything.
 *
 *   npm run cluster [-- --replicas 3 --port 8080]
 */
import path from 'node:path';
import { setInterval } from 'node:timers';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildIfStale, ensureNginx, runDirectory, startCluster } from './lib/cluster.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
const { values } = parseArgs({
  options: { replicas: { type: 'string', default: '3' }, port: { type: 'string', default: '8080' } },
});
const log = (message) => console.log(`[cluster] ${message}`);

buildIfStale(root, log);
ensureNginx(log);

const dist = (file) => path.join(root, 'dist/server/src', file);
const { loadConfig } = await import(dist('config.js'));
const { resolveSecrets } = await import(dist('secrets.js'));
const { startEmbeddedPostgres } = await import(dist('db/embedded.js'));
const config = loadConfig();
// Every replica must sign and read tokens and licence keys alike: the secrets are resolved once, here (from the
// environment, or generated once into DATA_DIR outside production), and handed to all of them.
const secrets = resolveSecrets(config);
let embedded;
let databaseUrl = config.databaseUrl;
if (!databaseUrl) {
  embedded = await startEmbeddedPostgres(config.dataDir, config.embeddedPgPort);
  databaseUrl = embedded.url;
  log(`embedded PostgreSQL under ${config.dataDir} (as npm start runs it)`);
} else log('PostgreSQL: the DATABASE_URL server');

const dir = runDirectory('cluster');
let cluster;
let stopping = false;
async function stop(code) {
  if (stopping) return;
  stopping = true;
  log('stopping: replicas and worker (SIGTERM, they drain), nginx, then PostgreSQL…');
  await cluster?.stop();
  await embedded?.stop();
  log(`stopped (logs kept in ${dir}/logs)`);
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

try {
  cluster = await startCluster({
    root,
    databaseUrl,
    replicas: Number(values.replicas),
    port: Number(values.port),
    dir,
    log,
    env: { JWT_SECRET: secrets.jwtSecret, KEYS_ENCRYPTION_KEY: secrets.keysEncryptionKey },
  });
} catch (error) {
  console.error(`[cluster] ${error.message}`);
  await stop(1);
}
log(`the store is at ${cluster.url}/ (nginx → ${cluster.api.map((p) => p.port).join(', ')}); logs in ${cluster.logs}`);
log('Ctrl-C stops everything');
// A part that dies is said once, not restarted: an operator's supervisor (systemd, compose) would restart it.
const watched = new Set();
setInterval(() => {
  for (const part of [...cluster.api, cluster.worker, cluster.nginx]) {
    if (!stopping && !part.running && !watched.has(part)) {
      watched.add(part);
      log(`${part.name} exited (${JSON.stringify(part.exits.at(-1))}); its log:\n${part.tail()}`);
    }
  }
}, 1000).unref();
await new Promise(() => undefined);
