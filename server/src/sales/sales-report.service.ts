import { sql } from 'kysely';
import { DataSource } from 'typeorm';
import { salesRangeSchema } from '../../../common/validation';
import { Service } from '../container';
import { type PaymentMethod } from '../core/enums';
import { STOCKED_BY_KEYS } from '../fulfilment';
import { parseInput } from '../core/errors';
import { InventoryService } from '../inventory/inventory.service';
import { sqlEnum } from '../db/sql-enum';
import { rowsOf, sqlQuery } from '../db/typed-sql';
import { awaitingReviewSql } from '../orders/awaiting-review';
import { PAID } from '../orders/order-lifecycle';
import { TicketService } from '../support/ticket.service';
import {
  LowStockProduct,
  OperatorCounters,
  SalesByMethod,
  SalesByProduct,
  SalesDay,
  SalesReport,
} from './sales-report.types';

/**
 * The paid statuses as an SQL list. Written into the statement rather than passed as a parameter: the partial index
 * orders_paid_created_idx (migration 1764800000000) is used only when the query's predicate is its own.
 */
export const PAID_STATUS_SQL = `status IN (${sqlEnum(...PAID)})`;

/**
 * A keyed product is low on stock with fewer available keys than LOW_STOCK.purchases purchases of its minimum quantity,
 * and never fewer than LOW_STOCK.keys (a product sold one by one is low under 20 keys, the SSL bulk package of 4,000
 * under 12,000).
 */
export const LOW_STOCK = { purchases: 3, keys: 20 } as const;

export function lowStockThreshold(minQuantity: number): number {
  return Math.max(LOW_STOCK.purchases * minQuantity, LOW_STOCK.keys);
}

const DAY_MS = 86_400_000;

/** 00:00 UTC of the day holding `time`, and of the next day when `up` and `time` is not already a midnight. */
function utcMidnight(time: Date, up: boolean): Date {
  const day = Date.UTC(time.getUTCFullYear(), time.getUTCMonth(), time.getUTCDate());
  return new Date(up && day < time.getTime() ? day + DAY_MS : day);
}

/**
 * How [from, to) splits between the per-day rollup (the whole UTC days in it) and the paid orders themselves (the
 * partial days at either end; the whole range when it holds no whole day).
 */
export function splitRange(from: Date, to: Date): { days: [Date, Date]; edges: [[Date, Date], [Date, Date]] } {
  const firstWhole = utcMidnight(from, true);
  const endWhole = utcMidnight(to, false);
  if (firstWhole < endWhole)
    return {
      days: [firstWhole, endWhole],
      edges: [
        [from, firstWhole],
        [endWhole, to],
      ],
    };
  return {
    days: [from, from],
    edges: [
      [from, to],
      [to, to],
    ],
  };
}

/** The UTC days from the one holding `from` to the one holding the last instant before `to`, as YYYY-MM-DD. */
function utcDays(from: Date, to: Date): string[] {
  const days: string[] = [];
  const last = new Date(to.getTime() - 1);
  for (
    let day = Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate());
    day <= last.getTime();
    day += DAY_MS
  ) {
    days.push(new Date(day).toISOString().slice(0, 10));
  }
  return days;
}

interface GroupRow {
  day: string | null;
  payment_method: PaymentMethod | null;
  product_id: string | null;
  product_name: string | null;
  grouping: number;
  revenue: string;
  orders: string;
  quantity: string;
}

/**
 * The sales overview (docs/product.md "Sales overview"): paid revenue and orders over a range by UTC day, by method
 * and by product, in one statement over the per-day rollup `sales_daily` (kept by triggers on orders, migration
 * 1764800000000), and the counters an operator checks first.
 * An order counts on the UTC day it was placed, once it is in a paid status (PAID: SUCCESS, PROCESSING, COMPLETED,
 * the one definition the customers' "total paid" uses too).
 */
@Service()
export class SalesReportService {
  constructor(
    private readonly db: DataSource,
    private readonly inventory: InventoryService,
    private readonly tickets: TicketService,
  ) {}

