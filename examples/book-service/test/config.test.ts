import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import { ConfigError, DEFAULT_MANAGEMENT_PORT, DEFAULT_PORT, loadConfig } from '../src/config.js';

/** The two settings the default AUTH_MODE needs; the auth suites below vary them. */
const AUTH = { JWT_SECRET: 's'.repeat(32), AUTH_PASSWORD: 'a long enough password' };

const test = suite('loadConfig');

test('applies the defaults to an environment with only the secrets', () => {
  assert.equal(loadConfig(AUTH), {
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
      keys: { kind: 'secret', secret: AUTH.JWT_SECRET },
      issuer: 'book-service',
      audience: 'book-service',
      tokenTtlSeconds: 3_600,
      tokenRequestsPerMinute: 10,
      account: { username: 'admin', password: { kind: 'plain', value: AUTH.AUTH_PASSWORD } },
    },
    cursorSecret: undefined,
    requireIfMatch: false,
    idempotencyKeyTtlSeconds: 86_400,
  });
});

test('reads every variable', () => {
  const config = loadConfig({
    ...AUTH,
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
      keys: { kind: 'secret', secret: AUTH.JWT_SECRET },
      issuer: 'https://orders.example',
      audience: 'orders',
      tokenTtlSeconds: 600,
      tokenRequestsPerMinute: 30,
      account: { username: 'ops', password: { kind: 'plain', value: AUTH.AUTH_PASSWORD } },
    },
    cursorSecret: 'c'.repeat(32),
    requireIfMatch: true,
    idempotencyKeyTtlSeconds: 3600,
  });
});

test('blank values count as unset', () => {
  const config = loadConfig({ ...AUTH, PORT: '', DATABASE_URL: ' ', LOG_LEVEL: '' });
  assert.is(config.port, DEFAULT_PORT);
  assert.is(config.databaseUrl, undefined);
  assert.is(config.logLevel, 'info');
});

test('port 0 is allowed for both ports (ephemeral)', () => {
  const config = loadConfig({ ...AUTH, PORT: '0', MANAGEMENT_PORT: '0' });
  assert.is(config.port, 0);
  assert.is(config.managementPort, 0);
});

test('NODE_ENV=production with DATABASE_URL is accepted; other NODE_ENV values allow the embedded database', () => {
  assert.is(loadConfig({ ...AUTH, NODE_ENV: 'production', DATABASE_URL: 'postgres://db/app' }).databaseUrl, 'postgres://db/app');
  assert.is(loadConfig({ ...AUTH, NODE_ENV: 'development' }).databaseUrl, undefined);
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
      loadConfig({ ...AUTH, ...env });
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
    () => loadConfig({ ...AUTH, DATABASE_URL: 'postgres://app:s3cret@[bad/db' }),
    (error: Error) => error instanceof ConfigError && !error.message.includes('s3cret'),
  );
});

test.run();

// ---

const auth = suite('loadConfig: authentication');

const HASH = '$2b$12$mJGPb8JDOiNVBe9a2GcEbO2ERNAv25rc8eGQ5jZv7Xlo5MBxvJCtK';
const JWKS = { JWT_JWKS_URI: 'https://idp.example/.well-known/jwks.json', JWT_ISSUER: 'https://idp.example/', JWT_AUDIENCE: 'orders' };
const PRODUCTION = { NODE_ENV: 'production', DATABASE_URL: 'postgres://db/app' };

auth('AUTH_MODE=off needs no secret or password', () => {
  assert.equal(loadConfig({ AUTH_MODE: 'off' }).auth, { mode: 'off' });
  assert.equal(loadConfig({ ...PRODUCTION, AUTH_MODE: 'off' }).auth, { mode: 'off' });
});

auth('a bcrypt AUTH_PASSWORD_HASH replaces AUTH_PASSWORD', () => {
  const config = loadConfig({ JWT_SECRET: AUTH.JWT_SECRET, AUTH_PASSWORD_HASH: HASH });
  assert.equal(config.auth.mode !== 'off' && config.auth.account?.password, { kind: 'bcrypt', hash: HASH });
});

