/**
 * TRON addresses: 21 bytes (0x41 then the 20-byte account id an EVM would use), written as Base58Check ("T…",
 * checksum = first 4 bytes of sha256(sha256(the 21 bytes))). TronGrid's wallet API and the TVM's logs write the
 * hex form; logs and topics leave the 0x41 prefix out.
 *
 * Base58Check is @scure/base's (`createBase58check` over @noble/hashes' sha256: audited, and the CommonJS builds of
 * their 1.x lines load in our CommonJS output and in jest); the checksum is never computed by hand here.
 */
import { sha256 } from '@noble/hashes/sha2';
import { base58, createBase58check } from '@scure/base';

const PREFIX = 0x41;
const base58check = createBase58check(sha256);

/**
 * The 21 bytes of a base58 T-address. Throws an Error saying what is wrong: not Base58, a failed checksum (a
 * mistyped character), or not a TRON address (another length or version byte).
 */
export function decodeTronAddress(address: string): Uint8Array {
  try {
    base58.decode(address);
  } catch {
    throw new Error(`Not a TRON address (not Base58, which has no 0, O, I or l): ${address}`);
  }
  let payload: Uint8Array;
  try {
    payload = base58check.decode(address);
  } catch {
    throw new Error(`Bad checksum in TRON address (a character is mistyped): ${address}`);
  }
  if (payload.length !== 21 || payload[0] !== PREFIX) {
    throw new Error(`Not a TRON address (21 bytes starting 0x41, written T…): ${address}`);
  }
  return payload;
}

/**
 * Hex (20 bytes as logs write it, or 21 bytes starting 41; optional 0x; any case) to the base58 T-address.
 * Throws on anything else.
 */
export function tronHexToBase58(hex: string): string {
  const clean = hex.startsWith('0x') || hex.startsWith('0X') ? hex.slice(2) : hex;
  if (!/^[0-9a-fA-F]+$/.test(clean)) throw new Error(`Not a TRON hex address: ${hex}`);
  let payload: Buffer;
  if (clean.length === 40) payload = Buffer.from(`41${clean}`, 'hex');
  else if (clean.length === 42 && clean.slice(0, 2) === '41') payload = Buffer.from(clean, 'hex');
  else throw new Error(`Not a TRON hex address: ${hex}`);
  return base58check.encode(payload);
}

/** A base58 T-address to its 21-byte hex form, lower-case with the 41 prefix. Throws when it is not a valid one. */
export function tronBase58ToHex(address: string): string {
  return Buffer.from(decodeTronAddress(address)).toString('hex');
}

/** Whether `s` is a base58check TRON address (T…, right length, prefix and checksum). */
export function isTronAddress(s: string): boolean {
  if (typeof s !== 'string' || s.length !== 34 || !s.startsWith('T')) return false;
  try {
    decodeTronAddress(s);
    return true;
  } catch {
    return false;
  }
}
