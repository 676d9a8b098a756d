/**
 * FIXTURE standing in for Esplora (Blockstream's / mempool.space's REST API over a Bitcoin node), NOT a chain: no
 * node, no blocks on disk, no signatures, no consensus. A real HTTP server (node:http, 127.0.0.1, a free port) that
 * keeps made-up transactions in memory and answers the subset of Esplora's API the BTC reader
 * (server/src/payments/chains/btc-reader.ts) uses, in Esplora's shapes:
 *
 * - `GET /blocks/tip/height` → the tip height as plain text;
 * - `GET /tx/:txid` → the transaction (404 `Transaction not found`; 400 `Invalid hex string` when not 64 hex);
 * - `GET /tx/:txid/status` → `{ confirmed, block_height, block_hash, block_time }` or `{ confirmed: false }`;
 * - `GET /address/:address/txs` → up to 50 mempool transactions (newest first), then the newest 25 confirmed;
 * - `GET /address/:address/txs/chain/:last_seen_txid` → the next 25 confirmed transactions older than that one.
 *
 * A test pays addresses with `send` (the transaction waits in the mempool) and confirms it with `mine`. Each
 * transaction spends one made-up sender's output and pays, after the requested outputs, change back to that sender,
 * with a fee, size and weight that add up, like a wallet's. Addresses are not checked strictly: a valid bech32,
 * bech32m or base58check address gets its real output script; anything else a made-up one of the kind its prefix
 * suggests. Like Esplora, bech32 addresses are written (and matched) lower-case, base58 ones exactly.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface EsploraFixture {
  url: string; // http://127.0.0.1:<port>
  requests: number; // requests served so far
  /** A transaction paying these outputs, in the mempool; returns its txid (64 lower-case hex). */
  send(outputs: { address: string; sats: bigint | number }[], options?: { txId?: string }): string;
  /** Mines `n` blocks (default 1); the first takes every mempool transaction. */
  mine(n?: number): void;
  height: number; // current tip height
  close(): Promise<void>;
}

/** Esplora's page sizes: mempool transactions on an address's first page, confirmed ones on every page. */
const MEMPOOL_TXS = 50;
const CHAIN_TXS_PER_PAGE = 25;
const MAX_SATS = 21_000_000 * 100_000_000;
/** The fee rate of every fixture transaction, in sat/vB. */
const FEE_RATE = 6;

interface Script {
  scriptpubkey: string;
  scriptpubkey_asm: string;
  scriptpubkey_type: string;
  scriptpubkey_address: string;
}

interface EsploraOutput extends Script {
  value: number;
}

/** A transaction as Esplora writes it, without `status` (which changes when it is mined). */
interface EsploraTxBody {
  txid: string;
  version: number;
  locktime: number;
  vin: {
    txid: string;
    vout: number;
    prevout: EsploraOutput;
    scriptsig: string;
    scriptsig_asm: string;
    witness: string[];
    is_coinbase: boolean;
    sequence: number;
  }[];
  vout: EsploraOutput[];
  size: number;
  weight: number;
  fee: number;
}

interface Block {
  height: number;
  hash: string;
  time: number;
}

interface FixtureTx {
  body: EsploraTxBody;
  block: Block | null;
  /** Address keys (see addressKey) it pays or spends from. */
  touches: Set<string>;
}

function sha256(data: Buffer | string): Buffer {
  return createHash('sha256').update(data).digest();
}

function isBech32(address: string): boolean {
  return /^(bc|tb|bcrt)1/i.test(address);
}

/** How Esplora matches addresses: bech32 is case-insensitive (written lower-case), base58 is case-sensitive. */
function addressKey(address: string): string {
  return isBech32(address) ? address.toLowerCase() : address;
}

// --- bech32 / bech32m (BIP 173, BIP 350) ---

const BECH32_CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const BECH32_CONST = 1;
const BECH32M_CONST = 0x2bc830a3;

function bech32Polymod(values: number[]): number {
  const generator = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
  let chk = 1;
  for (const value of values) {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ value;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk ^= generator[i];
  }
  return chk >>> 0;
}

function hrpExpand(hrp: string): number[] {
  const codes = [...hrp].map((c) => c.charCodeAt(0));
  return [...codes.map((c) => c >> 5), 0, ...codes.map((c) => c & 31)];
}

