import { decimalToInteger } from '../decimal';
import { defineMethodFacts } from './definition';

/** Tether's USDT contract on Ethereum mainnet (6 decimals): USDT_ERC20_CONTRACT's default. */
export const USDT_ERC20_MAINNET_CONTRACT = '0xdAC17F958D2ee523a2206206994597C13D831ec7';

/**
 * Tether's USDT as an ERC-20 token on Ethereum: a `transfer` call to the token contract, read back as its `Transfer`
 * log; it may share its receiving address with ETH (chain records are kept per method).
 */
export const USDT_ERC20 = defineMethodFacts({
  key: 'USDT_ERC20',
  displayOrder: 4,
  label: 'USDT (ERC-20)',
  // The same currency as USDT on TRON: one rate (a dollar), one currency in reports.
  currency: 'USDT',
  // The token's own decimals: the unique offset is its smallest unit.
  decimals: 6,
  defaultUsdRate: 1,
  accepted: true,
  chain: {
    network: 'eth',
    name: 'Ethereum',
    tokenStandard: 'ERC-20',
    explorerTxUrl: (txId) => `https://etherscan.io/tx/${txId}`,
  },
  /**
   * EIP-681's token transfer, the form its text gives and wallets (MetaMask, Trust, Coinbase Wallet) read:
   * `ethereum:<contract>/transfer?address=<to>&uint256=<amount in the token's smallest unit>`. No `@<chain id>`:
   * like ETH's URI, the wallet's network (mainnet) stays in effect. `token` is the configured contract
   * (USDT_ERC20_CONTRACT); without it, Tether's on mainnet.
   */
  walletUriScheme: 'ethereum',
  paymentUri: (address, amount, token) =>
    `ethereum:${token ?? USDT_ERC20_MAINNET_CONTRACT}/transfer?address=${address}&uint256=${decimalToInteger(amount, 6)}`,
});
