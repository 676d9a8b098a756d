/**
 * A fulfilment kind as the server knows it (Vendure's FulfillmentHandler idea; docs/adding-a-fulfilment-kind.md): its
 * facts from common/ (label, help text, stocked by keys, what its buyer reads), plus what the server does with an
 * order of it: what a checkout reserves, how a paid order is delivered, what the order shows. One handler per kind,
 * registered once in ./index.ts.
 *
 * Handlers are data and pure functions, not services: the services that reserve and deliver (checkout, OrderKeys,
 * DeliveryService) ask them, so this folder depends on no module and checkout, delivery, inventory, the catalogue and
 * the sales report may all ask it without a cycle.
 */
import type { FulfilmentKey, FulfilmentKindFacts } from '../../../common/fulfilment-kinds';
import type { Fulfilment } from '../core/enums';

/**
 * How a paid order of the kind is delivered (docs/inventory.md "Delivery"):
 * - `keys-from-stock`: the delivery job gives the order its reserved keys (reserving what it lacks), then completes it
 *   as SYSTEM; a kind that delivers a file shows the product's file as the order's `downloadUrl` from then on;
 * - `by-admin`: the job leaves the order alone; an admin delivers it and completes the order.
 */
export type DeliveryMode = 'keys-from-stock' | 'by-admin';

export interface FulfilmentHandler {
  readonly facts: FulfilmentKindFacts<FulfilmentKey>;
  /** The enum value (what the database stores in products.fulfilment). */
  readonly kind: Fulfilment;
  /** Its stock is its licence keys (checkout reservation, stock counts, the low-stock report): the facts' flag. */
  readonly stockedByKeys: boolean;
  /** The licence keys a checkout of `quantity` reserves for the order (all or nothing; none for a kind without keys). */
  keysReservedAtCheckout(quantity: number): number;
  readonly delivery: DeliveryMode;
  /** The order shows the product's file once it is COMPLETED (`Order.downloadUrl`): the facts' `delivers.file`. */
  readonly showsDownload: boolean;
}

/**
 * A kind's handler: its facts, its enum value and how it is delivered; the rest is read from the facts, so the
 * server and the web app cannot disagree on them. A kind stocked by keys must deliver them from stock: keys it
 * reserved and never delivered would stay reserved.
 */
export function defineFulfilmentHandler(definition: {
  facts: FulfilmentKindFacts<FulfilmentKey>;
  kind: Fulfilment;
  delivery: DeliveryMode;
}): FulfilmentHandler {
  const { facts, kind, delivery } = definition;
  if (facts.stockedByKeys !== (delivery === 'keys-from-stock')) {
    throw new Error(`Fulfilment ${facts.key}: a kind is stocked by keys exactly when it delivers keys from stock`);
  }
  return Object.freeze({
    facts,
    kind,
    stockedByKeys: facts.stockedByKeys,
    keysReservedAtCheckout: (quantity: number) => (facts.stockedByKeys ? quantity : 0),
    delivery,
    showsDownload: facts.delivers.file,
  });
}
