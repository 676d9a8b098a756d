/**
 * What a delivery's body says (docs/jobs-and-events.md "Webhooks"):
 * `{ id, type, occurredAt, data }`, `data` being the event's facts plus a snapshot of what it is about (the order, the
 * product, the ticket) as the API names things: enum values as in the GraphQL schema (`SUCCESS`, `USDT_TRC20`), dollars
 * as numbers, crypto amounts as strings with the method's decimals, times in ISO 8601 UTC.
 */
import { CRYPTO_DECIMALS, formatDecimal } from '../../../common/pricing';
import { paymentMethodKey, type PaymentMethod } from '../core/enums';

/** An order as a webhook shows it. */
export interface OrderSnapshot {
  id: string;
  status: string;
  totalPrice: number;
  paymentMethod: string;
  paymentAmountCrypto: string;
  createdAt: string;
}

/** The order columns a snapshot is made from (a row of `orders`). */
export interface OrderRow {
  id: string;
  status: string;
  total_price: string;
  payment_method: PaymentMethod;
  payment_amount_crypto: string;
  created_at: Date;
}

export function orderSnapshot(row: OrderRow): OrderSnapshot {
  const method = paymentMethodKey(row.payment_method);
  return {
    id: row.id,
    status: apiEnum(row.status),
    totalPrice: Number(row.total_price),
    paymentMethod: method,
    paymentAmountCrypto: formatDecimal(row.payment_amount_crypto, CRYPTO_DECIMALS[method]),
    createdAt: row.created_at.toISOString(),
  };
}

/** A stored enum value as the GraphQL schema names it ('not_received' → 'NOT_RECEIVED'). */
export function apiEnum(value: string): string {
  return value.toUpperCase();
}

/** Keys of event payloads that hold stored enum values (statuses, actor kinds), shown as the API names them. */
const ENUM_KEYS = new Set(['from', 'to', 'actorKind']);

/** The event's facts with enum values as the API names them. */
export function apiFacts(payload: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(payload).map(([key, value]) => [
      key,
      ENUM_KEYS.has(key) && typeof value === 'string' ? apiEnum(value) : value,
    ]),
  );
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
