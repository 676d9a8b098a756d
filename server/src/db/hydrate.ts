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
