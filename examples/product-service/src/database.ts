import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';

import knexFactory, { type Knex } from 'knex';
import ClientPgLite from 'knex-pglite';
import { Model } from 'objection';
import lockfile from 'proper-lockfile';

import { IN_MEMORY, type Config } from './config.js';
import type { Logger } from './logger.js';

export interface Database {
  knex: Knex;
  /** Which engine answers: an external PostgreSQL server or the embedded PGlite. */
  kind: 'postgres' | 'embedded';
  close(): Promise<void>;
}

export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
}

/**
 * Opens the database named by the configuration and binds the Objection models to it.
 * With DATABASE_URL it connects to PostgreSQL; without, it starts the embedded PGlite
 * in DATA_DIR (or in memory for `memory://`), locking the folder against a second process.
 */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'dbPoolMax'>,
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
    ? openPostgres(config.databaseUrl, config.dbPoolMax, log)
    : await openEmbedded(config.dataDir, log);
  Model.knex(database.knex);
  return database;
}

function openPostgres(connectionString: string, poolMax: number, log: Knex.Logger): Database {
  const knex = knexFactory({
    client: 'pg',
    log,
    // An object, not the bare string: knex mistakes socket URLs for sqlite file names.
    connection: { connectionString, connectionTimeoutMillis: 5_000 },
    pool: { min: 0, max: poolMax },
    // Fail fast when the server is gone: the request answers 503 instead of hanging.
    acquireConnectionTimeout: 5_000,
  });
  return { knex, kind: 'postgres', close: () => knex.destroy() };
}

async function openEmbedded(dataDir: string, log: Knex.Logger): Promise<Database> {
  if (dataDir === IN_MEMORY) {
    const knex = knexFactory({ client: ClientPgLite, connection: {}, log });
    return { knex, kind: 'embedded', close: () => knex.destroy() };
  }

  await mkdir(dataDir, { recursive: true });
  // PGlite has no lock of its own: two processes on one folder silently lose rows.
  const release = await lockfile
    .lock(dataDir, { lockfilePath: join(dataDir, '.lock'), retries: 0 })
    .catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ELOCKED') {
        const absolute = resolve(dataDir) === dataDir ? '' : ` (${resolve(dataDir)})`;
        throw new DataDirInUseError(`data folder ${dataDir} is in use by another process${absolute}`);
      }
      throw error;
    });

  try {
    const knex = knexFactory({ client: ClientPgLite, connection: { filename: join(dataDir, 'pgdata') }, log });
    // Start PGlite now, so a broken data folder fails at startup rather than on the first request.
    await knex.raw('select 1');
    return {
      knex,
      kind: 'embedded',
      close: async () => {
        try {
          await knex.destroy();
        } finally {
          await release();
        }
      },
    };
  } catch (error) {
    await release();
    throw error;
  }
}
