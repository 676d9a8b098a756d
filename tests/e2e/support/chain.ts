/**
 * The local ETH chain (anvil) the browser tests' store reads payments from (scripts/e2e-server.mjs): its JSON-RPC
 * URL comes from E2E_CHAIN_FILE, which playwright.config.ts sets for the server and the tests. anvil's accounts are
 * funded and unlocked, so a test pays with `eth_sendTransaction`; each transaction is mined at once (its first
 * confirmation), `mine(n)` adds more.
 */
import fs from 'node:fs';
import path from 'node:path';
import { etherToWei } from '../../../common/payment-uri';
import { anvilClient } from '../../support/chain-fixtures/anvil';

function chainFile(): string {
  const port = process.env.E2E_PORT ?? '4173';
  return process.env.E2E_CHAIN_FILE ?? path.resolve(__dirname, '../../..', '.test-data', `e2e-chain-${port}.json`);
}

export interface E2EChain {
  url: string;
  rpc<T = unknown>(method: string, params?: unknown[]): Promise<T>;
  /** anvil's funded, unlocked accounts. */
  accounts(): Promise<string[]>;
  /** Sends `wei` from `from` to `to`; returns the transaction hash once it is in a block. */
  send(from: string, to: string, wei: bigint): Promise<string>;
  /** Mines `n` empty blocks. */
  mine(n: number): Promise<void>;
}

export function e2eChain(): E2EChain {
  const file = chainFile();
  if (!fs.existsSync(file)) throw new Error(`No local chain: ${file} is missing (scripts/e2e-server.mjs writes it)`);
  const { url } = JSON.parse(fs.readFileSync(file, 'utf8')) as { url: string };
  const { rpc, mined } = anvilClient(url);
  return {
    url,
    rpc,
    accounts: () => rpc<string[]>('eth_accounts'),
    async send(from, to, wei) {
      const hash = await rpc<string>('eth_sendTransaction', [{ from, to, value: `0x${wei.toString(16)}` }]);
      await mined(hash);
      return hash;
    },
    async mine(n) {
      await rpc('anvil_mine', [`0x${n.toString(16)}`]);
    },
  };
}

/** "0.013601" ETH → 13601000000000000n wei, exactly (the EIP-681 value the order's QR code carries). */
export const ethToWei = (amount: string): bigint => BigInt(etherToWei(amount));

/** How long a test may hold the chain before another test takes it anyway (a crashed worker never releases it). */
const CHAIN_LOCK_STALE_MS = 5 * 60_000;

/**
 * Holds the local chain for one test at a time across workers: every transaction and every mined block is a
 * confirmation of every other test's payment, so a test that counts confirmations (chain-payment.spec.ts) and one that
 * sends payments of its own (refunds.spec.ts) must not run at once. A directory beside E2E_CHAIN_FILE is the lock
 * (mkdir is atomic); the returned function releases it.
 */
export async function lockChain(): Promise<() => void> {
  const lock = `${chainFile()}.lock`;
  for (;;) {
    try {
      fs.mkdirSync(lock);
      return () => fs.rmSync(lock, { recursive: true, force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const taken = fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now();
      // Older than the chain (written when this run's server started): left by an earlier run that was stopped.
      const started = fs.statSync(chainFile(), { throwIfNoEntry: false })?.mtimeMs ?? 0;
      if (Date.now() - taken > CHAIN_LOCK_STALE_MS || taken < started)
        fs.rmSync(lock, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}
