import { ConfigError, type DatabaseConfig, loadDatabaseConfig, loadDotEnv } from './config.js';
import { type Database, openDatabase } from './database.js';
import { createLogger, type Logger } from './logger.js';
import { knownCause } from './startup-error.js';

// Shared by the npm scripts run by hand (migrate, migrate:*, db:seed).

/** Prints the message to stderr and exits 1: for usage and input errors. */
export function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

/**
 * The database configuration from ./.env and the environment, or exit 1 with the variable at
 * fault named. Migrating or seeding needs no JWT_SECRET or password: only the service does.
 */
function configOrExit(): DatabaseConfig {
  loadDotEnv();
  try {
    return loadDatabaseConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    fail(`Invalid configuration: ${error.message}`);
  }
}

/**
 * Opens the configured database (DATABASE_URL, or the embedded one in DATA_DIR), runs `task`
 * and closes it. A failure sets exit code 1: one line on stderr when its cause is known (the
 * service holds the embedded database, a wrong password), else logged as fatal with its stack.
 */
export async function withDatabase(task: (db: Database, logger: Logger) => Promise<void>): Promise<void> {
  const config = configOrExit();
  const logger = createLogger(config.logLevel);
  try {
    const db = await openDatabase(config, logger);
    try {
      await task(db, logger);
    } finally {
      await db.close();
    }
  } catch (error) {
    const command = process.env.npm_lifecycle_event ? `npm run ${process.env.npm_lifecycle_event}` : 'this command';
    const cause = knownCause(error, `stop the service first (${command} opens the embedded database itself), then run it again`);
    if (cause !== undefined) process.stderr.write(`${cause}\n`);
    else logger.fatal({ err: error }, error instanceof Error ? error.message : 'failed');
    process.exitCode = 1;
  }
}
