/**
 * One interface for reading payments from a chain (docs/payments.md "Reading chain APIs"), one implementation per
 * chain, like Medusa's payment providers: ETH over JSON-RPC, USDT TRC-20 over a TronGrid-compatible API, BTC over an
 * Esplora-compatible API. A reader only reads and parses; which order a payment belongs to is decided by
 * ChainPaymentService, and when it counts as paid by the orders module (PaymentSettlement).
 */

import type { ChainNetwork } from '../../../../common/payment-methods';

/** The chains the store reads. */
export type Network = ChainNetwork;

/** One payment to one address inside a transaction: ETH's value, a TRC-20 `Transfer` log, a BTC output. */
export interface ChainTransfer {
  /**
   * The output's (BTC) or log's (TRC-20) index in its transaction, an ERC-20 log's `logIndex` (its position in the
   * block, as both a receipt and `eth_getLogs` give it); 0 for ETH's value.
   */
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
  /**
   * True when `incoming()` cannot tell a transfer's index and reports 0 for it (TronGrid's TRC-20 listing), so a
   * re-read by id may give the same transfer another index: a transfer recorded already is then recognised by its
   * transaction, recipient and amount instead.
   */
  readonly listedIndexUncertain?: boolean;
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
 * `confirmations` of a transaction at height `tip`: 0 while pending, at least 1 once in a block. A block newer than the
 * tip the poll read first (mined between that read and the address's, which reads the chain again) is its own first
 * confirmation, not 0: a payment in a block never shows "0 confirmations".
 */
export function confirmationsAt(tip: number, blockNumber: number | null): number {
  return blockNumber === null ? 0 : Math.max(1, tip - blockNumber + 1);
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
  // No amount has a hundred digits; a longer text is refused before the regular expression could backtrack over it.
  const match = value.length > 100 ? null : /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match) throw new Error(`Not a decimal: ${value}`);
  const fraction = (match[3] ?? '').slice(0, decimals).padEnd(decimals, '0');
  const units = BigInt(match[2]) * 10n ** BigInt(decimals) + BigInt(fraction || '0');
  return match[1] === '-' ? -units : units;
}

/**
 * The most bytes one chain API answer may have; past it the read is stopped and fails. The largest answers the
 * readers ask for are far smaller: a TronGrid page of 200 TRC-20 transfers is about 0.1 MB, a solidified TRON block
 * (getnowblock) well under 1 MB, an Esplora history page (up to 75 transactions) under 0.5 MB in practice, an
 * Ethereum block with its transactions 0.2-1.5 MB (the ETH reader asks for two at a time). An answer this big is a
 * broken or hostile API. The cap also bounds what parsing an answer costs: JSON made only of tiny values (`[[],[],…]`)
 * parses to about 14 times its size, so 8 MiB stays near 115 MB, which a 384 MB heap survives.
 */
export const MAX_ANSWER_BYTES = 8 * 1024 * 1024;

/** What of an answer (or of a value in it) goes into an error message, and so into the log: this many characters. */
const EXCERPT_CHARS = 200;

/** The cap as people read it: "8 MiB". */
export function capText(bytes: number = MAX_ANSWER_BYTES): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${bytes} bytes`;
}

/** The first EXCERPT_CHARS characters of `text`, marked when cut. */
export function excerptText(text: string): string {
  return text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS)}…` : text;
}

/**
 * A parsed answer (or part of one) as JSON, for an error message: at most EXCERPT_CHARS characters, built by walking
 * only as much of the value as that takes (JSON.stringify would write all of it first, whatever its size).
 */
export function excerpt(value: unknown): string {
  let out = '';
  // Each call adds at least one character and stops once the excerpt is full, so nesting cannot go deeper than that.
  const add = (text: string): boolean => {
    out += text;
    return out.length < EXCERPT_CHARS;
  };
  const walk = (v: unknown): boolean => {
    if (typeof v === 'string') return add(JSON.stringify(v.slice(0, EXCERPT_CHARS)));
    if (v === null || typeof v !== 'object') return add(String(v));
    if (Array.isArray(v)) {
      if (!add('[')) return false;
      for (let i = 0; i < v.length; i++) if ((i > 0 && !add(',')) || !walk(v[i])) return false;
      return add(']');
    }
    if (!add('{')) return false;
    let first = true;
    for (const key in v) {
      if (!Object.hasOwn(v, key)) continue;
      if ((!first && !add(',')) || !add(`${JSON.stringify(key.slice(0, EXCERPT_CHARS))}:`)) return false;
      first = false;
      if (!walk((v as Record<string, unknown>)[key])) return false;
    }
    return add('}');
  };
  return walk(value) ? out : `${out.slice(0, EXCERPT_CHARS)}…`;
}

