import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import { ConfigError, DEFAULT_MANAGEMENT_PORT, DEFAULT_PORT, loadConfig } from '../src/config.js';
import { AUTH_ENV } from './support/tokens.js';

const test = suite('loadConfig');

test('applies the defaults to an environment with only the secrets', () => {
  assert.equal(loadConfig(AUTH_ENV), {
    host: '127.0.0.1',
    port: DEFAULT_PORT,
    managementPort: DEFAULT_MANAGEMENT_PORT,
    headersTimeoutMs: 10_000,
    requestTimeoutMs: 30_000,
    keepAliveTimeoutMs: 5_000,
    databaseUrl: undefined,
    dataDir: './data',
    dbPoolMax: 10,
    dbStatementTimeoutMs: 5_000,
    dbConnectTimeoutMs: 5_000,
    logLevel: 'info',
    migrateOnStart: true,
    shutdownTimeoutMs: 10_000,
    trustProxy: false,
    corsOrigins: [],
    docsEnabled: true,
    auth: {
      mode: 'writes',
      keys: { kind: 'secret', secret: AUTH_ENV.JWT_SECRET },
      issuer: 'product-service',
      audience: 'product-service',
      tokenTtlSeconds: 3_600,
      tokenRequestsPerMinute: 10,
      account: { username: 'admin', password: { kind: 'plain', value: AUTH_ENV.AUTH_PASSWORD } },
    },
    cursorSecret: undefined,
    requireIfMatch: false,
    idempotencyKeyTtlSeconds: 86_400,
  });
});

test('reads every variable', () => {
  const config = loadConfig({
    ...AUTH_ENV,
    HOST: '0.0.0.0',
    PORT: '3000',
    MANAGEMENT_PORT: '3001',
    HEADERS_TIMEOUT_MS: '2000',
    REQUEST_TIMEOUT_MS: '4000',
    KEEP_ALIVE_TIMEOUT_MS: '1000',
    DATABASE_URL: 'postgres://app:secret@db:5432/shop',
    DATA_DIR: '/var/lib/data',
    DB_POOL_MAX: '4',
    DB_STATEMENT_TIMEOUT_MS: '0',
    DB_CONNECT_TIMEOUT_MS: '1500',
    LOG_LEVEL: 'DEBUG',
    MIGRATE_ON_START: 'false',
    SHUTDOWN_TIMEOUT_MS: '2500',
    TRUST_PROXY: 'true',
    CORS_ORIGINS: 'https://app.example, http://localhost:5173',
    DOCS_ENABLED: 'false',
    AUTH_MODE: 'ALL',
    AUTH_USERNAME: 'ops',
    JWT_ISSUER: 'https://orders.example',
    JWT_AUDIENCE: 'orders',
    JWT_TTL_SECONDS: '600',
    AUTH_RATE_LIMIT_PER_MINUTE: '30',
    CURSOR_SECRET: 'c'.repeat(32),
    REQUIRE_IF_MATCH: 'true',
    IDEMPOTENCY_KEY_TTL_SECONDS: '3600',
  });
  assert.equal(config, {
    host: '0.0.0.0',
    port: 3000,
    managementPort: 3001,
    headersTimeoutMs: 2000,
    requestTimeoutMs: 4000,
    keepAliveTimeoutMs: 1000,
    databaseUrl: 'postgres://app:secret@db:5432/shop',
    dataDir: '/var/lib/data',
    dbPoolMax: 4,
    dbStatementTimeoutMs: 0,
    dbConnectTimeoutMs: 1500,
    logLevel: 'debug',
    migrateOnStart: false,
    shutdownTimeoutMs: 2500,
    trustProxy: true,
    corsOrigins: ['https://app.example', 'http://localhost:5173'],
    docsEnabled: false,
    auth: {
      mode: 'all',
      keys: { kind: 'secret', secret: AUTH_ENV.JWT_SECRET },
      issuer: 'https://orders.example',
      audience: 'orders',
      tokenTtlSeconds: 600,
      tokenRequestsPerMinute: 30,
      account: { username: 'ops', password: { kind: 'plain', value: AUTH_ENV.AUTH_PASSWORD } },
    },
    cursorSecret: 'c'.repeat(32),
    requireIfMatch: true,
    idempotencyKeyTtlSeconds: 3600,
  });
});

