/**
 * Ethereum addresses checked at start (PAY_ADDRESS_ETH, PAY_ADDRESS_USDT_ERC20, USDT_ERC20_CONTRACT), so a mistyped
 * one stops the server with the reason instead of being shown to customers, who would pay it: EIP-55 through viem. A
 * problem is a sentence about the address; null means it is fine.
 */
import { getAddress, isAddress } from 'viem';

/**
 * Ethereum: 0x and 40 hex digits. Mixed case must match its EIP-55 checksum. An address written all in lower (or all
 * in upper) case carries no checksum (EIP-55 leaves such addresses valid), so it is taken, in every NODE_ENV, with a
 * warning (`ethAddressWarning`): a typo in it cannot be caught. The check is the same everywhere; `_context` keeps the
 * signature every chain's check has (BTC's depends on it).
 */
export function ethAddressProblem(address: string, _context?: { production: boolean }): string | null {
  if (!isAddress(address, { strict: false })) return 'is not an Ethereum address (0x and 40 hexadecimal digits)';
  if (!hasChecksum(address)) return null;
  return isAddress(address, { strict: true })
    ? null
    : 'fails its EIP-55 checksum (a character is mistyped, or the case of a letter changed)';
}

/**
 * A refund's payout address (the method definition's `payoutAddressProblem`): stricter than the store's own. In
 * production an address without its EIP-55 checksum (all lower or all upper case) is refused: the store's own one is
 * the operator's to check against their wallet (taken with a warning), but a customer's typo here sends their refund to
 * nobody, and every wallet shows the mixed-case form to copy. Elsewhere (development, tests) it is taken, like the
 * store's.
 */
export function ethPayoutAddressProblem(address: string, context: { production: boolean }): string | null {
  const problem = ethAddressProblem(address, context);
  if (problem || !context.production || getAddress(address) === address) return problem;
  return (
    'has no EIP-55 checksum (it is all in lower or upper case, so a mistyped character would go unnoticed): copy ' +
    'the mixed-case form your wallet shows'
  );
}

/**
 * The warning about a valid Ethereum address that carries no checksum (all lower or all upper case, and not its own
 * checksummed form): logged at start, naming the variable. Null for a checksummed address (or not an address at all:
 * that is `ethAddressProblem`'s).
 */
export function ethAddressWarning(address: string): string | null {
  if (!isAddress(address, { strict: false }) || hasChecksum(address) || getAddress(address) === address) return null;
  return (
    'has no EIP-55 checksum (it is all lower or all upper case, so a typo in it would go unnoticed): taken as it ' +
    'is; check it against your wallet and set the mixed-case form your wallet shows'
  );
}

/** Mixed case: the letters' case is an EIP-55 checksum. */
function hasChecksum(address: string): boolean {
  const digits = address.slice(2);
  return digits !== digits.toLowerCase() && digits !== digits.toUpperCase();
}
