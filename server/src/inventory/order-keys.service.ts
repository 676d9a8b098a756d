import { DataSource, type EntityManager } from 'typeorm';
import { licenceKeyCount } from '../../../common/labels';
import { Service } from '../container';
import type { Fulfilment } from '../core/enums';
import { EventBus } from '../core/event-bus';
import { fulfilmentHandler, STOCKED_BY_KEYS } from '../fulfilment';
import { sqlEnum } from '../db/sql-enum';
import { KeyCipher } from './key-cipher';
import { KeyStatus } from './key-status';

/**
 * SQL for a CTE that reserves `quantitySql` available keys of `productSql` for the order `orderIdSql` of each row
 * of `from`, oldest keys first, skipping keys another checkout holds (`FOR UPDATE SKIP LOCKED`): concurrent
 * checkouts never wait for each other's keys and never take the same one. It returns the reserved keys' ids; fewer
 * than asked means too few were free, and the caller rolls the whole order back (all or nothing).
 */
export function reserveKeysSql(from: string, orderIdSql: string, productSql: string, quantitySql: string): string {
  // The ids as an array, so the update finds its rows by primary key whatever the size of the stock (a join with the
  // subquery is planned as a scan of every key).
  return `UPDATE product_keys k SET status = ${sqlEnum(KeyStatus.RESERVED)}, order_id = ${orderIdSql}, updated_at = now()
          FROM ${from}
          WHERE k.id = ANY (ARRAY(SELECT id FROM product_keys
                                  WHERE product_id = ${productSql} AND status = ${sqlEnum(KeyStatus.AVAILABLE)}
                                  ORDER BY created_at LIMIT ${quantitySql}
                                  FOR UPDATE SKIP LOCKED))
          RETURNING k.id`;
}

export const KEY_MESSAGES = {
  cannotReopen: (needed: number, available: number) =>
    `This order needs ${needed.toLocaleString('en-US')} licence keys and only ${available.toLocaleString('en-US')} ` +
    `are in stock: import keys for the product first`,
} as const;

/** The order-history notes of key movements (docs/inventory.md "Orders and keys"). */
export const keysReservedNote = (count: number) => `${licenceKeyCount(count)} reserved`;
export const keysReleasedNote = (count: number) => `${licenceKeyCount(count)} released back to stock`;
export const keysDeliveredNote = (count: number) => `${licenceKeyCount(count)} delivered`;

/** A delivered key, decrypted for its order's owner or an admin. */
export interface DeliveredKey {
  id: string;
  orderId: string;
  value: string;
  deliveredAt: Date;
}

/**
 * The keys of orders (docs/inventory.md "Orders and keys"): reserved at checkout, released when the order ends
 * unpaid, reserved again when an admin reopens it, delivered when it is paid. Every method runs in the caller's
 * transaction, on an order row the caller has locked, and returns how many keys it moved so the caller can write
 * the order's history.
 */
@Service()
export class OrderKeys {
  constructor(
    private readonly db: DataSource,
    private readonly cipher: KeyCipher,
    private readonly bus: EventBus,
  ) {}

  /**
   * Reserves the keys order `order` still lacks (its quantity less the keys it holds), all or nothing; a product
   * not stocked by keys (its fulfilment handler's `stockedByKeys` false) needs none. Returns the product's fulfilment
   * (null: no such product), what was needed and whether it was reserved; on `false` nothing was reserved and
   * `available` says how many keys were free. The order's product and quantity come from the orders module (the
   * caller), which owns them.
   */
  async reserveMissing(
    manager: EntityManager,
    order: { id: string; productId: string; quantity: number },
  ): Promise<{
    fulfilment: Fulfilment | null;
    stockedByKeys: boolean;
    needed: number;
    reserved: boolean;
    available: number;
  }> {
    const [need]: { fulfilment: Fulfilment; needed: number }[] = await manager.query(
      `SELECT p.fulfilment, $3::int - (SELECT count(*)::int FROM product_keys WHERE order_id = $1) AS needed
       FROM products p WHERE p.id = $2`,
      [order.id, order.productId, order.quantity],
    );
    const fulfilment = need?.fulfilment ?? null;
    const stockedByKeys = !!need && fulfilmentHandler(need.fulfilment).stockedByKeys;
    if (!stockedByKeys || need.needed <= 0) {
      return { fulfilment, stockedByKeys, needed: 0, reserved: true, available: 0 };
    }
    await manager.query('SAVEPOINT reserve_keys');
    // Statements are SELECTs around their writes: TypeORM answers a bare UPDATE with [rows, count], not rows.
    const taken: unknown[] = await manager.query(
      `WITH target AS (SELECT $1::uuid AS id), taken AS (${reserveKeysSql('target', 'target.id', '$2', '$3')})
       SELECT id FROM taken`,
      [order.id, order.productId, need.needed],
    );
    if (taken.length < need.needed) {
      // All or nothing: the keys this statement took go back.
      await manager.query('ROLLBACK TO SAVEPOINT reserve_keys');
      return { fulfilment, stockedByKeys, needed: need.needed, reserved: false, available: taken.length };
    }
    await manager.query('RELEASE SAVEPOINT reserve_keys');
    return { fulfilment, stockedByKeys, needed: need.needed, reserved: true, available: taken.length };
  }

  /** How many keys of `productId` are reserved by orders (not yet delivered, nor back in stock). */
  async reservedCount(manager: EntityManager, productId: string): Promise<number> {
    const [row]: { n: number }[] = await manager.query(
      `SELECT count(*)::int AS n FROM product_keys WHERE product_id = $1 AND status = $2`,
      [productId, KeyStatus.RESERVED],
    );
    return row.n;
  }

