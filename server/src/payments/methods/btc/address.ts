/**
 * Bitcoin addresses decoded and checked at start (PAY_ADDRESS_BTC): bech32/bech32m and Base58Check through
 * @scure/base (with @noble/hashes' sha256), never by hand. A problem is a sentence about the address; null means it
 * is fine.
 */
import { sha256 } from '@noble/hashes/sha2';
import { base58, bech32, bech32m, createBase58check } from '@scure/base';

const base58check = createBase58check(sha256);

export type BtcNetwork = 'mainnet' | 'testnet' | 'regtest';

/** What a Bitcoin address pays to, as decoded. */
export interface BtcAddress {
  /** testnet covers signet too: they share prefixes (tb1…, m/n…, 2…), and regtest shares the base58 ones. */
  network: BtcNetwork;
  kind: 'p2pkh' | 'p2sh' | 'segwit';
  /** Segwit only: the witness version (0-16) and program (2-40 bytes). */
  witnessVersion?: number;
  /** The 20-byte hash (P2PKH, P2SH) or the witness program. */
  program: Uint8Array;
}

const SEGWIT_PREFIXES: Record<string, BtcNetwork> = { bc: 'mainnet', tb: 'testnet', bcrt: 'regtest' };
const BASE58_VERSIONS: Record<number, { network: BtcNetwork; kind: 'p2pkh' | 'p2sh' }> = {
  0x00: { network: 'mainnet', kind: 'p2pkh' },
  0x05: { network: 'mainnet', kind: 'p2sh' },
  0x6f: { network: 'testnet', kind: 'p2pkh' },
  0xc4: { network: 'testnet', kind: 'p2sh' },
};

/**
 * A Bitcoin address decoded by the rules of BIP-173 and BIP-350 (segwit: bech32 for witness version 0, bech32m for 1
 * to 16, programs of 2-40 bytes, 20 or 32 for version 0, one case throughout) or Base58Check (P2PKH, P2SH). Throws an
 * Error whose message is the reason it is not one.
 */
export function decodeBtcAddress(address: string): BtcAddress {
  const separator = address.lastIndexOf('1');
  const prefix = separator > 0 ? address.slice(0, separator).toLowerCase() : '';
  if (Object.hasOwn(SEGWIT_PREFIXES, prefix)) return decodeSegwit(address, SEGWIT_PREFIXES[prefix]);
  if (isBase58(address)) return decodeBase58(address);
  if (/^[a-z]+$/.test(prefix)) {
    throw new Error(`is not a Bitcoin address: its prefix ${prefix}1 is not bc1, tb1 or bcrt1 (another coin's?)`);
  }
  throw new Error('is not a Bitcoin address (neither bech32 nor Base58)');
}

function isBase58(text: string): boolean {
  try {
    base58.decode(text);
    return true;
  } catch {
    return false;
  }
}

function decodeSegwit(address: string, network: BtcNetwork): BtcAddress {
  if (address !== address.toLowerCase() && address !== address.toUpperCase()) {
    throw new Error('mixes upper and lower case, which bech32 does not allow');
  }
  // At most 90 characters (BIP-173); a bech32m checksum is tried when the bech32 one does not hold.
  const asBech32 = bech32.decodeUnsafe(address, 90);
  const decoded = asBech32 ?? bech32m.decodeUnsafe(address, 90);
  if (!decoded) throw new Error('fails its bech32 checksum (a character is mistyped, or is one bech32 leaves out)');
  const [version, ...data] = decoded.words;
  if (version === undefined) throw new Error('has no data after its prefix');
  if (version > 16) throw new Error(`has witness version ${version}; versions go from 0 to 16`);
  if ((version === 0) !== (asBech32 !== undefined)) {
    throw new Error(
      `uses the wrong checksum for witness version ${version} (BIP-350: bech32 for version 0, bech32m for 1 and up)`,
    );
  }
  let program: Uint8Array;
  try {
    program = bech32.fromWords(data);
  } catch {
    throw new Error('has invalid padding in its witness program');
  }
  if (program.length < 2 || program.length > 40) {
    throw new Error(`has a witness program of ${program.length} bytes; it must be 2 to 40`);
  }
  if (version === 0 && program.length !== 20 && program.length !== 32) {
    throw new Error(`has a version 0 witness program of ${program.length} bytes; it must be 20 or 32 (BIP-141)`);
  }
  return { network, kind: 'segwit', witnessVersion: version, program };
}

function decodeBase58(address: string): BtcAddress {
  let payload: Uint8Array;
  try {
    payload = base58check.decode(address);
  } catch {
    throw new Error('fails its Base58Check checksum (a character is mistyped)');
  }
  const version = BASE58_VERSIONS[payload[0]];
  if (payload.length !== 21 || !version) {
    throw new Error('is not a Bitcoin address (Base58Check, but not a P2PKH or P2SH one)');
  }
  return { ...version, program: payload.subarray(1) };
}

/**
 * Bitcoin: a valid address (decodeBtcAddress) that a wallet can receive on today, on a network the environment
 * allows. Production takes mainnet only (bc1…, 1…, 3…): the store sells for real bitcoin, and a testnet address there
 * is a mistake. Development and tests take testnet, signet and regtest too (tb1…, bcrt1…, m…, n…, 2…), for trying
 * the store against a test chain. Witness versions 2-16, and version 1 programs other than 32 bytes (taproot), are
 * valid to send to but spendable by no wallet yet: a payment there would be lost, so they are refused as receiving
 * addresses (BIP-350: "no recipient should ever provide them").
 */
export function btcAddressProblem(address: string, options: { production: boolean }): string | null {
  let decoded: BtcAddress;
  try {
    decoded = decodeBtcAddress(address);
  } catch (error) {
    return (error as Error).message;
  }
  const { witnessVersion, program } = decoded;
  if (witnessVersion !== undefined && (witnessVersion > 1 || (witnessVersion === 1 && program.length !== 32))) {
    return `is a witness version ${witnessVersion} address of ${program.length} bytes, which no wallet can spend yet: a payment to it would be lost`;
  }
  if (options.production && decoded.network !== 'mainnet') {
    return `is a ${decoded.network} address; production takes mainnet addresses only (bc1…, 1…, 3…)`;
  }
  return null;
}
