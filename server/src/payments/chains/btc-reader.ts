/**
 * The BTC reader (docs/payments.md "Reading chain APIs") over an Esplora-compatible REST API: Blockstream's
 * (https://blockstream.info/api), mempool.space's (https://mempool.space/api) or a self-hosted electrs. It uses only
 * these endpoints:
 *
 * - `GET /blocks/tip/height`: the tip height, as plain text (`850123`);
 * - `GET /tx/:txid`: one transaction, with `status` `{ confirmed, block_height, block_time }`;
 * - `GET /address/:address/txs`: up to 50 mempool transactions, then the newest 25 confirmed ones;
 * - `GET /address/:address/txs/chain/:last_seen_txid`: the next 25 confirmed ones, older than `last_seen_txid`.
 *
 * An output with an address is a transfer (`index` = its position in `vout`); an output without one (OP_RETURN,
 * bare multisig, P2PK) pays no address and is skipped. BTC has no failed transactions: a transaction is pending until
 * it is in a block, then it succeeded.
 */
import { z } from 'zod';
import {
  ChainReadError,
  fetchJson,
  hexTxId,
  type ChainReader,
  type ChainTransaction,
  type ChainTransfer,
  type IncomingPage,
} from './chain-reader';
import { bech32OrExactKey as addressKey } from './address-key';

/** Confirmed transactions per page of an address's history (Esplora's CHAIN_TXS_PER_PAGE). */
const CHAIN_PAGE_SIZE = 25;
/** Older pages (`/txs/chain/:last_seen_txid`) that one `incoming` call reads at most, after the first page. */
const MAX_EXTRA_PAGES = 5;
/** Every bitcoin there will ever be, in satoshis: no output can be worth more. */
const MAX_SATS = 21_000_000 * 100_000_000;

const statusSchema = z.union([
  z.object({
    confirmed: z.literal(true),
    block_height: z.number().int().nonnegative(),
    block_time: z.number().int().nonnegative(),
  }),
  z.object({ confirmed: z.literal(false) }),
]);

const outputSchema = z.object({
  /** Absent for outputs that pay no address: OP_RETURN, bare multisig, P2PK, non-standard scripts. */
  scriptpubkey_address: z.string().min(1).optional(),
  value: z.number().int().nonnegative().max(MAX_SATS),
});

const txSchema = z.object({
  txid: z.string().regex(/^[0-9a-fA-F]{64}$/, 'not 64 hex digits'),
  vout: z.array(outputSchema),
  status: statusSchema,
});

type EsploraTx = z.infer<typeof txSchema>;

const txListSchema = z.array(txSchema);
const heightSchema = z.number().int().nonnegative();

/** `schema`'s reading of `value`, or a ChainReadError naming `what` was malformed and where. */
function parse<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const at = issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
  throw new ChainReadError('btc', `malformed ${what}${at}: ${issue.message}`);
}

/** Esplora's answer to a well-formed id it cannot parse as a transaction id; like a 404, the chain does not know it. */
function isInvalidHex(error: unknown): boolean {
  return error instanceof ChainReadError && / answered 400: Invalid hex string/i.test(error.message);
}

/** The store's view of an Esplora transaction: the outputs whose address `pays` accepts become its transfers. */
function toChainTransaction(tx: EsploraTx, pays: (address: string) => boolean): ChainTransaction {
  const transfers: ChainTransfer[] = [];
  tx.vout.forEach((output, index) => {
    const to = output.scriptpubkey_address;
    if (to !== undefined && pays(to)) transfers.push({ index, to, units: BigInt(output.value), token: null });
  });
  const { status } = tx;
  return status.confirmed
    ? {
        txId: tx.txid.toLowerCase(),
        status: 'succeeded',
        blockNumber: status.block_height,
        blockTime: new Date(status.block_time * 1000),
        transfers,
      }
    : { txId: tx.txid.toLowerCase(), status: 'pending', blockNumber: null, blockTime: null, transfers };
}

export class BtcReader implements ChainReader {
  readonly network = 'btc' as const;
  readonly unitDecimals = 8;
  private readonly apiUrl: string;

  constructor(options: { apiUrl: string }) {
    this.apiUrl = options.apiUrl.replace(/\/+$/, '');
  }

