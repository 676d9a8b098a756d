/**
 * The order lifecycle's sets and the order number, as the API names statuses (`OrderStatus` keys, e.g. 'SUCCESS'):
 * one definition that the server (server/src/orders/order-lifecycle.ts maps them onto its enum) and the web app import
 * (docs/order-lifecycle.md "Statuses").
 */

/** The statuses of an order whose payment was confirmed: its licence keys are delivered and shown. */
export const PAID_STATUSES = ['SUCCESS', 'PROCESSING', 'COMPLETED'] as const;

/** The statuses of an order that ended without being paid: its licence keys go back to stock. */
export const ENDED_UNPAID_STATUSES = ['CANCELLED', 'NOT_RECEIVED'] as const;

export type PaidStatus = (typeof PAID_STATUSES)[number];
export type EndedUnpaidStatus = (typeof ENDED_UNPAID_STATUSES)[number];

/** Is the payment of an order in this status confirmed? */
export function isPaidStatus(status: string): status is PaidStatus {
  return (PAID_STATUSES as readonly string[]).includes(status);
}

/** Did an order in this status end without being paid? */
export function isEndedUnpaidStatus(status: string): status is EndedUnpaidStatus {
  return (ENDED_UNPAID_STATUSES as readonly string[]).includes(status);
}

/** How many characters of an order's id make its order number. */
export const ORDER_NUMBER_LENGTH = 8;

/** The order number customers and admins see (dashboard, /verify, e-mails, the admin queue): the id's first 8 characters. */
export function shortOrderId(orderId: string): string {
  return orderId.slice(0, ORDER_NUMBER_LENGTH);
}