auth('JWT_JWKS_URI switches to the identity provider: RS256 keys, its issuer and audience, no built-in account', () => {
  const config = loadConfig({ ...JWKS, AUTH_MODE: 'all' });
  assert.equal(config.auth, {
    mode: 'all',
    keys: { kind: 'jwks', jwksUri: JWKS.JWT_JWKS_URI },
    issuer: JWKS.JWT_ISSUER,
    audience: JWKS.JWT_AUDIENCE,
    tokenTtlSeconds: 3_600,
    tokenRequestsPerMinute: 10,
    account: undefined,
  });
});

auth('outside production a short secret and a short password are accepted', () => {
  assert.ok(loadConfig({ JWT_SECRET: 'dev', AUTH_PASSWORD: 'dev' }));
});

const refused: [string, Record<string, string>, RegExp][] = [
  ['an unknown AUTH_MODE', { ...AUTH, AUTH_MODE: 'reads' }, /^AUTH_MODE must be one of writes, all, off, got "reads"$/],
  ['a missing secret', { AUTH_PASSWORD: 'x' }, /^JWT_SECRET is not set: copy \.env\.example to \.env and fill it in/],
  ['a missing password', { JWT_SECRET: AUTH.JWT_SECRET }, /^AUTH_PASSWORD \(or AUTH_PASSWORD_HASH\) is not set/],
  ['a password and a hash', { ...AUTH, AUTH_PASSWORD_HASH: HASH }, /^Set AUTH_PASSWORD or AUTH_PASSWORD_HASH, not both$/],
  [
    'a hash that is not bcrypt',
    { JWT_SECRET: AUTH.JWT_SECRET, AUTH_PASSWORD_HASH: 'md5:abc' },
    /^AUTH_PASSWORD_HASH must be a bcrypt hash/,
  ],
  ['a secret and a JWKS', { ...AUTH, ...JWKS }, /^Set JWT_SECRET or JWT_JWKS_URI, not both/],
  ['a JWKS without issuer', { ...JWKS, JWT_ISSUER: '' }, /^JWT_JWKS_URI needs JWT_ISSUER and JWT_AUDIENCE/],
  ['a JWKS without audience', { ...JWKS, JWT_AUDIENCE: '' }, /^JWT_JWKS_URI needs JWT_ISSUER and JWT_AUDIENCE/],
  ['a JWKS that is not a URL', { ...JWKS, JWT_JWKS_URI: 'idp' }, /^JWT_JWKS_URI is not a valid URL/],
  ['a token lifetime over a day', { ...AUTH, JWT_TTL_SECONDS: '86401' }, /^JWT_TTL_SECONDS must be an integer from 60 to 86400/],
  [
    'production: a secret under 32 bytes',
    { ...PRODUCTION, ...AUTH, JWT_SECRET: 's'.repeat(31) },
    /^JWT_SECRET must be at least 32 bytes when NODE_ENV=production \(it has 31\)/,
  ],
  ['production: a missing secret', { ...PRODUCTION, AUTH_PASSWORD: AUTH.AUTH_PASSWORD }, /^JWT_SECRET is not set/],
  ['production: a missing password', { ...PRODUCTION, JWT_SECRET: AUTH.JWT_SECRET }, /^AUTH_PASSWORD \(or AUTH_PASSWORD_HASH\) is not set/],
  [
    'production: a password under 12 characters',
    { ...PRODUCTION, ...AUTH, AUTH_PASSWORD: 'short-pass' },
    /^AUTH_PASSWORD must be at least 12 characters when NODE_ENV=production$/,
  ],
  [
    'production: a JWKS over plain HTTP',
    { ...PRODUCTION, ...JWKS, JWT_JWKS_URI: 'http://idp.example/jwks.json' },
    /^JWT_JWKS_URI must be an https URL/,
  ],
];

for (const [what, env, message] of refused) {
  auth(`refuses ${what}`, () => {
    assert.throws(
      () => loadConfig(env),
      (error: Error) => error instanceof ConfigError && message.test(error.message),
    );
  });
}

auth('refusals never echo the secret or the password', () => {
  for (const env of [
    { ...PRODUCTION, ...AUTH, JWT_SECRET: 'tiny-secret' },
    { ...PRODUCTION, ...AUTH, AUTH_PASSWORD: 'pw-secret' },
  ]) {
    assert.throws(
      () => loadConfig(env),
      (error: Error) => !error.message.includes('tiny-secret') && !error.message.includes('pw-secret'),
    );
  }
});

auth.run();
