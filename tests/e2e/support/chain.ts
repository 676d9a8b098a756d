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
