/**
 * The order lifecycle (docs/order-lifecycle.md): which status an order may move to, and who may move it there.
 * One table for every rule; `transition` (order-lifecycle.service.ts) is the only writer of an order's status.
 *
 * - A customer may cancel their order while it is PENDING (before any payment is seen).
 * - The store's automation (SYSTEM) confirms a payment (PENDING → SUCCESS), delivers (SUCCESS → PROCESSING →
 *   COMPLETED, or straight to COMPLETED), and ends an unpaid order when its payment window closes
 *   (PENDING → NOT_RECEIVED).
 * - An admin may do what the automation and customers do, and, as the product has always allowed, set any other
 *   status too: such a move is recorded as an override.
 */
import { ENDED_UNPAID_STATUSES, PAID_STATUSES } from '../../../common/order-lifecycle';
import { ActorKind, OrderStatus } from '../core/enums';

const { PENDING, SUCCESS, NOT_RECEIVED, PROCESSING, COMPLETED, CANCELLED } = OrderStatus;

type Moves = Partial<Record<OrderStatus, readonly OrderStatus[]>>;

/** The statuses of an order that ended without being paid (common/order-lifecycle.ts), as the server's enum. */
export const ENDED_UNPAID: readonly OrderStatus[] = ENDED_UNPAID_STATUSES.map((key) => OrderStatus[key]);

/** The statuses of an order whose payment was confirmed (common/order-lifecycle.ts), as the server's enum. */
export const PAID: readonly OrderStatus[] = PAID_STATUSES.map((key) => OrderStatus[key]);

const CUSTOMER_MOVES: Moves = { [PENDING]: [CANCELLED] };

const SYSTEM_MOVES: Moves = {
  [PENDING]: [SUCCESS, NOT_RECEIVED],
  [SUCCESS]: [PROCESSING, COMPLETED],
  [PROCESSING]: [COMPLETED],
};

/** The moves each actor kind makes as a matter of course; an admin's regular moves are the customers' and the
 * system's, and any other is an override. */
const LIFECYCLE: Readonly<Record<ActorKind, Moves>> = {
  [ActorKind.CUSTOMER]: CUSTOMER_MOVES,
  [ActorKind.SYSTEM]: SYSTEM_MOVES,
  [ActorKind.ADMIN]: Object.fromEntries(
    Object.values(OrderStatus).map((from) => [from, [...(CUSTOMER_MOVES[from] ?? []), ...(SYSTEM_MOVES[from] ?? [])]]),
  ),
};

export type TransitionCheck = { allowed: true; override: boolean } | { allowed: false };

/** May `actor` move an order from `from` to `to`, and is it an admin override? Staying put is never a move. */
export function checkTransition(actor: ActorKind, from: OrderStatus, to: OrderStatus): TransitionCheck {
  if (from === to) return { allowed: false };
  const regular = LIFECYCLE[actor][from]?.includes(to) ?? false;
  if (regular) return { allowed: true, override: false };
  if (actor === ActorKind.ADMIN) return { allowed: true, override: true };
  return { allowed: false };
}
