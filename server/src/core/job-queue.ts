/**
 * Durable jobs on PostgreSQL (graphile-worker, docs/jobs-and-events.md). `JobQueue.add` writes jobs in the
 * caller's transaction, so a job exists exactly when the change that asked for it commits. A job key makes
 * adding idempotent: one pending job per key, whoever adds it and however often.
 */
import { Logger, run, runMigrations, type Runner, type TaskList } from 'graphile-worker';
import { Pool } from 'pg';
import { DataSource, type EntityManager } from 'typeorm';
import { Service } from '../container';
import { logger } from './logger';

export interface JobSpec {
  /** The task's name (server/src/jobs.ts lists them): letters, digits, `_`, `-` and `:` (graphile-worker's rule). */
  task: string;
  payload: Record<string, unknown>;
  /** At most one pending job per key. */
  jobKey?: string;
  runAt?: Date;
  /** Jobs of one named queue run one at a time, in order (graphile-worker's `queue_name`). */
  queue?: string;
  /** Attempts before the job is given up (graphile-worker's default is 25, retried with exponential backoff). */
  maxAttempts?: number;
}

/** Each job spec as the JSON graphile-worker's `job_spec` type reads. */
export function jobSpecsJson(jobs: readonly JobSpec[]): string {
  return JSON.stringify(
    jobs.map((job) => ({
      identifier: job.task,
      payload: job.payload,
      run_at: job.runAt?.toISOString() ?? null,
      max_attempts: job.maxAttempts ?? null,
      queue_name: job.queue ?? null,
      job_key: job.jobKey ?? null,
    })),
  );
}

/** SQL that adds the jobs of a `jobSpecsJson` parameter (`$n`). */
export const addJobsSql = (param: string) =>
  `graphile_worker.add_jobs(array(SELECT json_populate_record(null::graphile_worker.job_spec, j) FROM json_array_elements((${param})::json) j))`;

@Service()
export class JobQueue {
  constructor(private readonly db: DataSource) {}

  /** Adds jobs; inside `manager`'s transaction they exist only if it commits. */
  async add(jobs: JobSpec | readonly JobSpec[], manager: EntityManager = this.db.manager): Promise<void> {
    const list = 'task' in jobs ? [jobs] : jobs;
    if (list.length === 0) return;
    await manager.query(`SELECT ${addJobsSql('$1')}`, [jobSpecsJson(list)]);
  }
}

/** graphile-worker's log lines through our logger (pino), at the same levels. */
const workerLogger = new Logger((scope) => (level, message, meta) => {
  const fields = { ...scope, ...meta };
  if (level === 'error') logger.error(fields, message);
  else if (level === 'warning') logger.warn(fields, message);
  else if (level === 'info') logger.info(fields, message);
  else logger.debug(fields, message);
});

/** Installs or upgrades graphile-worker's own schema (`graphile_worker`); start-up runs it after our migrations. */
export async function migrateJobQueue(connectionString: string): Promise<void> {
  await runMigrations({ connectionString, logger: workerLogger });
}

export interface JobRunner {
  stop(): Promise<void>;
}

/**
 * Runs jobs in this process until `stop()`: in the API process by default, or alone in `npm run worker`.
 * Failed jobs are retried by graphile-worker with exponential backoff (exp(min(attempt, 10)) seconds).
 */
export async function startJobRunner(options: {
  connectionString: string;
  taskList: TaskList;
  concurrency: number;
  /** graphile-worker crontab lines (recurring jobs). */
  crontab?: string;
  /** How often to look for jobs that became due (retries, run_at); new jobs arrive at once over LISTEN. */
  pollIntervalMs?: number;
}): Promise<JobRunner> {
  const pgPool = new Pool({ connectionString: options.connectionString, max: options.concurrency + 2 });
  // An idle or checked-out connection that fails (a restarted database) is logged, not fatal.
  const onError = (error: Error) => logger.warn({ err: error }, 'Job runner database connection error');
  pgPool.on('error', onError);
  pgPool.on('connect', (client) => client.on('error', onError));
  let runner: Runner;
  try {
    runner = await run({
      pgPool,
      taskList: options.taskList,
      concurrency: options.concurrency,
      crontab: options.crontab ?? '',
      noHandleSignals: true,
      pollInterval: options.pollIntervalMs ?? 2000,
      logger: workerLogger,
    });
  } catch (error) {
    await pgPool.end();
    throw error;
  }
  return {
    async stop() {
      await runner.stop();
      await pgPool.end();
    },
  };
}
