/**
 * A FIXTURE standing in for TronGrid / a TRON full node: NOT a chain, no blocks are produced, nothing is signed or
 * executed. A plain HTTP server (127.0.0.1, a free port) that answers exactly the endpoint subset TronReader
 * (server/src/payments/chains/tron-reader.ts) uses, shaped the way TronGrid answers them:
 *
 * - `GET /v1/accounts/{address}/transactions/trc20` with only_to / only_from, contract_address, min_timestamp /
 *   max_timestamp, only_confirmed / only_unconfirmed, order_by=block_timestamp,asc|desc, limit (1–200, default 20)
 *   and fingerprint pagination (here an opaque encoded offset; the other parameters must be sent again).
 * - `POST /walletsolidity/gettransactioninfobyid` `{"value": txid}`: `{}` until the transaction is solidified.
 * - `POST /walletsolidity/getnowblock`: the latest solidified block.
 *
 * A test adds transfers with `transfer()` (listed at once, like TronGrid lists transfers in blocks that are not
 * solidified yet) and solidifies them with `solidify()`. A listed transfer's `block_timestamp` is the time it was
 * added (made strictly increasing per transaction so the order is total) and stays its `blockTimeStamp` once solid.
 * Anything else answers 404 JSON.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isTronAddress, tronBase58ToHex } from '../../../server/src/payments/chains/tron-address';

export interface TronFixture {
  url: string; // http://127.0.0.1:<port>
  requests: number; // requests served so far (the bench reports requests per poll)
  /**
   * A USDT Transfer (or another token's, via `contract`) seen by TronGrid but not yet solidified; returns its txid (64
   * hex). `unlisted`: TronGrid's event index lags behind its node, so the address listing does not show it (yet) while
   * `gettransactioninfobyid` does once solidified: a typed id is then read before the watcher sees the payment.
   */
  transfer(t: {
    to: string;
    value: bigint;
    from?: string;
    contract?: string;
    txId?: string;
    failed?: boolean;
    unlisted?: boolean;
  }): string;
  /** Adds `n` solidified blocks: every transfer not yet solidified goes into the first of them. */
  solidify(n?: number): void;
  close(): Promise<void>;
}

const TRANSFER_TOPIC = 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
/** The payer when a test does not name one (41 8e4c0b2d9a17f3e65c4b2a19d8f7e6035c1b7a42). */
const DEFAULT_FROM = 'TNwc3uTtdALgUkj3nDQYiNBsnC4pLXwa8c';
const MAX_UINT256 = (1n << 256n) - 1n;

interface Transfer {
  from: string;
  to: string;
  contract: string;
  value: bigint;
}

interface Transaction {
  txId: string;
  /** When it was added: its block_timestamp in the listing, and its blockTimeStamp once solidified. */
  timestamp: number;
  failed: boolean;
  /** Left out of the address listing (TronFixture.transfer's `unlisted`). */
  unlisted: boolean;
  transfers: Transfer[];
  /** Its solidified block, or null while not solidified. */
  blockNumber: number | null;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`HTTP ${status}`);
  }
}

function badRequest(error: string): HttpError {
  return new HttpError(400, { success: false, error, statusCode: 400 });
}

/** A TRON address's 20-byte account id, as TVM logs write it (no 41 prefix). */
function hex20(address: string): string {
  return tronBase58ToHex(address).slice(2);
}

function word(hex: string): string {
  return hex.padStart(64, '0');
}

