/**
 * The forms in which two addresses of one chain compare (each payment method's definition says which its chain
 * uses): an address may be written in either case where its encoding ignores case, and must match exactly where it
 * does not.
 */
import { bech32, bech32m } from '@scure/base';

/** Hexadecimal (Ethereum's 0x…): case carries only the EIP-55 checksum, so lower case. */
export function hexAddressKey(address: string): string {
  return address.toLowerCase();
}

/**
 * Bech32 or bech32m, whatever its prefix (bc1…, tb1…, bcrt1…, and any other HRP): one case throughout, so lower case.
 * Anything else, Base58 above all (legacy BTC, TRON), is case-sensitive and kept as written. Bech32 is recognised by
 * its checksum, not by a list of prefixes, so no prefix is forgotten and no Base58 address is taken for one.
 */
export function bech32OrExactKey(address: string): string {
  const lower = address.toLowerCase();
  if (lower !== address && address.toUpperCase() !== address) return address; // mixed case: not bech32
  return isBech32(lower) ? lower : address;
}

function isBech32(lower: string): boolean {
  if (lower.lastIndexOf('1') < 1) return false;
  return bech32.decodeUnsafe(lower, 90) !== undefined || bech32m.decodeUnsafe(lower, 90) !== undefined;
}

/** Base58 (TRON): case-sensitive, kept as written. */
export function exactAddressKey(address: string): string {
  return address;
}
