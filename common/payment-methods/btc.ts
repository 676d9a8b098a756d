import { trimZeros } from '../decimal';
import { defineMethodFacts } from './definition';

/** Bitcoin, the chain's own coin. */
export const BTC = defineMethodFacts({
  key: 'BTC',
  displayOrder: 2,
  label: 'Bitcoin (BTC)',
  currency: 'BTC',
  decimals: 8,
  defaultUsdRate: 50000,
  accepted: true,
  chain: {
    network: 'btc',
    name: 'Bitcoin',
    explorerTxUrl: (txId) => `https://mempool.space/tx/${txId}`,
  },
  /** BIP-21: `bitcoin:<address>?amount=<BTC>`. */
  walletUriScheme: 'bitcoin',
  paymentUri: (address, amount) => `bitcoin:${address}?amount=${trimZeros(amount)}`,
});
