/**
 * Every fulfilment kind the server knows, registered once (docs/adding-a-fulfilment-kind.md). Checkout, delivery, the
 * catalogue's stock, the editor and the sales report ask a kind's handler; nothing else compares kinds.
 */
import { FULFILMENT_KINDS } from '../../../common/fulfilment-kinds';
import type { Fulfilment } from '../core/enums';
import type { FulfilmentHandler } from './definition';
import { downloadHandler } from './download';
import { keysHandler } from './keys';
import { manualHandler } from './manual';

export type { DeliveryMode, FulfilmentHandler } from './definition';

const HANDLERS: readonly FulfilmentHandler[] = [keysHandler, downloadHandler, manualHandler];

// One handler per kind of common/, in its order: a kind defined on one side only fails at start.
if (HANDLERS.map((h) => h.facts.key).join() !== FULFILMENT_KINDS.map((k) => k.key).join()) {
  throw new Error('server/src/fulfilment: every kind of common/fulfilment-kinds needs one handler here');
}

const byKind = new Map<string, FulfilmentHandler>(HANDLERS.map((h) => [h.kind, h]));

/** Every handler, in the product editor's order. */
export const FULFILMENT_HANDLERS: readonly FulfilmentHandler[] = HANDLERS;

/** A kind's handler by its enum value (or that value as a string, as a raw SQL row carries it). */
export function fulfilmentHandler(kind: Fulfilment | `${Fulfilment}`): FulfilmentHandler {
  const handler = byKind.get(kind);
  if (!handler) throw new Error(`Unknown fulfilment kind: ${kind}`);
  return handler;
}

/**
 * The kinds whose stock is their licence keys, as the database stores them: SQL compares with this list
 * (`fulfilment = ANY ($n)`), never with a kind typed in the statement. It is common/'s STOCKED_BY_KEYS in the enum's
 * values.
 */
export const STOCKED_BY_KEYS: readonly Fulfilment[] = HANDLERS.filter((h) => h.stockedByKeys).map((h) => h.kind);
