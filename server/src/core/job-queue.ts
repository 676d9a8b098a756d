/**
 * Durable jobs on PostgreSQL (graphile-worker, docs/jobs-and-events.md). `JobQueue.add` writes jobs in the
 * caller's transaction, so a job exists exactly when the change that asked for it commits. A job key makes
 * adding idempotent: one pending job per key, whoever adds it and however often.
 */
import { EventEmitter } from 'node:events';
import { Logger, run, runMigrations, type Runner, type TaskList, type WorkerEvents } from 'graphile-worker';
import { Pool } from 'pg';
import { DataSource, type EntityManager } from 'typeorm';
import { Service } from '../container';
import { startJobHeartbeat, type JobHeartbeat } from './job-heartbeat';
import { logger } from './logger';
import type { JobOutcome } from './metrics';

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

/**
 * graphile-worker's log lines through our logger (pino). Its info lines are routine ("Completed task" for every
 * payments poll and cron tick, "Worker connected"), so they go to debug and a terminal shows only what needs a look.
 */
const workerLogger = new Logger((scope) => (level, message, meta) => {
  const fields = { ...scope, ...meta };
  if (level === 'error') logger.error(fields, message);
  else if (level === 'warning') logger.warn(fields, message);
  else logger.debug(fields, message);
});

/** Installs or upgrades graphile-worker's own schema (`graphile_worker`); start-up runs it after our migrations. */
export async function migrateJobQueue(connectionString: string): Promise<void> {
  await runMigrations({ connectionString, logger: workerLogger });
}

export interface JobRunner {
  stop(): Promise<void>;
}

/** A pg pool for graphile-worker whose failing connections (a restarted database) are logged, not fatal. */
function jobPool(connectionString: string, max: number): Pool {
  const pgPool = new Pool({ connectionString, max });
  const onError = (error: Error) => logger.warn({ err: error }, 'Job runner database connection error');
  pgPool.on('error', onError);
  pgPool.on('connect', (client) => client.on('error', onError));
  return pgPool;
}

/** One graphile-worker runner: its own workers for the tasks it knows (it takes no job of another task). */
export interface RunnerSpec {
  /** For the logs: `core`, `webhooks`. */
  name: string;
  taskList: TaskList;
  concurrency: number;
  /** graphile-worker crontab lines (recurring jobs). */
  crontab?: string;
}

/**
 * Runs one graphile-worker runner until `stop()`. Failed jobs are retried by graphile-worker with exponential
 * backoff (exp(min(attempt, 10)) seconds). `workerId` is the id its jobs and queues are locked with.
 */
async function startJobRunner(
  connectionString: string,
  spec: RunnerSpec,
  pollIntervalMs: number,
  onJobDone: ((task: string, outcome: JobOutcome) => void) | undefined,
  onDied: (error: unknown) => void,
): Promise<JobRunner & { workerId: string }> {
  const pgPool = jobPool(connectionString, spec.concurrency + 2);
  // The pool's id is what graphile-worker 0.17 writes to locked_by; it is only told in the pool:create event.
  const events = new EventEmitter() as WorkerEvents;
  let workerId: string | undefined;
  events.on('pool:create', ({ workerPool }) => (workerId = workerPool.id));
  if (onJobDone) {
    events.on('job:success', ({ job }) => onJobDone(job.task_identifier, 'success'));
    // `attempts` counts this one: at max_attempts graphile-worker gives up (it emits job:failed too).
    events.on('job:error', ({ job }) =>
      onJobDone(job.task_identifier, job.attempts >= job.max_attempts ? 'failed' : 'retry'),
    );
  }
  let runner: Runner;
  try {
    runner = await run({
      pgPool,
      taskList: spec.taskList,
      concurrency: spec.concurrency,
      crontab: spec.crontab ?? '',
      noHandleSignals: true,
      pollInterval: pollIntervalMs,
      logger: workerLogger,
      events,
      // Without batching, graphile-worker 0.17 records a job's end (completeJob/failJob) in a promise nobody awaits:
      // when the database is gone at that moment (a restart), the rejection is unhandled and ends the process. Batched
      // (a delay of 0: the same tick's ends together), a failure is the pool's fatal error instead, which rejects the
      // runner's promise; startJobRunners then starts the runner again.
      preset: { worker: { completeJobBatchDelay: 0, failJobBatchDelay: 0 } },
    });
  } catch (error) {
    await pgPool.end();
    throw error;
  }
  if (!workerId) {
    await runner.stop();
    await pgPool.end();
    throw new Error(`The ${spec.name} job runner started without telling its worker id`);
  }
  logger.debug({ runner: spec.name, workerId, concurrency: spec.concurrency }, 'Job runner started');
  // Set once: a runner that gave up is stopped by its restart, and again by the process's stop if that comes during
  // the restart's backoff (a second pgPool.end() rejects, and the worker would exit 1).
  let stopped: Promise<void> | undefined;
  let died = false;
  const die = (error: unknown) => {
    if (stopped || died) return;
    died = true;
    onDied(error);
  };
  // graphile-worker 0.17 gives up its whole pool when it cannot record a job's end (the database restarted between
  // the job and its batched completeJob/failJob: its batch retry loop gives up at the first error, graphile/worker
  // issue 636): it says so with `pool:fatalError`, then shuts the pool down (which may wait on the database) and
  // rejects the runner's promise. Unhandled, that rejection would end the process (the API too, with jobs in process).
  events.on('pool:fatalError', ({ error }) => die(error));
  runner.promise.then(undefined, die);
  return {
    workerId,
    stop() {
      stopped ??= (async () => {
        try {
          await runner.stop();
        } catch (error) {
          // A runner that already gave up has nothing left to stop.
          logger.debug({ err: error, runner: spec.name }, 'Job runner was already stopped');
        }
        await pgPool.end();
      })();
      return stopped;
    },
  };
}

