/**
 * A huge chain API answer, as the security review ran it: the built server (dist/server/src/main.js) with the Docker
 * image's `--max-old-space-size=384`, reading USDT TRC-20 payments from a FIXTURE standing in for TronGrid
 * (tests/support/chain-fixtures/hostile-api.ts: a plain HTTP server, no chain) whose TRC-20 listing answers 300 MB of
 * JSON. An order is placed so the poll reads the listing. Before the cap the process read the whole body, turned it
 * into one string and parsed it, and died of heap exhaustion (SIGABRT in JSON.parse); now each read stops at 8 MiB,
 * each poll logs the failure naming the cap, and the store goes on answering.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase, dropTestDatabase } from '../support/database';
import { startHostileApi, type HostileApi } from '../support/chain-fixtures/hostile-api';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { TEST_ADDRESSES } from '../support/fixtures';

const HUGE = 300 * 1024 * 1024;
const CAP = 8 * 1024 * 1024;
/**
 * What the fixture may have written beyond the cap when the reader stops: what the kernel's socket buffers took in
 * on both sides (Linux lets a loopback receive buffer grow to 32 MB: net.ipv4.tcp_rmem), never read by the server.
 */
const SLACK = 40 * 1024 * 1024;

let tronGrid: HostileApi;
let server: ServerProcess;
let database: { name: string; url: string };
let dataDir: string;

const isListing = (request: { path: string }) => request.path.startsWith('/v1/accounts/');

beforeAll(async () => {
  tronGrid = await startHostileApi((request) => {
    if (isListing(request)) return { hugeJson: HUGE };
    if (request.path === '/walletsolidity/getnowblock') {
      return { json: { blockID: '00', block_header: { raw_data: { number: 57_000_019 } } } };
    }
    return { json: {} };
  });
  database = await createTestDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-chain-answers-'));
  server = await startServerProcess(
    {
      NODE_ENV: 'production',
      DATABASE_URL: database.url,
      JWT_SECRET: 'production-test-secret-of-at-least-32-characters',
      KEYS_ENCRYPTION_KEY: Buffer.alloc(32, 9).toString('base64'),
      SEED_DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      PAY_ADDRESS_USDT_TRC20: TEST_ADDRESSES.USDT_TRC20,
      TRON_API_URL: tronGrid.url,
      PAYMENT_POLL_SECONDS: '1',
    },
    { nodeArgs: ['--max-old-space-size=384'] },
  );
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await tronGrid?.close();
  if (database) await dropTestDatabase(database.name);
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function gql(query: string, variables: Record<string, unknown> = {}, token?: string) {
  const res = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  return (await res.json()) as { data?: any; errors?: any[] };
}

/** The log lines (JSON) of polls that stopped at the cap; a line still being written is left for later. */
function capFailures(): any[] {
  return server
    .output()
    .split('\n')
    .slice(0, -1)
    .filter((line) => line.includes('over the 8 MiB cap'))
    .map((line) => JSON.parse(line));
}

/** The process's resident memory in MB; 0 once it is gone. */
function rssMb(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

it('survives a 300 MB TRC-20 listing under a 384 MB heap: each poll stops at the cap, logs it, and the store answers', async () => {
  const email = `huge-answer-${Date.now()}@example.com`;
  const signUp = await gql(`mutation ($input: SignUpInput!) { signUp(input: $input) { accessToken } }`, {
    input: { email, password: 'Hug3AnswerPassword', fullName: 'Huge Answer' },
  });
  const token = signUp.data!.signUp.accessToken as string;
  const product = await gql(`{ product(slug: "ethereum-classic-key") { id } }`);
  const order = await gql(
    `mutation ($input: PlaceOrderInput!) { placeOrder(input: $input) { id paymentAmountCrypto } }`,
    { input: { productId: product.data!.product.id, quantity: 1, email, paymentMethod: 'USDT_TRC20' } },
    token,
  );
  expect(order.errors).toBeUndefined();

  const pid = server.child.pid!;
  let peak = rssMb(pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50);
  try {
    // Three polls tried the huge listing (one a second), or the process died trying.
    for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
      const tried = tronGrid.requests.filter(isListing).length;
      if (server.child.exitCode !== null || server.child.signalCode !== null) break;
      if (tried >= 3 && capFailures().length >= 3) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    clearInterval(sampler);
  }

  expect({ exitCode: server.child.exitCode, signal: server.child.signalCode }).toEqual({
    exitCode: null,
    signal: null,
  });
  const health = await fetch(`${server.url}/healthz`);
  expect(health.status).toBe(200);

  // Each read stopped at the cap: the fixture never got to send the rest of its 300 MB.
  const listings = tronGrid.requests.filter(isListing);
  expect(listings.length).toBeGreaterThanOrEqual(3);
  for (const request of listings) {
    expect(request.finished).toBe(false);
    expect(request.sent).toBeLessThan(CAP + SLACK);
  }

  // The operator reads why, once per poll, with the method.
  const failures = capFailures();
  expect(failures.length).toBeGreaterThanOrEqual(3);
  for (const line of failures) {
    expect(line).toMatchObject({
      level: 'warn',
      method: 'USDT_TRC20',
      msg: 'Chain could not be read; trying again next poll',
    });
    expect(line.err.message).toMatch(
      new RegExp(
        `^tron: ${tronGrid.url}/v1/accounts/${TEST_ADDRESSES.USDT_TRC20}/transactions/trc20\\?\\S+ answered more ` +
          'than 8 MiB, over the 8 MiB cap on a chain API answer: the read was stopped$',
      ),
    );
  }
  // Measured: 136-146 MB resident before the polls, 162 MB at their peak. Before the cap: killed by V8 (SIGABRT,
  // "JavaScript heap out of memory" in JSON.parse) at the first poll.
  expect(peak).toBeLessThan(300);
}, 90_000);
