import {
  BaseError,
  createPublicClient,
  decodeFunctionData,
  erc20Abi,
  getAbiItem,
  http,
  parseEventLogs,
  ResponseBodyTooLargeError,
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
  type Address,
  type Hash,
  type Log,
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
  type ChainTransfer,
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
/**
 * Blocks one token `incoming` call asks `eth_getLogs` about: one request, answered from the node's log index, so far
 * more than a block read; kept under the ranges hosted nodes accept in one call (some stop at 500 or 1,000 blocks).
 */
const LOG_BLOCKS_PER_CALL = 500;
/**
 * Block headers asked for in one batched request when a token's transfers give their blocks' times: one header is a few
 * kB (its list of transaction hashes grows with the block), so 20 stay far under MAX_ANSWER_BYTES however many blocks
 * paid the store.
 */
const HEADERS_PER_REQUEST = 20;
/** ERC-20's `Transfer(address indexed from, address indexed to, uint256 value)`. */
const TRANSFER_EVENT = getAbiItem({ abi: erc20Abi, name: 'Transfer' });

const TX_ID = /^(0x)?[0-9a-fA-F]{64}$/;

export interface EthReaderOptions {
  /** `ETH_RPC_URL`. */
  rpcUrl: string;
  /**
   * Read this ERC-20 token's payments instead of ether's (USDT_ERC20): its contract and its decimals (checked against
   * the contract's own `decimals()` before the first read).
   */
  token?: { contract: string; decimals: number };
}

/**
 * Ethereum over JSON-RPC (`ETH_RPC_URL`: a node, Infura, Alchemy, or anvil in the tests) through viem, which batches
 * the calls made together into one HTTP request; one reader per method, ETH's or a token's (the `token` option). Calls
 * used: `eth_blockNumber`, `eth_getTransactionByHash`, `eth_getTransactionReceipt`, `eth_getBlockByNumber`, and for a
 * token `eth_getLogs` and `eth_call` (its `decimals()`, once).
 *
 * A transaction read by id lists every payment in it, whichever method asks: the ether it sends (index 0, token null)
 * and each ERC-20 `Transfer` log of its receipt (index: the log's `logIndex` in its block, token: the contract, lower
 * case), so the ETH method sees that a typed transaction sent a token, and the token's method that it sent ether or
 * another token (WRONG_TOKEN, not WRONG_RECIPIENT). Watching an address, ETH reads blocks for transactions whose value
 * pays it; a token asks the node for its `Transfer` logs to the address and builds the transfers from them (no
 * receipts: anyone can send the store a token from a contract whose receipt is too big to read, review 28). Requests
 * go through `chainFetch` (no redirects followed) and answers are capped at MAX_ANSWER_BYTES, as for the other chains.
 */
export class EthReader implements ChainReader {
  readonly network = 'eth' as const;
  /** Ether's 18, or the token's. */
  readonly unitDecimals: number;
  /**
   * A token transfer still pending is read from the transaction's call (`transfer(to, amount)`), which cannot tell
   * which of its logs it will be (index 0 is assumed): once mined, the same recipient and amount in the same
   * transaction is recognised as the same transfer.
   */
  readonly listedIndexUncertain: boolean;
  private readonly client: PublicClient;
  private readonly token: { contract: Address; decimals: number } | null;
  /** The token's `decimals()` answered as expected (asked once per process). */
  private tokenChecked = false;

  constructor(options: EthReaderOptions) {
    this.token = options.token
      ? { contract: options.token.contract.toLowerCase() as Address, decimals: options.token.decimals }
      : null;
    this.unitDecimals = this.token?.decimals ?? 18;
    this.listedIndexUncertain = this.token !== null;
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
    await this.checkToken();
    const hash = (txId.startsWith('0x') ? txId : `0x${txId}`).toLowerCase() as Hash;
    const tx = await this.read(() => this.client.getTransaction({ hash }).catch(nullWhen(TransactionNotFoundError)));
    if (!tx) return null;
    const pending = (): ChainTransaction | null => {
      // Not in a block yet: what it pays is read from the transaction itself (its value, a token transfer call).
      // Nothing readable (a contract wallet's call): judged once it is in a block, as a transaction not found yet.
      const transfers = [...valueTransfer(tx), ...calledTransfer(tx)];
      return transfers.length === 0
        ? null
        : { txId: hash, status: 'pending', blockNumber: null, blockTime: null, transfers };
    };
    if (tx.blockNumber === null) return pending();
    const block = await this.read(() => this.client.getBlock({ blockNumber: tx.blockNumber }));
    const blockTime = new Date(Number(block.timestamp) * 1000);
    let receipt;
    try {
      receipt = await this.read(() =>
        this.client.getTransactionReceipt({ hash }).catch(nullWhen(TransactionReceiptNotFoundError)),
      );
    } catch (error) {
      if (!(error instanceof AnswerTooLargeError)) throw error;
      // A receipt over the cap is one with a flood of logs (a contract can write tens of thousands for a few dollars of
      // gas), so its transaction ran: a reverted one keeps no logs. Its transfers of this reader's token are asked of
      // the node by block and contract instead (only the token's own logs, however many the transaction wrote);
      // the ETH reader lists its ether only. Without this, one such payment re-read each poll would stop the poll.
      return {
        txId: hash,
        status: 'succeeded',
        blockNumber: Number(tx.blockNumber),
        blockTime,
        transfers: [...valueTransfer(tx), ...(await this.ownTokenTransfers(tx))],
      };
    }
    if (!receipt) return pending();
    return {
      txId: hash,
      status: receipt.status === 'success' ? 'succeeded' : 'failed',
      blockNumber: Number(receipt.blockNumber),
      blockTime,
      transfers: [...valueTransfer(tx), ...tokenTransfers(receipt.logs)],
    };
  }

  /** This reader's token's `Transfer` logs written by mined transaction `tx`, read by its block and the contract. */
  private async ownTokenTransfers(tx: Transaction): Promise<ChainTransfer[]> {
    if (!this.token || tx.blockHash === null) return [];
    const contract = this.token.contract;
    const logs = await this.read(() =>
      this.client.getLogs({ address: contract, event: TRANSFER_EVENT, blockHash: tx.blockHash!, strict: true }),
    );
    return logs
      .filter((log) => !log.removed && log.transactionHash.toLowerCase() === tx.hash.toLowerCase())
      .map((log) => ({
        index: Number(log.logIndex),
        to: log.args.to.toLowerCase(),
        units: log.args.value,
        token: log.address.toLowerCase(),
      }));
  }

  /**
   * Reads the blocks after `from` (at most MAX_BLOCKS_PER_CALL, BLOCKS_PER_REQUEST a request) for transactions to
   * `address`, then their receipts (a reverted one paid nothing). Pending transactions are not listed: JSON-RPC
   * has no mempool by address, so a payment shows up here once it is in a block (a transaction id the customer
   * gives is read at once, pending or not).
   */
  async incoming(address: string, from: number | null): Promise<IncomingPage> {
    if (this.token) return this.incomingToken(this.token.contract, address, from);
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
   * The token's `Transfer` logs to `address` in the blocks after `from` (at most LOG_BLOCKS_PER_CALL, one
   * `eth_getLogs`; a range whose answer is over the cap is halved until it fits), each a transfer (index: its
   * `logIndex`, as `transaction()` gives it), and their blocks' times (headers, HEADERS_PER_REQUEST a request). No
   * receipt is read: a transaction's receipt holds every log it wrote, and a contract paying the store 1 unit can write
   * enough for an answer over the cap, which stopped the method's watching for good (review 28). Logs are only written
   * by transactions that succeeded, and only mined ones: nothing pending is listed (a transaction id the customer gives
   * is read at once, pending or not). Transfers of nothing (address poisoning) are left out before anything is read.
   */
  private async incomingToken(contract: Address, address: string, from: number | null): Promise<IncomingPage> {
    await this.checkToken();
    const tip = await this.tipHeight();
    const first = from === null ? Math.max(0, tip - RECENT_BLOCKS + 1) : from + 1;
    let last = Math.min(tip, first + LOG_BLOCKS_PER_CALL - 1);
    if (last < first) return { transactions: [], next: from ?? tip };
    let logs;
    for (;;) {
      const toBlock = last;
      try {
        logs = await this.read(() =>
          this.client.getLogs({
            address: contract,
            event: TRANSFER_EVENT,
            args: { to: address.toLowerCase() as Address },
            fromBlock: BigInt(first),
            toBlock: BigInt(toBlock),
            strict: true,
          }),
        );
        break;
      } catch (error) {
        // Thousands of transfers to the store in the range: read fewer blocks (the next call goes on from there). One
        // block's cannot exceed the cap: a block's gas pays for far fewer token transfers than 8 MiB of logs.
        if (!(error instanceof AnswerTooLargeError) || last === first) throw error;
        last = first + Math.floor((last - first) / 2);
      }
    }
    const paying = logs.filter((log) => !log.removed && log.args.value > 0n);
    const blockNumbers = [...new Set(paying.map((log) => log.blockNumber))];
    const times = new Map<bigint, Date>();
    for (let start = 0; start < blockNumbers.length; start += HEADERS_PER_REQUEST) {
      const blocks = await this.read(() =>
        Promise.all(
          blockNumbers
            .slice(start, start + HEADERS_PER_REQUEST)
            .map((blockNumber) => this.client.getBlock({ blockNumber })),
        ),
      );
      for (const block of blocks) times.set(block.number, new Date(Number(block.timestamp) * 1000));
    }
    const transactions = new Map<string, ChainTransaction>();
    for (const log of paying) {
      const txId = log.transactionHash.toLowerCase();
      let tx = transactions.get(txId);
      if (!tx) {
        tx = {
          txId,
          status: 'succeeded',
          blockNumber: Number(log.blockNumber),
          blockTime: times.get(log.blockNumber) ?? null,
          transfers: [],
        };
        transactions.set(txId, tx);
      }
      tx.transfers.push({
        index: Number(log.logIndex),
        to: log.args.to.toLowerCase(),
        units: log.args.value,
        token: log.address.toLowerCase(),
      });
    }
    return { transactions: [...transactions.values()], next: last };
  }

  /**
   * Asks the token contract its `decimals()` once: a contract of other decimals (a mistyped USDT_ERC20_CONTRACT, or
   * another network's) would make every amount wrong by powers of ten, so nothing is read from it. A read that
   * fails, or this refusal, is a ChainReadError: logged each poll, tried again.
   */
  private async checkToken(): Promise<void> {
    if (!this.token || this.tokenChecked) return;
    const { contract, decimals } = this.token;
    const answered = await this.read(() =>
      this.client.readContract({ address: contract, abi: erc20Abi, functionName: 'decimals' }),
    );
    if (answered !== decimals) {
      throw new ChainReadError(
        'eth',
        `the token contract ${contract} has ${answered} decimals, not ${decimals}: is it the right contract, on this network?`,
      );
    }
    this.tokenChecked = true;
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
      if (cause instanceof ResponseBodyTooLargeError) throw new AnswerTooLargeError();
      throw new ChainReadError('eth', excerptText(error.shortMessage));
    }
  }
}

