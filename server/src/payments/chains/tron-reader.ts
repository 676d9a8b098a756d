/**
 * USDT (TRC-20) payments on TRON, read from a TronGrid-compatible HTTP API. Only three endpoints are used:
 *
 * - `GET /v1/accounts/{address}/transactions/trc20`: TronGrid's index of TRC-20 transfers to an address, including
 *   ones in blocks that are not solidified yet (so the customer sees "detected" early); reported as `pending`.
 * - `POST /walletsolidity/gettransactioninfobyid`: a transaction's receipt and logs once it is solidified (`{}` before).
 * - `POST /walletsolidity/getnowblock`: the latest solidified block, the height confirmations count to.
 *
 * `ChainTransfer.index` of a TRC-20 transfer is the position of its `Transfer` log among ALL the logs of the
 * transaction (gettransactioninfobyid's `log` array). The listing endpoint does not say which log an entry came from,
 * so `incoming()` reports index 0 for a transaction with one entry: a plain USDT `transfer()` emits exactly one log,
 * its `Transfer`, so both reads agree. (A contract wallet or router that logs something of its own BEFORE calling
 * USDT would put the Transfer at a later position; the listing cannot tell, and the index differs once solidified.)
 * A transaction listed with several transfers to the address (a batch payout contract) is not guessed at: it is read
 * through `transaction()` for the true positions, and until it is solidified it is left out and `next` stays at its
 * timestamp so the next call lists it again.
 */
import { z } from 'zod';
import {
  ChainReadError,
  excerpt,
  excerptText,
  fetchJson,
  hexTxId,
  type ChainReader,
  type ChainTransaction,
  type ChainTransfer,
  type IncomingPage,
} from './chain-reader';
import { isTronAddress, tronHexToBase58 } from './tron-address';

/** keccak256("Transfer(address,address,uint256)"). */
const TRANSFER_TOPIC = 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
/** TronGrid's largest page. */
const PAGE_LIMIT = 200;
/** Pages read per `incoming()` call: the bound on its work. */
const MAX_PAGES = 5;
/** `transaction()` look-ups per `incoming()` call for transactions listed with several transfers. */
const MAX_LOOKUPS = 5;
/** How far back `incoming(address, null)` looks. */
const RECENT_MS = 10 * 60_000;

const TX_ID = /^[0-9a-fA-F]{64}$/;
const HEX_20 = /^[0-9a-fA-F]{40}$/;
const HEX_32 = /^[0-9a-fA-F]{64}$/;

const listingSchema = z.object({
  success: z.boolean().optional(),
  data: z.array(
    z.object({
      transaction_id: z.string(),
      token_info: z.object({ address: z.string().optional() }).optional(),
      block_timestamp: z.number().int().nonnegative(),
      to: z.string(),
      type: z.string(),
      value: z.string(),
    }),
  ),
  meta: z.object({ fingerprint: z.string().optional() }).optional(),
});

const transactionInfoSchema = z.object({
  id: z.string(),
  blockNumber: z.number().int().nonnegative(),
  blockTimeStamp: z.number().int().nonnegative(),
  receipt: z.object({ result: z.string().optional() }).optional(),
  /** "FAILED" when execution failed; absent otherwise. */
  result: z.string().optional(),
  log: z
    .array(z.object({ address: z.string(), topics: z.array(z.string()).default([]), data: z.string().default('') }))
    .optional(),
});

const nowBlockSchema = z.object({
  block_header: z.object({ raw_data: z.object({ number: z.number().int().nonnegative() }) }),
});

type ListedTransfer = z.infer<typeof listingSchema>['data'][number];
type Log = NonNullable<z.infer<typeof transactionInfoSchema>['log']>[number];

export interface TronReaderOptions {
  /** The API's base URL, e.g. https://api.trongrid.io. */
  apiUrl: string;
  /** Sent as `TRON-PRO-API-KEY` when set. */
  apiKey?: string;
  /** The USDT contract, base58 (mainnet: TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t). */
  usdtContract: string;
}

export class TronReader implements ChainReader {
  readonly network = 'tron' as const;
  readonly unitDecimals = 6;
  /** The TRC-20 listing does not say which log a transfer is (see above). */
  readonly listedIndexUncertain = true;
  private readonly apiUrl: string;
  private readonly headers: Record<string, string>;
  private readonly usdtContract: string;

  constructor(options: TronReaderOptions) {
    if (!isTronAddress(options.usdtContract)) throw new Error(`Not a TRON address: ${options.usdtContract}`);
    this.apiUrl = options.apiUrl.replace(/\/+$/, '');
    this.headers = options.apiKey ? { 'TRON-PRO-API-KEY': options.apiKey } : {};
    this.usdtContract = options.usdtContract;
  }

  async tipHeight(): Promise<number> {
    const block = this.parse(nowBlockSchema, await this.call('/walletsolidity/getnowblock', {}), 'getnowblock');
    return block.block_header.raw_data.number;
  }

  async transaction(txId: string): Promise<ChainTransaction | null> {
    const id = hexTxId(txId);
    if (!id) return null;
    const json = await this.call('/walletsolidity/gettransactioninfobyid', { value: id });
    // Unknown, or not solidified yet: TronGrid answers an empty object.
    if (typeof json === 'object' && json !== null && !Array.isArray(json) && Object.keys(json).length === 0) {
      return null;
    }
    const info = this.parse(transactionInfoSchema, json, 'gettransactioninfobyid');
    if (info.id.toLowerCase() !== id) {
      throw new ChainReadError(
        this.network,
        `gettransactioninfobyid(${id}) answered for transaction ${excerptText(info.id)}`,
      );
    }
    const receiptResult = info.receipt?.result;
    // A plain TRX transfer has no receipt.result; a contract call has "SUCCESS" or why it failed (REVERT, …).
    const failed = info.result === 'FAILED' || (receiptResult !== undefined && receiptResult !== 'SUCCESS');
    return {
      txId: id,
      status: failed ? 'failed' : 'succeeded',
      blockNumber: info.blockNumber,
      blockTime: new Date(info.blockTimeStamp),
      transfers: (info.log ?? []).flatMap((log, index) => transferFromLog(log, index)),
    };
  }

