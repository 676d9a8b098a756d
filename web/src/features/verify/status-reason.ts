import { isHistoryNote } from '../../format/order-status';
import type { ActorKind, OrderStatus } from '../../gql/graphql';

interface HistoryEntry {
  /** null for the order's first entry (placed). */
  fromStatus?: OrderStatus | null;
  toStatus: OrderStatus;
  actorKind: ActorKind;
  reason: string | null;
}

/**
 * Why the store itself moved the order to its current status (the payment window closed: NOT_RECEIVED), from the
 * order's history, oldest first; null when a person (the customer, an admin) made the last change or no reason was
 * given. A person's reasons are not shown to the customer: the status page's own text explains those. Notes (keys
 * reserved, delivered or released, a certificate issued) are not status changes and are skipped.
 */
export function systemReason(status: OrderStatus, events: readonly HistoryEntry[]): string | null {
  const last = events.filter((entry) => !isHistoryNote(entry)).at(-1);
  if (!last || last.toStatus !== status || last.actorKind !== 'SYSTEM') return null;
  return last.reason;
}
