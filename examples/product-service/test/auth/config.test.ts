import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import { ConfigError, loadConfig } from '../../src/config.js';
import { AUTH_ENV } from '../support/tokens.js';

const auth = suite('loadConfig: authentication');

const HASH = '$2b$12$mJGPb8JDOiNVBe9a2GcEbO2ERNAv25rc8eGQ5jZv7Xlo5MBxvJCtK';
const JWKS = { JWT_JWKS_URI: 'https://idp.example/.well-known/jwks.json', JWT_ISSUER: 'https://idp.example/', JWT_AUDIENCE: 'orders' };
const TENANT = {};
const PRODUCTION = { NODE_ENV: 'production', DATABASE_URL: 'postgres://db/app' };

auth('AUTH_MODE=off needs no secret or password', () => {
  assert.equal(loadConfig({ AUTH_MODE: 'off' }).auth, { mode: 'off' });
  assert.equal(loadConfig({ ...PRODUCTION, AUTH_MODE: 'off' }).auth, { mode: 'off' });
});

auth('a bcrypt AUTH_PASSWORD_HASH replaces AUTH_PASSWORD', () => {
  const config = loadConfig({ ...TENANT, JWT_SECRET: AUTH_ENV.JWT_SECRET, AUTH_PASSWORD_HASH: HASH });
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
  assert.ok(loadConfig({ ...TENANT, JWT_SECRET: 'dev', AUTH_PASSWORD: 'dev' }));
});

const refused: [string, Record<string, string>, RegExp][] = [
  ['an unknown AUTH_MODE', { ...AUTH_ENV, AUTH_MODE: 'reads' }, /^AUTH_MODE must be one of writes, all, off, got "reads"$/],
  ['a missing secret', { ...TENANT, AUTH_PASSWORD: 'x' }, /^JWT_SECRET is not set: copy \.env\.example to \.env and fill it in/],
  ['a missing password', { ...TENANT, JWT_SECRET: AUTH_ENV.JWT_SECRET }, /^AUTH_PASSWORD \(or AUTH_PASSWORD_HASH\) is not set/],
  ['a password and a hash', { ...AUTH_ENV, AUTH_PASSWORD_HASH: HASH }, /^Set AUTH_PASSWORD or AUTH_PASSWORD_HASH, not both$/],
  [
    'a hash that is not bcrypt',
    { ...TENANT, JWT_SECRET: AUTH_ENV.JWT_SECRET, AUTH_PASSWORD_HASH: 'md5:abc' },
    /^AUTH_PASSWORD_HASH must be a bcrypt hash/,
  ],
  ['a secret and a JWKS', { ...AUTH_ENV, ...JWKS }, /^Set JWT_SECRET or JWT_JWKS_URI, not both/],
  ['a JWKS without issuer', { ...JWKS, JWT_ISSUER: '' }, /^JWT_JWKS_URI needs JWT_ISSUER and JWT_AUDIENCE/],
  ['a JWKS without audience', { ...JWKS, JWT_AUDIENCE: '' }, /^JWT_JWKS_URI needs JWT_ISSUER and JWT_AUDIENCE/],
  ['a JWKS that is not a URL', { ...JWKS, JWT_JWKS_URI: 'idp' }, /^JWT_JWKS_URI is not a valid URL/],
  ['a token lifetime over a day', { ...AUTH_ENV, JWT_TTL_SECONDS: '86401' }, /^JWT_TTL_SECONDS must be an integer from 60 to 86400/],
  [
    'production: a secret under 32 bytes',
    { ...PRODUCTION, ...AUTH_ENV, JWT_SECRET: 's'.repeat(31) },
    /^JWT_SECRET must be at least 32 bytes when NODE_ENV=production \(it has 31\)/,
  ],
  ['production: a missing secret', { ...PRODUCTION, AUTH_PASSWORD: AUTH_ENV.AUTH_PASSWORD }, /^JWT_SECRET is not set/],
  [
    'production: a missing password',
    { ...PRODUCTION, JWT_SECRET: AUTH_ENV.JWT_SECRET },
    /^AUTH_PASSWORD \(or AUTH_PASSWORD_HASH\) is not set/,
  ],
  [
    'production: a password under 12 characters',
    { ...PRODUCTION, ...AUTH_ENV, AUTH_PASSWORD: 'short-pass' },
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
    { ...PRODUCTION, ...AUTH_ENV, JWT_SECRET: 'tiny-secret' },
    { ...PRODUCTION, ...AUTH_ENV, AUTH_PASSWORD: 'pw-secret' },
  ]) {
    assert.throws(
      () => loadConfig(env),
      (error: Error) => !error.message.includes('tiny-secret') && !error.message.includes('pw-secret'),
    );
  }
});

auth.run();
