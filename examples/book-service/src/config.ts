import { type AuthConfig, loadAuthConfig, MIN_SECRET_BYTES } from './auth/auth.config.js';
import { databaseUrl } from './db/database-url.js';
import { boolean, ConfigError, choice, type Env, integer, isProduction, readSecretFiles, text } from './env.js';
import { SERVICE_NAME } from './service-name.js';

export { ConfigError };

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export const DEFAULT_PORT = 8080;
export const DEFAULT_MANAGEMENT_PORT = 8081;

/** Where the embedded database keeps nothing on disk (tests, throw-away runs). */
export const IN_MEMORY = 'memory://';

export interface Config {
  host: string;
  port: number;
  managementPort: number;
  /** Longest wait for a request's headers, for its whole body, and on an idle keep-alive socket. */
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  /** PostgreSQL connection string, TLS settings included (db/database-url.ts); undefined means the embedded database in dataDir. */
  databaseUrl: string | undefined;
  dataDir: string;
  dbPoolMax: number;
  /** PostgreSQL statement_timeout for every pooled connection (unless a transaction pooler refuses it, see db/postgres-connection.ts); 0: none. */
  dbStatementTimeoutMs: number;
  /** Longest wait for a new PostgreSQL connection and for a free pool connection. */
  dbConnectTimeoutMs: number;
  logLevel: LogLevel;
  migrateOnStart: boolean;
  shutdownTimeoutMs: number;
  /** Take the client address from X-Forwarded-For (behind a proxy or ingress that sets it). */
  trustProxy: boolean;
  /** Browser origins allowed to call the API (CORS); empty allows none, ['*'] any. */
  corsOrigins: string[];
  /** Serve /swagger and /openapi.json. */
  docsEnabled: boolean;
  auth: AuthConfig;
  /** Signs the list's cursors (see http/cursor.ts); undefined: derived from JWT_SECRET, else random per process. */
  cursorSecret: string | undefined;
  /** PUT and DELETE without If-Match are refused with 428. */
  requireIfMatch: boolean;
  /** How long a create's Idempotency-Key and answer are kept for its retries. */
  idempotencyKeyTtlSeconds: number;
  /** How long a deleted book can be restored before the service purges it (AIP-164's purge time). */
  deletedRetentionDays: number;
  /** How often the service purges the deleted books past their retention. */
  purgeIntervalSeconds: number;
  /** Where and how the change events are published (see events/relay.ts). */
  events: EventsConfig;
}

export interface EventsConfig {
  /** The NATS server(s), comma-separated. */
  natsUrl: string;
  /** The JetStream stream that keeps the events; the relay makes it when missing. */
  natsStream: string;
  pollIntervalMs: number;
  batchSize: number;
  /** How long the relay's lease lasts: how soon another replica takes over from one that died. */
  leaseSeconds: number;
}

