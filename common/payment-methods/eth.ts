import { decimalToInteger } from '../decimal';
import { defineMethodFacts } from './definition';

/** "0.004001" ETH → "4001000000000000" wei, exactly. */
export function etherToWei(amount: string): string {
  return decimalToInteger(amount, 18);
}

/** Ether, Ethereum's own coin (the transaction's value; tokens on Ethereum would be methods of their own). */
export const ETH = defineMethodFacts({
  key: 'ETH',
  displayOrder: 3,
  label: 'Ethereum (ETH)',
  currency: 'ETH',
  decimals: 6,
  defaultUsdRate: 2500,
  accepted: true,
  chain: {
    network: 'eth',
    name: 'Ethereum',
    explorerTxUrl: (txId) => `https://etherscan.io/tx/${txId}`,
  },
  /** EIP-681: `ethereum:<address>?value=<wei>`. */
  walletUriScheme: 'ethereum',
  paymentUri: (address, amount) => `ethereum:${address}?value=${etherToWei(amount)}`,
});
