/** Writes schema.graphql from the code (`npm run schema`); CI fails when the committed file differs. */
import 'reflect-metadata';
import { Container } from './container';
import { buildAppSchema, SCHEMA_FILE } from './graphql/schema';

buildAppSchema(new Container(), { emitSchemaFile: true })
  .then(() => process.stdout.write(`Wrote ${SCHEMA_FILE}\n`))
  .catch((error) => {
    process.stderr.write(String(error?.stack ?? error) + '\n');
    process.exit(1);
  });