/** Loads ./.env into process.env when present (variables already set win), so local settings need no export. */
export function loadDotEnv(): void {
  try {
    process.loadEnvFile();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/**
 * Reads the configuration from environment variables (pass `process.env` or any object),
 * applying defaults; a secret may come from the file its `<NAME>_FILE` names. Throws a
 * ConfigError naming the variable at fault.
 */
export function loadConfig(variables: Env): Config {
  const env = readSecretFiles(variables);
  const port = integer(env, 'PORT', DEFAULT_PORT, 0, 65_535);
  const managementPort = integer(env, 'MANAGEMENT_PORT', DEFAULT_MANAGEMENT_PORT, 0, 65_535);
  // Port 0 asks the system for a free port, so two zeros do not collide.
  if (port !== 0 && port === managementPort) {
    throw new ConfigError(`PORT and MANAGEMENT_PORT must differ (both are ${port})`);
  }
  const headersTimeoutMs = integer(env, 'HEADERS_TIMEOUT_MS', 10_000, 100, 600_000);
  const requestTimeoutMs = integer(env, 'REQUEST_TIMEOUT_MS', 30_000, 100, 3_600_000);
  // Node refuses a headers timeout longer than the request timeout.
  if (headersTimeoutMs > requestTimeoutMs) {
    throw new ConfigError(`HEADERS_TIMEOUT_MS (${headersTimeoutMs}) must not exceed REQUEST_TIMEOUT_MS (${requestTimeoutMs})`);
  }
  return {
    ...loadDatabaseConfig(env),
    // Loopback unless told otherwise: on a laptop the data stays off the network. The image and
    // the Kubernetes manifests set HOST=0.0.0.0.
    host: text(env, 'HOST') ?? '127.0.0.1',
    port,
    managementPort,
    headersTimeoutMs,
    requestTimeoutMs,
    keepAliveTimeoutMs: integer(env, 'KEEP_ALIVE_TIMEOUT_MS', 5_000, 100, 600_000),
    migrateOnStart: boolean(env, 'MIGRATE_ON_START', true),
    shutdownTimeoutMs: integer(env, 'SHUTDOWN_TIMEOUT_MS', 10_000, 1, 600_000),
    trustProxy: boolean(env, 'TRUST_PROXY', false),
    corsOrigins: corsOrigins(env),
    docsEnabled: boolean(env, 'DOCS_ENABLED', true),
    auth: loadAuthConfig(env),
    cursorSecret: cursorSecret(env),
    requireIfMatch: boolean(env, 'REQUIRE_IF_MATCH', false),
    idempotencyKeyTtlSeconds: integer(env, 'IDEMPOTENCY_KEY_TTL_SECONDS', 86_400, 60, 2_592_000),
    deletedRetentionDays: deletedRetentionDays(env),
    purgeIntervalSeconds: integer(env, 'PURGE_INTERVAL_SECONDS', 600, 1, 86_400),
    events: {
      // Checked when the relay connects, not here: a bad address must not stop the service (see main.ts).
      natsUrl: text(env, 'NATS_URL') ?? 'nats://127.0.0.1:4222',
      natsStream: text(env, 'NATS_STREAM') ?? SERVICE_NAME,
      pollIntervalMs: integer(env, 'EVENTS_POLL_INTERVAL_MS', 200, 10, 60_000),
      batchSize: integer(env, 'EVENTS_BATCH_SIZE', 500, 1, 10_000),
      leaseSeconds: integer(env, 'EVENTS_LEASE_SECONDS', 10, 1, 3_600),
    },
  };
}

/** DELETED_RETENTION_DAYS: 30 by default; 0 purges a deleted book at the next purge. */
export function deletedRetentionDays(env: Env): number {
  return integer(env, 'DELETED_RETENTION_DAYS', 30, 0, 36_500);
}

export type DatabaseConfig = Pick<
  Config,
  'databaseUrl' | 'dataDir' | 'dbPoolMax' | 'dbStatementTimeoutMs' | 'dbConnectTimeoutMs' | 'logLevel'
>;

/**
 * The part of the configuration that the scripts run by hand (migrate, db:seed) need: the
 * database and the log level, without the secrets only the running service needs.
 */
export function loadDatabaseConfig(variables: Env): DatabaseConfig {
  const env = readSecretFiles(variables);
  const url = databaseUrl(env);
  // The embedded database is for development: a production deployment must name its server.
  if (url === undefined && isProduction(env)) {
    throw new ConfigError('DATABASE_URL is required when NODE_ENV=production (the embedded database is for development only)');
  }
  return {
    databaseUrl: url,
    dataDir: text(env, 'DATA_DIR') ?? './data',
    dbPoolMax: integer(env, 'DB_POOL_MAX', 10, 1, 1_000),
    dbStatementTimeoutMs: integer(env, 'DB_STATEMENT_TIMEOUT_MS', 5_000, 0, 3_600_000),
    dbConnectTimeoutMs: integer(env, 'DB_CONNECT_TIMEOUT_MS', 5_000, 1, 600_000),
    logLevel: logLevel(env),
  };
}

function logLevel(env: Env): LogLevel {
  return choice(env, 'LOG_LEVEL', LOG_LEVELS, 'info');
}

/** CURSOR_SECRET: optional, but when set as long as a token secret must be, for the same reason. */
function cursorSecret(env: Env): string | undefined {
  const value = text(env, 'CURSOR_SECRET');
  if (value !== undefined && Buffer.byteLength(value) < MIN_SECRET_BYTES) {
    throw new ConfigError(`CURSOR_SECRET must be at least ${MIN_SECRET_BYTES} bytes (it has ${Buffer.byteLength(value)})`);
  }
  return value;
}

/** CORS_ORIGINS: comma-separated origins such as https://app.example.com, or * for any. */
function corsOrigins(env: Env): string[] {
  const entries = (text(env, 'CORS_ORIGINS') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.includes('*')) {
    if (entries.length > 1) throw new ConfigError('CORS_ORIGINS is either * or a list of origins, not both');
    return entries;
  }
  for (const entry of entries) {
    // A browser sends scheme://host[:port] exactly, with no path: anything else would never match.
    let origin: string | undefined;
    try {
      origin = new URL(entry).origin;
    } catch {
      origin = undefined;
    }
    if (origin !== entry) {
      throw new ConfigError(`CORS_ORIGINS: "${entry}" is not an origin (expected scheme://host[:port], e.g. https://app.example.com)`);
    }
  }
  return entries;
}
