import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';

import knexFactory, { type Knex } from 'knex';
import { Model } from 'objection';
import pg from 'pg';

import { type Config, ConfigError, IN_MEMORY } from './config.js';
import { lockDataDir } from './data-dir-lock.js';
import type { Logger } from './logger.js';
import { StartupError } from './startup-error.js';

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
  const database = config.databaseUrl ? openPostgres(config.databaseUrl, config, log, logger) : await openEmbedded(config.dataDir, log);
  Model.knex(database.knex);
  return database;
}

/**
 * A PostgreSQL `date` is a calendar day, with no time or zone: both drivers would turn it into a
 * Date at local midnight, which JSON then prints as the previous or next day east or west of
 * UTC. Kept as the `YYYY-MM-DD` text the server sends, on this service's connections only
 * (pg's setTypeParser would change every pg client in the process).
 */
const keepDateText = (value: string) => value;

const parseTimestamptz = pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ, 'text') as (text: string) => Date;

/**
 * A timestamptz as the API answers it: ISO 8601 in UTC with milliseconds. On a session in UTC the
 * server sends that instant already (`2026-01-01 12:00:00.123456+00`), so the text is only
 * re-punctuated: making a Date of it and printing that again took a fifth of the CPU of a 100-row
 * list. Another offset (the session's TimeZone), or a year past 9999, goes through the driver's parser.
 */
export function instantText(text: string): string {
  if (text.length < 22 || text[10] !== ' ' || !text.endsWith('+00')) return parseTimestamptz(text).toISOString();
  // Fractional seconds come without trailing zeros, up to microseconds: cut or padded to milliseconds.
  const fraction = text.slice(20, -3).padEnd(3, '0').slice(0, 3);
  return `${text.slice(0, 10)}T${text.slice(11, 19)}.${fraction}Z`;
}

const pgTypes: Knex.PgCustomTypesConfig = {
  getTypeParser: (oid, format) => {
    if (oid === pg.types.builtins.DATE) return keepDateText;
    if (oid === pg.types.builtins.TIMESTAMPTZ) return instantText;
    return pg.types.getTypeParser(oid, format === 'binary' ? 'binary' : 'text');
  },
};

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

type PgSettings = Knex.PgConnectionConfig & { expirationChecker?: () => boolean };

/**
 * The settings of every pooled connection, for knex to ask before it opens one. The statement
 * timeout goes with the connection request (node-postgres sends it as a startup parameter): the
 * server then applies it to the whole session at no cost per query. A transaction pooler
 * (PgBouncer, and the poolers of Supabase, Neon and others) refuses that parameter, since a
 * session setting cannot follow a client across the server connections it hands out. So the
 * first connection asks with it; when refused, the service connects without it from then on and
 * says once where the timeout belongs behind such a pooler: on the database role, whose settings
 * the server applies to every session the pooler opens.
 */
function connectionSettings(
  connectionString: string,
  config: Pick<Config, 'dbStatementTimeoutMs' | 'dbConnectTimeoutMs'>,
  logger: Logger,
): () => Promise<PgSettings> {
  // An object, not the bare string: knex mistakes socket URLs for sqlite file names.
  const connect: pg.ClientConfig = { connectionString, connectionTimeoutMillis: config.dbConnectTimeoutMs };
  const settings: PgSettings = { ...connect, types: pgTypes };
  const timeoutMs = config.dbStatementTimeoutMs;
  if (timeoutMs === 0) return async () => settings;
  let decided: Promise<PgSettings> | undefined;
  const decide = async (): Promise<PgSettings> => {
    if (await acceptsStatementTimeout(connect, timeoutMs)) return { ...settings, statement_timeout: timeoutMs };
    const serverTimeout = await serverStatementTimeout(connect);
    const role = decodeURIComponent(new URL(connectionString).username) || '<user>';
    logger.warn(
      { dbStatementTimeoutMs: timeoutMs, serverStatementTimeout: serverTimeout },
      serverTimeout === '0'
        ? `the database connection pooler refuses statement_timeout, and the role has none, so a query may run unbounded: ` +
            `set it on the role (ALTER ROLE "${role}" SET statement_timeout = ${timeoutMs}), then DB_STATEMENT_TIMEOUT_MS=0`
        : `the database connection pooler refuses statement_timeout; the role's own applies (${serverTimeout}): set DB_STATEMENT_TIMEOUT_MS=0 to say so`,
    );
    return settings;
  };
  return () => {
    // A failed attempt (the server is down) decides nothing: the next connection asks again.
    decided ??= decide().catch((error: unknown) => {
      decided = undefined;
      throw error;
    });
    return decided;
  };
}

