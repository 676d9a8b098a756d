/**
 * The store's ETH receiving address (PAY_ADDRESS_ETH) checked at start, so a mistyped one stops the server with the
 * reason instead of being shown to customers, who would pay it: EIP-55 through viem. A problem is a sentence about
 * the address; null means it is fine.
 */
import { getAddress, isAddress } from 'viem';

/**
 * Ethereum: 0x and 40 hex digits. Mixed case must match its EIP-55 checksum. An address written all in lower (or all
 * in upper) case carries no checksum, so a typo in it cannot be caught: production refuses it (wallets and explorers
 * write the checksummed form, so the operator has one to copy); development and tests take it (anvil's output and
 * test fixtures are often lower case). An all-lower-case address that happens to be its own checksummed form (no
 * letter the checksum would raise) is checksummed, and taken everywhere.
 */
export function ethAddressProblem(address: string, options: { production: boolean }): string | null {
  if (!isAddress(address, { strict: false })) return 'is not an Ethereum address (0x and 40 hexadecimal digits)';
  const digits = address.slice(2);
  const checksummed = digits !== digits.toLowerCase() && digits !== digits.toUpperCase();
  if (checksummed) {
    return isAddress(address, { strict: true })
      ? null
      : 'fails its EIP-55 checksum (a character is mistyped, or the case of a letter changed)';
  }
  if (getAddress(address) === address || !options.production) return null;
  return (
    'has no EIP-55 checksum (it is all lower or all upper case, so a typo in it would go unnoticed): ' +
    'copy it from your wallet, which writes it in mixed case'
  );
}