/**
 * The one `fetch` to chain APIs (the TRON and BTC readers' JSON, and viem's JSON-RPC for ETH). A redirect is never
 * followed: it is a failed read, logged with where it pointed. Followed, it could lead the request (and TronGrid's
 * API key with it) to any host, loopback and internal ones included; a real chain API answers at the URL configured.
 */
export async function chainFetch(
  network: Network,
  url: string,
  init: RequestInit = {},
  /** How messages name the URL: the ETH reader gives only its origin (an Infura URL's path holds the key). */
  shown: string = url,
): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, redirect: 'manual' });
  } catch (error) {
    throw new ChainReadError(network, `${shown} unreachable: ${excerptText((error as Error).message)}`);
  }
  if (response.status >= 300 && response.status < 400) {
    await response.body?.cancel().catch(() => undefined);
    const location = response.headers.get('location');
    throw new ChainReadError(
      network,
      `${shown} answered ${response.status}, a redirect${location ? ` to ${excerptText(location)}` : ''}: chain API ` +
        `redirects are not followed, so set the URL the API answers at`,
    );
  }
  return response;
}

/**
 * Reads an answer's body as text, at most `cap` bytes: a larger one (declared or as it streams in) is a
 * ChainReadError naming the cap, and the request is aborted there, so it never sits whole in memory.
 */
async function readCapped(
  network: Network,
  url: string,
  response: Response,
  abort: () => void,
  cap = MAX_ANSWER_BYTES,
): Promise<string> {
  const tooLarge = (what: string) => {
    abort();
    return new ChainReadError(
      network,
      `${url} answered ${what}, over the ${capText(cap)} cap on a chain API answer: the read was stopped`,
    );
  };
  const declared = Number(response.headers.get('content-length'));
  if (declared > cap) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge(`${declared} bytes`);
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > cap) {
        await reader.cancel().catch(() => undefined);
        throw tooLarge(`more than ${capText(cap)}`);
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof ChainReadError) throw error;
    throw new ChainReadError(network, `${url} answer could not be read: ${excerptText((error as Error).message)}`);
  }
  return Buffer.concat(chunks, size).toString('utf8');
}

/** The start of an error answer, for its message: only a few hundred bytes are read, the rest is dropped. */
async function readExcerpt(response: Response, abort: () => void): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < EXCERPT_CHARS * 4) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } catch {
    // What arrived before the failure is excerpt enough.
  } finally {
    await reader.cancel().catch(() => undefined);
    abort();
  }
  return excerptText(Buffer.concat(chunks).toString('utf8'));
}

/**
 * GET or POST JSON with a timeout (covering the body too); a non-2xx answer, a redirect, unreadable JSON or an answer
 * over MAX_ANSWER_BYTES is a ChainReadError whose message quotes at most a short excerpt. 404 gives null.
 */
export async function fetchJson(
  network: Network,
  url: string,
  init: { method?: 'GET' | 'POST'; body?: unknown; headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<unknown> {
  const stop = new AbortController();
  const abort = () => stop.abort(new Error('answer no longer read'));
  const response = await chainFetch(network, url, {
    method: init.method ?? 'GET',
    headers: {
      accept: 'application/json',
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: AbortSignal.any([AbortSignal.timeout(init.timeoutMs ?? 10_000), stop.signal]),
  });
  if (response.status === 404) {
    await response.body?.cancel().catch(() => undefined);
    return null;
  }
  if (!response.ok) {
    throw new ChainReadError(network, `${url} answered ${response.status}: ${await readExcerpt(response, abort)}`);
  }
  const text = await readCapped(network, url, response, abort);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ChainReadError(network, `${url} answered with something other than JSON: ${excerptText(text)}`);
  }
}
