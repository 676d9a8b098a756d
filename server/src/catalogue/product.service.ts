import { DataSource, In, MoreThanOrEqual, type EntityManager } from 'typeorm';
import { quoteTotal, type Quote } from '../../../common/pricing';
import { checkoutDetailsSchema, isUuid, MESSAGES } from '../../../common/validation';
import { Service } from '../container';
import { flatMapAsyncIterator } from '../core/async-iterators';
import { EventBus } from '../core/event-bus';
import { InputError, NotFoundError, parseInput, ProductUnavailableError } from '../core/errors';
import { logger, runOutsideRequest } from '../core/logger';
import { InventoryService } from '../inventory/inventory.service';
import { fulfilmentHandler, STOCKED_BY_KEYS } from '../fulfilment';
import { Product } from './product.entity';

/** The product and quantity rules of checkout step 1 (docs/product.md "Input rules"). */
const purchaseSchema = checkoutDetailsSchema.pick({ productId: true, quantity: true });

/**
 * Upper bound on how long a cached catalogue may be served: the 'products' notifications keep it
 * fresh, and this bounds staleness if one is lost while the event bus reconnects.
 */
const CATALOGUE_MAX_AGE_MS = 60_000;

/** A product a customer may buy in this quantity, with the server's price for it. */
export interface Purchasable {
  product: Product;
  quantity: number;
  quote: Quote;
}

/** The cached catalogue: the active list and its version. */
interface CatalogueEntry {
  /** A promise, so concurrent first reads share one query. */
  products: Promise<Product[]>;
  loadedAt: number;
  /** The catalogue version this list is (catalogueVersion). */
  version: number;
}

/**
 * The catalogue: what customers see (active products only, docs/product.md "Reads and writes"), what admins see and
 * change, and the one rule for "may product X be bought × quantity" that `quote` and the checkout share.
 *
 * The active list is the hottest read of the store, so it is cached in-process. Every change
 * publishes `{ topic: 'products' }`; each process LISTENs and drops its cache on that event, so
 * replicas stay fresh. A change made here also drops the local cache at once, so the caller's next
 * read sees it without waiting for the notification. Each drop bumps the catalogue version, which the
 * transports' own caches of catalogue answers are keyed by (catalogue-version.ts).
 */
@Service()
export class ProductService {
  private catalogue: CatalogueEntry | null = null;
  /** Bumped on every change and every reload: a version names one catalogue, never two. */
  private version = 0;
  private listening = false;

  constructor(
    private readonly db: DataSource,
    private readonly bus: EventBus,
    private readonly inventory: InventoryService,
  ) {}

  /** Active products, price ascending (name breaks ties so the order is stable). */
  async listActive(): Promise<Product[]> {
    return [...(await this.currentCatalogue()).products];
  }

  /**
   * The version of the current catalogue, loading it if need be: what a transport computes from the catalogue after
   * asking is kept under this version (catalogue-version.ts), and dropped once a product change or
   * CATALOGUE_MAX_AGE_MS makes a new one. Asked before computing, so an answer is never kept under a version newer
   * than its data.
   */
  async catalogueVersion(): Promise<number> {
    return (await this.currentCatalogue()).version;
  }

  /**
   * The current catalogue's version when it is loaded and within its age, else null: for callers that must not wait
   * (the HTTP hit path, catalogue-hit-path.ts), which leave a miss to the path that loads it.
   */
  loadedCatalogueVersion(): number | null {
    const entry = this.catalogue;
    return entry && Date.now() - entry.loadedAt < CATALOGUE_MAX_AGE_MS ? entry.version : null;
  }

  private async currentCatalogue(): Promise<{ products: Product[]; version: number }> {
    this.listenForChanges();
    let entry = this.catalogue;
    if (!entry || Date.now() - entry.loadedAt >= CATALOGUE_MAX_AGE_MS) {
      const products = this.db
        .getRepository(Product)
        .find({ where: { active: true }, order: { price: 'ASC', name: 'ASC' } })
        .then((list) => this.withKeyStock(list));
      entry = { products, loadedAt: Date.now(), version: ++this.version };
      this.catalogue = entry;
    }
    try {
      return { products: await entry.products, version: entry.version };
    } catch (error) {
      if (this.catalogue === entry) this.catalogue = null;
      throw error;
    }
  }

  /** The active product with this slug, or null. */
  async findActiveBySlug(slug: string): Promise<Product | null> {
    return (await this.listActive()).find((product) => product.slug === slug) ?? null;
  }

  /**
   * Products by id, inactive ones too (an order keeps its product): active ones from the catalogue
   * cache, the rest from the database in one statement; null for unknown or malformed ids.
   */
  async findManyCurrent(ids: readonly string[]): Promise<(Product | null)[]> {
    const found = new Map((await this.listActive()).map((product) => [product.id, product]));
    const missing = ids.filter((id) => !found.has(id) && isUuid(id));
    if (missing.length > 0) {
      const products = await this.withKeyStock(await this.db.getRepository(Product).findBy({ id: In(missing) }));
      for (const product of products) {
        found.set(product.id, product);
      }
    }
    return ids.map((id) => found.get(id) ?? null);
  }

  /** The product with this id: from the catalogue cache when active, else from the database (or null). */
  async findCurrent(id: string): Promise<Product | null> {
    return (await this.findManyCurrent([id]))[0];
  }

  /** Any product by id (inactive too), read from the database; null for unknown or malformed ids. */
  async findById(id: string, manager: EntityManager = this.db.manager): Promise<Product | null> {
    if (!isUuid(id)) return null;
    const product = await manager.getRepository(Product).findOneBy({ id });
    return product && (await this.withKeyStock([product], manager))[0];
  }

