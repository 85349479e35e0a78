import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import type Koa from 'koa';
import type { DestinationStream } from 'pino';
import type { Registry } from 'prom-client';
import type { Test } from 'uvu';
import * as assert from 'uvu/assert';

import { createApps } from '../../src/app.js';
import { type Config, IN_MEMORY, loadConfig } from '../../src/config.js';
import type { Database } from '../../src/db/database.js';
import { createReadiness, type Readiness } from '../../src/http/health.js';
import { createHttpServer } from '../../src/http/http-server.js';
import { createLogger } from '../../src/logger.js';
import { numbered } from './factory.js';
import { releaseDatabase, reserveDatabase, sharedDatabase } from './shared-database.js';
import { AUTH_ENV, AUTHORIZATION } from './tokens.js';

export interface Service {
  /** fetch() against the service port; `path` starts with a slash. */
  api(path: string, init?: RequestInit): Promise<Response>;
  /** fetch() against the management port. */
  management(path: string, init?: RequestInit): Promise<Response>;
  /** The service port, for clients other than fetch(). */
  servicePort: number;
  db: Database;
  config: Config;
  readiness: Readiness;
  /** The management app's metrics, where a test's relay registers its own. */
  registry: Registry;
  /** Empties books (restarting its ids), the stored Idempotency-Keys and the token endpoint's counts. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

/** Test configuration: embedded in-memory database unless DATABASE_URL is set, ephemeral ports, test credentials. */
export function testConfig(env: Record<string, string | undefined> = {}): Config {
  return loadConfig({
    DATABASE_URL: process.env.DATABASE_URL,
    DATA_DIR: IN_MEMORY,
    HOST: '127.0.0.1',
    PORT: '0',
    MANAGEMENT_PORT: '0',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
    ...AUTH_ENV,
    ...env,
  });
}

/**
 * Starts both apps, as server.ts does (its HTTP server, timeouts and limits), on 127.0.0.1
 * ephemeral ports, against the test process's shared database with books emptied.
 * The database settings of `config` are not used. The readiness is already 'ready' unless
 * `ready` is false; `log` receives the log lines.
 */
export async function build(options: { config?: Config; ready?: boolean; log?: DestinationStream } = {}): Promise<Service> {
  const config = options.config ?? testConfig();
  const logger = createLogger(config.logLevel, options.log);
  reserveDatabase();
  try {
    const db = await sharedDatabase();
    const readiness = createReadiness();
    if (options.ready !== false) readiness.markReady();
    const apps = createApps({ db, config, logger, readiness });
    const service = await listen(apps.service, config);
    const management = await listen(apps.management, config);
    const reset = () =>
      db.knex.raw('truncate table "books", idempotency_keys, rate_limits, outbox, outbox_relay restart identity').then(() => undefined);
    await reset();
    return {
      api: (path, init) => fetch(`${service.url}${path}`, init),
      management: (path, init) => fetch(`${management.url}${path}`, init),
      servicePort: service.port,
      db,
      config,
      readiness,
      registry: apps.registry,
      reset,
      close: async () => {
        await Promise.all([service.close(), management.close()]);
        await releaseDatabase();
      },
    };
  } catch (error) {
    await releaseDatabase();
    throw error;
  }
}

async function listen(app: Koa, config: Config): Promise<{ url: string; port: number; close(): Promise<void> }> {
  const server: Server = createHttpServer(app, config).listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * Wires build() into a suite: one service per suite, a clean table before each test.
 * uvu exits 0 when a `before` hook throws, so a setup failure is stored and rethrown by
 * every test instead: the run then fails loudly.
 */
export function useService(suite: Test, options?: Parameters<typeof build>[0]): () => Service {
  let service: Service | undefined;
  let setupError: unknown;
  // Reserved while the test files load: the shared database stays open until the last suite ends.
  reserveDatabase();
  suite.before(async () => {
    try {
      service = await build(options);
    } catch (error) {
      setupError = error;
    }
  });
  suite.before.each(async () => {
    if (!service) throw setupError ?? new Error('service did not start');
    await service.reset();
  });
  suite.after(async () => {
    await service?.close();
    await releaseDatabase();
  });
  return () => service!;
}

export const JSON_HEADERS = { 'Content-Type': 'application/json' };

/** JSON headers plus a token with every scope: what a client that may write sends. */
export const WRITE_HEADERS = { ...JSON_HEADERS, Authorization: AUTHORIZATION };

/** POSTs a JSON body (objects are stringified, strings sent as they are), with a token. */
export function post(service: Service, path: string, body: unknown, headers: Record<string, string> = WRITE_HEADERS) {
  return service.api(path, {
    method: 'POST',
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** A book as the API answers it. */
export type Answer = Record<string, unknown> & { id: number };

/** Creates a book with a token (the first numbered body unless given), asserts the 201, and gives the answer and its ETag. */
export async function create(service: Service, body: Record<string, unknown> = numbered()): Promise<{ answer: Answer; etag: string }> {
  const response = await post(service, '/api/books', body);
  assert.is(response.status, 201, await response.clone().text());
  return { answer: (await response.json()) as Answer, etag: response.headers.get('etag') ?? '' };
}

/** PUTs a JSON body (objects are stringified, strings sent as they are), with a token. */
export function put(service: Service, path: string, body: unknown, headers: Record<string, string> = WRITE_HEADERS) {
  return service.api(path, {
    method: 'PUT',
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** DELETEs with a token. */
export function del(service: Service, path: string) {
  return service.api(path, { method: 'DELETE', headers: { Authorization: AUTHORIZATION } });
}

/**
 * The suite's test, or where `missing` says what it lacks, the same test skipped with that reason
 * in its title, printed as it is registered (uvu counts skipped tests without naming them).
 */
export function runnable(test: Test, missing: string | undefined): Test {
  if (missing === undefined) return test;
  return Object.assign((title: string, handler: Parameters<Test>[1]) => {
    console.log(`  skipped: ${title} (${missing})`);
    test.skip(`${title} (skipped: ${missing})`, handler);
  }, test);
}
