/** PayPal and Skrill: listed, never accepted (common/payment-methods/listed.ts). No settings, no chain. */
import type { PaymentMethodFacts, PaymentMethodKey } from '../../../../common/payment-methods';
import { PAYPAL, SKRILL } from '../../../../common/payment-methods/listed';
import { exactAddressKey } from '../chains/address-key';
import { defineServerMethod } from './definition';

const listed = (facts: PaymentMethodFacts<PaymentMethodKey>) =>
  defineServerMethod({
    facts,
    env: {},
    configure: () => ({
      address: undefined,
      usdRate: facts.defaultUsdRate,
      confirmations: null,
      chain: null,
      problems: [],
    }),
    addressKey: exactAddressKey,
    payoutAddressProblem: null,
    demoEnv: {},
    clockSkewMs: 0,
    reader: (): never => {
      throw new Error(`${facts.label} has no chain`);
    },
  });

export const paypalMethod = listed(PAYPAL);
export const skrillMethod = listed(SKRILL);
