/**
 * `npm run admin -- grant <email>` / `npm run admin -- revoke <email>`: gives the OWNER role (a new store's first owner;
 * the admin panel's Staff tab invites the rest) or takes any staff role away (docs/staff-and-permissions.md).
 *
 * Database: DATABASE_URL when set. Otherwise the embedded PostgreSQL under DATA_DIR (default .data/):
 * if the store is running, the command connects to the store's embedded server; if it is stopped,
 * the command starts that server for the second it needs and stops it again (do not start the store
 * during that second: two servers cannot share one data directory).
 */
import 'reflect-metadata';
import { normalizeEmail } from './accounts/account-records';
import { AdminRoleService, type AdminRoleChange } from './staff/admin-role.service';
import { loadConfig } from './config';
import { createDataSource } from './db/data-source';
import {
  embeddedDatabaseUrl,
  hasEmbeddedPostgres,
  runningEmbeddedPostgresPort,
  startEmbeddedPostgres,
  type EmbeddedDatabase,
} from './db/embedded';
import { setLogLevel } from './core/logger';

export const ADMIN_CLI_USAGE = 'Usage: npm run admin -- grant <email>\n       npm run admin -- revoke <email>';

export interface CliOutput {
  log(line: string): void;
  error(line: string): void;
}

const RESULTS: Record<AdminRoleChange, (email: string) => string> = {
  granted: (email) => `Granted the OWNER role to ${email}. It applies at once, in every running server.`,
  'already-admin': (email) => `${email} is already an owner; nothing changed.`,
  revoked: (email) => `Took the staff role from ${email}. It applies at once, in every running server.`,
  'not-admin': (email) => `${email} has no staff role; nothing changed.`,
  'no-such-user': (email) => `No account with the email ${email}. The user must sign up first.`,
  'last-owner': (email) => `${email} is the store's last owner: grant the OWNER role to someone else first.`,
};

/** Runs one command and returns the process exit code (0 done, 1 failed, 2 usage). */
export async function runAdminCli(args: string[], env: NodeJS.ProcessEnv, out: CliOutput): Promise<number> {
  const [command, rawEmail, ...rest] = args;
  if ((command !== 'grant' && command !== 'revoke') || !rawEmail || rest.length > 0) {
    out.error(ADMIN_CLI_USAGE);
    return 2;
  }
  const email = normalizeEmail(rawEmail);
  const config = loadConfig(env);
  setLogLevel(env.LOG_LEVEL ? config.logLevel : 'warn');

  let embedded: EmbeddedDatabase | undefined;
  let url = config.databaseUrl;
  if (!url) {
    if (!hasEmbeddedPostgres(config.dataDir)) {
      out.error(`No store database in ${config.dataDir}: start the store once (npm start), or set DATABASE_URL.`);
      return 1;
    }
    const runningPort = runningEmbeddedPostgresPort(config.dataDir);
    if (runningPort) {
      url = embeddedDatabaseUrl(runningPort);
    } else {
      embedded = await startEmbeddedPostgres(config.dataDir, config.embeddedPgPort);
      url = embedded.url;
    }
  }

  const db = createDataSource({ url, poolSize: 1 });
  try {
    await db.initialize();
    const roles = new AdminRoleService(db);
    const result = command === 'grant' ? await roles.grant(email) : await roles.revoke(email);
    if (result === 'no-such-user' || result === 'last-owner') {
      out.error(RESULTS[result](email));
      return 1;
    }
    out.log(RESULTS[result](email));
    return 0;
  } catch (error) {
    const code = (error as { code?: string }).code;
    // 42P01: undefined table, i.e. a database the store has never migrated.
    out.error(
      code === '42P01'
        ? 'The database has no store tables yet: start the store once first.'
        : `Failed: ${String((error as Error).message ?? error)}`,
    );
    return 1;
  } finally {
    if (db.isInitialized) await db.destroy();
    await embedded?.stop();
  }
}

if (require.main === module) {
  runAdminCli(process.argv.slice(2), process.env, {
    log: (line) => process.stdout.write(line + '\n'),
    error: (line) => process.stderr.write(line + '\n'),
  }).then(
    (code) => process.exit(code),
    (error) => {
      process.stderr.write(`Failed: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
