/**
 * Enum values as SQL literals, for SQL that cannot take them as parameters: partial-index-shaped conditions built into
 * CTEs, static statements shared by several queries (docs/decisions.md "One spelling per enum"). Statuses in SQL come
 * from the enums, through here or as parameters, never typed as literals.
 */

/** A value an enum can hold: the GraphQL name, which is also what PostgreSQL stores (`PENDING`, `USDT_TRC20`). */
const ENUM_VALUE = /^[A-Z][A-Z0-9_]*$/;

/**
 * The values as a comma-separated list of quoted literals: `status = ${sqlEnum(OrderStatus.PENDING)}`,
 * `status IN (${sqlEnum(...PAID_STATUSES)})`. Only enum values are accepted, so the result needs no escaping.
 */
export function sqlEnum(...values: readonly string[]): string {
  if (values.length === 0) throw new Error('sqlEnum needs at least one value');
  for (const value of values) {
    if (!ENUM_VALUE.test(value)) throw new Error(`sqlEnum takes enum values only, not ${JSON.stringify(value)}`);
  }
  return values.map((value) => `'${value}'`).join(', ');
}
