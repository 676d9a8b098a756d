/**
 * Graceful drain on SIGTERM (issue 32; docs/deployment.md "Shutdown"): a request already in flight when the signal
 * arrives still gets its answer, new connections are refused at once (so nginx tries another replica), and the
 * process then exits cleanly.
 */
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase, dropTestDatabase } from '../support/database';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { TEST_ADDRESSES } from '../support/test-server';

let database: { name: string; url: string };
let dataDir: string;
let server: ServerProcess;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-drain-'));
  server = await startServerProcess({
    NODE_ENV: 'production',
    DATABASE_URL: database.url,
    JWT_SECRET: 'production-test-secret-of-at-least-32-characters',
    KEYS_ENCRYPTION_KEY: Buffer.alloc(32, 9).toString('base64'),
    SEED_DEMO_DATA: 'false',
    LOG_LEVEL: 'error',
    DATA_DIR: dataDir,
    PAY_ADDRESS_USDT_TRC20: TEST_ADDRESSES.USDT_TRC20,
    PAY_ADDRESS_ETH: TEST_ADDRESSES.ETH,
  });
});
afterAll(async () => {
  await server?.stop();
  await dropTestDatabase(database.name);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('finishes a request in flight after SIGTERM, refuses new connections, then exits 0', async () => {
  // In flight: the server has the request's headers, and waits for the rest of its body.
  const body = JSON.stringify({ query: '{ products { id } }' });
  const url = new URL(`${server.url}/graphql`);
  const request = http.request({
    host: url.hostname,
    port: url.port,
    path: url.pathname,
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const answered = new Promise<{ status: number; text: string }>((resolve, reject) => {
    request.on('response', (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, text }));
    });
    request.on('error', reject);
  });
  request.write(body.slice(0, 10));
  request.flushHeaders();
  await new Promise((r) => setTimeout(r, 300));

  const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
  server.child.kill('SIGTERM');

  // New connections are refused (nginx then tries the next replica). A raw connection, since fetch could reuse a
  // kept-alive one, which the drain closes.
  const port = Number(new URL(server.url).port);
  const tryConnect = () =>
    new Promise<string>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => (socket.destroy(), resolve('connected')));
      socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? String(error)));
    });
  let outcome = await tryConnect();
  for (let i = 0; i < 100 && outcome === 'connected'; i++) {
    await new Promise((r) => setTimeout(r, 20));
    outcome = await tryConnect();
  }
  expect(outcome).toBe('ECONNREFUSED');

  // The request in flight still completes, with its answer.
  request.end(body.slice(10));
  const answer = await answered;
  expect(answer.status).toBe(200);
  const { data } = JSON.parse(answer.text) as { data: { products: { id: string }[] } };
  expect(data.products.length).toBeGreaterThan(0);
  expect(await exited).toBe(0);
});
