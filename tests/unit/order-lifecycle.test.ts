/**
 * The lifecycle table (server/src/orders/order-lifecycle.ts) for every actor kind, every status and every target:
 * the regular moves of each actor, admins' overrides, and refusals.
 */
import { ActorKind, OrderStatus } from '../../server/src/core/enums';
import { checkTransition } from '../../server/src/orders/order-lifecycle';

const S = OrderStatus;
const ALL = Object.values(OrderStatus);

/** The regular moves, written out by hand: what the product promises each actor. */
const REGULAR: Record<ActorKind, [OrderStatus, OrderStatus][]> = {
  [ActorKind.CUSTOMER]: [[S.PENDING, S.CANCELLED]],
  [ActorKind.SYSTEM]: [
    [S.PENDING, S.SUCCESS],
    [S.PENDING, S.NOT_RECEIVED],
    [S.SUCCESS, S.PROCESSING],
    [S.SUCCESS, S.COMPLETED],
    [S.PROCESSING, S.COMPLETED],
  ],
  [ActorKind.ADMIN]: [
    [S.PENDING, S.SUCCESS],
    [S.PENDING, S.NOT_RECEIVED],
    [S.PENDING, S.CANCELLED],
    [S.SUCCESS, S.PROCESSING],
    [S.SUCCESS, S.COMPLETED],
    [S.PROCESSING, S.COMPLETED],
  ],
};

const rows = Object.values(ActorKind).flatMap((actor) =>
  ALL.flatMap((from) => ALL.map((to) => [actor, from, to] as const)),
);

it.each(rows)('%s: %s → %s', (actor, from, to) => {
  const regular = REGULAR[actor].some(([f, t]) => f === from && t === to);
  const expected =
    from === to
      ? { allowed: false }
      : regular
        ? { allowed: true, override: false }
        : actor === ActorKind.ADMIN
          ? { allowed: true, override: true }
          : { allowed: false };
  expect(checkTransition(actor, from, to)).toEqual(expected);
});

it('covers 3 actor kinds × 8 statuses × 8 statuses', () => {
  expect(rows).toHaveLength(3 * 8 * 8);
});