  /** The report over [from, to): BAD_USER_INPUT on `to` when the range is empty, reversed or longer than allowed. */
  async report(range: { from: Date; to: Date }): Promise<SalesReport> {
    const { from, to } = parseInput(salesRangeSchema, range);
    // The whole days from the per-day rollup `sales_daily` (at most days × methods × products small rows), the partial
    // days at the ends from the paid orders' index; then GROUPING SETS sums per day, per method, per product and in
    // total. `grouping` tells the sets apart (bit 2: day rolled up, bit 1: method, bit 0: product).
    const { days, edges } = splitRange(from, to);
    const shortfalls = this.shortfalls(from, to);
    // A `sql` template, not the builder: GROUPING SETS and GROUPING() are beyond Kysely's builder, and the statement
    // reads best whole. The paid statuses are written in (sql.raw) so the partial index serves it.
    const rows = await rowsOf(
      this.db,
      sql<GroupRow>`WITH cells AS (
         SELECT day, payment_method, product_id, revenue, orders, quantity
         FROM sales_daily WHERE day >= (${days[0]}::timestamptz AT TIME ZONE 'UTC')::date
                            AND day < (${days[1]}::timestamptz AT TIME ZONE 'UTC')::date
         UNION ALL
         SELECT (created_at AT TIME ZONE 'UTC')::date, payment_method, product_id, total_price, 1, quantity
         FROM orders
         WHERE ${sql.raw(PAID_STATUS_SQL)}
           AND ((created_at >= ${edges[0][0]} AND created_at < ${edges[0][1]})
             OR (created_at >= ${edges[1][0]} AND created_at < ${edges[1][1]}))
       ), sums AS (
         SELECT day, payment_method, product_id, GROUPING(day, payment_method, product_id) AS grouping,
                sum(revenue) AS revenue, sum(orders) AS orders, sum(quantity) AS quantity
         FROM cells
         GROUP BY GROUPING SETS ((day), (payment_method), (product_id), ())
       )
       SELECT to_char(sums.day, 'YYYY-MM-DD') AS day, sums.payment_method, sums.product_id, p.name AS product_name,
              sums.grouping, sums.revenue, sums.orders, sums.quantity
       FROM sums LEFT JOIN products p ON p.id = sums.product_id
       -- Cells of orders no longer paid stay at zero; they are no sales.
       WHERE sums.orders <> 0 OR sums.grouping = 7`,
    );

    const sales = (row: GroupRow) => ({ revenue: Number(row.revenue), orders: Number(row.orders) });
    const byRevenue = (a: { revenue: number }, b: { revenue: number }) => b.revenue - a.revenue;
    const dayTotals = new Map(rows.filter((row) => row.grouping === 0b011).map((row) => [row.day!, sales(row)]));
    const total = rows.find((row) => row.grouping === 0b111);
    return Object.assign(new SalesReport(), {
      from,
      to,
      totalRevenue: total ? Number(total.revenue) : 0,
      orderCount: total ? Number(total.orders) : 0,
      ...(await shortfalls),
      byDay: utcDays(from, to).map((day) =>
        Object.assign(new SalesDay(), { day, ...(dayTotals.get(day) ?? { revenue: 0, orders: 0 }) }),
      ),
      byMethod: rows
        .filter((row) => row.grouping === 0b101)
        .map((row) => Object.assign(new SalesByMethod(), { method: row.payment_method!, ...sales(row) }))
        .sort(byRevenue),
      byProduct: rows
        .filter((row) => row.grouping === 0b110)
        .map((row) =>
          Object.assign(new SalesByProduct(), {
            productId: row.product_id!,
            name: row.product_name ?? '',
            quantity: Number(row.quantity),
            ...sales(row),
          }),
        )
        .sort(byRevenue),
      counters: await this.counters(),
    });
  }

  /**
   * What paid orders placed in [from, to) were accepted short by, within the payment tolerance (docs/payments.md
   * "Payment tolerance"); read beside the rollup, from the partial index of such orders (few).
   */
  private async shortfalls(from: Date, to: Date): Promise<{ shortfallAccepted: number; shortfallOrders: number }> {
    const [row] = await rowsOf(
      this.db,
      sqlQuery
        .selectFrom('orders')
        .select((eb) => [
          eb.fn.coalesce(eb.fn.sum<string>('accepted_shortfall_cents'), sql<string>`0`).as('cents'),
          eb.fn.countAll<string>().as('orders'),
        ])
        .where('accepted_shortfall_cents', 'is not', null)
        .where(sql.raw<boolean>(PAID_STATUS_SQL))
        .where('created_at', '>=', from)
        .where('created_at', '<', to),
    );
    return { shortfallAccepted: Number(row.cents) / 100, shortfallOrders: Number(row.orders) };
  }

  /** The operator's first look: orders waiting for a person, keyed products running out of keys, overdue tickets. */
  async counters(): Promise<OperatorCounters> {
    const [[review], products, overdueTickets] = await Promise.all([
      rowsOf(
        this.db,
        // PENDING orders are few (the status index keeps this proportional to them, not to the order history).
        sqlQuery
          .selectFrom('orders')
          .select(sql<number>`count(*)::int`.as('n'))
          .where(sql.raw<boolean>(awaitingReviewSql('orders'))),
      ),
      rowsOf(
        this.db,
        sqlQuery
          .selectFrom('products')
          .select(['id', 'name', 'min_quantity'])
          .where(sql.ref<boolean>('active'))
          .where('fulfilment', '=', sql<string>`ANY (${STOCKED_BY_KEYS}::text[])`)
          .orderBy('name'),
      ),
      this.tickets.countOverdue(),
    ]);
    const available = await this.inventory.availableCounts(products.map((product) => product.id));
    const lowStock = products
      .map((product, index) =>
        Object.assign(new LowStockProduct(), {
          productId: product.id,
          name: product.name,
          available: available[index],
          threshold: lowStockThreshold(product.min_quantity),
        }),
      )
      .filter((product) => product.available < product.threshold)
      .sort((a, b) => a.available - b.available);
    return Object.assign(new OperatorCounters(), { ordersAwaitingReview: review.n, lowStock, overdueTickets });
  }
}
