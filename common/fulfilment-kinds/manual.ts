import { defineFulfilmentFacts } from './definition';

/** An admin delivers each order (a certificate issued for a domain); stock is the admin's switch. */
export const MANUAL = defineFulfilmentFacts({
  key: 'MANUAL',
  label: 'Delivered by hand',
  helpText: 'An admin delivers each order (e.g. a certificate issued for a domain). Stock is the switch in the list.',
  stockedByKeys: false,
  delivers: { keys: false, file: false },
  verify: null,
  mailAlsoReady: '',
  keysViewNote:
    'This product is delivered by our team rather than as licence keys. Certificates appear in your Certificates tab.',
  deliveryPromise:
    'Our team issues your certificate for your domain once the payment is confirmed; it appears in your dashboard.',
  asksForDomain: true,
  dashboardTab: 'certificates',
  issuesCertificate: true,
});
