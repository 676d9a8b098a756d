/**
 * ETH (docs/payments.md): the transaction's own value to PAY_ADDRESS_ETH, read over JSON-RPC (ETH_RPC_URL: a node,
 * Infura, Alchemy, or anvil in the tests).
 */
import { ETH } from '../../../../../common/payment-methods/eth';
import { confirmations, optionalString, optionalUrl, usdRate } from '../../../config-fields';
import { hexAddressKey } from '../../chains/address-key';
import { EthReader } from '../../chains/eth-reader';
import { defineServerMethod, problemsOf } from '../definition';
import { ethAddressProblem, ethAddressWarning, ethPayoutAddressProblem } from './address';

/** Any Ethereum JSON-RPC node; unset: an admin confirms the payments (the manual flow). ETH and USDT_ERC20 read it. */
export const ETH_RPC_URL = optionalUrl(['http:', 'https:']);

export const ethMethod = defineServerMethod({
  facts: ETH,
  env: {
    PAY_ADDRESS_ETH: optionalString,
    ETH_RPC_URL,
    /** About 2.5 minutes of blocks. */
    CONFIRMATIONS_ETH: confirmations(12),
    RATE_ETH_USD: usdRate(ETH.defaultUsdRate),
  },
  configure: (e, { production }) => ({
    address: e.PAY_ADDRESS_ETH,
    usdRate: e.RATE_ETH_USD,
    confirmations: e.CONFIRMATIONS_ETH,
    chain: e.ETH_RPC_URL ? { rpcUrl: e.ETH_RPC_URL } : null,
    problems: problemsOf([['PAY_ADDRESS_ETH', e.PAY_ADDRESS_ETH, (v) => ethAddressProblem(v, { production })]]),
    warnings: problemsOf([['PAY_ADDRESS_ETH', e.PAY_ADDRESS_ETH, ethAddressWarning]]),
  }),
  addressKey: hexAddressKey,
  payoutAddressProblem: ethPayoutAddressProblem,
  // The burn address 0x…dEaD (EIP-55 checksummed): a well-known address no one holds the key of.
  demoEnv: { PAY_ADDRESS_ETH: '0x000000000000000000000000000000000000dEaD' },
  clockSkewMs: 5 * 60_000,
  reader: (chain, settings) => ({
    reader: new EthReader({ rpcUrl: chain.rpcUrl }),
    token: null,
    requiredConfirmations: settings.confirmations!,
  }),
});
