import type { BusEvent } from '../core/event-bus';

/** What a change of ticket `ticketId` announces on the live bus: its own topic (its thread) and the admin queue's. */
export function ticketChangeEvents(ticketId: string): BusEvent[] {
  return [
    { topic: `ticket:${ticketId}`, id: ticketId },
    { topic: 'tickets', id: ticketId },
  ];
}
