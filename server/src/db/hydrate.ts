import type { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';

/**
 * An entity from a raw row that has its columns (e.g. `INSERT … RETURNING *`), converted exactly as
 * TypeORM converts a SELECT (column types and transformers), so a write need not read its row again.
 */
export function hydrate<T extends ObjectLiteral>(
  manager: EntityManager,
  target: EntityTarget<T>,
  row: Record<string, unknown>,
): T {
  const metadata = manager.connection.getMetadata(target);
  const entity = metadata.create() as T;
  for (const column of metadata.columns) {
    if (column.databaseName in row) {
      column.setEntityValue(entity, manager.connection.driver.prepareHydratedValue(row[column.databaseName], column));
    }
  }
  return entity;
}

/**
 * The rows of `target`'s table that belong to these users (`user_id`), newest first (`created_at`, then `id`), as
 * entities. Hand-written for the dashboard's lists, which every customer reads: TypeORM's query building and
 * hydration cost more than the query (README "Performance").
 */
export async function rowsOfUsers<T extends ObjectLiteral>(
  manager: EntityManager,
  target: EntityTarget<T>,
  userIds: readonly string[],
): Promise<T[]> {
  const { tableName } = manager.connection.getMetadata(target);
  const rows: Record<string, unknown>[] = await manager.query(
    `SELECT * FROM ${tableName} WHERE user_id = ANY($1::uuid[]) ORDER BY created_at DESC, id DESC`,
    [userIds],
  );
  return rows.map((row) => hydrate(manager, target, row));
}