/**
 * A pause that does not keep the process alive: a stopped process does not wait out a restart's backoff. While it
 * runs, the process is kept alive by what is waiting for the database anyway (the job heartbeat's timer, the event
 * bus's reconnect, the API's HTTP server).
 */
const sleepUnref = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/**
 * Runs jobs in this process until `stop()`: in the API process by default, or alone in `npm run worker`. Each runner
 * has workers of its own and takes only the jobs of its tasks (graphile-worker picks jobs by the tasks it knows), so
 * one runner's slow jobs never hold another's. One heartbeat covers them all (job-heartbeat.ts): while this process
 * lives its locks are kept; when it dies another process frees them after `deadWorkerSeconds`.
 */
export async function startJobRunners(options: {
  connectionString: string;
  runners: readonly RunnerSpec[];
  deadWorkerSeconds: number;
  /** How often to look for jobs that became due (retries, run_at); new jobs arrive at once over LISTEN. */
  pollIntervalMs?: number;
  /** Told of each job this process ran (metrics). */
  onJobDone?: (task: string, outcome: JobOutcome) => void;
}): Promise<JobRunner> {
  const started: (JobRunner & { workerId: string })[] = [];
  const heartbeatPool = jobPool(options.connectionString, 1);
  let heartbeat: JobHeartbeat | undefined;
  let stopped = false;
  const pollIntervalMs = options.pollIntervalMs ?? 2000;

  /**
   * A runner that gave up (see startJobRunner) is started again, with a new worker id, until it starts (the database
   * may still be restarting). The jobs the old one held stay locked by its id, which no longer beats: the sweeper
   * frees them after deadWorkerSeconds and they run again (at least once, as after a crash).
   */
  const restart = (index: number, spec: RunnerSpec) => async (error: unknown) => {
    const old = started[index];
    logger.error({ err: error, runner: spec.name, workerId: old.workerId }, 'Job runner stopped; starting it again');
    // Its shutdown may wait on the database that is away: the new runner does not wait for it longer than a few seconds.
    await Promise.race([
      old.stop().catch((stopError: unknown) => logger.warn({ err: stopError }, 'Job runner stop failed')),
      sleepUnref(5000),
    ]);
    for (let attempt = 0; !stopped; attempt++) {
      await sleepUnref(Math.min(1000 * 2 ** attempt, 30_000));
      if (stopped) return;
      try {
        const next = await startJobRunner(
          options.connectionString,
          spec,
          pollIntervalMs,
          options.onJobDone,
          (nextError) => void restart(index, spec)(nextError),
        );
        if (stopped) {
          await next.stop();
          return;
        }
        started[index] = next;
        heartbeat?.replace(old.workerId, next.workerId);
        logger.info({ runner: spec.name, workerId: next.workerId }, 'Job runner started again');
        return;
      } catch (startError) {
        logger.warn({ err: startError, runner: spec.name }, 'Job runner could not start again yet');
      }
    }
  };

  try {
    for (const [index, spec] of options.runners.entries()) {
      started.push(
        await startJobRunner(
          options.connectionString,
          spec,
          pollIntervalMs,
          options.onJobDone,
          (error) => void restart(index, spec)(error),
        ),
      );
    }
    heartbeat = await startJobHeartbeat({
      pgPool: heartbeatPool,
      workerIds: started.map((runner) => runner.workerId),
      deadAfterSeconds: options.deadWorkerSeconds,
      workerLogger,
    });
  } catch (error) {
    await Promise.allSettled(started.map((runner) => runner.stop()));
    await heartbeatPool.end();
    throw error;
  }
  const beating = heartbeat;
  return {
    async stop() {
      stopped = true;
      // The heartbeat goes on while the runners finish their jobs: they hold their locks until then.
      try {
        await Promise.all(started.map((runner) => runner.stop()));
      } finally {
        await beating.stop();
        await heartbeatPool.end();
      }
    },
  };
}