function convertBits(data: number[], from: number, to: number, pad: boolean): number[] | null {
  let acc = 0;
  let bits = 0;
  const out: number[] = [];
  const max = (1 << to) - 1;
  for (const value of data) {
    acc = (acc << from) | value;
    bits += from;
    while (bits >= to) {
      bits -= to;
      out.push((acc >> bits) & max);
    }
  }
  if (pad) {
    if (bits > 0) out.push((acc << (to - bits)) & max);
  } else if (bits >= from || ((acc << (to - bits)) & max) !== 0) {
    return null;
  }
  return out;
}

/** A SegWit address: bech32 for witness version 0, bech32m above. */
function segwitAddress(hrp: string, version: number, program: Buffer): string {
  const data = [version, ...convertBits([...program], 8, 5, true)!];
  const mod =
    bech32Polymod([...hrpExpand(hrp), ...data, 0, 0, 0, 0, 0, 0]) ^ (version === 0 ? BECH32_CONST : BECH32M_CONST);
  const checksum = Array.from({ length: 6 }, (_, i) => (mod >>> (5 * (5 - i))) & 31);
  return `${hrp}1${[...data, ...checksum].map((d) => BECH32_CHARSET[d]).join('')}`;
}

function decodeSegwit(address: string): { hrp: string; version: number; program: Buffer } | null {
  if (address !== address.toLowerCase() && address !== address.toUpperCase()) return null;
  const lower = address.toLowerCase();
  const separator = lower.lastIndexOf('1');
  if (separator < 1 || lower.length - separator < 8) return null;
  const hrp = lower.slice(0, separator);
  const data = [...lower.slice(separator + 1)].map((c) => BECH32_CHARSET.indexOf(c));
  if (data.some((d) => d < 0)) return null;
  const version = data[0];
  const expected = version === 0 ? BECH32_CONST : BECH32M_CONST;
  if (version > 16 || bech32Polymod([...hrpExpand(hrp), ...data]) !== expected) return null;
  const program = convertBits(data.slice(1, -6), 5, 8, false);
  if (!program || program.length < 2 || program.length > 40) return null;
  if (version === 0 && program.length !== 20 && program.length !== 32) return null;
  return { hrp, version, program: Buffer.from(program) };
}

// --- base58check (legacy P2PKH and P2SH) ---

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

function decodeBase58Check(address: string): Buffer | null {
  let value = 0n;
  for (const c of address) {
    const digit = BASE58.indexOf(c);
    if (digit < 0) return null;
    value = value * 58n + BigInt(digit);
  }
  const hex = value === 0n ? '' : value.toString(16);
  const body = Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex');
  const zeros = /^1*/.exec(address)![0].length;
  const bytes = Buffer.concat([Buffer.alloc(zeros), body]);
  if (bytes.length !== 25) return null;
  const payload = bytes.subarray(0, 21);
  const checksum = sha256(sha256(payload)).subarray(0, 4);
  return checksum.equals(bytes.subarray(21)) ? payload : null;
}

// --- output scripts ---

function push(bytes: Buffer): string {
  return `OP_PUSHBYTES_${bytes.length} ${bytes.toString('hex')}`;
}

function witnessScript(version: number, program: Buffer, address: string): Script {
  const opcode = version === 0 ? '00' : (0x50 + version).toString(16);
  const type =
    version === 0
      ? program.length === 20
        ? 'v0_p2wpkh'
        : 'v0_p2wsh'
      : version === 1 && program.length === 32
        ? 'v1_p2tr'
        : 'unknown';
  return {
    scriptpubkey: `${opcode}${program.length.toString(16).padStart(2, '0')}${program.toString('hex')}`,
    scriptpubkey_asm: `${version === 0 ? 'OP_0' : `OP_PUSHNUM_${version}`} ${push(program)}`,
    scriptpubkey_type: type,
    scriptpubkey_address: address,
  };
}

function p2pkhScript(hash: Buffer, address: string): Script {
  return {
    scriptpubkey: `76a914${hash.toString('hex')}88ac`,
    scriptpubkey_asm: `OP_DUP OP_HASH160 ${push(hash)} OP_EQUALVERIFY OP_CHECKSIG`,
    scriptpubkey_type: 'p2pkh',
    scriptpubkey_address: address,
  };
}

function p2shScript(hash: Buffer, address: string): Script {
  return {
    scriptpubkey: `a914${hash.toString('hex')}87`,
    scriptpubkey_asm: `OP_HASH160 ${push(hash)} OP_EQUAL`,
    scriptpubkey_type: 'p2sh',
    scriptpubkey_address: address,
  };
}

