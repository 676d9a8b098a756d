/**
 * Typed hand-written SQL (docs/architecture.md "Hand-written SQL"): queries are built with Kysely over the generated
 * `DB` interface (schema-types.ts) and compiled only; TypeORM runs them, on the caller's EntityManager (so inside its
 * transaction) or on the data source's pool. One pool, one transaction handle, and every statement still goes through
 * TypeORM's query runner (its logging, and the statement counts tests/api/query-count.test.ts keeps).
 */
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type Compilable,
  type CompiledQuery,
  type RawBuilder,
} from 'kysely';
import { DataSource, type EntityManager, type QueryResult } from 'typeorm';
import type { DB } from './schema-types';

/**
 * The query builder: `sqlQuery.selectFrom('orders')…`. It has no driver of its own (Kysely's "cold" instance): hand
 * what it builds to `rowsOf` or `resultOf`.
 */
export const sqlQuery = new Kysely<DB>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

/** A built query: Kysely's builders, or a `sql<Row>` template for what the builder does not express well. */
export type TypedQuery<Row> = Compilable<Row> | RawBuilder<Row>;

/** Where a query runs: a transaction's manager, or the data source (a pooled connection per statement). */
export type SqlRunner = EntityManager | DataSource;

function compile<Row>(query: TypedQuery<Row>): CompiledQuery<Row> {
  return 'isRawBuilder' in query ? query.compile(sqlQuery) : query.compile();
}

/** Runs `query` and returns its rows and the number of rows it affected. */
export async function resultOf<Row>(db: SqlRunner, query: TypedQuery<Row>): Promise<{ rows: Row[]; affected: number }> {
  const { sql, parameters } = compile(query);
  const manager = db instanceof DataSource ? db.manager : db;
  // Like EntityManager.query (a transaction's runner, else one taken from the pool for this statement), but asking for
  // the structured result: manager.query answers UPDATE and DELETE with [rows, count] and everything else with rows.
  const runner = manager.queryRunner ?? manager.connection.createQueryRunner();
  try {
    const result: QueryResult = await runner.query(sql, [...parameters], true);
    return { rows: (result.records ?? []) as Row[], affected: result.affected ?? 0 };
  } finally {
    if (!manager.queryRunner) await runner.release();
  }
}

/** Runs `query` and returns its rows. */
export async function rowsOf<Row>(db: SqlRunner, query: TypedQuery<Row>): Promise<Row[]> {
  return (await resultOf(db, query)).rows;
}
