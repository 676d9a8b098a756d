/**
 * Where a customer finds an order's licence keys: the dashboard's Orders tab with the order's keys open
 * (`/dashboard?order=<id>`). The delivery e-mail and /verify link here, so the address is part of the contract.
 */
export const ORDER_KEYS_PARAM = 'order';

export function orderKeysPath(orderId: string): string {
  return `/dashboard?${ORDER_KEYS_PARAM}=${encodeURIComponent(orderId)}`;
}

/** The history state of the Keys link on an order card: a new history entry, so Back (or Close) returns to the list. */
export interface OrderKeysLinkState {
  keysFromList?: boolean;
}
