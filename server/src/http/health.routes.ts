/**
 * Health for orchestrators and proxies (docs/deployment.md "Health and metrics"):
 * - `GET /healthz`, liveness: the process serves HTTP. Restart it when this fails.
 * - `GET /readyz`, readiness: this replica should get traffic now. 200 when the database answers within a bound,
 *   every migration this version knows has run, the live-update bus is listening and the process is not draining;
 *   503 with the failing checks otherwise (a bus reconnecting, a database restarting, a SIGTERM received).
 *   Take the replica out of rotation, do not restart it: each of these passes by itself.
 */
import express from 'express';
import type { DataSource } from 'typeorm';
import { migrations } from '../db/data-source';

/** A database round trip slower than this counts as not answering: a probe must not hang on an exhausted pool. */
const DATABASE_TIMEOUT_MS = 2000;
const MIGRATION_NAMES = migrations.map((migration) => migration.name);

export interface ReadinessSources {
  db: DataSource;
  /** Whether the live-update bus has a LISTEN connection now. */
  busListening(): boolean;
  /** Whether the process is shutting down (set at SIGTERM, before the server stops accepting). */
  draining(): boolean;
}

export type ReadinessCheck = 'database' | 'migrations' | 'bus' | 'draining';

/** The checks that fail now; empty when ready. */
export async function readinessFailures(sources: ReadinessSources): Promise<ReadinessCheck[]> {
  const failures: ReadinessCheck[] = [];
  if (sources.draining()) failures.push('draining');
  if (!sources.busListening()) failures.push('bus');
  let timer: NodeJS.Timeout | undefined;
  try {
    // One round trip answers both "the database answers" and "migrations are done".
    const rows = (await Promise.race([
      sources.db.query(`SELECT count(*)::int AS n FROM migrations WHERE name = ANY($1::text[])`, [MIGRATION_NAMES]),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), DATABASE_TIMEOUT_MS);
      }),
    ])) as { n: number }[];
    if (rows[0].n < MIGRATION_NAMES.length) failures.push('migrations');
  } catch (error) {
    // No migrations table yet: the database answers, nothing is migrated.
    failures.push((error as { code?: string }).code === '42P01' ? 'migrations' : 'database');
  } finally {
    clearTimeout(timer);
  }
  return failures;
}

/** GET /healthz and GET /readyz; never cached, JSON either way. */
export function healthRoutes(sources: ReadinessSources): express.Router {
  const router = express.Router();
  router.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ ok: true });
  });
  router.get('/readyz', async (_req, res) => {
    const failing = await readinessFailures(sources);
    res
      .status(failing.length ? 503 : 200)
      .set('Cache-Control', 'no-store')
      .json(failing.length ? { ready: false, failing } : { ready: true });
  });
  return router;
}