  /** Whether order `orderId` holds reserved keys (not yet delivered). */
  async holdsReserved(manager: EntityManager, orderId: string): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `SELECT 1 FROM product_keys WHERE order_id = $1 AND status = $2 LIMIT 1`,
      [orderId, KeyStatus.RESERVED],
    );
    return rows.length > 0;
  }

  /** How many keys of `productId` are available, counting those a transaction in flight has locked. */
  async availableCount(manager: EntityManager, productId: string): Promise<number> {
    const [row]: { n: number }[] = await manager.query(
      `SELECT count(*)::int AS n FROM product_keys WHERE product_id = $1 AND status = $2`,
      [productId, KeyStatus.AVAILABLE],
    );
    return row.n;
  }

  /** Puts the keys order `orderId` holds but has not been given back in stock; returns how many. */
  async release(manager: EntityManager, orderId: string): Promise<{ productId: string | null; released: number }> {
    const rows: { product_id: string }[] = await manager.query(
      `WITH released AS (
         UPDATE product_keys SET status = $2, order_id = NULL, updated_at = now()
         WHERE order_id = $1 AND status = $3
         RETURNING product_id
       )
       SELECT product_id FROM released`,
      [orderId, KeyStatus.AVAILABLE, KeyStatus.RESERVED],
    );
    return { productId: rows[0]?.product_id ?? null, released: rows.length };
  }

  /** Marks the keys reserved for order `orderId` delivered; returns how many. */
  async deliver(manager: EntityManager, orderId: string): Promise<number> {
    const rows: unknown[] = await manager.query(
      `WITH delivered AS (
         UPDATE product_keys SET status = $2, delivered_at = now(), updated_at = now()
         WHERE order_id = $1 AND status = $3
         RETURNING id
       )
       SELECT id FROM delivered`,
      [orderId, KeyStatus.DELIVERED, KeyStatus.RESERVED],
    );
    return rows.length;
  }

  /** The delivered keys of each order, decrypted, in the order they were reserved (oldest key first). */
  async deliveredKeys(orderIds: readonly string[]): Promise<DeliveredKey[][]> {
    const rows: { id: string; order_id: string; secret: Buffer; delivered_at: Date }[] = await this.db.query(
      `SELECT id, order_id, secret, delivered_at FROM product_keys
       WHERE order_id = ANY ($1::uuid[]) AND status = $2
       ORDER BY created_at, id`,
      [orderIds, KeyStatus.DELIVERED],
    );
    const byOrder = new Map<string, DeliveredKey[]>(orderIds.map((id) => [id, []]));
    for (const row of rows) {
      byOrder.get(row.order_id)?.push({
        id: row.id,
        orderId: row.order_id,
        value: this.cipher.decrypt(row.secret),
        deliveredAt: row.delivered_at,
      });
    }
    return orderIds.map((id) => byOrder.get(id) ?? []);
  }

  /** How many keys each order has been given (nothing is decrypted). */
  async deliveredCounts(orderIds: readonly string[]): Promise<number[]> {
    const rows: { order_id: string; n: number }[] = await this.db.query(
      `SELECT order_id, count(*)::int AS n FROM product_keys
       WHERE order_id = ANY ($1::uuid[]) AND status = $2 GROUP BY order_id`,
      [orderIds, KeyStatus.DELIVERED],
    );
    const counts = new Map(rows.map((row) => [row.order_id, row.n]));
    return orderIds.map((id) => counts.get(id) ?? 0);
  }

  /**
   * Tells the catalogue and the admin's live product list when a product's keys stop (or start again) covering its
   * minimum quantity (docs/inventory.md "Stock follows keys"), with a `product.stock_changed` domain event for
   * webhooks. After a checkout it runs once the order committed (no `manager`), so it counts what every committed
   * checkout left; a change that only adds keys (a release) may run it in its own transaction, announced on commit.
   * `always` announces even when stock did not flip (an import or a release changes the count customers see).
   *
   * The count stops at the minimum quantity, so checking costs the same at 10 keys as at 100,000.
   * `products.keys_in_stock` remembers what was last announced: concurrent checks announce a flip once.
   */
  async announceStock(productId: string, options: { always: boolean; manager?: EntityManager }): Promise<void> {
    const manager = options.manager ?? this.db.manager;
    const flipped: unknown[] = await manager.query(
      `WITH counted AS (
         SELECT p.id, (SELECT count(*) FROM (SELECT 1 FROM product_keys k
                                             WHERE k.product_id = p.id AND k.status = ${sqlEnum(KeyStatus.AVAILABLE)}
                                             LIMIT p.min_quantity) covered) >= p.min_quantity AS keys_in_stock
         FROM products p WHERE p.id = $1 AND p.fulfilment = ANY ($2::text[])
       ), changed AS (
         UPDATE products p SET keys_in_stock = c.keys_in_stock
         FROM counted c WHERE p.id = c.id AND p.keys_in_stock IS DISTINCT FROM c.keys_in_stock
         RETURNING p.id, p.keys_in_stock AND p.in_stock AS in_stock
       ), announced AS (
         INSERT INTO domain_events (type, payload)
         SELECT 'product.stock_changed', jsonb_build_object('productId', id, 'inStock', in_stock) FROM changed
       )
       SELECT id FROM changed`,
      [productId, STOCKED_BY_KEYS],
    );
    if (flipped.length > 0 || options.always) {
      await this.bus.publish({ topic: 'products', id: productId }, options.manager);
    }
  }
}
