import type { QueryRunner } from 'typeorm';

/**
 * The mail kinds `notifications_kind_check` allows now, as PostgreSQL prints them. Migrations that add a kind read the
 * list from the constraint as it is, so the kinds other migrations add stay whatever order they run in.
 */
export async function mailKinds(q: QueryRunner): Promise<string[]> {
  const [row]: { definition: string }[] = await q.query(
    `SELECT pg_get_constraintdef(oid) AS definition FROM pg_constraint WHERE conname = 'notifications_kind_check'`,
  );
  return [...row.definition.matchAll(/'([A-Z_]+)'::text/g)].map((m) => m[1]);
}

/** Replaces the whole-column `kind IN (…)` CHECK of notifications with `kinds`. */
export async function setMailKinds(q: QueryRunner, kinds: string[]): Promise<void> {
  await q.query(`ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check,
    ADD CONSTRAINT notifications_kind_check CHECK (kind IN (${kinds.map((k) => `'${k}'`).join(', ')}))`);
}