/** The output script paying `address`: its real one when it decodes, else a made-up one of the kind it looks like. */
function scriptFor(address: string): Script {
  const segwit = decodeSegwit(address);
  if (segwit) return witnessScript(segwit.version, segwit.program, address.toLowerCase());
  const legacy = decodeBase58Check(address);
  if (legacy) {
    const [version] = legacy;
    const hash = legacy.subarray(1);
    return version === 0x05 || version === 0xc4 ? p2shScript(hash, address) : p2pkhScript(hash, address);
  }
  const hash = sha256(address);
  if (isBech32(address)) {
    const taproot = /^(bc|tb|bcrt)1p/i.test(address);
    return witnessScript(taproot ? 1 : 0, hash.subarray(0, taproot ? 32 : 20), address.toLowerCase());
  }
  return /^[23]/.test(address) ? p2shScript(hash.subarray(0, 20), address) : p2pkhScript(hash.subarray(0, 20), address);
}

/** Bytes of an output: value (8), script length (1) and script. */
function outputSize(output: EsploraOutput): number {
  return 9 + output.scriptpubkey.length / 2;
}

function toSats(sats: bigint | number, address: string): number {
  const value = Number(sats);
  if (!Number.isSafeInteger(value) || value < 0 || value > MAX_SATS) {
    throw new Error(`EsploraFixture: ${sats} sats to ${address} is not an amount of bitcoin`);
  }
  return value;
}

function sendJson(res: http.ServerResponse, body: unknown): void {
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

function sendText(res: http.ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'content-type': 'text/plain' }).end(text);
}

