/**
 * Start-up preparation (migrations, graphile-worker's schema, the seed) under one PostgreSQL advisory lock, so
 * replicas starting together on an empty database, or a rolling deploy with a pending migration, run it once:
 * the first process migrates, the others wait on the lock and then find nothing left to do
 * (docs/deployment.md "Migrations").
 */
import { Client } from 'pg';

/**
 * A fixed key shared by every version of the store: two releases starting at once must queue on the same lock.
 * Any 64-bit number works; this one spells "cryptost" in ASCII, so it is recognisable in `pg_locks`.
 */
export const MIGRATION_LOCK_KEY = '7165923480996639604';

/** Runs `fn` while holding the migration lock on a connection of its own (session lock, released on any exit). */
export async function withMigrationLock<T>(databaseUrl: string, fn: () => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: databaseUrl, application_name: 'crypto-store-migrations' });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1::bigint)', [MIGRATION_LOCK_KEY]);
    try {
      return await fn();
    } finally {
      await client.query('SELECT pg_advisory_unlock($1::bigint)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    }
  } finally {
    // Ending the session releases the lock even when the unlock above could not run.
    await client.end().catch(() => undefined);
  }
}
