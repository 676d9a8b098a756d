/**
 * The built server (`dist/server/src/main.js`) as a child process, for tests that need a real process: production
 * mode, a crash (SIGKILL) and a restart, two processes on one database. `npm test` builds it first.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { freePort } from './free-port';

const MAIN = path.resolve(__dirname, '../../dist/server/src/main.js');

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** Everything the process printed so far. */
  output(): string;
  /** SIGTERM, and SIGKILL if it has not exited after 10 s. */
  stop(): Promise<void>;
}

/**
 * Starts the server with `env` (PORT and HOST are chosen here) and resolves once /healthz answers. `entry` runs another
 * built entry point (`worker.js`), whose HTTP port is the variable `portVariable` (WORKER_METRICS_PORT) instead of PORT.
 */
export async function startServerProcess(
  env: Record<string, string>,
  options: { nodeArgs?: string[]; healthTimeoutMs?: number; entry?: string; portVariable?: string } = {},
): Promise<ServerProcess> {
  const main = options.entry ? path.resolve(path.dirname(MAIN), options.entry) : MAIN;
  if (!fs.existsSync(main)) throw new Error(`${main} is missing: run \`npm run build:server\` (npm test does)`);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), main], {
    env: { PATH: process.env.PATH, ...env, [options.portVariable ?? 'PORT']: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const server: ServerProcess = {
    child,
    url,
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
  const start = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}:\n${output}`);
    if (
      await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return server;
    if (Date.now() - start > (options.healthTimeoutMs ?? 30_000)) {
      child.kill('SIGKILL');
      throw new Error(`The server did not become healthy:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** POSTs a GraphQL operation to a server process as JSON and returns its data; errors throw, with their text. */
export async function processGql(url: string, query: string, variables: Record<string, unknown> = {}, token?: string) {
  const res = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data?: any; errors?: unknown[] };
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

/** Raw SQL on the database at `databaseUrl`, on a connection of its own. */
export async function sqlOn<R>(databaseUrl: string, text: string, params: unknown[] = []): Promise<R[]> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as R[];
  } finally {
    await client.end();
  }
}
