import { type DatabaseConfig, loadDatabaseConfig, loadDotEnv } from '../config.js';
import { type Database, openDatabase } from '../db/database.js';
import { createLogger, type Logger } from '../logger.js';
import { exitOnStartupFailure } from '../startup-error.js';

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
  try {
    loadDotEnv();
    return loadDatabaseConfig(process.env);
  } catch (error) {
    exitOnStartupFailure(error, commandName(), 'stop the service first, then run it again');
  }
}

/** `npm run db:seed`, as the owner typed it. */
const commandName = () => (process.env.npm_lifecycle_event ? `npm run ${process.env.npm_lifecycle_event}` : 'this command');

/**
 * Opens the configured database (DATABASE_URL, or the embedded one in DATA_DIR), runs `task`
 * and closes it. A failure is one line on stderr and exit code 1, as the service's own start-up
 * failures are: what to change when its cause is known (the service holds the embedded database,
 * a wrong password), else its message.
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
    const command = commandName();
    exitOnStartupFailure(error, command, `stop the service first (${command} opens the embedded database itself), then run it again`);
  }
}