test('blank values count as unset', () => {
  const config = loadConfig({ ...AUTH_ENV, PORT: '', DATABASE_URL: ' ', LOG_LEVEL: '' });
  assert.is(config.port, DEFAULT_PORT);
  assert.is(config.databaseUrl, undefined);
  assert.is(config.logLevel, 'info');
});

test('port 0 is allowed for both ports (ephemeral)', () => {
  const config = loadConfig({ ...AUTH_ENV, PORT: '0', MANAGEMENT_PORT: '0' });
  assert.is(config.port, 0);
  assert.is(config.managementPort, 0);
});

test('NODE_ENV=production with DATABASE_URL is accepted; other NODE_ENV values allow the embedded database', () => {
  assert.is(loadConfig({ ...AUTH_ENV, NODE_ENV: 'production', DATABASE_URL: 'postgres://db/app' }).databaseUrl, 'postgres://db/app');
  assert.is(loadConfig({ ...AUTH_ENV, NODE_ENV: 'development' }).databaseUrl, undefined);
});

const invalid: [Record<string, string>, RegExp][] = [
  [{ PORT: 'http' }, /^PORT must be an integer from 0 to 65535, got "http"$/],
  [{ PORT: '65536' }, /^PORT must be an integer/],
  [{ PORT: '-1' }, /^PORT must be an integer/],
  [{ PORT: '80.5' }, /^PORT must be an integer/],
  [{ MANAGEMENT_PORT: '1e3' }, /^MANAGEMENT_PORT must be an integer/],
  [{ PORT: '9000', MANAGEMENT_PORT: '9000' }, /^PORT and MANAGEMENT_PORT must differ \(both are 9000\)$/],
  [{ MANAGEMENT_PORT: String(DEFAULT_PORT) }, /must differ/],
  [{ HEADERS_TIMEOUT_MS: '5000', REQUEST_TIMEOUT_MS: '4000' }, /^HEADERS_TIMEOUT_MS \(5000\) must not exceed REQUEST_TIMEOUT_MS \(4000\)$/],
  [{ REQUEST_TIMEOUT_MS: '0' }, /^REQUEST_TIMEOUT_MS must be an integer from 100/],
  [{ DATABASE_URL: 'not a url' }, /^DATABASE_URL is not a valid URL/],
  [{ DATABASE_URL: 'mysql://u:p@h/db' }, /^DATABASE_URL must start with postgres:\/\//],
  [{ LOG_LEVEL: 'verbose' }, /^LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "verbose"$/],
  [{ DB_POOL_MAX: '0' }, /^DB_POOL_MAX must be an integer from 1/],
  [{ DB_STATEMENT_TIMEOUT_MS: '-5' }, /^DB_STATEMENT_TIMEOUT_MS must be an integer from 0/],
  [{ DB_CONNECT_TIMEOUT_MS: '0' }, /^DB_CONNECT_TIMEOUT_MS must be an integer from 1/],
  [{ NODE_ENV: 'production' }, /^DATABASE_URL is required when NODE_ENV=production \(the embedded database is for development only\)$/],
  [{ MIGRATE_ON_START: 'maybe' }, /^MIGRATE_ON_START must be true or false/],
  [{ SHUTDOWN_TIMEOUT_MS: 'soon' }, /^SHUTDOWN_TIMEOUT_MS must be an integer/],
];

for (const [env, message] of invalid) {
  test(`rejects ${JSON.stringify(env)}`, () => {
    try {
      loadConfig({ ...AUTH_ENV, ...env });
    } catch (error) {
      assert.instance(error, ConfigError);
      assert.match((error as Error).message, message);
      return;
    }
    assert.unreachable('expected a ConfigError');
  });
}

test('a malformed DATABASE_URL is not echoed (it may hold a password)', () => {
  assert.throws(
    () => loadConfig({ ...AUTH_ENV, DATABASE_URL: 'postgres://app:s3cret@[bad/db' }),
    (error: Error) => error instanceof ConfigError && !error.message.includes('s3cret'),
  );
});

test.run();
