/**
 * What a transport keeps of the catalogue, kept per catalogue version (docs/architecture.md "Caches"). The catalogue
 * module bumps its version on every change (ProductService.catalogueVersion: a product changed in this process or, by
 * the 'products' event, in another, and after the catalogue's maximum age); each transport (the GraphQL response
 * cache, the HTTP hit path, server rendering) owns one of these and asks for the version's entry: a newer version
 * starts an empty one and drops the old, so nothing kept outlives the catalogue it was computed from.
 */
export class CatalogueVersioned<T> {
  private version = -1;
  private entry: T;

  /** `create` makes an empty entry (a Map, or what the transport keeps). */
  constructor(private readonly create: () => T) {
    this.entry = create();
  }

  /**
   * The entry of `version`, to keep things in: a newer version than the entry's replaces it with an empty one. An
   * older version (a request that took its version before a change) gets an entry of its own that nothing reads,
   * so what it keeps is dropped with it, never served with the newer catalogue.
   */
  at(version: number): T {
    if (version > this.version) {
      this.version = version;
      this.entry = this.create();
    }
    return version === this.version ? this.entry : this.create();
  }

  /** The entry of `version` if it is the one kept, else null: for lookups that must not start a new entry. */
  peek(version: number): T | null {
    return version === this.version ? this.entry : null;
  }
}

/**
 * Variables (a slug) and URLs are the caller's, so a store of answers is bounded: at most this many, the oldest
 * dropped first, so made-up slugs cannot crowd out the pages people visit.
 */
const MAX_KEPT = 500;

/** Keeps `value` in a store of catalogue answers, dropping the oldest when it is full. */
export function keepBounded<T>(store: Map<string, T>, key: string, value: T): void {
  if (store.size >= MAX_KEPT) store.delete(store.keys().next().value!);
  store.set(key, value);
}
