/**
 * TRON addresses: 21 bytes (0x41 then the 20-byte account id an EVM would use), written as base58check ("T…",
 * checksum = first 4 bytes of sha256(sha256(the 21 bytes))). TronGrid's wallet API and the TVM's logs write the
 * hex form; logs and topics leave the 0x41 prefix out.
 *
 * Base58 comes from npm `bs58` (v6): although its package is `"type": "module"`, it ships a CommonJS build under
 * its `require` export condition, which our CommonJS output and jest load (`require('bs58').default`).
 */
import { createHash } from 'node:crypto';
import bs58 from 'bs58';

const PREFIX = 0x41;

function checksum(payload: Uint8Array): Buffer {
  const once = createHash('sha256').update(payload).digest();
  return createHash('sha256').update(once).digest().subarray(0, 4);
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
  return bs58.encode(Buffer.concat([payload, checksum(payload)]));
}

/** A base58 T-address to its 21-byte hex form, lower-case with the 41 prefix. Throws when it is not a valid one. */
export function tronBase58ToHex(address: string): string {
  let bytes: Uint8Array;
  try {
    bytes = bs58.decode(address);
  } catch {
    throw new Error(`Not a TRON address: ${address}`);
  }
  if (bytes.length !== 25 || bytes[0] !== PREFIX) throw new Error(`Not a TRON address: ${address}`);
  const payload = bytes.subarray(0, 21);
  if (!checksum(payload).equals(bytes.subarray(21))) throw new Error(`Bad checksum in TRON address: ${address}`);
  return Buffer.from(payload).toString('hex');
}

/** Whether `s` is a base58check TRON address (T…, right length, prefix and checksum). */
export function isTronAddress(s: string): boolean {
  if (typeof s !== 'string' || s.length !== 34 || !s.startsWith('T')) return false;
  try {
    tronBase58ToHex(s);
    return true;
  } catch {
    return false;
  }
}
