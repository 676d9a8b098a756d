/**
 * Per-request DataLoaders: each batches the lookups one GraphQL request makes (no N+1) and caches
 * them for that request only. Created lazily, so a request pays only for the loaders it uses.
 */
import DataLoader from 'dataloader';
import type { Product } from '../catalogue/product.entity';
import { ProductService } from '../catalogue/product.service';
import type { Container } from '../container';

export class Loaders {
  private cache = new Map<string, DataLoader<string, unknown>>();

  constructor(private readonly container: Container) {}

  /**
   * A loader created once per request under `name`; `batch` gets the distinct keys of one tick and
   * asks a service for them (only services read the database).
   */
  loader<V>(name: string, batch: (keys: readonly string[]) => Promise<(V | null)[]>): DataLoader<string, V | null> {
    let loader = this.cache.get(name) as DataLoader<string, V | null> | undefined;
    if (!loader) {
      loader = new DataLoader<string, V | null>((keys) => batch(keys));
      this.cache.set(name, loader as DataLoader<string, unknown>);
    }
    return loader;
  }

  /**
   * Products by id, inactive ones too. Active products come from the catalogue cache (ProductService,
   * invalidated by product events), so a dashboard or an admin page reads the products table only for
   * withdrawn products.
   */
  get productById(): DataLoader<string, Product | null> {
    return this.loader('productById', (ids) => this.container.get(ProductService).findManyCurrent(ids));
  }
}
