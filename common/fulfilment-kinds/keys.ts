import { defineFulfilmentFacts } from './definition';

/** Licence keys from stock, delivered when the payment is confirmed. */
export const KEYS = defineFulfilmentFacts({
  key: 'KEYS',
  label: 'Licence keys',
  helpText: 'Sold from imported licence keys, delivered when the payment is confirmed. Stock follows the keys.',
  stockedByKeys: true,
  delivers: { keys: true, file: false },
  verify: {
    delivered: 'Your order is complete: your licence keys are ready.',
    viewDelivered: 'View your keys',
  },
  mailAlsoReady: '',
  keysViewNote: null,
  deliveryPromise: 'Your keys arrive in your dashboard as soon as the payment is confirmed.',
  asksForDomain: false,
  dashboardTab: 'keys',
  issuesCertificate: false,
});
