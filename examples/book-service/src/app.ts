import Koa from 'koa';
import type { Registry } from 'prom-client';

import { createGuard } from './auth/guard.js';
import { tokenEndpoint } from './auth/token.routes.js';
import { createBookRouter } from './book/book.routes.js';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import { asyncApiRouter } from './events/asyncapi.js';
import { cursorKey } from './http/cursor.js';
import { createDocsRouter } from './http/docs.js';
import { errorHandler } from './http/errors.js';
import { healthRoutes, type Readiness } from './http/health.js';
import { createMetrics } from './http/metrics.js';
import { metricsEndpoint } from './http/metrics-endpoint.js';
import { requestLog } from './http/request-log.js';
import { corsPolicy, securityHeaders } from './http/security.js';
import type { Logger } from './logger.js';
import { buildOpenApiDocument } from './openapi/document.js';

export interface AppDependencies {
  db: Database;
  config: Config;
  logger: Logger;
  readiness: Readiness;
}

export interface Apps {
  /** The book API and its documentation (PORT). */
  service: Koa;
  /** Health checks and metrics (MANAGEMENT_PORT). */
  management: Koa;
  /** The metrics the management app serves, where the process registers its own too. */
  registry: Registry;
}

/**
 * Builds both Koa applications without listening, so tests and server.ts wire ports themselves.
 * Each app logs one line per request and answers errors in plain text.
 */
export function createApps({ db, config, logger, readiness }: AppDependencies): Apps {
  const metrics = createMetrics();

  // Behind a proxy, the client address is the one the nearest proxy appended to X-Forwarded-For,
  // not the leftmost entry, which the client can forge.
  const service = new Koa({ proxy: config.trustProxy, maxIpsCount: 1 });
  service.use(requestLog(logger));
  service.use(securityHeaders());
  // Without origins to allow, CORS has nothing to add, not even `Vary: Origin`.
  if (config.corsOrigins.length > 0) service.use(corsPolicy(config.corsOrigins));
  service.use(errorHandler(logger));
  service.use(metrics.middleware);
  // The API first: a request it answers never reaches the routers behind it.
  const bookRouter = createBookRouter(createGuard(config.auth, logger), cursorKey(config), config);
  service.use(bookRouter.routes());
  if (config.docsEnabled) service.use(createDocsRouter(buildOpenApiDocument(config.auth, config)).routes());
  if (config.docsEnabled) service.use(asyncApiRouter().routes());
  service.use(tokenEndpoint(config.auth, db.kind === 'postgres' ? db.knex : undefined).routes());
  service.use(bookRouter.allowedMethods());

  const management = new Koa();
  management.use(requestLog(logger, 'debug'));
  management.use(errorHandler(logger));
  for (const router of [healthRoutes(db.knex, readiness), metricsEndpoint(metrics.registry)]) {
    management.use(router.routes());
    management.use(router.allowedMethods());
  }

  // What escapes the middleware (a request stream that times out, a client that hangs up mid-body)
  // is emitted as 'error'. Without a listener Koa prints it to stderr, outside the JSON log.
  for (const app of [service, management]) {
    app.on('error', (err: unknown, ctx?: Koa.Context) => logger.warn({ err, requestId: ctx?.state.requestId }, 'request aborted'));
  }

  return { service, management, registry: metrics.registry };
}
