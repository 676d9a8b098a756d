import {
  BaseError,
  createPublicClient,
  http,
  ResponseBodyTooLargeError,
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
  type Hash,
  type PublicClient,
  type Transaction,
} from 'viem';
import {
  ChainReadError,
  MAX_ANSWER_BYTES,
  capText,
  chainFetch,
  excerptText,
  type ChainReader,
  type ChainTransaction,
  type IncomingPage,
} from './chain-reader';

/** Blocks one `incoming` call reads at most: bounded work per poll. */
const MAX_BLOCKS_PER_CALL = 100;
/**
 * Blocks (with their transactions) asked for in one batched request, one request after the other: two real blocks
 * (0.2-1.5 MB of JSON each) stay well under MAX_ANSWER_BYTES, and the blocks not paying us are dropped before the
 * next two are read. (One batch of all 100 would be 20-150 MB, over any sane cap, viem's own 10 MB default included.)
 */
const BLOCKS_PER_REQUEST = 2;
/** Where watching starts when there is no position yet: the last few minutes of blocks (12 s each). */
const RECENT_BLOCKS = 25;

const TX_ID = /^(0x)?[0-9a-fA-F]{64}$/;

/**
 * ETH over JSON-RPC (`ETH_RPC_URL`: a node, Infura, Alchemy, or anvil in the tests) through viem, which batches the
 * calls made together into one HTTP request. Calls used: `eth_blockNumber`, `eth_getTransactionByHash`,
 * `eth_getTransactionReceipt`, `eth_getBlockByNumber`. A payment is the transaction's own value to our address
 * (index 0); token transfers on Ethereum are not accepted. Requests go through `chainFetch` (no redirects followed)
 * and answers are capped at MAX_ANSWER_BYTES, as for the other chains.
 */
export class EthReader implements ChainReader {
  readonly network = 'eth' as const;
  readonly unitDecimals = 18;
  private readonly client: PublicClient;

  constructor(options: { rpcUrl: string }) {
    this.client = createPublicClient({
      transport: http(options.rpcUrl, {
        batch: true,
        timeout: 10_000,
        retryCount: 1,
        fetchFn: (input, init) => {
          const url = input instanceof Request ? input.url : String(input);
          return chainFetch('eth', url, init, new URL(url).origin);
        },
        maxResponseBodySize: MAX_ANSWER_BYTES,
      }),
    });
  }

  async tipHeight(): Promise<number> {
    return Number(await this.read(() => this.client.getBlockNumber({ cacheTime: 0 })));
  }

  async transaction(txId: string): Promise<ChainTransaction | null> {
    if (!TX_ID.test(txId)) return null;
    const hash = (txId.startsWith('0x') ? txId : `0x${txId}`).toLowerCase() as Hash;
    const tx = await this.read(() => this.client.getTransaction({ hash }).catch(nullWhen(TransactionNotFoundError)));
    if (!tx) return null;
    const transfers =
      tx.to && tx.value > 0n ? [{ index: 0, to: tx.to.toLowerCase(), units: tx.value, token: null }] : [];
    if (tx.blockNumber === null) {
      return { txId: hash, status: 'pending', blockNumber: null, blockTime: null, transfers };
    }
    const [receipt, block] = await this.read(() =>
      Promise.all([
        this.client.getTransactionReceipt({ hash }).catch(nullWhen(TransactionReceiptNotFoundError)),
        this.client.getBlock({ blockNumber: tx.blockNumber }),
      ]),
    );
    if (!receipt) return { txId: hash, status: 'pending', blockNumber: null, blockTime: null, transfers };
    return {
      txId: hash,
      status: receipt.status === 'success' ? 'succeeded' : 'failed',
      blockNumber: Number(receipt.blockNumber),
      blockTime: new Date(Number(block.timestamp) * 1000),
      transfers,
    };
  }

  /**
   * Reads the blocks after `from` (at most MAX_BLOCKS_PER_CALL, BLOCKS_PER_REQUEST a request) for transactions to
   * `address`, then their receipts (a reverted one paid nothing). Pending transactions are not listed: JSON-RPC
   * has no mempool by address, so a payment shows up here once it is in a block (a transaction id the customer
   * gives is read at once, pending or not).
   */
  async incoming(address: string, from: number | null): Promise<IncomingPage> {
    const tip = await this.tipHeight();
    const first = from === null ? Math.max(0, tip - RECENT_BLOCKS + 1) : from + 1;
    const last = Math.min(tip, first + MAX_BLOCKS_PER_CALL - 1);
    if (last < first) return { transactions: [], next: from ?? tip };
    const wanted = address.toLowerCase();
    const paying: { tx: Transaction; blockTime: Date }[] = [];
    for (let start = first; start <= last; start += BLOCKS_PER_REQUEST) {
      const count = Math.min(BLOCKS_PER_REQUEST, last - start + 1);
      const blocks = await this.read(() =>
        Promise.all(
          Array.from({ length: count }, (_, i) =>
            this.client.getBlock({ blockNumber: BigInt(start + i), includeTransactions: true }),
          ),
        ),
      );
      paying.push(
        ...blocks.flatMap((block) =>
          block.transactions
            .filter((tx) => tx.to?.toLowerCase() === wanted && tx.value > 0n)
            .map((tx) => ({ tx, blockTime: new Date(Number(block.timestamp) * 1000) })),
        ),
      );
    }
    const receipts = await this.read(() =>
      Promise.all(paying.map(({ tx }) => this.client.getTransactionReceipt({ hash: tx.hash }))),
    );
    return {
      transactions: paying.map(({ tx, blockTime }, i) => ({
        txId: tx.hash.toLowerCase(),
        status: receipts[i].status === 'success' ? 'succeeded' : 'failed',
        blockNumber: Number(tx.blockNumber),
        blockTime,
        transfers: [{ index: 0, to: wanted, units: tx.value, token: null }],
      })),
      next: last,
    };
  }

  /**
   * viem's errors (network, RPC, malformed answers) as ChainReadError, so callers handle one kind: `chainFetch`'s own
   * (a redirect, unreachable) as they are, an answer over the cap naming it, others by viem's short message. Anything
   * else thrown while viem reads an answer (a BigInt of a malformed hex value, say) is a malformed answer too. Messages
   * are cut short (a node's error text, or a bad value, is the node's to choose) and leave the RPC URL out (Infura's
   * holds the key).
   */
  private async read<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof BaseError)) {
        throw new ChainReadError('eth', `malformed JSON-RPC answer: ${excerptText(String(error))}`);
      }
      const cause = error.walk((e) => e instanceof ChainReadError || e instanceof ResponseBodyTooLargeError);
      if (cause instanceof ChainReadError) throw cause;
      if (cause instanceof ResponseBodyTooLargeError) {
        throw new ChainReadError(
          'eth',
          `the JSON-RPC answer was over the ${capText()} cap on a chain API answer: the read was stopped`,
        );
      }
      throw new ChainReadError('eth', excerptText(error.shortMessage));
    }
  }
}

/** A catch handler that turns one kind of "not found" error into null. */
function nullWhen(kind: new (...args: never[]) => Error) {
  return (error: unknown): null => {
    if (error instanceof kind) return null;
    throw error;
  };
}
