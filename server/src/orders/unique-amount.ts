import type { EntityManager } from 'typeorm';
import { OrderStatus } from '../core/enums';
import { sqlEnum } from '../db/sql-enum';

/**
 * Unique amounts (docs/payments.md): each order's amount to send is its quote plus a per-order offset of 1, 2, 3…
 * of the method's smallest shown unit, the smallest one no other order at that method and address holds. An amount
 * is held while its order is PENDING and for LATE_PAYMENT_DAYS after its payment window, so a late payment still
 * matches only its own order. Taking the smallest keeps what a customer pays on top of the quote to a few units.
 * The orders module's: the amounts held are those of its orders and held quotes (its tables).
 */

/**
 * The highest offset: far more open orders of one quote than the order rate limits allow (the amounts of the last
 * would be 0.001 BTC, 0.1 ETH or 0.1 USDT above the quote).
 */
const MAX_OFFSET = 100_000;

/**
 * How long past its expiry a held quote's amount stays held (an SQL interval): an order placed in the quote's last
 * second never meets a new order that took its amount, and a customer who paid the quote in time may still place
 * its order (HeldQuotes.usable).
 */
export const HELD_QUOTE_GRACE = '1 hour';

/**
 * SQL selecting `value` (the amount), `offset_units` and `held_at` for a new order or held quote; each argument is a
 * parameter reference (`$n`): `quoted` the quote in the method's currency, `unit` its smallest shown unit, `lateDays`
 * LATE_PAYMENT_DAYS, `heldQuote` the id of the held quote an order is placed with (null: none). With a held quote, its
 * amount and offset are the order's (the quote has held them) and `held_at` is when it was held, or no row once an
 * order has used it (checkouts at one address run one after another: the second sees the first's); else it reads only
 * the held amounts between the quote and quote + MAX_OFFSET units (one range of orders_payment_amount_idx and of
 * held_quotes_amount_idx) and takes the smallest offset none of them has: 1, or one above a held one.
 *
 * `ownAddress` (an SQL boolean) says the order or quote has an address of its own (BTC_XPUB, docs/payments.md "An address
 * per Bitcoin order"): then nothing else pays there, and the amount is the quote itself (offset 0).
 *
 * A held quote keeps its amount for HELD_QUOTE_GRACE past its expiry. The rest an UNDERPAID order asks for
 * (`amount_due`) is held too: a payment of it is that order's only while no other order or quote has it.
 */
export function uniqueAmountSql(p: {
  method: string;
  address: string;
  quoted: string;
  unit: string;
  lateDays: string;
  heldQuote: string;
  ownAddress: string;
}) {
  const quoted = `${p.quoted}::numeric`;
  const unit = `${p.unit}::numeric`;
  return `WITH held AS (
      SELECT ((held.payment_amount_crypto - ${quoted}) / ${unit})::bigint AS k
      FROM orders held
      WHERE held.payment_method = ${p.method} AND held.crypto_address = ${p.address}
        AND held.payment_amount_crypto > ${quoted} AND held.payment_amount_crypto <= ${quoted} + ${MAX_OFFSET} * ${unit}
        AND (held.status = ${sqlEnum(OrderStatus.PENDING)} OR held.payment_due_at > now() - ${p.lateDays} * interval '1 day')
      UNION ALL
      SELECT ((quote.payment_amount_crypto - ${quoted}) / ${unit})::bigint AS k
      FROM held_quotes quote
      WHERE quote.payment_method = ${p.method} AND quote.crypto_address = ${p.address} AND quote.order_id IS NULL
        AND quote.payment_amount_crypto > ${quoted} AND quote.payment_amount_crypto <= ${quoted} + ${MAX_OFFSET} * ${unit}
        AND quote.expires_at > now() - interval '${HELD_QUOTE_GRACE}'
      UNION ALL
      SELECT ((rest.amount_due - ${quoted}) / ${unit})::bigint AS k
      FROM orders rest
      WHERE rest.payment_method = ${p.method} AND rest.crypto_address = ${p.address}
        AND rest.status = ${sqlEnum(OrderStatus.PENDING)}
        AND rest.amount_due > ${quoted} AND rest.amount_due <= ${quoted} + ${MAX_OFFSET} * ${unit}
    ), free AS (
      SELECT min(candidate.k) AS k
      FROM (SELECT 1::bigint AS k UNION ALL SELECT k + 1 FROM held) candidate
      WHERE candidate.k <= ${MAX_OFFSET} AND NOT EXISTS (SELECT 1 FROM held WHERE held.k = candidate.k)
    )
    SELECT ${quoted} + free.k * ${unit} AS value, free.k AS offset_units, NULL::timestamptz AS held_at
    FROM free WHERE free.k IS NOT NULL AND ${p.heldQuote}::uuid IS NULL AND NOT (${p.ownAddress})
    UNION ALL
    SELECT ${quoted}, 0::bigint, NULL::timestamptz WHERE ${p.heldQuote}::uuid IS NULL AND (${p.ownAddress})
    UNION ALL
    SELECT payment_amount_crypto, payment_offset, created_at FROM held_quotes
    WHERE id = ${p.heldQuote}::uuid AND order_id IS NULL`;
}

/**
 * Takes the transaction-scoped lock on the amounts of one method and address, so concurrent checkouts choose their
 * amounts one after another: the next statement's snapshot sees every amount taken before. (Checkouts already wait
 * for each other at their insert, on the order counts; without this lock they would all have chosen the same amount
 * from a snapshot taken before that wait.)
 */
export async function lockAmounts(manager: EntityManager, method: string, address: string): Promise<void> {
  await manager.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`order-amounts:${method}:${address}`]);
}
