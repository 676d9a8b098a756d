import { defineFulfilmentFacts } from './definition';

/** A file plus a licence key from stock (scripts, bots); the file is the product's `download_file_id`. */
export const DOWNLOAD = defineFulfilmentFacts({
  key: 'DOWNLOAD',
  label: 'Download + licence key',
  helpText: 'A file plus a licence key from stock, delivered when the payment is confirmed.',
  stockedByKeys: true,
  delivers: { keys: true, file: true },
  verify: {
    delivered: 'Your order is complete: your licence keys and download are ready.',
    viewDelivered: 'View your keys and download',
  },
  mailAlsoReady: ' and the download',
  keysViewNote: null,
  deliveryPromise: 'Your download and licence key arrive in your dashboard as soon as the payment is confirmed.',
  asksForDomain: false,
  dashboardTab: 'keys',
  issuesCertificate: false,
});
