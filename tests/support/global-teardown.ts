import { withServerClient } from './database';

/** Drops the template database (test files drop their own copies), then stops the embedded server. */
export default async function globalTeardown(): Promise<void> {
  const template = process.env.TEST_TEMPLATE_DB;
  if (template) {
    await withServerClient((client) => client.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`));
  }
  await globalThis.__embeddedPg?.stop();
}
