import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Heartbeats of the job runners (docs/jobs-and-events.md "Heartbeats"): graphile-worker (OSS) frees the jobs and
 * named queues of a process that died only after 4 hours; every process that runs jobs writes a row per worker id of
 * its own here every few seconds and deletes it on a clean stop, and frees what a worker id without a fresh beat
 * holds (server/src/core/job-heartbeat.ts).
 *
 * - worker_id: the id graphile-worker locks jobs and queues with (`locked_by`, one per runner: `pool-…`).
 * - process, started_at: host and pid of the process and when it started beating, for an operator reading the table.
 * - beat_at: the database's clock (every comparison uses it too, so the machines' clocks do not matter).
 */
export class JobWorkerHeartbeats1764900000000 implements MigrationInterface {
  name = 'JobWorkerHeartbeats1764900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE job_worker_heartbeats (
        worker_id text PRIMARY KEY,
        process text NOT NULL,
        started_at timestamptz NOT NULL DEFAULT now(),
        beat_at timestamptz NOT NULL DEFAULT now()
      );
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE job_worker_heartbeats`);
  }
}
