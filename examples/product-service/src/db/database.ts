import knexFactory, { type Knex } from 'knex';
import { Model } from 'objection';

import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import { openEmbedded } from './embedded-database.js';
import { connectionSettings, withAdvisoryLock } from './postgres-connection.js';

export interface Database {
  knex: Knex;
  /** Which engine answers: an external PostgreSQL server or the embedded PGlite. */
  kind: 'postgres' | 'embedded';
  /** Runs `fn` while holding the migration lock: one migrator at a time, across all replicas. */
  withMigrationLock<T>(fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * Opens the database named by the configuration and binds the Objection models to it.
 * With DATABASE_URL it connects to PostgreSQL; without, it starts the embedded PGlite
 * in DATA_DIR (or in memory for `memory://`), locking the folder against a second process.
 */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'dbPoolMax' | 'dbStatementTimeoutMs' | 'dbConnectTimeoutMs'>,
  logger: Logger,
): Promise<Database> {
  // knex would print its warnings with console.* ; keep them in the JSON log.
  const log: Knex.Logger = {
    warn: (message) => logger.warn({ knex: message }, 'database warning'),
    error: (message) => logger.error({ knex: message }, 'database error'),
    deprecate: (method, alternative) => logger.warn({ method, alternative }, 'knex deprecation'),
    debug: (message) => logger.debug({ knex: message }, 'database debug'),
  };
  const database = config.databaseUrl
    ? openPostgres(config.databaseUrl, config, log, logger)
    : { ...(await openEmbedded(config.dataDir, log)), kind: 'embedded' as const, withMigrationLock: createLocalLock() };
  Model.knex(database.knex);
  return database;
}

function openPostgres(
  connectionString: string,
  config: Pick<Config, 'dbPoolMax' | 'dbStatementTimeoutMs' | 'dbConnectTimeoutMs'>,
  log: Knex.Logger,
  logger: Logger,
): Database {
  const knex = knexFactory({
    client: 'pg',
    log,
    connection: connectionSettings(connectionString, config, logger),
    pool: { min: 0, max: config.dbPoolMax },
    // Fail fast when the server is gone or the pool is exhausted: the request answers 503 instead of hanging.
    acquireConnectionTimeout: config.dbConnectTimeoutMs,
  });
  return {
    knex,
    kind: 'postgres',
    withMigrationLock: (fn) => withAdvisoryLock(connectionString, config.dbConnectTimeoutMs, fn),
    close: () => knex.destroy(),
  };
}

/** In-process lock for the embedded database: the data folder lock already keeps other processes out. */
function createLocalLock(): Database['withMigrationLock'] {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(fn: () => Promise<T>): Promise<T> => {
    const run = tail.then(fn, fn);
    tail = run.catch(() => undefined);
    return run;
  };
}
