import { licenceKeyCount } from '../../../../../common/labels';
import { formatCount } from '../../../format/stock';

/** The licence-key view's texts (Dashboard › Orders › Keys), each typed once. */
export const KEYS_TEXTS = {
  title: 'Licence keys',
  open: 'Keys',
  openLabel: (shortId: string) => `Keys of order ${shortId}`,
  close: 'Close',
  loading: 'Loading your keys...',
  loadFailed: "We couldn't load the keys of this order.",
  notFound: 'Order not found',
  notFoundText: 'Check the link you followed, or find the order in your Orders tab.',
  pending: 'Your keys appear here once the payment is confirmed.',
  pendingNext: 'This page updates by itself: no need to reload.',
  viewPaymentStatus: 'View payment status',
  delivering: 'Payment confirmed. Your keys are being delivered and appear here in a moment.',
  cancelled: 'This order was cancelled, so no keys were delivered.',
  notReceived: 'No payment was received for this order, so no keys were delivered.',
  none: 'No licence keys were delivered for this order. If you expected some, please contact support.',
  delivered: (count: number) => `${licenceKeyCount(count)} delivered`,
  downloadAll: 'Download all keys (.txt)',
  downloadFile: 'Download file',
  copy: 'Copy',
  copied: 'Copied',
  copyAll: 'Copy all',
  /** What a copy button copies, in its accessible name ("Copy key 3", "Copied all keys"). */
  keyAt: (position: number) => `key ${position}`,
  allKeys: 'all keys',
  copiedAnnouncement: 'Copied to the clipboard',
  copyFailed: { title: 'Copy Failed', description: 'Please select the key and copy it yourself.' },
  keyListLabel: 'Your licence keys',
  more: (count: number) => `and ${formatCount(count)} more in the download`,
  showingFirst: (shown: number, total: number) =>
    `Showing the first ${formatCount(shown)} of ${formatCount(total)} keys: the download holds all of them.`,
} as const;
