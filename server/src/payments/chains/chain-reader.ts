/**
 * One interface for reading payments from a chain (docs/payments.md "Readers"), one implementation per chain, like
 * Medusa's payment providers: ETH over JSON-RPC, USDT TRC-20 over a TronGrid-compatible API, BTC over an
 * Esplora-compatible API. A reader only reads and parses; which order a payment belongs to, and when it counts as
 * paid, is decided by ChainPaymentService.
 */

/** The chains the store reads. */
export type Network = 'eth' | 'tron' | 'btc';

/** One payment to one address inside a transaction: ETH's value, a TRC-20 `Transfer` log, a BTC output. */
export interface ChainTransfer {
  /** The output's (BTC) or log's (TRC-20) index in its transaction; 0 for ETH's value. */
  index: number;
  /** The receiving address as the chain writes it: ETH lower-case 0x…, TRON base58 T…, BTC as encoded. */
  to: string;
  /** The amount in the chain's smallest unit (wei, token units, satoshis). */
  units: bigint;
  /** The token contract (TRON base58) of a token transfer; null for the chain's own coin. */
  token: string | null;
}

/** A transaction as far as the store cares. */
export interface ChainTransaction {
  /** The id in its canonical form: ETH 0x + 64 lower-case hex, TRON and BTC 64 lower-case hex. */
  txId: string;
  /**
   * `pending`: seen but not yet in a block (TRON: not yet solidified); `succeeded`: in a block and executed;
   * `failed`: in a block but reverted (ETH, TRON), so it paid nothing.
   */
  status: 'pending' | 'succeeded' | 'failed';
  /** The block it is in (TRON: its solidified block); null while pending. */
  blockNumber: number | null;
  /** The time of that block, or null while pending. */
  blockTime: Date | null;
  transfers: ChainTransfer[];
}

/** Transactions paying an address, and where to continue from next time. */
export interface IncomingPage {
  transactions: ChainTransaction[];
  /**
   * The position to pass as `from` next time (ETH and BTC: a block height, TRON: a block timestamp in ms). A reader
   * may report a transaction again on a later call (the service ignores payments it already has).
   */
  next: number;
}

export interface ChainReader {
  readonly network: Network;
  /** Decimals of `ChainTransfer.units`: ETH 18, USDT 6, BTC 8. */
  readonly unitDecimals: number;
  /** The height confirmations count to: `tip − blockNumber + 1` (TRON: the latest solidified block). */
  tipHeight(): Promise<number>;
  /** A transaction by id (any case, ETH with or without 0x), or null when the chain does not know it (yet). */
  transaction(txId: string): Promise<ChainTransaction | null>;
  /**
   * Transactions paying `address` since position `from` (null: the recent past, a few minutes' worth), at most a
   * bounded amount of work per call; pending ones are included where the API shows them.
   */
  incoming(address: string, from: number | null): Promise<IncomingPage>;
}

/** Raised when a chain's API cannot be read (down, throttled, malformed answer): the caller retries later. */
export class ChainReadError extends Error {
  constructor(
    readonly network: Network,
    message: string,
  ) {
    super(`${network}: ${message}`);
    this.name = 'ChainReadError';
  }
}

/**
 * The form in which two addresses compare: ETH (0x…) and bech32 BTC (bc1…, tb1…, bcrt1…) are case-insensitive and
 * lower-cased; base58 (TRON, legacy BTC) is case-sensitive and kept as it is.
 */
export function addressKey(address: string): string {
  return /^(0x|bc1|tb1|bcrt1)/i.test(address) ? address.toLowerCase() : address;
}

/** Whether two addresses are the same (`addressKey`). */
export function sameAddress(a: string, b: string): boolean {
  return addressKey(a) === addressKey(b);
}

/** `confirmations` of a transaction at height `tip`: 0 while pending. */
export function confirmationsAt(tip: number, blockNumber: number | null): number {
  return blockNumber === null ? 0 : Math.max(0, tip - blockNumber + 1);
}

/**
 * A TRON or BTC transaction id in its canonical form (64 lower-case hex), or null when `txId` is not one. A leading
 * "0x" (copied from an Ethereum habit) is forgiven.
 */
export function hexTxId(txId: string): string | null {
  const hex = txId.replace(/^0x/i, '');
  return /^[0-9a-fA-F]{64}$/.test(hex) ? hex.toLowerCase() : null;
}

/** Smallest units to an exact decimal string: (1500000000000000000n, 18) → "1.5". */
export function unitsToDecimal(units: bigint, decimals: number): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const scale = 10n ** BigInt(decimals);
  const whole = abs / scale;
  const fraction = (abs % scale).toString().padStart(decimals, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** An exact decimal string to smallest units: ("1.5", 18) → 1500000000000000000n; extra decimals are cut off. */
export function decimalToUnits(value: string, decimals: number): bigint {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match) throw new Error(`Not a decimal: ${value}`);
  const fraction = (match[3] ?? '').slice(0, decimals).padEnd(decimals, '0');
  const units = BigInt(match[2]) * 10n ** BigInt(decimals) + BigInt(fraction || '0');
  return match[1] === '-' ? -units : units;
}

/** GET or POST JSON with a timeout; a non-2xx answer or unreadable JSON is a ChainReadError. 404 gives null. */
export async function fetchJson(
  network: Network,
  url: string,
  init: { method?: 'GET' | 'POST'; body?: unknown; headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: init.method ?? 'GET',
      headers: {
        accept: 'application/json',
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(init.timeoutMs ?? 10_000),
    });
  } catch (error) {
    throw new ChainReadError(network, `${url} unreachable: ${(error as Error).message}`);
  }
  if (response.status === 404) {
    await response.body?.cancel();
    return null;
  }
  const text = await response.text();
  if (!response.ok) throw new ChainReadError(network, `${url} answered ${response.status}: ${text.slice(0, 200)}`);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ChainReadError(network, `${url} answered with something other than JSON: ${text.slice(0, 200)}`);
  }
}
