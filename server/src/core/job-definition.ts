/**
 * A durable job, declared by the module that owns it (docs/jobs-and-events.md "Jobs"): its task name, the shape of its
 * payload (a zod schema, so what a job row holds is checked once, where it is read, instead of cast at every use),
 * what it does, which runner takes it and, for a recurring job, its schedule. `server/src/jobs.ts` only lists them.
 * Vendure's typed `JobQueue<Data>` idea: whoever queues a job builds its spec from the same definition.
 */
import type { z } from 'zod';
import type { Container } from '../container';
import type { JobSpec } from './job-queue';

/** What a running job gets besides its payload. */
export interface JobContext {
  container: Container;
  /** This attempt, from 1, and how many graphile-worker makes before giving the job up. */
  attempt: number;
  maxAttempts: number;
}

/** Which runner's workers take the task (docs/jobs-and-events.md "Runners"). */
export type JobRunnerName = 'core' | 'webhooks';

export interface JobDefinition<Payload extends z.ZodType = z.ZodType> {
  /** graphile-worker's task identifier: letters, digits, `_`, `-` and `:`. */
  readonly task: string;
  readonly payload: Payload;
  readonly runner: JobRunnerName;
  /**
   * A recurring job's crontab schedule and options, as graphile-worker's crontab line reads them after the task
   * (`* * * * *`, or `* * * * * ?jobKey=…&queue=…`).
   */
  readonly schedule?: { cron: string; options?: string };
  /** Queued once whenever jobs start (with an empty payload and these options): work left while no process ran jobs. */
  readonly atStart?: Omit<JobSpec, 'task' | 'payload'>;
  run(payload: z.output<Payload>, context: JobContext): Promise<unknown>;
  /** The spec that queues this job with `payload` (and the job options: key, run time, queue, attempts). */
  spec(payload: z.input<Payload>, options?: Omit<JobSpec, 'task' | 'payload'>): JobSpec;
}

export function defineJob<Payload extends z.ZodType>(definition: {
  task: string;
  payload: Payload;
  runner?: JobRunnerName;
  schedule?: { cron: string; options?: string };
  atStart?: Omit<JobSpec, 'task' | 'payload'>;
  run: (payload: z.output<Payload>, context: JobContext) => Promise<unknown>;
}): JobDefinition<Payload> {
  return {
    runner: 'core',
    ...definition,
    spec: (payload, options = {}) => ({
      task: definition.task,
      payload: payload as Record<string, unknown>,
      ...options,
    }),
  };
}
