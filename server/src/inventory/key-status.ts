/**
 * Where a licence key in stock is (docs/inventory.md): AVAILABLE to sell, RESERVED by an unpaid or undelivered order,
 * DELIVERED to its buyer, REVOKED for good. As stored in `product_keys.status`; the database's CHECK lists the same
 * values (tests/api/enum-checks.test.ts).
 */
export enum KeyStatus {
  AVAILABLE = 'AVAILABLE',
  RESERVED = 'RESERVED',
  DELIVERED = 'DELIVERED',
  REVOKED = 'REVOKED',
}
