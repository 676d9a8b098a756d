/**
 * The fulfilment kinds, each defined once in its own file (docs/adding-a-fulfilment-kind.md): the product editor's
 * labels and help, whether a kind is stocked by keys, and what its buyer reads on /verify, in the delivery e-mail and
 * in the dashboard are read from here, by the server and the web app alike. Registration order is the editor's order.
 */
import type { FulfilmentKindFacts } from './definition';
import { DOWNLOAD } from './download';
import { KEYS } from './keys';
import { MANUAL } from './manual';

export type { FulfilmentKindFacts } from './definition';

const REGISTERED = [KEYS, DOWNLOAD, MANUAL] as const;

/** A kind's GraphQL name: "KEYS" | "DOWNLOAD" | "MANUAL". */
export type FulfilmentKey = (typeof REGISTERED)[number]['key'];

/** Every kind, in the order the product editor lists them. */
export const FULFILMENT_KINDS: readonly FulfilmentKindFacts<FulfilmentKey>[] = REGISTERED;

const byKey = new Map<string, FulfilmentKindFacts<FulfilmentKey>>(REGISTERED.map((kind) => [kind.key, kind]));

/** A kind's facts by its GraphQL name. */
export function fulfilmentFacts(kind: FulfilmentKey): FulfilmentKindFacts<FulfilmentKey> {
  const facts = byKey.get(kind);
  if (!facts) throw new Error(`Unknown fulfilment kind: ${kind}`);
  return facts;
}

/** The kinds whose stock is their licence keys (KEYS, DOWNLOAD), by GraphQL name. */
export const STOCKED_BY_KEYS: readonly FulfilmentKey[] = REGISTERED.filter((kind) => kind.stockedByKeys).map(
  (kind) => kind.key,
);

/**
 * The kind whose buyer is given exactly what was delivered (keys, a file), for the texts that describe it; null when
 * no kind delivers that (a file without keys).
 */
export function kindDelivering(delivered: { keys: boolean; file: boolean }): FulfilmentKindFacts<FulfilmentKey> | null {
  return (
    REGISTERED.find((kind) => kind.delivers.keys === delivered.keys && kind.delivers.file === delivered.file) ?? null
  );
}
