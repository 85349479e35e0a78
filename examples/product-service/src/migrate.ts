import { ConfigError, loadConfig, loadDotEnv } from './config.js';
import { openDatabase } from './database.js';
import { createLogger } from './logger.js';
import { migrateLatest } from './migrations/index.js';

// `npm run migrate`: applies pending migrations to the configured database and exits.
loadDotEnv();

let config;
try {
  config = loadConfig(process.env);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`Invalid configuration: ${error.message}\n`);
  process.exit(1);
}

const logger = createLogger(config.logLevel);
try {
  const db = await openDatabase(config, logger);
  try {
    const applied = await migrateLatest(db);
    logger.info({ applied, database: db.kind }, applied.length ? 'migrations applied' : 'already up to date');
  } finally {
    await db.close();
  }
} catch (error) {
  logger.fatal({ err: error }, error instanceof Error ? error.message : 'migration failed');
  process.exitCode = 1;
}