export async function startTronFixture(options: { contract: string; startBlock?: number }): Promise<TronFixture> {
  if (!isTronAddress(options.contract)) throw new Error(`Not a TRON address: ${options.contract}`);
  const transactions = new Map<string, Transaction>();
  /** Insertion order, which is also timestamp order. */
  const order: Transaction[] = [];
  let tip = options.startBlock ?? 57_000_000;
  let tipTimestamp = Date.now();
  let lastTimestamp = 0;
  let requests = 0;

  function tokenInfo(contract: string) {
    return contract === options.contract
      ? { symbol: 'USDT', address: contract, decimals: 6, name: 'Tether USD' }
      : { symbol: 'TKN', address: contract, decimals: 6, name: 'Test Token' };
  }

  function listing(address: string, query: URLSearchParams, origin: string, pathname: string): unknown {
    if (!isTronAddress(address)) throw badRequest(`Invalid address provided: ${address}`);
    const flag = (name: string) => query.get(name) === 'true';
    const number = (name: string, fallback: number) => {
      const raw = query.get(name);
      if (raw === null) return fallback;
      if (!/^\d+$/.test(raw)) throw badRequest(`Invalid ${name}: ${raw}`);
      return Number(raw);
    };
    const limit = number('limit', 20);
    if (limit < 1 || limit > 200) throw badRequest(`Invalid limit: ${limit} (1 to 200)`);
    const minTimestamp = number('min_timestamp', 0);
    const maxTimestamp = number('max_timestamp', Number.MAX_SAFE_INTEGER);
    const contract = query.get('contract_address');
    const orderBy = query.get('order_by') ?? 'block_timestamp,desc';
    if (orderBy !== 'block_timestamp,asc' && orderBy !== 'block_timestamp,desc') {
      throw badRequest(`Invalid order_by: ${orderBy}`);
    }
    let offset = 0;
    const fingerprint = query.get('fingerprint');
    if (fingerprint !== null) {
      const decoded = /^o(\d+)$/.exec(Buffer.from(fingerprint, 'base64url').toString('utf8'));
      if (!decoded) throw badRequest(`Invalid fingerprint: ${fingerprint}`);
      offset = Number(decoded[1]);
    }

    // TronGrid lists successful Transfer events only: a reverted transaction logged none.
    const entries = order
      .filter((tx) => !tx.failed && !tx.unlisted && tx.timestamp >= minTimestamp && tx.timestamp <= maxTimestamp)
      .filter((tx) => !(flag('only_confirmed') && tx.blockNumber === null))
      .filter((tx) => !(flag('only_unconfirmed') && tx.blockNumber !== null))
      .flatMap((tx) => tx.transfers.map((transfer) => ({ tx, transfer })))
      .filter(({ transfer }) => contract === null || transfer.contract === contract)
      .filter(({ transfer }) => {
        if (flag('only_to')) return transfer.to === address;
        if (flag('only_from')) return transfer.from === address;
        return transfer.to === address || transfer.from === address;
      });
    if (orderBy === 'block_timestamp,desc') entries.reverse();

    const page = entries.slice(offset, offset + limit).map(({ tx, transfer }) => ({
      transaction_id: tx.txId,
      token_info: tokenInfo(transfer.contract),
      block_timestamp: tx.timestamp,
      from: transfer.from,
      to: transfer.to,
      type: 'Transfer',
      value: transfer.value.toString(),
    }));
    const meta: Record<string, unknown> = { at: Date.now(), page_size: page.length };
    if (offset + limit < entries.length) {
      const next = Buffer.from(`o${offset + limit}`, 'utf8').toString('base64url');
      const nextQuery = new URLSearchParams(query);
      nextQuery.set('fingerprint', next);
      meta.fingerprint = next;
      meta.links = { next: `${origin}${pathname}?${nextQuery}` };
    }
    return { data: page, success: true, meta };
  }

  function transactionInfo(body: unknown): unknown {
    const value = (body as { value?: unknown } | null)?.value;
    const tx = typeof value === 'string' ? transactions.get(value.toLowerCase()) : undefined;
    if (!tx || tx.blockNumber === null) return {};
    const contractHex = tronBase58ToHex(tx.transfers[0].contract);
    const common = {
      id: tx.txId,
      fee: 13_740_900 * tx.transfers.length,
      blockNumber: tx.blockNumber,
      blockTimeStamp: tx.timestamp,
      contractResult: [''],
      contract_address: contractHex,
    };
    if (tx.failed) {
      return {
        ...common,
        receipt: { energy_fee: 8_700_000, energy_usage_total: 20_714, net_usage: 345, result: 'REVERT' },
        result: 'FAILED',
        resMessage: Buffer.from('REVERT opcode executed', 'utf8').toString('hex'),
      };
    }
    return {
      ...common,
      receipt: {
        energy_fee: 13_395_900 * tx.transfers.length,
        energy_usage_total: 31_895 * tx.transfers.length,
        net_usage: 345,
        result: 'SUCCESS',
      },
      log: tx.transfers.map((transfer) => ({
        address: hex20(transfer.contract),
        topics: [TRANSFER_TOPIC, word(hex20(transfer.from)), word(hex20(transfer.to))],
        data: word(transfer.value.toString(16)),
      })),
    };
  }

  function nowBlock(): unknown {
    const hash = randomBytes(24).toString('hex');
    return {
      blockID: `${tip.toString(16).padStart(16, '0')}${hash}`,
      block_header: {
        raw_data: {
          number: tip,
          txTrieRoot: randomBytes(32).toString('hex'),
          witness_address: '41c25d7e9f04a3b816d2e5f7a9c1b3d4e6f8a0b2c4',
          parentHash: `${(tip - 1).toString(16).padStart(16, '0')}${randomBytes(24).toString('hex')}`,
          version: 30,
          timestamp: tipTimestamp,
        },
        witness_signature: randomBytes(65).toString('hex'),
      },
    };
  }

  async function readJson(request: IncomingMessage): Promise<unknown> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    if (text.trim() === '') return {};
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw badRequest('Request body is not JSON');
    }
  }

  async function route(request: IncomingMessage, origin: string): Promise<unknown> {
    const url = new URL(request.url ?? '/', origin);
    const trc20 = /^\/v1\/accounts\/([^/]+)\/transactions\/trc20\/?$/.exec(url.pathname);
    if (trc20 && request.method === 'GET')
      return listing(decodeURIComponent(trc20[1]), url.searchParams, origin, url.pathname);
    if (url.pathname === '/walletsolidity/gettransactioninfobyid' && request.method === 'POST') {
      return transactionInfo(await readJson(request));
    }
    if (url.pathname === '/walletsolidity/getnowblock' && request.method === 'POST') {
      await readJson(request);
      return nowBlock();
    }
    throw new HttpError(404, { Error: `${request.method} ${url.pathname} is not served by this TronGrid fixture` });
  }

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    requests += 1;
    const origin = `http://${request.headers.host ?? '127.0.0.1'}`;
    route(request, origin)
      .then(
        (body) => ({ status: 200, body }),
        (error: unknown) =>
          error instanceof HttpError
            ? { status: error.status, body: error.body }
            : { status: 500, body: { Error: String(error) } },
      )
      .then(({ status, body }) => {
        response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
        response.end(JSON.stringify(body));
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    get requests() {
      return requests;
    },
    set requests(value: number) {
      requests = value;
    },
    transfer(t) {
      if (!isTronAddress(t.to)) throw new Error(`transfer: not a TRON address: ${t.to}`);
      const from = t.from ?? DEFAULT_FROM;
      if (!isTronAddress(from)) throw new Error(`transfer: not a TRON address: ${from}`);
      const contract = t.contract ?? options.contract;
      if (!isTronAddress(contract)) throw new Error(`transfer: not a TRON address: ${contract}`);
      if (t.value < 0n || t.value > MAX_UINT256) throw new Error(`transfer: value out of uint256 range: ${t.value}`);
      const transfer = { from, to: t.to, contract, value: t.value };
      if (t.txId !== undefined && !/^[0-9a-fA-F]{64}$/.test(t.txId)) throw new Error(`transfer: bad txId ${t.txId}`);
      const txId = t.txId?.toLowerCase() ?? randomBytes(32).toString('hex');
      const existing = transactions.get(txId);
      if (existing) {
        // Another Transfer log in the same transaction (a batch payout).
        if (existing.blockNumber !== null) throw new Error(`transfer: ${txId} is already solidified`);
        if (existing.failed !== (t.failed ?? false)) throw new Error(`transfer: ${txId} cannot both fail and succeed`);
        existing.transfers.push(transfer);
        return txId;
      }
      lastTimestamp = Math.max(Date.now(), lastTimestamp + 1);
      const tx: Transaction = {
        txId,
        timestamp: lastTimestamp,
        failed: t.failed ?? false,
        unlisted: t.unlisted ?? false,
        transfers: [transfer],
        blockNumber: null,
      };
      transactions.set(txId, tx);
      order.push(tx);
      return txId;
    },
    solidify(n = 1) {
      if (!Number.isInteger(n) || n < 1) throw new Error(`solidify: n must be a positive integer, not ${n}`);
      for (const tx of order) if (tx.blockNumber === null) tx.blockNumber = tip + 1;
      tip += n;
      tipTimestamp = Math.max(Date.now(), lastTimestamp, tipTimestamp + 3_000 * n);
    },
    close() {
      return new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
    },
  };
}