  /**
   * Counts the available keys of the products stocked by keys (one statement), which decide their stock
   * (docs/inventory.md "Stock follows keys").
   */
  private async withKeyStock(products: Product[], manager?: EntityManager): Promise<Product[]> {
    const keyed = products.filter((product) => fulfilmentHandler(product.fulfilment).stockedByKeys);
    const counts = await this.inventory.availableCounts(
      keyed.map((product) => product.id),
      manager,
    );
    keyed.forEach((product, index) => {
      product.availableQuantity = counts[index];
    });
    return products;
  }

  /**
   * Validates buying `quantity` of `productId` and prices it. Shared by `quote` and the checkout.
   * - productId not a uuid, or no active product with it → BAD_USER_INPUT 'Please select a valid product'
   *   (an unknown or withdrawn product is not a valid choice; field `productId`)
   * - quantity outside 1..50000 → BAD_USER_INPUT with the spec's quantity messages (field `quantity`)
   * - out of stock → PRODUCT_UNAVAILABLE 'This product is currently out of stock. Please try another product.'
   * - below the product's minimum (bulk only) → BAD_USER_INPUT (field `quantity`)
   * - more than the keys in stock (products stocked by keys) → PRODUCT_UNAVAILABLE 'Only N left in stock'
   * Without `manager` it answers from the catalogue cache (a quote, checkout's early check; an id not
   * in it, e.g. a product added a moment ago, is read from the database); with
   * `manager` it reads the row inside that transaction FOR SHARE, so a concurrent setStock waits for
   * the order: the answer an order is placed on is never stale. Keys are not counted then: the checkout's
   * reservation of the keys themselves is the authority on them.
   */
  async getPurchasable(productId: string, quantity: number, manager?: EntityManager): Promise<Purchasable> {
    parseInput(purchaseSchema, { productId, quantity });
    const product = manager
      ? await manager.getRepository(Product).findOne({ where: { id: productId }, lock: { mode: 'pessimistic_read' } })
      : await this.findCurrent(productId);
    if (!product || !product.active) throw InputError.field('productId', MESSAGES.invalidProduct);
    const keysCounted = !manager && fulfilmentHandler(product.fulfilment).stockedByKeys;
    if (!(keysCounted ? product.onSale : product.inStock)) {
      throw new ProductUnavailableError(MESSAGES.outOfStockOnSubmit);
    }
    if (quantity < product.minQuantity) {
      throw InputError.field('quantity', MESSAGES.belowMinimumQuantity(product.minQuantity));
    }
    if (keysCounted && quantity > (product.availableQuantity ?? 0)) {
      throw new ProductUnavailableError(MESSAGES.onlyLeftInStock(product.availableQuantity ?? 0));
    }
    return { product, quantity, quote: quoteTotal(product, quantity) };
  }

  /** Every product, inactive ones too, name ascending (admin stock list, docs/product.md "Reads and writes"). */
  async listAll(): Promise<Product[]> {
    return this.withKeyStock(await this.db.getRepository(Product).find({ order: { name: 'ASC', id: 'ASC' } }));
  }

  /** Sets a product's stock flag and announces the change (NOTIFY on commit). */
  async setStock(productId: string, inStock: boolean): Promise<Product> {
    const product = await this.db.transaction(async (manager) => {
      const found = await this.findById(productId, manager);
      if (!found) throw new NotFoundError('Product');
      // Setting the current value is a no-op: nothing to save or announce.
      if (found.inStock === inStock) return found;
      found.inStock = inStock;
      await manager.getRepository(Product).save(found);
      await this.bus.publish({ topic: 'products', id: found.id }, manager);
      return found;
    });
    this.invalidate();
    return product;
  }

  /**
   * Every changed product, as it is now, from any server process (the admin's live stock list). After
   * the event bus lost events, the products changed since then are sent again.
   */
  watchChanges(): AsyncIterableIterator<Product> {
    return flatMapAsyncIterator(this.bus.subscribe('products'), async (event) => {
      if (event.missedSince) {
        // Key stock changes leave updated_at alone, so every product stocked by keys is sent again too.
        const changed = await this.db.getRepository(Product).find({
          where: [
            { updatedAt: MoreThanOrEqual(new Date(event.missedSince)) },
            { fulfilment: In([...STOCKED_BY_KEYS]) },
          ],
          order: { updatedAt: 'ASC' },
        });
        return this.withKeyStock(changed);
      }
      const product = await this.findById(event.id);
      return product ? [product] : [];
    });
  }

  /** Drops the cached catalogue and bumps its version (on any product change, local or from another process). */
  invalidate(): void {
    // A load already under way is dropped too: it may have read the row before the change.
    this.catalogue = null;
    this.version++;
  }

  /** Subscribes to 'products' once, on first use, and invalidates on every event until the bus closes. */
  private listenForChanges(): void {
    if (this.listening) return;
    this.listening = true;
    const events = this.bus.subscribe('products');
    // The listener outlives the request that started it: its lines must not carry that request's id.
    void runOutsideRequest(() =>
      (async () => {
        for await (const event of events) {
          logger.debug({ productId: event.id }, 'Catalogue cache invalidated');
          this.invalidate();
        }
      })().catch((error) => {
        logger.warn({ err: error }, 'Catalogue cache listener stopped');
        this.listening = false;
        this.invalidate();
      }),
    );
  }
}
