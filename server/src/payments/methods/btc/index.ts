/**
 * BTC (docs/payments.md): outputs paying PAY_ADDRESS_BTC, or with BTC_XPUB an address per order derived from the
 * seller's BIP-84 account key, read from an Esplora-compatible API (BTC_API_URL: Blockstream's, mempool.space's, or
 * your own electrs).
 */
import { BTC } from '../../../../../common/payment-methods/btc';
import { confirmations, optionalString, optionalUrl, usdRate } from '../../../config-fields';
import { bech32OrExactKey } from '../../chains/address-key';
import { BtcReader } from '../../chains/btc-reader';
import { defineServerMethod, problemsOf } from '../definition';
import { btcAddressProblem } from './address';
import { parseBtcXpub, type BtcAccount } from './xpub';

/**
 * Receive indexes of BTC_XPUB compared with PAY_ADDRESS_BTC at start (about 7 ms each, only when both are set): a
 * wallet's first addresses, where a seller finds the address they configured before giving the key.
 */
const SINGLE_ADDRESS_CHECKED_INDEXES = 200;

/**
 * A warning when PAY_ADDRESS_BTC is one of the key's first receive addresses (review 28). Not a refusal: that address
 * is never handed out to an order (DerivedAddresses skips it), so the setup is safe, but the seller should know why
 * the wallet shows that index used by other payments than an order's own.
 */
function singleAddressWarning(single: string, derivation: BtcAccount): string | null {
  const wanted = bech32OrExactKey(single);
  for (let index = 0; index < SINGLE_ADDRESS_CHECKED_INDEXES; index++) {
    if (bech32OrExactKey(derivation.address(index)) === wanted) {
      return `is receive address ${index} of BTC_XPUB (…/0/${index}): no order is given it as its own; payments to it are matched by amount to the orders placed with the single address`;
    }
  }
  return null;
}

export const btcMethod = defineServerMethod({
  facts: BTC,
  env: {
    PAY_ADDRESS_BTC: optionalString,
    /** The seller's BIP-84 account key (zpub; xpub; vpub or tpub for testnet): an address per order. */
    BTC_XPUB: optionalString,
    BTC_API_URL: optionalUrl(['http:', 'https:']),
    /** About 30 minutes. */
    CONFIRMATIONS_BTC: confirmations(3),
    RATE_BTC_USD: usdRate(BTC.defaultUsdRate),
  },
  configure: (e, { production }) => {
    let derivation: BtcAccount | null = null;
    let xpubProblem: string | null = null;
    if (e.BTC_XPUB !== undefined) {
      try {
        derivation = parseBtcXpub(e.BTC_XPUB, { production });
      } catch (error) {
        xpubProblem = (error as Error).message;
      }
    }
    return {
      address: e.PAY_ADDRESS_BTC,
      derivation,
      usdRate: e.RATE_BTC_USD,
      confirmations: e.CONFIRMATIONS_BTC,
      chain: e.BTC_API_URL ? { apiUrl: e.BTC_API_URL } : null,
      warnings: problemsOf([
        ['PAY_ADDRESS_BTC', derivation ? e.PAY_ADDRESS_BTC : undefined, (v) => singleAddressWarning(v, derivation!)],
      ]),
      problems: problemsOf([
        ['PAY_ADDRESS_BTC', e.PAY_ADDRESS_BTC, (v) => btcAddressProblem(v, { production })],
        // Never repeated into the logs, whatever it holds: a private key pasted by mistake comes in more shapes than
        // an xprv (a WIF key, a seed phrase, a key after a space), so no pattern can tell it from a public one. Its
        // first four characters (zpub, xpub, vpub…) say which kind was given; the problem says the rest.
        ['BTC_XPUB', e.BTC_XPUB === undefined ? undefined : `${e.BTC_XPUB.trim().slice(0, 4)}…`, () => xpubProblem],
      ]),
    };
  },
  addressKey: bech32OrExactKey,
  // Miners may stamp a block up to two hours from real time.
  payoutAddressProblem: (address, context) => btcAddressProblem(address, context),
  // The "Bitcoin Eater" address: valid Base58Check, made up as text, so no key to it exists.
  demoEnv: { PAY_ADDRESS_BTC: '1BitcoinEaterAddressDontSendf59kuE' },
  clockSkewMs: 2 * 3_600_000,
  reader: (chain, settings) => ({
    reader: new BtcReader({ apiUrl: chain.apiUrl }),
    token: null,
    requiredConfirmations: settings.confirmations!,
  }),
});
