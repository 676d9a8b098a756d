/**
 * TRON addresses checked at start (PAY_ADDRESS_USDT_TRC20, USDT_TRC20_CONTRACT): Base58Check through @scure/base
 * (../../chains/tron-address.ts). A problem is a sentence about the address; null means it is fine.
 */
import { decodeTronAddress } from '../../chains/tron-address';

/** TRON: Base58Check of 21 bytes starting 0x41 ("T…", 34 characters). */
export function tronAddressProblem(address: string): string | null {
  try {
    decodeTronAddress(address);
    return null;
  } catch (error) {
    const reason = (error as Error).message;
    if (/checksum/i.test(reason)) return 'fails its Base58Check checksum (a character is mistyped)';
    if (/not Base58/.test(reason)) return 'is not Base58 (a TRON address has no 0, O, I or l)';
    return 'is not a TRON address (Base58Check of 21 bytes starting 0x41, written T… in 34 characters)';
  }
}