/** Connects once with statement_timeout as a startup parameter: false when the server refuses that parameter. */
async function acceptsStatementTimeout(settings: pg.ClientConfig, timeoutMs: number): Promise<boolean> {
  try {
    await withClient({ ...settings, statement_timeout: timeoutMs }, async () => undefined);
    return true;
  } catch (error) {
    const { code, message } = error as { code?: string; message?: string };
    if (code === '08P01' && message === 'unsupported startup parameter: statement_timeout') return false;
    throw error;
  }
}

async function serverStatementTimeout(settings: pg.ClientConfig): Promise<string> {
  return withClient(settings, async (client) => (await client.query('show statement_timeout')).rows[0].statement_timeout);
}

/** Runs `fn` on a connection of its own, outside the pool, and closes it. */
async function withClient<T>(settings: pg.ClientConfig, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client(settings);
  // A lost connection fails the query at hand; without a listener it would crash the process.
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

// Any constant works, as long as every replica uses the same one.
const MIGRATION_LOCK_KEY = 'knex_migrations';

/**
 * Holds a PostgreSQL advisory lock on a connection of its own (outside the pool, so DB_POOL_MAX=1
 * cannot deadlock) while `fn` runs. Replicas starting together wait here in turn, which also
 * covers knex's unguarded creation of its migration tables. The lock belongs to a transaction,
 * not to the session: a transaction pooler keeps one server connection for a transaction, but
 * may hand a session's next statement (or its unlock) to another. The server frees the lock when
 * the transaction ends, or the connection does: a replica that dies mid-migration leaves no stale lock.
 */
async function withAdvisoryLock<T>(connectionString: string, connectTimeoutMs: number, fn: () => Promise<T>): Promise<T> {
  return withClient({ connectionString, connectionTimeoutMillis: connectTimeoutMs }, async (client) => {
    await client.query('begin');
    try {
      // Waiting for another replica's migrations is no runaway statement, whatever the role's timeout says.
      await client.query('set local statement_timeout = 0');
      await client.query('select pg_advisory_xact_lock(hashtext($1))', [MIGRATION_LOCK_KEY]);
      return await fn();
    } finally {
      await client.query('rollback').catch(() => undefined);
    }
  });
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

/**
 * The embedded database's packages, loaded only when it is used: they are devDependencies, so a
 * production install (`npm ci --omit=dev`, the image) leaves them out.
 */
async function importEmbedded() {
  try {
    const [{ PGlite }, { default: ClientPgLite }] = await Promise.all([import('@electric-sql/pglite'), import('knex-pglite')]);
    return { PGlite, ClientPgLite };
  } catch (error) {
    if ((error as { code?: string }).code !== 'ERR_MODULE_NOT_FOUND') throw error;
    throw new ConfigError(
      'DATABASE_URL is unset and the embedded database is not installed (a production install leaves it out): set DATABASE_URL, or run npm install',
    );
  }
}

/** knex over a PGlite of our own, which knex-pglite would create without our type parsers. */
async function embeddedKnex(dataDir: string | undefined, log: Knex.Logger): Promise<Knex> {
  const { PGlite, ClientPgLite } = await importEmbedded();
  const pglite = new PGlite({ dataDir, parsers: { [pg.types.builtins.DATE]: keepDateText, [pg.types.builtins.TIMESTAMPTZ]: instantText } });
  // knex-pglite's connection types know only filename and connectionString; it reads `pglite` too.
  return knexFactory({ client: ClientPgLite, connection: { pglite } as Knex.StaticConnectionConfig, log });
}

// A data folder that cannot be created or written: a path through a file, no permission, a read-only file system.
const UNWRITABLE = new Set(['ENOTDIR', 'EACCES', 'EPERM', 'EROFS', 'EEXIST']);

async function openEmbedded(dataDir: string, log: Knex.Logger): Promise<Database> {
  if (dataDir === IN_MEMORY) {
    const knex = await embeddedKnex(undefined, log);
    return { knex, kind: 'embedded', withMigrationLock: createLocalLock(), close: () => knex.destroy() };
  }

  const release = await mkdir(dataDir, { recursive: true })
    .then(() => lockDataDir(dataDir))
    .catch((error: NodeJS.ErrnoException) => {
      if (!UNWRITABLE.has(error.code ?? '')) throw error;
      throw new StartupError(
        `cannot write data folder ${dataDir} (${error.code}): set DATA_DIR to a folder this user may write, or DATABASE_URL`,
      );
    });

  try {
    const knex = await embeddedKnex(join(dataDir, 'pgdata'), log);
    // Start PGlite now, so a broken data folder fails at startup rather than on the first request.
    await knex.raw('select 1');
    return {
      knex,
      kind: 'embedded',
      withMigrationLock: createLocalLock(),
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
