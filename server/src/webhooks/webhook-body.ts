/**
 * What a delivery's body says (docs/jobs-and-events.md "Webhooks"):
 * `{ id, type, occurredAt, data }`, `data` being the event's facts plus a snapshot of what it is about (the order, the
 * product, the ticket) as the API names things: enum values as in the GraphQL schema (`SUCCESS`, `USDT_TRC20`), dollars
 * as numbers, crypto amounts as strings with the method's decimals, times in ISO 8601 UTC.
 */
import { CRYPTO_DECIMALS, formatDecimal } from '../../../common/pricing';
import type { OrderStatus, PaymentMethod } from '../core/enums';

/** An order as a webhook shows it. */
export interface OrderSnapshot {
  id: string;
  status: OrderStatus;
  totalPrice: number;
  paymentMethod: PaymentMethod;
  paymentAmountCrypto: string;
  createdAt: string;
}

/** The order columns a snapshot is made from (a row of `orders`). */
export interface OrderRow {
  id: string;
  status: OrderStatus;
  total_price: string;
  payment_method: PaymentMethod;
  payment_amount_crypto: string;
  created_at: Date;
}

/** An order as a webhook shows it; enum values are stored as the API names them, so they are shown as read. */
export function orderSnapshot(row: OrderRow): OrderSnapshot {
  return {
    id: row.id,
    status: row.status,
    totalPrice: Number(row.total_price),
    paymentMethod: row.payment_method,
    paymentAmountCrypto: formatDecimal(row.payment_amount_crypto, CRYPTO_DECIMALS[row.payment_method]),
    createdAt: row.created_at.toISOString(),
  };
}

export interface WebhookBody {
  /** The domain event's id, also sent as Store-Event-Id: the receiver's key for ignoring a repeat. */
  id: string;
  type: string;
  occurredAt: string;
  data: Record<string, unknown>;
}

/**
 * The text sent for a stored body: the JSON of the `payload` column as PostgreSQL returns it. jsonb keeps one
 * canonical form (its own key order, no white space of its own), so every attempt and every redelivery of a delivery
 * sends the same bytes, the ones its signature is computed over.
 */
export function deliveryBodyText(payload: Record<string, unknown>): string {
  return JSON.stringify(payload);
}
