import type { BusEvent } from '../core/event-bus';

/** What a change of order `orderId` announces on the live bus: its own topic (its page) and the admin queue's. */
export function orderChangeEvents(orderId: string): BusEvent[] {
  return [
    { topic: `order:${orderId}`, id: orderId },
    { topic: 'orders', id: orderId },
  ];
}