  async incoming(address: string, from: number | null): Promise<IncomingPage> {
    if (!isTronAddress(address)) throw new Error(`Not a TRON address: ${address}`);
    const start = from ?? Date.now() - RECENT_MS;
    const listed: ListedTransfer[] = [];
    let truncated = false;
    let fingerprint: string | undefined;
    for (let page = 1; ; page++) {
      const query = new URLSearchParams({
        only_to: 'true',
        contract_address: this.usdtContract,
        min_timestamp: String(start),
        order_by: 'block_timestamp,asc',
        limit: String(PAGE_LIMIT),
      });
      if (fingerprint) query.set('fingerprint', fingerprint);
      const path = `/v1/accounts/${address}/transactions/trc20?${query}`;
      const answer = this.parse(listingSchema, await this.call(path), 'trc20 listing');
      if (answer.success === false) throw new ChainReadError(this.network, 'trc20 listing answered success: false');
      listed.push(...answer.data);
      fingerprint = answer.meta?.fingerprint || undefined;
      if (!fingerprint || answer.data.length === 0) break;
      if (page >= MAX_PAGES) {
        truncated = true;
        break;
      }
    }

    const maxSeen = listed.reduce((max, entry) => Math.max(max, entry.block_timestamp), start);
    // Entries of one transaction share a timestamp (their block's), and min_timestamp is inclusive. When the page
    // bound cut the listing short, the last timestamp's entries may be incomplete: leave them to the next call,
    // unless every entry has that timestamp (over 1000 transfers to one address in one block), where skipping past
    // it is the only way forward.
    const degenerate = truncated && listed.every((entry) => entry.block_timestamp === maxSeen);
    let hold = truncated && !degenerate ? maxSeen : Infinity;

    const byTx = new Map<string, ListedTransfer[]>();
    for (const entry of listed) {
      if (entry.type !== 'Transfer' || entry.token_info?.address !== this.usdtContract || entry.to !== address)
        continue;
      // A uint256 has at most 78 digits; the length is checked first, so a 5 MB "number" never reaches the regular
      // expression (whose backtracking over millions of digits can overflow V8's regexp stack: a RangeError).
      if (!TX_ID.test(entry.transaction_id) || entry.value.length > UINT256_DIGITS || !/^\d+$/.test(entry.value)) {
        throw new ChainReadError(this.network, `trc20 listing has a malformed transfer: ${excerpt(entry)}`);
      }
      const id = entry.transaction_id.toLowerCase();
      const group = byTx.get(id);
      if (group) group.push(entry);
      else byTx.set(id, [entry]);
    }

    const transactions: ChainTransaction[] = [];
    let lookups = 0;
    for (const [txId, group] of byTx) {
      const timestamp = group[0].block_timestamp;
      if (timestamp >= hold) continue;
      if (group.length === 1) {
        transactions.push({
          txId,
          status: 'pending',
          blockNumber: null,
          blockTime: null,
          transfers: [{ index: 0, to: group[0].to, units: BigInt(group[0].value), token: this.usdtContract }],
        });
        continue;
      }
      // Several transfers to the address in one transaction: only the logs tell their indexes.
      const solidified = lookups < MAX_LOOKUPS ? (lookups++, await this.transaction(txId)) : null;
      if (solidified) transactions.push(solidified);
      else hold = Math.min(hold, timestamp);
    }

    const next = hold !== Infinity ? hold : degenerate ? maxSeen + 1 : maxSeen;
    return { transactions, next: Math.max(start, next) };
  }

  private call(path: string, body?: unknown): Promise<unknown> {
    const url = `${this.apiUrl}${path}`;
    return fetchJson(this.network, url, {
      method: body === undefined ? 'GET' : 'POST',
      body,
      headers: this.headers,
    }).then((json) => {
      if (json === null) throw new ChainReadError(this.network, `${url} answered 404`);
      return json;
    });
  }

  private parse<T>(schema: z.ZodType<T>, json: unknown, what: string): T {
    const result = schema.safeParse(json);
    if (!result.success) {
      const issue = result.error.issues[0];
      throw new ChainReadError(
        this.network,
        `malformed ${what} answer (${issue.path.join('.') || 'body'}: ${issue.message}): ${excerpt(json)}`,
      );
    }
    return result.data;
  }
}

/** The most digits a uint256 amount has. */
const UINT256_DIGITS = 78;

/** A TRC-20 `Transfer(address indexed from, address indexed to, uint256 value)` log; anything else gives nothing. */
function transferFromLog(log: Log, index: number): ChainTransfer[] {
  const [signature, , to] = log.topics;
  if (log.topics.length !== 3 || signature.toLowerCase() !== TRANSFER_TOPIC) return [];
  // Other shapes with the same signature (TRC-721's indexed tokenId, odd contracts) are not token payments.
  if (!HEX_20.test(log.address) || !HEX_32.test(to) || !/^0{24}/.test(to) || !HEX_32.test(log.data)) return [];
  return [
    {
      index,
      to: tronHexToBase58(to.slice(24)),
      units: BigInt(`0x${log.data}`),
      token: tronHexToBase58(log.address),
    },
  ];
}
