/**
 * The seller's extended public key (BTC_XPUB, docs/payments.md "An address per Bitcoin order"): checked at start and
 * used to derive one BIP-84 native segwit receive address per order (m/84'/coin'/account'/0/i). Decoding and the
 * elliptic-curve derivation are @scure/bip32's and @scure/base's (audited, with @noble/hashes), never our own; the
 * unit test checks them against BIP-84's test vectors.
 */
import { sha256 } from '@noble/hashes/sha2';
import { ripemd160 } from '@noble/hashes/legacy';
import { bytesToHex } from '@noble/hashes/utils';
import { bech32, createBase58check } from '@scure/base';
import { HDKey } from '@scure/bip32';
import type { AddressDerivation } from '../definition';

const base58check = createBase58check(sha256);

/** The version bytes of extended keys (BIP-32, SLIP-132) and what each one is. */
const VERSIONS: Record<
  number,
  { name: string; network: 'mainnet' | 'testnet'; kind: 'bip84' | 'ambiguous' | 'other' }
> = {
  0x04b24746: { name: 'zpub', network: 'mainnet', kind: 'bip84' },
  0x045f1cf6: { name: 'vpub', network: 'testnet', kind: 'bip84' },
  // BIP-32's own prefixes: many wallets (Ledger, Trezor, Bitcoin Core's descriptors) export a BIP-84 account with them.
  0x0488b21e: { name: 'xpub', network: 'mainnet', kind: 'ambiguous' },
  0x043587cf: { name: 'tpub', network: 'testnet', kind: 'ambiguous' },
  0x049d7cb2: { name: 'ypub', network: 'mainnet', kind: 'other' },
  0x044a5262: { name: 'upub', network: 'testnet', kind: 'other' },
  0x0295b43f: { name: 'Ypub', network: 'mainnet', kind: 'other' },
  0x02aa7ed3: { name: 'Zpub', network: 'mainnet', kind: 'other' },
  0x024289ef: { name: 'Upub', network: 'testnet', kind: 'other' },
  0x02575483: { name: 'Vpub', network: 'testnet', kind: 'other' },
};
/** Private extended keys: a store must never be given one (it could spend everything the wallet holds). */
const PRIVATE_VERSIONS = new Set([
  0x0488ade4, 0x04358394, 0x049d7878, 0x044a4e28, 0x04b2430c, 0x045f18bc, 0x0295b005, 0x02aa7a99, 0x02420b6b,
  0x02575048,
]);

/** BIP-84's account level: m/84'/coin'/account' is three derivations deep. */
const ACCOUNT_DEPTH = 3;
const HARDENED = 0x80000000;

/** A BIP-84 account the store derives receive addresses from. */
export class BtcAccount implements AddressDerivation {
  /** A fingerprint of the key (hex of SHA-256 over its public key and chain code, 16 digits): its count's name. */
  readonly account: string;
  /** The receive chain, m/…/0: derived once, each address is one non-hardened step from it. */
  private readonly receive: HDKey;
  private readonly hrp: 'bc' | 'tb';

  constructor(
    private readonly node: HDKey,
    readonly network: 'mainnet' | 'testnet',
  ) {
    this.hrp = network === 'mainnet' ? 'bc' : 'tb';
    this.account = bytesToHex(sha256(new Uint8Array([...node.publicKey!, ...node.chainCode!]))).slice(0, 16);
    this.receive = node.deriveChild(0);
  }

  /** The receive address `index` (m/…/0/index), P2WPKH in bech32. */
  address(index: number): string {
    if (!Number.isInteger(index) || index < 0 || index >= HARDENED) throw new Error(`no receive address ${index}`);
    return p2wpkh(this.receive.deriveChild(index).publicKey!, this.hrp);
  }

  /** The change address `index` (m/…/1/index): never handed out; the BIP-84 test vectors check it. */
  changeAddress(index: number): string {
    return p2wpkh(this.node.deriveChild(1).deriveChild(index).publicKey!, this.hrp);
  }
}

/** A compressed public key's native segwit v0 address (BIP-173): bech32 of witness version 0 and HASH160. */
function p2wpkh(publicKey: Uint8Array, hrp: string): string {
  return bech32.encode(hrp, [0, ...bech32.toWords(ripemd160(sha256(publicKey)))]);
}

/**
 * BTC_XPUB read: its Base58Check checksum, its kind (a public BIP-84 account key: zpub or vpub, or xpub or tpub taken
 * as BIP-84), its network (production takes mainnet only, as PAY_ADDRESS_BTC) and its depth (an account key, three
 * hardened steps from the master). Throws an Error whose message is the problem, as a sentence about the value.
 */
export function parseBtcXpub(value: string, options: { production: boolean }): BtcAccount {
  let payload: Uint8Array;
  try {
    payload = base58check.decode(value);
  } catch {
    throw new Error('fails its Base58Check checksum (a character is mistyped, or it is not an extended key)');
  }
  if (payload.length !== 78) throw new Error(`is not an extended public key (${payload.length} bytes, not 78)`);
  const view = new DataView(payload.buffer, payload.byteOffset, payload.byteLength);
  const version = view.getUint32(0);
  if (PRIVATE_VERSIONS.has(version)) {
    throw new Error(
      "is a private key: the store must never hold one (it could spend the wallet's coins); give the account's public key (zpub)",
    );
  }
  const known = VERSIONS[version];
  if (!known) throw new Error('is not a Bitcoin extended public key (unknown version bytes)');
  if (known.kind === 'other') {
    throw new Error(
      `is a ${known.name}, for another kind of address (nested segwit or multisig); give the BIP-84 native segwit account key (zpub, or vpub for testnet)`,
    );
  }
  const depth = payload[4];
  const childIndex = view.getUint32(9);
  if (depth !== ACCOUNT_DEPTH || childIndex < HARDENED) {
    throw new Error(
      `is a key at depth ${depth}${depth > 0 && childIndex < HARDENED ? ' (not hardened)' : ''}; give the account key of the BIP-84 wallet (m/84'/0'/0', depth 3), as the wallet exports it`,
    );
  }
  if (options.production && known.network !== 'mainnet') {
    throw new Error(`is a ${known.network} key (${known.name}); production takes mainnet keys only (zpub, xpub)`);
  }
  let node: HDKey;
  try {
    node = HDKey.fromExtendedKey(value, { public: version, private: 0 });
  } catch (error) {
    throw new Error(`is not a valid extended public key (${(error as Error).message})`);
  }
  return new BtcAccount(node, known.network);
}

/** BTC_XPUB's problem as a sentence, or null when it is fine (parseBtcXpub). */
export function btcXpubProblem(value: string, options: { production: boolean }): string | null {
  try {
    parseBtcXpub(value, options);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}
