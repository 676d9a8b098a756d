/**
 * A real local Ethereum chain for tests: anvil (Foundry), from npm `@foundry-rs/anvil`, whose platform package ships
 * the binary (no install script needed). Each `startAnvil()` runs its own chain on a free port; anvil's ten accounts
 * are unlocked and funded, so tests send real transactions with `eth_sendTransaction`. Blocks are mined on demand:
 * each transaction gets its own block (automine), `mine(n)` adds confirmations.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort } from '../free-port';

export interface Anvil {
  url: string;
  /** anvil's funded, unlocked accounts (lower case). */
  accounts: string[];
  rpc<T = unknown>(method: string, params?: unknown[]): Promise<T>;
  /**
   * Sends `wei` from `from` to `to` and returns the transaction hash once it is in a block; with automine off, at once
   * (it waits in the mempool).
   */
  send(from: string, to: string, wei: bigint, options?: { gas?: bigint }): Promise<string>;
  /** Waits until transaction `hash` is in a block (automine answers before its block is sealed). */
  mined(hash: string): Promise<void>;
  /** Mines `n` empty blocks. */
  mine(n?: number): Promise<void>;
  /** The current block number. */
  blockNumber(): Promise<number>;
  /** Turns mining each transaction at once on or off (off: sent transactions wait in the mempool). */
  setAutomine(on: boolean): Promise<void>;
  /**
   * Makes `address` a contract that reverts every call while `run` runs, so a payment to it fails on chain (a real
   * reverted transaction, mined with status 0), then makes it a plain account again.
   */
  whileReverting<T>(address: string, run: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Path of the anvil binary in this platform's package. */
export function anvilBinary(): string {
  const arch = process.arch === 'x64' ? 'amd64' : process.arch;
  const pkg = require.resolve(`@foundry-rs/anvil-${process.platform}-${arch}/package.json`);
  return path.join(path.dirname(pkg), 'bin', process.platform === 'win32' ? 'anvil.exe' : 'anvil');
}

/** JSON-RPC to an anvil at `url` (the e2e tests reach the browser tests' store's chain this way too). */
export function anvilClient(url: string) {
  let id = 0;
  const rpc = async <T = unknown>(method: string, params: unknown[] = []): Promise<T> => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params }),
    });
    const body = (await response.json()) as { result?: T; error?: { message: string } };
    if (body.error) throw new Error(`anvil ${method}: ${body.error.message}`);
    return body.result as T;
  };
  /** Waits until transaction `hash` is in a block (automine answers before its block is sealed). */
  const mined = async (hash: string): Promise<void> => {
    for (let i = 0; i < 100; i += 1) {
      if (await rpc('eth_getTransactionReceipt', [hash])) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`anvil: ${hash} was not mined`);
  };
  return { rpc, mined };
}

/** Runtime code that reverts whatever it is sent: PUSH1 0 PUSH1 0 REVERT. */
const REVERT_CODE = '0x60006000fd';

/** `genesisTime` (unix seconds): the chain starts in the past, for payments older than an order. */
export async function startAnvil(options: { genesisTime?: number } = {}): Promise<Anvil> {
  const port = await freePort();
  const args = ['--host', '127.0.0.1', '--port', String(port), '--silent'];
  if (options.genesisTime) args.push('--timestamp', String(options.genesisTime));
  const child: ChildProcess = spawn(anvilBinary(), args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const { rpc, mined } = anvilClient(url);
  let automine = true;

  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      await rpc('eth_chainId');
      break;
    } catch (error) {
      if (child.exitCode !== null || Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`anvil did not start: ${(error as Error).message} ${stderr}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const accounts = (await rpc<string[]>('eth_accounts')).map((a) => a.toLowerCase());
  const hex = (n: bigint | number) => `0x${n.toString(16)}`;

  return {
    url,
    accounts,
    rpc,
    async send(from, to, wei, options) {
      const hash = await rpc<string>('eth_sendTransaction', [
        { from, to, value: hex(wei), ...(options?.gas ? { gas: hex(options.gas) } : {}) },
      ]);
      // Automine answers before the block is sealed: a block mined next must come after this one.
      if (automine) await mined(hash);
      return hash;
    },
    mined,
    mine: async (n = 1) => {
      await rpc('anvil_mine', [hex(n)]);
    },
    blockNumber: async () => Number(await rpc<string>('eth_blockNumber')),
    setAutomine: async (on) => {
      await rpc('evm_setAutomine', [on]);
      automine = on;
    },
    async whileReverting(address, run) {
      await rpc('anvil_setCode', [address, REVERT_CODE]);
      try {
        return await run();
      } finally {
        await rpc('anvil_setCode', [address, '0x']);
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
