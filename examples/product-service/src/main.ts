import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import type Koa from 'koa';
import pRetry from 'p-retry';

import { createApps } from './app.js';
import { type Config, loadConfig } from './config.js';
import { type Database, openDatabase } from './db/database.js';
import { databaseMisconfiguration } from './db/database-misconfiguration.js';
import { isDatabaseUnavailable } from './http/errors.js';
import { createReadiness, type Readiness } from './http/health.js';
import { createHttpServer, drain, listenRefusal } from './http/http-server.js';
import { createLogger, exitAfterFlush, type Logger } from './logger.js';
import { migrateLatest, pendingMigrations, unknownMigrations } from './migrations/index.js';
import { exitOnStartupFailure, StartupError } from './startup-error.js';

/**
 * Runs the service until SIGTERM or SIGINT. `stopTracing`, when tracing is on, sends the
 * spans still buffered before the process exits.
 */
export async function main(stopTracing?: () => Promise<void>): Promise<void> {
  const config = loadConfigOrExit();
  const logger = createLogger(config.logLevel);
  const readiness = createReadiness();
  if (config.auth.mode === 'off') {
    logger.warn('AUTH_MODE=off: anyone who can reach the service port can create, change and delete products');
  }

  try {
    const db = await openDatabase(config, logger);
    const { service, management } = createApps({ db, config, logger, readiness });

    // Management first: /health/ready answers 503 while the database is awaited and migrated.
    const managementServer = await listen(management, config, 'MANAGEMENT_PORT', logger);
    let serviceServer: Server | undefined;

    let stopping = false;
    const startup = new AbortController();
    const stop = (signal: NodeJS.Signals) => {
      if (stopping) return;
      stopping = true;
      startup.abort();
      readiness.markStopping();
      logger.info({ signal }, 'shutting down');
      // Armed until the exit: it also bounds writing the last log lines.
      setTimeout(() => {
        logger.error({ timeoutMs: config.shutdownTimeoutMs }, 'shutdown timed out, forcing exit');
        process.exit(1);
      }, config.shutdownTimeoutMs);
      shutdown(serviceServer, managementServer, db.close, stopTracing).then(
        () => {
          logger.info('stopped');
          exitAfterFlush(logger, 0);
        },
        (error: unknown) => {
          logger.error({ err: error }, 'shutdown failed');
          exitAfterFlush(logger, 1);
        },
      );
    };
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);

    try {
      await prepareDatabase(db, config, readiness, logger, startup.signal);
    } catch (error) {
      if (stopping) return;
      throw error;
    }
    serviceServer = await listen(service, config, 'PORT', logger);
    if (stopping) return;
    readiness.markReady();
    logger.info({ database: db.kind }, 'ready');
  } catch (error) {
    exitOnStartupFailure(error, 'start-up', DATA_DIR_ADVICE);
  }
}

/** How a start that found the embedded database's folder held by another process ends its line. */
const DATA_DIR_ADVICE = 'stop that process first, or set DATA_DIR to another folder';

class MigrationsPendingError extends Error {
  override name = 'MigrationsPendingError';
}

/**
 * Waits for the database and migrates it (or, with MIGRATE_ON_START=false, waits until
 * someone else has). An unreachable database is retried with capped exponential backoff,
 * so a service started before its database neither exits nor crash-loops; any other
 * failure (a wrong password or TLS setting, a broken migration) is thrown. Migrations a newer build applied
 * (after a rollback to this one) are left applied and reported once.
 */
async function prepareDatabase(db: Database, config: Config, readiness: Readiness, logger: Logger, signal: AbortSignal): Promise<void> {
  let unknown: string[] = [];
  const retryable = (error: unknown) =>
    (isDatabaseUnavailable(error) && databaseMisconfiguration(error) === undefined) || error instanceof MigrationsPendingError;
  await pRetry(
    async () => {
      if (config.migrateOnStart) {
        const applied = await migrateLatest(db);
        logger.info({ applied }, 'migrations done');
      } else {
        const pending = await pendingMigrations(db.knex);
        if (pending.length > 0) throw new MigrationsPendingError(`migrations pending: ${pending.join(', ')}`);
      }
      unknown = await unknownMigrations(db.knex);
    },
    {
      // Until it works or the process stops: 0.25 s doubling up to 5 s, each delay stretched by up
      // to 2x at random so that replicas started together do not retry in lockstep.
      retries: Number.POSITIVE_INFINITY,
      minTimeout: 250,
      maxTimeout: 5_000,
      randomize: true,
      signal,
      // An error thrown here ends the retries at once: a failure no retry cures.
      onFailedAttempt: ({ error, attemptNumber, retryDelay }) => {
        if (!retryable(error)) throw error;
        const pending = error instanceof MigrationsPendingError;
        readiness.markWaiting(pending ? 'migrations pending' : 'database unavailable');
        // One short line per attempt: the stack of a refused connection tells nothing new.
        const { code, message } = error as { code?: string; message?: string };
        logger.warn(
          { attempt: attemptNumber, retryInMs: retryDelay, error: pending ? undefined : { code, message } },
          pending ? message! : 'database unavailable, retrying',
        );
      },
    },
  );
  if (unknown.length > 0) {
    logger.warn(
      { migrations: unknown },
      `database has migrations this build does not know (applied by a newer build): ${unknown.join(', ')}; left alone`,
    );
  }
}

function loadConfigOrExit(): Config {
  try {
    return loadConfig(process.env);
  } catch (error) {
    exitOnStartupFailure(error, 'start-up', DATA_DIR_ADVICE);
  }
}

async function listen(app: Koa, config: Config, variable: 'PORT' | 'MANAGEMENT_PORT', logger: Logger): Promise<Server> {
  const port = variable === 'PORT' ? config.port : config.managementPort;
  const server = createHttpServer(app, config);
  try {
    server.listen(port, config.host);
    await once(server, 'listening');
  } catch (error) {
    const refusal = listenRefusal(error, variable, port, config.host);
    throw refusal === undefined ? error : new StartupError(refusal);
  }
  const address = server.address() as AddressInfo;
  logger.info({ host: address.address, port: address.port }, `${variable === 'PORT' ? 'service' : 'management'} listening`);
  return server;
}

/** Stops accepting, lets in-flight requests finish, closes the database, sends the last spans. */
async function shutdown(
  service: Server | undefined,
  management: Server,
  closeDatabase: () => Promise<void>,
  stopTracing?: () => Promise<void>,
): Promise<void> {
  // The service server does not exist yet when the signal came while waiting for the database.
  if (service) await drain(service);
  await drain(management);
  await closeDatabase();
  await stopTracing?.();
}
