#!/usr/bin/env node
/**
 * The store as the browser tests see it: `npm start` on a FRESH database, with known admin
 * credentials and every payment address configured. With DATABASE_URL it creates (and afterwards
 * drops) a new database on that server; without, it uses a new embedded PostgreSQL data directory.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createScratchDatabase, freePort } from './lib/dev-tools.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const E2E_ADMIN = JSON.parse(fs.readFileSync(path.join(root, 'tests/e2e/support/e2e-admin.json'), 'utf8'));

const env = {
  ...process.env,
  NODE_ENV: 'development',
  PORT: process.env.E2E_PORT ?? '4173',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  ADMIN_EMAIL: E2E_ADMIN.email,
  ADMIN_PASSWORD: E2E_ADMIN.password,
  PAY_ADDRESS_USDT_TRC20: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
  PAY_ADDRESS_BTC: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  PAY_ADDRESS_ETH: '0x742d35Cc6634C0532925a3b844Bc454e4438f44e',
  // Every test signs up from 127.0.0.1: the per-IP throttles would stop the suite, not an attacker.
  AUTH_RATE_LIMIT: '100000',
  ORDER_RATE_LIMIT: '100000',
  TICKET_RATE_LIMIT: '100000',
  PROOF_ORDER_RATE_LIMIT_PER_IP: '100000',
};

let cleanup = async () => undefined;
if (process.env.DATABASE_URL) {
  const scratch = await createScratchDatabase(process.env.DATABASE_URL, `store_e2e_${Date.now().toString(36)}`);
  env.DATABASE_URL = scratch.url;
  cleanup = scratch.drop;
} else {
  const dataDir = path.join(root, '.test-data', `e2e-${process.pid}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  env.DATA_DIR = dataDir;
  env.EMBEDDED_PG_PORT = String(await freePort());
  cleanup = async () => fs.rmSync(dataDir, { recursive: true, force: true });
}

const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], { env, stdio: 'inherit', cwd: root });
const stop = (signal) => child.kill(signal);
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
child.on('exit', async (code) => {
  await cleanup().catch(() => undefined);
  process.exit(code ?? 0);
});
