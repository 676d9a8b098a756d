/**
 * USDT as an ERC-20 token on Ethereum (docs/payments.md): `Transfer` logs of USDT_ERC20_CONTRACT to
 * PAY_ADDRESS_USDT_ERC20, read over the same JSON-RPC as ETH (ETH_RPC_URL) by the ETH reader with its token option.
 * The address may be ETH's own: chain records are kept per method, and each method reads only its own payments (ETH
 * the transaction's value, this one the token's logs).
 */
import { z } from 'zod';
import { USDT_ERC20, USDT_ERC20_MAINNET_CONTRACT } from '../../../../../common/payment-methods/usdt-erc20';
import { confirmations, optionalString } from '../../../config-fields';
import { hexAddressKey } from '../../chains/address-key';
import { EthReader } from '../../chains/eth-reader';
import { defineServerMethod, problemsOf } from '../definition';
import { ethAddressProblem, ethAddressWarning, ethPayoutAddressProblem } from '../eth/address';
import { ETH_RPC_URL } from '../eth';

export const usdtErc20Method = defineServerMethod({
  facts: USDT_ERC20,
  env: {
    /** Unset: USDT (ERC-20) is shown unavailable. May be PAY_ADDRESS_ETH's address. */
    PAY_ADDRESS_USDT_ERC20: optionalString,
    ETH_RPC_URL,
    /** The USDT ERC-20 token contract (6 decimals); the default is Tether's on Ethereum mainnet. */
    USDT_ERC20_CONTRACT: z.string().trim().min(1).default(USDT_ERC20_MAINNET_CONTRACT),
    /** About 2.5 minutes of blocks, as ETH's. */
    CONFIRMATIONS_USDT_ERC20: confirmations(12),
  },
  configure: (e, { production }) => ({
    address: e.PAY_ADDRESS_USDT_ERC20,
    // USDT is a dollar: no rate to set.
    usdRate: USDT_ERC20.defaultUsdRate,
    confirmations: e.CONFIRMATIONS_USDT_ERC20,
    chain: e.ETH_RPC_URL ? { rpcUrl: e.ETH_RPC_URL } : null,
    token: e.USDT_ERC20_CONTRACT,
    problems: problemsOf([
      ['PAY_ADDRESS_USDT_ERC20', e.PAY_ADDRESS_USDT_ERC20, (v) => ethAddressProblem(v, { production })],
      ['USDT_ERC20_CONTRACT', e.USDT_ERC20_CONTRACT, (v) => ethAddressProblem(v, { production })],
    ]),
    warnings: problemsOf([
      ['PAY_ADDRESS_USDT_ERC20', e.PAY_ADDRESS_USDT_ERC20, ethAddressWarning],
      ['USDT_ERC20_CONTRACT', e.USDT_ERC20_CONTRACT, ethAddressWarning],
    ]),
  }),
  addressKey: hexAddressKey,
  payoutAddressProblem: ethPayoutAddressProblem,
  // The burn address 0x…dEaD (EIP-55 checksummed): a well-known address no one holds the key of.
  demoEnv: { PAY_ADDRESS_USDT_ERC20: '0x000000000000000000000000000000000000dEaD' },
  clockSkewMs: 5 * 60_000,
  reader: (chain, settings) => ({
    reader: new EthReader({
      rpcUrl: chain.rpcUrl,
      token: { contract: settings.token!, decimals: USDT_ERC20.decimals },
    }),
    // As the reader writes a transfer's token: lower case.
    token: settings.token!.toLowerCase(),
    requiredConfirmations: settings.confirmations!,
  }),
});
