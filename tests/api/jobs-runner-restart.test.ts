/**
 * A job runner survives its database going away between a job and the record of its end (found by `npm run chaos`,
 * docs/deployment.md "Chaos run": a PostgreSQL restart ended `npm run worker`). graphile-worker 0.17 gives up its
 * whole pool when completeJob/failJob fails with an error it does not retry, and rejects the runner's promise; the
 * store starts the runner again, and the job it held runs again once the dead worker id's lock is freed.
 * Here the job itself cuts the runner off: it terminates the database's other connections and refuses new ones
 * (ALLOW_CONNECTIONS false) for a second, so the runner cannot record the job's success. And a process stopped while
 * a runner waits to be started again stops cleanly (`npm run worker` exited 1 there).
 */
import { Client } from 'pg';
import type { TaskList } from 'graphile-worker';
import { migrateJobQueue, startJobRunners, type JobRunner } from '../../server/src/core/job-queue';
import { allowConnections, createTestDatabase, dropTestDatabase, refuseConnections } from '../support/database';
import { eventually } from '../support/eventually';
import { setLogLevel } from '../../server/src/core/logger';

let database: { name: string; url: string };
let runner: JobRunner | undefined;
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

// graphile-worker prints a worker that ends on a database error with console.trace (its main.ts, not our logger):
// the cut-off below makes one on purpose, and its stack trace would only be noise in the test output.
let trace: jest.SpyInstance;

beforeAll(async () => {
  // The cut-off logs a warning per connection; the assertions say what happened.
  setLogLevel('silent');
  trace = jest.spyOn(console, 'trace').mockImplementation(() => undefined);
  database = await createTestDatabase();
  await migrateJobQueue(database.url);
  process.on('unhandledRejection', onUnhandled);
});

afterAll(async () => {
  process.off('unhandledRejection', onUnhandled);
  await allowConnections(database.name);
  await runner?.stop();
  if (database) await dropTestDatabase(database.name);
  trace.mockRestore();
});

/** One `core` runner of `taskList`, polling every 200 ms, freeing a dead worker id's locks after 3 s. */
const startRunner = (taskList: TaskList) =>
  startJobRunners({
    connectionString: database.url,
    deadWorkerSeconds: 3,
    pollIntervalMs: 200,
    runners: [{ name: 'core', concurrency: 1, taskList }],
  });

async function addJob(task: string, key: string): Promise<void> {
  const client = new Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query(`SELECT graphile_worker.add_job($1, $2::json, job_key => $3)`, [task, '{}', key]);
  } finally {
    await client.end();
  }
}

it('starts a runner again after it could not record a job, and the job runs again', async () => {
  const runs: string[] = [];
  runner = await startRunner({
    'test:cut-off': async () => {
      runs.push('cut-off');
      if (runs.length > 1) return;
      await refuseConnections(database.name);
      // Connections come back a second later, as after a restart.
      setTimeout(() => {
        void allowConnections(database.name);
      }, 1000);
    },
    'test:after': async () => {
      runs.push('after');
    },
  });
  await addJob('test:cut-off', 'cut-off');
  // The first run's success was never recorded: its job runs again on the new runner once the old id's lock is freed.
  await eventually(() => runs.filter((r) => r === 'cut-off').length === 2, 20_000, 'second run of the cut-off job');
  await addJob('test:after', 'after');
  await eventually(() => runs.includes('after'), 10_000, 'a job added after the restart');
  await eventually(
    async () => {
      const { rows } = await withClient((c) => c.query(`SELECT count(*)::int AS n FROM graphile_worker.jobs`));
      return rows[0].n === 0;
    },
    10_000,
    'an empty queue',
  );
  expect(runs.filter((r) => r === 'cut-off')).toHaveLength(2);
  expect(unhandled).toEqual([]);
}, 40_000);

it('stops cleanly while it waits to start a runner again (the stopped runner is not stopped twice)', async () => {
  await runner?.stop();
  let cutOff = false;
  runner = await startRunner({
    'test:cut-off-long': async () => {
      cutOff = true;
      await refuseConnections(database.name);
    },
  });
  await addJob('test:cut-off-long', 'cut-off-long');
  await eventually(() => cutOff, 10_000, 'the cut-off job');
  // The runner gave up at once; its restart stops it (within 5 s) and then waits to start a new one, which fails
  // while connections are refused. The process stops during that wait, with the database back for its heartbeat.
  await new Promise((resolve) => setTimeout(resolve, 6500));
  await allowConnections(database.name);
  const stopping = runner;
  runner = undefined;
  await expect(stopping.stop()).resolves.toBeUndefined();
  expect(unhandled).toEqual([]);
}, 30_000);

async function withClient<T>(fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: database.url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
