/** Display labels for the store's enumerations, shared by server (QR, emails) and web. */
import { methodTable } from './payment-methods';

/** Each payment method's label and currency, from its definition (common/payment-methods/). */
export const PAYMENT_METHOD_LABELS = methodTable((m) => m.label);

/** Currency symbol the customer sends for each method. */
export const PAYMENT_METHOD_CURRENCY = methodTable((m) => m.currency);

/** "1 licence key", "4,000 licence keys": how the store counts keys in history notes, e-mails and pages. */
export function licenceKeyCount(count: number): string {
  return `${count.toLocaleString('en-US')} licence key${count === 1 ? '' : 's'}`;
}

export const PRODUCT_CATEGORY_LABELS: Record<string, string> = {
  ssl_certificates: 'SSL Certificates',
  crypto_keys: 'Crypto Keys',
  trading_bots: 'Trading Bots',
  scripts: 'Scripts',
};

export const ORDER_STATUS_LABELS = {
  PENDING: 'Pending',
  SUCCESS: 'Success',
  NOT_RECEIVED: 'Not Received',
  PROCESSING: 'Processing',
  COMPLETED: 'Completed',
  CONFIRMED: 'Confirmed',
  ACTIVE: 'Active',
  CANCELLED: 'Cancelled',
} as const;

export const TICKET_CATEGORY_LABELS = {
  INSTALLATION: 'Installation Help',
  ORDER: 'Order Issue',
  RENEWAL: 'Renewal',
  TECHNICAL: 'Technical Support',
  BILLING: 'Billing Question',
  OTHER: 'Other',
} as const;

export const TICKET_PRIORITY_LABELS = { LOW: 'Low', MEDIUM: 'Medium', HIGH: 'High', URGENT: 'Urgent' } as const;

export const GUIDE_CATEGORY_LABELS = {
  HOSTING_PANEL: 'Hosting Panels',
  WEB_SERVER: 'Web Servers',
  OTHER: 'Other',
} as const;

/** Who moved an order (`OrderEvent.actorKind`), as the admin's order history shows it. */
export const ACTOR_KIND_LABELS = {
  CUSTOMER: 'Customer',
  ADMIN: 'Admin',
  SYSTEM: 'System',
} as const;

/** The note of an order's first audit event, written by checkout and shown for events without one. */
export const ORDER_PLACED_NOTE = 'Order placed';

/** Ticket statuses (`TicketStatus`), as the dashboard and the admin panel show them. */
export const TICKET_STATUS_LABELS = {
  OPEN: 'Open',
  IN_PROGRESS: 'In Progress',
  WAITING_ON_CUSTOMER: 'Waiting on Customer',
  RESOLVED: 'Resolved',
  CLOSED: 'Closed',
} as const;
