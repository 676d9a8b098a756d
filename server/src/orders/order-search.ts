/**
 * What the admin's order search box matches (docs/product.md "Admin"): an order ID prefix, a part of the customer's
 * e-mail or name, an exact amount to pay, a transaction ID (typed by the customer or seen on chain). The text is tried
 * as each kind it can be ("3f2a" is an ID prefix and a part of a name; "68.000002" an amount and, no, not an ID),
 * and each kind is one index lookup: the matches are the union of those lookups, never a filter over every order.
 */

import { containsPattern } from '../db/like-pattern';

/** A UUID written from 32 hex digits. */
function asUuid(hex: string): string {
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The ids an order ID prefix ("3f2a9c1e", "3F2A9C1E-41", a whole id) covers, as a range on the primary key; null
 * when `text` cannot start an id.
 */
export function orderIdPrefixRange(text: string): { from: string; to: string } | null {
  if (!/^[0-9a-f][0-9a-f-]*$/i.test(text)) return null;
  const hex = text.replace(/-/g, '').toLowerCase();
  if (hex.length > 32) return null;
  return { from: asUuid(hex.padEnd(32, '0')), to: asUuid(hex.padEnd(32, 'f')) };
}

/** The decimals an amount to pay can have (BTC's 8; the column is numeric(30, 8)). */
const AMOUNT = /^\d{1,21}(\.\d{1,8})?$/;

/** `text` as an exact amount ("68.000002", "4,000.00" without its commas); null when it is not one. */
export function searchedAmount(text: string): string | null {
  const plain = /^\d{1,3}(,\d{3})+(\.\d+)?$/.test(text) ? text.replace(/,/g, '') : text;
  return AMOUNT.test(plain) ? plain : null;
}

/**
 * The SQL of the ids of the orders matching `search`: a UNION of one index lookup per kind the text can be. `param`
 * adds a parameter and returns its placeholder ($n).
 */
export function orderSearchIdsSql(search: string, param: (value: unknown) => string): string {
  const lookups: string[] = [];
  const range = orderIdPrefixRange(search);
  if (range)
    lookups.push(`SELECT id FROM orders WHERE id BETWEEN ${param(range.from)}::uuid AND ${param(range.to)}::uuid`);
  const amount = searchedAmount(search);
  if (amount) lookups.push(`SELECT id FROM orders WHERE payment_amount_crypto = ${param(amount)}::numeric`);
  // A transaction ID has no spaces; the one the customer typed and the ones the chain readers saw.
  if (!/\s/.test(search)) {
    const tx = param(search);
    lookups.push(`SELECT id FROM orders WHERE transaction_id = ${tx}`);
    lookups.push(`SELECT order_id FROM chain_payments WHERE tx_id = ${tx} AND order_id IS NOT NULL`);
  }
  // The customer's e-mail or name, through the pg_trgm indexes (migration 1764800000000), then their orders.
  const pattern = param(containsPattern(search));
  lookups.push(`SELECT id FROM orders WHERE user_id IN (SELECT id FROM users WHERE email ILIKE ${pattern}
                                                        UNION SELECT id FROM profiles WHERE full_name ILIKE ${pattern})`);
  return lookups.join('\n UNION ');
}
