/**
 * What the API process and a worker process share: the database (migrated, graphile-worker's schema included),
 * the container with its configured services, the live-update bus, and, when asked, the job runner.
 */
import { DataSource } from 'typeorm';
import { AppConfig, type ResolvedConfig } from './app-config';
import { Container } from './container';
import { dispatchOnWakeUp, DomainEventDispatcher, EventConsumers } from './core/domain-events';
import { EventBus, PgEventBus } from './core/event-bus';
import { Metrics } from './core/metrics';
import { JobQueue, migrateJobQueue, startJobRunners, type JobRunner } from './core/job-queue';
import { logger } from './core/logger';
import { createDataSource } from './db/data-source';
import { withMigrationLock } from './db/migration-lock';
import { FileStore, PgFileStore } from './files/file-store';
import { CRONTAB, eventConsumers, jobTasks, START_JOBS } from './jobs';
import { PayableOrdersService } from './orders/payable-orders.service';
import { PaymentSettlement } from './orders/payment-settlement.service';
import { PayableOrders, PaymentObserver } from './payments/payment-observer';
import { RateService } from './rates/rate.service';

/** Jobs due and not locked: how many, and how long the oldest has waited. */
const JOBS_READY_SQL = `SELECT count(*)::int AS ready, coalesce(extract(epoch FROM now() - min(run_at)), 0)::float8 AS lag
  FROM graphile_worker.jobs WHERE locked_at IS NULL AND run_at <= now() AND attempts < max_attempts`;

export interface Runtime {
  db: DataSource;
  container: Container;
  bus: PgEventBus;
  /** Starts running jobs in this process (the API's default, or `npm run worker`). */
  startJobs(): Promise<JobRunner>;
  close(): Promise<void>;
}

export async function createRuntime(options: {
  config: ResolvedConfig;
  databaseUrl: string;
  /** Run migrations first (start-up does; tests on a migrated template skip it). */
  runMigrations?: boolean;
  /** Runs after migrations (start-up seeds the demo data here). */
  prepare?: (db: DataSource) => Promise<void>;
  poolSize?: number;
}): Promise<Runtime> {
  const { config, databaseUrl } = options;
  // Settings taken but worth a look (an address without its checksum): said at every start, API and worker alike.
  for (const warning of config.settingWarnings) logger.warn(`Setting taken with a warning: ${warning}`);
  const db = createDataSource({ url: databaseUrl, poolSize: options.poolSize });
  await db.initialize();
  // The seed shares the lock: two replicas seeding an empty database at once would both insert the demo catalogue.
  const runMigrations = options.runMigrations ?? true;
  if (runMigrations || options.prepare) {
    await withMigrationLock(databaseUrl, async () => {
      if (runMigrations) {
        await db.runMigrations({ transaction: 'each' });
        await migrateJobQueue(databaseUrl);
      }
      await options.prepare?.(db);
    });
  }

  const container = new Container();
  const metrics = new Metrics();
  const bus = await PgEventBus.connect(config.bus.databaseUrl ?? databaseUrl, (sql, params) => db.query(sql, params), {
    keepalive: {
      intervalMs: config.bus.keepaliveSeconds * 1000,
      timeoutMs: config.bus.keepaliveTimeoutSeconds * 1000,
    },
    observer: { reconnected: () => metrics.busReconnected(), caughtUp: () => metrics.busCaughtUp() },
  });
  metrics.gaugeOnScrape(
    'store_live_subscriptions',
    'Live-update bus subscriptions in this process: GraphQL subscriptions and in-process listeners (rates, block rules)',
    () => bus.subscriberCount,
  );
  // Read from the database at scrape time (the whole store's queue, whichever process runs it): nothing on the hot path.
  metrics.gaugeOnScrape('store_jobs_ready', 'Jobs due now and not yet taken by a worker (whole store)', async () => {
    const [row] = await db.query(JOBS_READY_SQL);
    return Number(row.ready);
  });
  metrics.gaugeOnScrape(
    'store_jobs_queue_lag_seconds',
    'How long the oldest job due and not yet taken has waited (whole store; 0 when none waits)',
    async () => {
      const [row] = await db.query(JOBS_READY_SQL);
      return Number(row.lag);
    },
  );
  container
    .set(AppConfig, new AppConfig(config))
    .set(DataSource, db)
    .set(Metrics, metrics)
    .set(EventBus, bus as EventBus)
    .set(EventConsumers, {
      // Resolved when first dispatched: the consumers' own dependencies are set by then.
      get consumers() {
        return eventConsumers(container);
      },
    });
  container.set(FileStore, container.get(PgFileStore));
  // The payments module declares what it asks and tells about orders; the orders module answers and decides
  // (docs/architecture.md "Module ownership"), so payments never import orders.
  container
    .set(PayableOrders, container.get(PayableOrdersService))
    .set(PaymentObserver, container.get(PaymentSettlement));
  // Quotes and checkouts (the API) and late payments' re-quotes (jobs) read rates from memory: loaded before either.
  await container.get(RateService).start();

  const runners: JobRunner[] = [];
  return {
    db,
    container,
    bus,
    async startJobs() {
      // Two runners with disjoint tasks (docs/jobs-and-events.md "Runners"): webhook deliveries on workers of their
      // own, so an endpoint that never answers cannot hold up keys, payments and mail.
      const runner = await startJobRunners({
        connectionString: databaseUrl,
        runners: [
          {
            name: 'core',
            taskList: jobTasks(container, 'core'),
            concurrency: config.jobs.concurrency,
            crontab: CRONTAB,
          },
          {
            name: 'webhooks',
            taskList: jobTasks(container, 'webhooks'),
            concurrency: config.jobs.webhookConcurrency,
          },
        ],
        deadWorkerSeconds: config.jobs.deadWorkerSeconds,
        onJobDone: (task, outcome) => metrics.job(task, outcome),
      });
      const stopDispatch = dispatchOnWakeUp(bus, container.get(DomainEventDispatcher));
      const stoppable = {
        async stop() {
          await stopDispatch();
          await runner.stop();
        },
      };
      runners.push(stoppable);
      // Some recurring jobs also run once at start: events left pending while no process ran jobs go out now, the
      // chains are read at once, and a process that never lives an hour still sweeps.
      await container.get(JobQueue).add(START_JOBS);
      return stoppable;
    },
    async close() {
      await Promise.all(runners.map((runner) => runner.stop()));
      await container.get(RateService).stop();
      await bus.close();
      await db.destroy();
    },
  };
}