  async tipHeight(): Promise<number> {
    // Plain text (`850123`), which is also a JSON number.
    const url = `${this.apiUrl}/blocks/tip/height`;
    const body = await fetchJson('btc', url);
    if (body === null) throw new ChainReadError('btc', `${url} answered 404`);
    return parse(heightSchema, body, 'tip height');
  }

  async transaction(txId: string): Promise<ChainTransaction | null> {
    const id = hexTxId(txId);
    if (id === null) return null;
    let body: unknown;
    try {
      body = await fetchJson('btc', `${this.apiUrl}/tx/${id}`);
    } catch (error) {
      if (isInvalidHex(error)) return null;
      throw error;
    }
    if (body === null) return null;
    const tx = parse(txSchema, body, `transaction ${id}`);
    if (tx.txid.toLowerCase() !== id) throw new ChainReadError('btc', `asked for transaction ${id}, got ${tx.txid}`);
    return toChainTransaction(tx, () => true);
  }

  /**
   * Transactions with at least one output to `address` (their transfers: only those outputs): the mempool's (as
   * pending), and the confirmed ones at heights `from` and above. Esplora lists an address's history newest first, 25
   * confirmed transactions a page, so this pages back (`/txs/chain/:last_seen_txid`) while the oldest transaction on
   * a full page is still at `from` or above, at most MAX_EXTRA_PAGES pages after the first. `from` null reads the
   * first page only: the mempool and the newest 25 confirmed transactions.
   *
   * `next` is the highest confirmed height seen (never below `from`): the block at that height is read again next
   * time (harmless: a reader may report a transaction twice), and a transaction in the mempool now confirms in a
   * later block, so it is reported again once it confirms, even if the service did not re-read it by id. When nothing
   * confirmed was seen: `from` if given; else the tip height (one more request, only then), since 0 would make the
   * next call page back through the whole history. If the address has more confirmed transactions since `from`
   * than the pages read can hold (25 × (1 + MAX_EXTRA_PAGES) = 150), the oldest of them are not reported: with a
   * newest-first history and a height as the only cursor, the reader can only move forward. At one poll every few
   * seconds that takes a long outage on a busy address; payments first seen in the mempool are re-read by id anyway.
   */
  async incoming(address: string, from: number | null): Promise<IncomingPage> {
    const key = addressKey(address);
    const base = `${this.apiUrl}/address/${encodeURIComponent(key)}/txs`;
    const found = new Map<string, ChainTransaction>();
    let highest = -1; // the highest confirmed height seen; -1: none

    const take = (txs: EsploraTx[]): EsploraTx[] => {
      const confirmed: EsploraTx[] = [];
      for (const tx of txs) {
        if (tx.status.confirmed) {
          confirmed.push(tx);
          highest = Math.max(highest, tx.status.block_height);
          if (from !== null && tx.status.block_height < from) continue;
        }
        const transaction = toChainTransaction(tx, (to) => addressKey(to) === key);
        if (transaction.transfers.length === 0) continue; // spends from the address, no output back to it
        const known = found.get(transaction.txId);
        if (!known || (known.status === 'pending' && transaction.status !== 'pending')) {
          found.set(transaction.txId, transaction);
        }
      }
      return confirmed;
    };

    let confirmed = take(await this.addressPage(base, address));
    for (let extra = 0; from !== null && extra < MAX_EXTRA_PAGES; extra++) {
      const oldest = confirmed.at(-1);
      if (confirmed.length < CHAIN_PAGE_SIZE || !oldest?.status.confirmed || oldest.status.block_height < from) break;
      confirmed = take(await this.addressPage(`${base}/chain/${oldest.txid.toLowerCase()}`, address));
    }

    const next = highest < 0 ? (from ?? (await this.tipHeight())) : Math.max(from ?? 0, highest);
    return { transactions: [...found.values()], next };
  }

  /** One page of an address's history. */
  private async addressPage(url: string, address: string): Promise<EsploraTx[]> {
    const body = await fetchJson('btc', url);
    if (body === null) throw new ChainReadError('btc', `${url} answered 404`);
    return parse(txListSchema, body, `history of ${address}`);
  }
}
