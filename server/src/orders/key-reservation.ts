/**
 * The facts of a key reservation's end (docs/inventory.md "Reservation") that checkout, the lifecycle and the
 * reservation service share: the jobs that end it and when. Kept apart from the service, which needs the lifecycle.
 */
import type { JobSpec } from '../core/job-queue';

/** The task that ends one order's key reservation when it is due (its definition: key-reservation.service.ts). */
export const RESERVATION_END_TASK = 'order:reservation-end';

/**
 * The job spec (graphile-worker's `job_spec` JSON) that ends the reservation of the order whose id and end are the SQL
 * expressions `orderIdSql` and `untilSql`, keyed by order: checkout writes it in the statement that inserts the order.
 */
export function reservationEndJobSql(orderIdSql: string, untilSql: string): string {
  return `json_build_object('identifier', '${RESERVATION_END_TASK}', 'payload', json_build_object('orderId', ${orderIdSql}),
                            'run_at', ${untilSql}, 'job_key', '${RESERVATION_END_TASK}:' || ${orderIdSql})`;
}

/** The job that ends order `orderId`'s reservation at `runAt` (one per order: a later one replaces it). */
export function reservationEndSpec(orderId: string, runAt: Date): JobSpec {
  return { task: RESERVATION_END_TASK, payload: { orderId }, jobKey: `${RESERVATION_END_TASK}:${orderId}`, runAt };
}

/** When keys reserved now for a PENDING order are held until, for RESERVATION_MINUTES `minutes`. */
export function reservationEnd(minutes: number): Date {
  return new Date(Date.now() + minutes * 60_000);
}
