/**
 * The typed rows of hand-written SQL are the migrated schema's (docs/architecture.md "Hand-written SQL"): the committed
 * server/src/db/schema-types.ts is exactly what `npm run db:types` writes from the database the migrations build now.
 * A migration that adds, drops or changes a column fails here until the types are regenerated and committed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { generateSchemaTypes } from '../../server/src/db/schema-types-generator';
import { databaseUrl, templateName } from '../support/database';

test('server/src/db/schema-types.ts matches the migrated database (run `npm run db:types` and commit it)', async () => {
  const client = new Client({ connectionString: databaseUrl(templateName()) });
  await client.connect();
  try {
    const committed = fs.readFileSync(path.resolve(__dirname, '../../server/src/db/schema-types.ts'), 'utf8');
    expect(committed).toBe(await generateSchemaTypes(client));
  } finally {
    await client.end();
  }
});