/** An answer over MAX_ANSWER_BYTES: a ChainReadError like the others, told apart where a smaller read can replace it. */
class AnswerTooLargeError extends ChainReadError {
  constructor() {
    super('eth', `the JSON-RPC answer was over the ${capText()} cap on a chain API answer: the read was stopped`);
  }
}

/** The ether a transaction sends (index 0, no token), if any. */
function valueTransfer(tx: Transaction): ChainTransfer[] {
  return tx.to && tx.value > 0n ? [{ index: 0, to: tx.to.toLowerCase(), units: tx.value, token: null }] : [];
}

/**
 * The ERC-20 `Transfer` logs among a receipt's logs, each at its `logIndex` (its position in the block: what an
 * `eth_getLogs` entry says too, so a transfer has one index however it was read), whatever the token (the caller keeps
 * its own). ERC-721's `Transfer` (the same topic, its third argument indexed) does not decode as ERC-20's and is left
 * out, as is any log that does not decode.
 */
function tokenTransfers(logs: Log[]): ChainTransfer[] {
  return parseEventLogs({ abi: erc20Abi, eventName: 'Transfer', logs, strict: true }).map((log) => ({
    index: Number(log.logIndex),
    to: log.args.to.toLowerCase(),
    units: log.args.value,
    token: log.address.toLowerCase(),
  }));
}

/**
 * A pending transaction's token transfer, read from its call: `transfer(to, amount)` or `transferFrom(from, to,
 * amount)` on the contract it calls (which may be no token at all: the receipt will tell once mined). Index 0: a
 * plain transfer's only log.
 */
function calledTransfer(tx: Transaction): ChainTransfer[] {
  if (!tx.to || tx.input === '0x') return [];
  let call;
  try {
    call = decodeFunctionData({ abi: erc20Abi, data: tx.input });
  } catch {
    return [];
  }
  const token = tx.to.toLowerCase();
  if (call.functionName === 'transfer')
    return [{ index: 0, to: call.args[0].toLowerCase(), units: call.args[1], token }];
  if (call.functionName === 'transferFrom') {
    return [{ index: 0, to: call.args[1].toLowerCase(), units: call.args[2], token }];
  }
  return [];
}

/** A catch handler that turns one kind of "not found" error into null. */
function nullWhen(kind: new (...args: never[]) => Error) {
  return (error: unknown): null => {
    if (error instanceof kind) return null;
    throw error;
  };
}
