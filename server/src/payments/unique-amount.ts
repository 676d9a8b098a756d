import { QueryFailedError, type EntityManager } from 'typeorm';

/**
 * Unique amounts (docs/payments.md): each order's amount to send is its quote plus a per-order offset of 1, 2, 3…
 * of the method's smallest shown unit, the smallest one no other order at that method and address holds. An amount
 * is held while its order is PENDING and for LATE_PAYMENT_DAYS after its payment window, so a late payment still
 * matches only its own order. Taking the smallest keeps what a customer pays on top of the quote to a few units.
 */

/** The highest offset tried: far more open orders of one amount than the order rate limits allow. */
const MAX_OFFSET = 1_000_000;

/**
 * SQL selecting `value` (the amount) and `offset_units` for a new order; each argument is a parameter reference
 * (`$n`): `quoted` the quote in the method's currency, `unit` its smallest shown unit, `lateDays` LATE_PAYMENT_DAYS.
 * generate_series yields in order and LIMIT 1 stops at the first free offset, each probe one lookup in
 * orders_payment_amount_idx.
 */
export function uniqueAmountSql(p: {
  method: string;
  address: string;
  quoted: string;
  unit: string;
  lateDays: string;
}) {
  const candidate = `${p.quoted}::numeric + k * ${p.unit}::numeric`;
  return `SELECT ${candidate} AS value, k AS offset_units
    FROM generate_series(1, ${MAX_OFFSET}) AS k
    WHERE NOT EXISTS (
      SELECT 1 FROM orders held
      WHERE held.payment_method = ${p.method} AND held.crypto_address = ${p.address}
        AND held.payment_amount_crypto = ${candidate}
        AND (held.status = 'pending' OR held.payment_due_at > now() - ${p.lateDays} * interval '1 day'))
    LIMIT 1`;
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

/** The unique index that two open orders with one amount would break (the backstop behind `lockAmounts`). */
const OPEN_AMOUNT_INDEX = 'orders_open_payment_amount';

/** Attempts at a checkout whose amount a concurrent checkout took first. */
const ATTEMPTS = 3;

/**
 * Runs `placeOrder` again when a concurrent checkout took the same amount first (each retry sees it taken): only
 * possible when something places orders without `lockAmounts`.
 */
export async function retryOnAmountClash<T>(placeOrder: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await placeOrder();
    } catch (error) {
      const clash =
        error instanceof QueryFailedError &&
        (error.driverError as { code?: string; constraint?: string }).code === '23505' &&
        (error.driverError as { constraint?: string }).constraint === OPEN_AMOUNT_INDEX;
      if (!clash || attempt >= ATTEMPTS) throw error;
    }
  }
}
