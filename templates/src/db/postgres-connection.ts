import type { Knex } from 'knex';
import pg from 'pg';

import type { Config } from '../config.js';
import { pgTypes } from './database-values.js';
import type { Logger } from '../logger.js';

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
export function connectionSettings(
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
export async function withAdvisoryLock<T>(connectionString: string, connectTimeoutMs: number, fn: () => Promise<T>): Promise<T> {
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
