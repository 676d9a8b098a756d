import { OrderStatus } from '../core/enums';
import { sqlEnum } from '../db/sql-enum';

/**
 * An order awaiting review waits for a person, not for the customer or a job (docs/product.md "Sales overview"): it is
 * PENDING and has something to judge (a payment proof, a typed transaction ID, a payment issue such as UNDERPAID or
 * NEEDS_REVIEW) or is past its payment window (the sweep leaves those to an admin). A PENDING order with none of these
 * waits for its payment; one with a payment seen on chain but unconfirmed waits for confirmations: neither is counted.
 * The one definition: the Overview's counter and the Orders tab's "Awaiting review" filter both read it.
 *
 * `alias` is the orders table's name or alias in the statement.
 */
export function awaitingReviewSql(alias: string): string {
  return `(${alias}.status = ${sqlEnum(OrderStatus.PENDING)} AND (${alias}.payment_proof_file_id IS NOT NULL
    OR ${alias}.transaction_id IS NOT NULL OR ${alias}.payment_issue_kind IS NOT NULL
    OR ${alias}.payment_due_at <= now()))`;
}
