/**
 * The Tickets tab's label reads the overdue count with a query of its own (no cache: its one-row page must not
 * merge into the tab's list). What changes tickets (a live event, the admin's own reply or status change) asks it to
 * read again through here; it also polls, because a ticket becomes overdue by the clock alone.
 */
const listeners = new Set<() => void>();

export function onTicketsChanged(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function ticketsChanged(): void {
  for (const listener of listeners) listener();
}
