/**
 * `npm run worker`: a process that only runs durable jobs (e-mail, webhooks, payment windows), for deployments
 * that scale jobs apart from the API. Start the API processes with JOBS_IN_PROCESS=false then. It needs the
 * same DATABASE_URL as the API (the embedded demo database belongs to `npm start` and runs its jobs itself).
 */
import 'reflect-metadata';
import { loadConfig } from './config';
import { logger, setLogLevel } from './core/logger';
import { logStartupFailure } from './core/startup-failure';
import { resolveSecrets } from './secrets';
import { createRuntime } from './runtime';

async function main(): Promise<void> {
  const config = loadConfig();
  setLogLevel(config.logLevel);
  if (!config.databaseUrl) throw new Error('npm run worker needs DATABASE_URL (the database the API uses)');
  const runtime = await createRuntime({
    config: { ...config, ...resolveSecrets(config) },
    databaseUrl: config.databaseUrl,
  });
  await runtime.startJobs();
  logger.info(
    { concurrency: config.jobs.concurrency, webhookConcurrency: config.jobs.webhookConcurrency },
    'Worker is running jobs',
  );

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'Worker shutting down');
    runtime.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'Worker shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  logStartupFailure('Worker start-up failed', error);
  process.exit(1);
});
