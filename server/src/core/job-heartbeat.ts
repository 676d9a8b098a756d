/**
 * Heartbeats and the dead-worker sweeper (docs/jobs-and-events.md "Heartbeats"). graphile-worker (OSS) locks a job,
 * and the named queue it is in, with its worker pool's id (`locked_by`) and frees the locks of a process that died
 * only after 4 hours: until then a `payments:poll` it held stops every confirmation (its queue stays locked), and a
 * key delivery it held waits. So every process that runs jobs
 * - writes a heartbeat per worker id of its own (`job_worker_heartbeats`) every `deadAfterSeconds / 6`, and deletes
 *   them when it stops cleanly;
 * - on each beat, frees (graphile-worker's `forceUnlockWorkers`) the jobs and queues locked by any other worker id
 *   whose heartbeat is older than `deadAfterSeconds`, or that has none and has held its lock that long (a process
 *   killed before its first beat, or one running a version without heartbeats).
 * The freed jobs run again at once on whichever process takes them: at least once, as a crash always allowed.
 */
import os from 'node:os';
import { makeWorkerUtils, type Logger, type WorkerUtils } from 'graphile-worker';
import type { Pool } from 'pg';
import { logger } from './logger';

/** Beats per dead-after period: five beats may be lost (a slow query, a busy event loop) before a process is dead. */
const BEATS_PER_TIMEOUT = 6;

export interface JobHeartbeat {
  /**
   * Beats for `newId` instead of `oldId` from now on (a runner started again): the old id's locks are freed like a
   * dead process's once its last beat is `deadAfterSeconds` old.
   */
  replace(oldId: string, newId: string): void;
  /** Stops beating and deletes this process's heartbeats (after its runners have stopped). */
  stop(): Promise<void>;
}

/**
 * Starts beating for `workerIds` (the runners' pool ids) on `pgPool` and sweeping for dead workers; resolves once
 * the first beat is written.
 */
export async function startJobHeartbeat(options: {
  pgPool: Pool;
  workerIds: readonly string[];
  deadAfterSeconds: number;
  workerLogger: Logger;
}): Promise<JobHeartbeat> {
  const { pgPool, workerIds, deadAfterSeconds } = options;
  const utils: WorkerUtils = await makeWorkerUtils({ pgPool, logger: options.workerLogger });
  const ids = [...workerIds];
  const processName = `${os.hostname()}:${process.pid}`;

  const beat = () =>
    pgPool.query(
      `INSERT INTO job_worker_heartbeats (worker_id, process) SELECT unnest($1::text[]), $2
       ON CONFLICT (worker_id) DO UPDATE SET beat_at = now()`,
      [ids, processName],
    );

  const sweep = async () => {
    // Every lock holder but ourselves, with its heartbeat: dead when the beat (or, without one, the lock) is too old.
    const { rows: dead } = await pgPool.query<{ worker_id: string; process: string | null; jobs: string[] }>(
      `WITH holders AS (
         SELECT locked_by AS worker_id, locked_at, task_identifier FROM graphile_worker.jobs WHERE locked_by IS NOT NULL
         UNION ALL
         SELECT locked_by, locked_at, NULL FROM graphile_worker._private_job_queues WHERE locked_by IS NOT NULL
       )
       SELECT h.worker_id, b.process, array_remove(array_agg(h.task_identifier), NULL) AS jobs
       FROM holders h LEFT JOIN job_worker_heartbeats b ON b.worker_id = h.worker_id
       WHERE h.worker_id <> ALL ($1::text[])
       GROUP BY h.worker_id, b.process, b.beat_at
       HAVING coalesce(b.beat_at, min(h.locked_at)) < now() - make_interval(secs => $2)`,
      [ids, deadAfterSeconds],
    );
    if (dead.length > 0) {
      await utils.forceUnlockWorkers(dead.map((d) => d.worker_id));
      logger.warn(
        { workers: dead.map((d) => ({ workerId: d.worker_id, process: d.process, jobs: d.jobs })), deadAfterSeconds },
        'Freed the jobs of job workers that stopped beating',
      );
    }
    // Heartbeats of dead processes, freed above or holding nothing, are no longer anyone's.
    await pgPool.query(
      `DELETE FROM job_worker_heartbeats
       WHERE worker_id <> ALL ($1::text[]) AND beat_at < now() - make_interval(secs => $2)`,
      [ids, deadAfterSeconds],
    );
  };

  await beat();
  // Jobs a dead process left are freed now if they are due, not one beat later.
  await sweep().catch((error: unknown) => logger.warn({ err: error }, 'Job heartbeat failed'));
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const tick = async () => {
    try {
      await beat();
      await sweep();
    } catch (error) {
      // The database is away: the next beat tries again (others see this process as dead only after deadAfter).
      logger.warn({ err: error }, 'Job heartbeat failed');
    }
  };
  const schedule = () => {
    timer = setTimeout(
      () => {
        running = tick().finally(() => {
          if (!stopped) schedule();
        });
      },
      (deadAfterSeconds * 1000) / BEATS_PER_TIMEOUT,
    );
  };
  schedule();

  return {
    replace(oldId, newId) {
      const index = ids.indexOf(oldId);
      if (index >= 0) ids.splice(index, 1, newId);
      else ids.push(newId);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      try {
        await pgPool.query(`DELETE FROM job_worker_heartbeats WHERE worker_id = ANY ($1::text[])`, [ids]);
      } finally {
        await utils.release();
      }
    },
  };
}