export async function startEsploraFixture(options: { startHeight?: number } = {}): Promise<EsploraFixture> {
  let height = options.startHeight ?? 850_000;
  let requests = 0;
  let sequence = 0;
  let lastBlockTime = 0;
  const txs = new Map<string, FixtureTx>();
  let mempool: FixtureTx[] = [];
  /** Confirmed transactions, oldest first. */
  const chain: FixtureTx[] = [];

  const statusOf = (tx: FixtureTx) =>
    tx.block
      ? { confirmed: true, block_height: tx.block.height, block_hash: tx.block.hash, block_time: tx.block.time }
      : { confirmed: false };
  const json = (tx: FixtureTx) => ({ ...tx.body, status: statusOf(tx) });

  /** An address's history as Esplora orders it: the mempool newest first, then the chain newest first. */
  const history = (address: string) => {
    const key = addressKey(address);
    const touches = (tx: FixtureTx) => tx.touches.has(key);
    return {
      mempool: mempool.filter(touches).reverse(),
      chain: chain.filter(touches).reverse(),
    };
  };

  const route = (path: string, res: http.ServerResponse): void => {
    const parts = path.split('/').slice(1).map(decodeURIComponent);
    if (parts.length === 3 && parts[0] === 'blocks' && parts[1] === 'tip' && parts[2] === 'height') {
      return sendText(res, 200, String(height));
    }
    if (parts[0] === 'tx' && (parts.length === 2 || (parts.length === 3 && parts[2] === 'status'))) {
      if (!/^[0-9a-fA-F]{64}$/.test(parts[1])) return sendText(res, 400, 'Invalid hex string');
      const tx = txs.get(parts[1].toLowerCase());
      if (!tx) return sendText(res, 404, 'Transaction not found');
      return sendJson(res, parts.length === 2 ? json(tx) : statusOf(tx));
    }
    if (
      parts[0] === 'address' &&
      parts[2] === 'txs' &&
      (parts.length === 3 || (parts.length === 5 && parts[3] === 'chain'))
    ) {
      if (!/^[A-Za-z0-9]{14,90}$/.test(parts[1])) return sendText(res, 400, 'Invalid Bitcoin address');
      const { mempool: pending, chain: confirmed } = history(parts[1]);
      if (parts.length === 3) {
        return sendJson(res, [...pending.slice(0, MEMPOOL_TXS), ...confirmed.slice(0, CHAIN_TXS_PER_PAGE)].map(json));
      }
      if (!/^[0-9a-fA-F]{64}$/.test(parts[4])) return sendText(res, 400, 'Invalid hex string');
      const last = confirmed.findIndex((tx) => tx.body.txid === parts[4].toLowerCase());
      // Esplora answers an empty page when the last seen transaction is not in the address's confirmed history.
      if (last < 0) return sendJson(res, []);
      return sendJson(res, confirmed.slice(last + 1, last + 1 + CHAIN_TXS_PER_PAGE).map(json));
    }
    sendText(res, 404, 'Not Found');
  };

  const server = http.createServer((req, res) => {
    requests += 1;
    if (req.method !== 'GET') return sendText(res, 405, 'Method Not Allowed');
    route(new URL(req.url ?? '/', 'http://fixture').pathname, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const send = (outputs: { address: string; sats: bigint | number }[], sendOptions: { txId?: string } = {}): string => {
    if (outputs.length === 0) throw new Error('EsploraFixture: a transaction needs at least one output');
    sequence += 1;
    const seed = `esplora-fixture ${port} ${sequence}`;
    const paid: EsploraOutput[] = outputs.map(({ address, sats }) => ({
      ...scriptFor(address),
      value: toSats(sats, address),
    }));
    // A made-up sender on the same network as the first output, paying itself change (a P2WPKH wallet).
    const hrp = /^(bcrt|tb|bc)1/i.exec(outputs[0].address)?.[1].toLowerCase() ?? 'bc';
    const sender = segwitAddress(hrp, 0, sha256(`${seed} sender`).subarray(0, 20));
    const change: EsploraOutput = {
      ...scriptFor(sender),
      value: 10_000 + (sha256(`${seed} change`).readUInt32BE(0) % 5_000_000),
    };
    const vout = [...paid, change];
    // A one-input P2WPKH spend: a DER signature (low r and s, SIGHASH_ALL) and a compressed public key.
    const signature = (part: string) => {
      const bytes = sha256(`${seed} ${part}`);
      bytes[0] &= 0x7f;
      return `0220${bytes.toString('hex')}`;
    };
    const witnessItems = [`3044${signature('r')}${signature('s')}01`, `02${sha256(`${seed} pubkey`).toString('hex')}`];
    // Sizes: version, counts, outpoint + empty scriptSig + sequence, outputs, locktime; then the witness (marker,
    // flag, item count, items), which weighs a quarter.
    const base = 4 + 1 + 41 + 1 + vout.reduce((sum, output) => sum + outputSize(output), 0) + 4;
    const witness = 2 + 1 + witnessItems.reduce((sum, item) => sum + 1 + item.length / 2, 0);
    const weight = base * 4 + witness;
    const fee = Math.ceil(weight / 4) * FEE_RATE;
    const inputValue = vout.reduce((sum, output) => sum + output.value, 0) + fee;
    if (inputValue > MAX_SATS) throw new Error('EsploraFixture: more than every bitcoin there is');

    let txid = sha256(sha256(`${seed} tx`)).toString('hex');
    if (sendOptions.txId !== undefined) {
      if (!/^[0-9a-fA-F]{64}$/.test(sendOptions.txId)) {
        throw new Error(`EsploraFixture: txId ${sendOptions.txId} is not 64 hex digits`);
      }
      txid = sendOptions.txId.toLowerCase();
    }
    if (txs.has(txid)) throw new Error(`EsploraFixture: transaction ${txid} exists already`);

    const body: EsploraTxBody = {
      txid,
      version: 2,
      locktime: height,
      vin: [
        {
          txid: sha256(`${seed} funding`).toString('hex'),
          vout: sha256(`${seed} funding`)[0] % 3,
          prevout: { ...scriptFor(sender), value: inputValue },
          scriptsig: '',
          scriptsig_asm: '',
          witness: witnessItems,
          is_coinbase: false,
          sequence: 4294967293,
        },
      ],
      vout,
      size: base + witness,
      weight,
      fee,
    };
    const tx: FixtureTx = {
      body,
      block: null,
      touches: new Set([...vout, body.vin[0].prevout].map((output) => addressKey(output.scriptpubkey_address))),
    };
    txs.set(txid, tx);
    mempool.push(tx);
    return txid;
  };

  const mine = (n = 1): void => {
    for (let i = 0; i < n; i++) {
      height += 1;
      // Block times only move forward, about now, so payments look as recent as the orders they pay.
      lastBlockTime = Math.max(lastBlockTime + 1, Math.floor(Date.now() / 1000));
      const block: Block = {
        height,
        hash: `00000000000000000002${sha256(`esplora-fixture ${port} block ${height}`).toString('hex').slice(20)}`,
        time: lastBlockTime,
      };
      if (i === 0) {
        for (const tx of mempool) tx.block = block;
        chain.push(...mempool);
        mempool = [];
      }
    }
  };

  return {
    url: `http://127.0.0.1:${port}`,
    get requests() {
      return requests;
    },
    send,
    mine,
    get height() {
      return height;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // fetch keeps connections alive; without this, close() would wait for them to time out.
        server.closeAllConnections();
      }),
  };
}
