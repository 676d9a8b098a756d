import { defineMethodFacts } from './definition';

/** Tether's USDT as a TRC-20 token on TRON. */
export const USDT_TRC20 = defineMethodFacts({
  key: 'USDT_TRC20',
  displayOrder: 1,
  label: 'USDT (TRC-20)',
  currency: 'USDT',
  // As on chain: the unique offset needs the token's smallest unit (docs/decisions.md, USDT has 6 decimals).
  decimals: 6,
  defaultUsdRate: 1,
  accepted: true,
  chain: {
    network: 'tron',
    name: 'TRON',
    tokenStandard: 'TRC-20',
    explorerTxUrl: (txId) => `https://tronscan.org/#/transaction/${txId}`,
  },
  // TRON has no payment-URI standard that wallets agree on, and several refuse a QR code that is not a bare
  // address; the amount is shown beside the code instead.
  walletUriScheme: null,
  paymentUri: (address) => address,
});
