/**
 * USDT as a TRC-20 token on TRON (docs/payments.md): Transfer logs of the USDT contract to PAY_ADDRESS_USDT_TRC20,
 * read from a TronGrid-compatible API (TRON_API_URL). Confirmations count solidified blocks, which TRON never reverts.
 */
import { USDT_TRC20 } from '../../../../../common/payment-methods/usdt-trc20';
import { confirmations, optionalString, optionalUrl } from '../../../config-fields';
import { exactAddressKey } from '../../chains/address-key';
import { TronReader } from '../../chains/tron-reader';
import { defineServerMethod, problemsOf } from '../definition';
import { tronAddressProblem } from './address';
import { z } from 'zod';

/** The fixed TRC-20 wallet of the demo store; production must set its own. */
const DEMO_USDT_ADDRESS = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';

export const usdtTrc20Method = defineServerMethod({
  facts: USDT_TRC20,
  env: {
    /** Unset outside production: the demo address. */
    PAY_ADDRESS_USDT_TRC20: optionalString,
    TRON_API_URL: optionalUrl(['http:', 'https:']),
    /** TronGrid's API key (header TRON-PRO-API-KEY); TronGrid throttles requests without one. */
    TRON_API_KEY: optionalString,
    /** The USDT TRC-20 token contract; the default is Tether's on TRON mainnet. */
    USDT_TRC20_CONTRACT: z.string().trim().min(1).default('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'),
    /** Counted in solidified blocks (about a minute after sending). */
    CONFIRMATIONS_TRON: confirmations(1),
  },
  configure: (e, { production }) => ({
    address: e.PAY_ADDRESS_USDT_TRC20 ?? (production ? undefined : DEMO_USDT_ADDRESS),
    // USDT is a dollar: no rate to set.
    usdRate: USDT_TRC20.defaultUsdRate,
    confirmations: e.CONFIRMATIONS_TRON,
    chain: e.TRON_API_URL ? { apiUrl: e.TRON_API_URL, apiKey: e.TRON_API_KEY, contract: e.USDT_TRC20_CONTRACT } : null,
    problems: problemsOf([
      ['PAY_ADDRESS_USDT_TRC20', e.PAY_ADDRESS_USDT_TRC20, tronAddressProblem],
      ['USDT_TRC20_CONTRACT', e.USDT_TRC20_CONTRACT, tronAddressProblem],
    ]),
  }),
  addressKey: exactAddressKey,
  payoutAddressProblem: (address) => tronAddressProblem(address),
  // TRON's zero address (T9yD14…): the burn address of TRC-20 tokens, no one holds its key.
  demoEnv: { PAY_ADDRESS_USDT_TRC20: 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb' },
  clockSkewMs: 5 * 60_000,
  reader: (chain, settings) => ({
    reader: new TronReader({ apiUrl: chain.apiUrl, apiKey: chain.apiKey, usdtContract: chain.contract }),
    token: chain.contract,
    requiredConfirmations: settings.confirmations!,
  }),
});
