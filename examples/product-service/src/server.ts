import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import type Koa from 'koa';

import { createApps } from './app.js';
import { ConfigError, loadConfig, loadDotEnv, type Config } from './config.js';
import { openDatabase } from './database.js';
import { createReadiness } from './http/health.js';
import { createLogger, type Logger } from './logger.js';
import { migrateLatest } from './migrations/index.js';

async function main(): Promise<void> {
  loadDotEnv();
  const config = loadConfigOrExit();
  const logger = createLogger(config.logLevel);
  const readiness = createReadiness();

  try {
    const db = await openDatabase(config, logger);
    const { service, management } = createApps({ db, config, logger, readiness });

    // Management first: /health/ready answers 503 while migrations run.
    const managementServer = await listen(management, config.managementPort, config.host, logger, 'management');
    if (config.migrateOnStart) {
      const applied = await migrateLatest(db.knex);
      logger.info({ applied }, 'migrations done');
    }
    const serviceServer = await listen(service, config.port, config.host, logger, 'service');
    readiness.markReady();
    logger.info({ database: db.kind }, 'ready');

    let stopping = false;
    const stop = (signal: NodeJS.Signals) => {
      if (stopping) return;
      stopping = true;
      readiness.markStopping();
      logger.info({ signal }, 'shutting down');
      const timer = setTimeout(() => {
        logger.error({ timeoutMs: config.shutdownTimeoutMs }, 'shutdown timed out, forcing exit');
        process.exit(1);
      }, config.shutdownTimeoutMs);
      shutdown(serviceServer, managementServer, db.close).then(
        () => {
          clearTimeout(timer);
          logger.info('stopped');
          process.exit(0);
        },
        (error: unknown) => {
          logger.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
    };
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);
  } catch (error) {
    logger.fatal({ err: error }, error instanceof Error ? error.message : 'startup failed');
    process.exit(1);
  }
}

function loadConfigOrExit(): Config {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`Invalid configuration: ${error.message}\n`);
    process.exit(1);
  }
}

async function listen(app: Koa, port: number, host: string, logger: Logger, name: string): Promise<Server> {
  const server = app.listen(port, host);
  await once(server, 'listening');
  const address = server.address() as AddressInfo;
  logger.info({ host: address.address, port: address.port }, `${name} listening`);
  return server;
}

/** Stops accepting, lets in-flight requests finish, then closes the database. */
async function shutdown(service: Server, management: Server, closeDatabase: () => Promise<void>): Promise<void> {
  const serviceClosed = close(service);
  // Keep-alive sockets that go idle after their last response would hold close() open.
  const sweep = setInterval(() => service.closeIdleConnections(), 100);
  try {
    await serviceClosed;
  } finally {
    clearInterval(sweep);
  }
  await close(management);
  await closeDatabase();
}

function close(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeIdleConnections();
  });
}

await main();
