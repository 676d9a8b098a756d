/**
 * Boot: config → database (embedded PostgreSQL unless DATABASE_URL) → migrations and seed → HTTP +
 * WebSocket. SIGINT/SIGTERM stop everything in reverse order so nothing is left half-written.
 */
import 'reflect-metadata';
import { createApp } from './app';
import { loadConfig } from './config';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded';
import { seedDatabase } from './db/seed/seed';
import { resolveSecrets } from './secrets';
import { logger, prettyLogDestination, setLogDestination, setLogLevel } from './core/logger';
import { logStartupFailure } from './core/startup-failure';

async function main(): Promise<void> {
  const config = loadConfig();
  setLogLevel(config.logLevel);
  // A person watching a terminal gets readable lines; production, pipes and files get JSON.
  if (config.env !== 'production' && process.stdout.isTTY) setLogDestination(prettyLogDestination());
  const secrets = resolveSecrets(config);

  if (config.env === 'production') {
    // Said at every production start, so an operator sees which way it went (docs/deployment.md "Demo data").
    if (config.seedDemoData) {
      logger.warn(
        'Demo data ON in production (SEED_DEMO_DATA=true): an empty database gets the demo catalogue and generated licence keys, which sell like real ones',
      );
    } else {
      logger.info(
        'Demo data off (production): no demo catalogue or generated keys are seeded; SEED_DEMO_DATA=true seeds them',
      );
    }
  }
  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres(config.dataDir, config.embeddedPgPort);
    databaseUrl = embedded.url;
  }

  let app;
  try {
    app = await createApp({
      config: { ...config, ...secrets },
      databaseUrl,
      prepare: (db) =>
        seedDatabase(db, {
          demoData: config.seedDemoData,
          keysEncryptionKey: secrets.keysEncryptionKey,
          admin: config.admin,
          createDemoAdmin: !!embedded,
        }),
    });
  } catch (error) {
    await embedded?.stop();
    throw error;
  }
  const shownHost = config.host === '0.0.0.0' ? 'localhost' : config.host;
  logger.info(
    {
      store: `http://${shownHost}:${app.port}/`,
      graphql: `http://${shownHost}:${app.port}/graphql`,
      database: embedded ? 'embedded PostgreSQL' : 'DATABASE_URL',
    },
    'Store is running',
  );

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'Shutting down');
    const force = setTimeout(() => {
      logger.error('Shutdown took too long; exiting');
      process.exit(1);
    }, 15000);
    force.unref();
    try {
      await app.close();
      logger.info('API stopped');
      if (embedded) {
        await embedded.stop();
        logger.info('Embedded PostgreSQL stopped');
      }
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'Shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error) => {
  logStartupFailure('Start-up failed', error);
  process.exit(1);
});
