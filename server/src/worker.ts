/**
 * `npm run worker`: a process that only runs durable jobs (e-mail, webhooks, payment windows), for deployments
 * that scale jobs apart from the API. Start the API processes with JOBS_IN_PROCESS=false then. It needs the
 * same DATABASE_URL as the API (the embedded demo database belongs to `npm start` and runs its jobs itself).
 * With WORKER_METRICS_PORT and METRICS_TOKEN it serves `GET /metrics` of its own (docs/deployment.md "Health and
 * metrics").
 */
import 'reflect-metadata';
import type { Server } from 'node:http';
import express from 'express';
import { loadConfig } from './config';
import { Metrics } from './core/metrics';
import { metricsRoute } from './http/metrics.route';
import { logger, setLogLevel } from './core/logger';
import { logStartupFailure } from './core/startup-failure';
import { resolveSecrets } from './secrets';
import { createRuntime } from './runtime';

async function main(): Promise<void> {
  const config = loadConfig();
  setLogLevel(config.logLevel);
  if (!config.databaseUrl) throw new Error('npm run worker needs DATABASE_URL (the database the API uses)');
  if (config.workerMetricsPort !== undefined && !config.metricsToken) {
    throw new Error("WORKER_METRICS_PORT needs METRICS_TOKEN (the scraper's bearer token)");
  }
  const runtime = await createRuntime({
    config: { ...config, ...resolveSecrets(config) },
    databaseUrl: config.databaseUrl,
  });
  await runtime.startJobs();
  // The jobs this process runs are counted here, not in the API replicas: it serves its own /metrics when asked.
  let metricsServer: Server | undefined;
  const metricsPort = config.workerMetricsPort;
  if (metricsPort !== undefined) {
    const app = express();
    app.get('/healthz', (_req, res) => void res.set('Cache-Control', 'no-store').json({ ok: true }));
    app.use(metricsRoute(runtime.container.get(Metrics), config.metricsToken));
    metricsServer = await new Promise<Server>((resolve, reject) => {
      const server = app.listen(metricsPort, config.host, () => resolve(server)).once('error', reject);
    });
    logger.info({ port: metricsPort }, 'Worker metrics at /metrics');
  }
  logger.info(
    { concurrency: config.jobs.concurrency, webhookConcurrency: config.jobs.webhookConcurrency },
    'Worker is running jobs',
  );

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'Worker shutting down');
    metricsServer?.close();
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
