import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import { ConfigError, loadConfig, loadDatabaseConfig } from '../src/config.js';
import { AUTH_ENV } from './support/tokens.js';

// Settings that name files: secrets from `<NAME>_FILE`, as Docker and Kubernetes deliver them,
// and the CA of a PostgreSQL server reached over TLS.

const dir = mkdtempSync(join(tmpdir(), 'config-files-'));
process.once('exit', () => rmSync(dir, { recursive: true, force: true }));

/** A file in the test's folder holding `content`; its path. */
function file(name: string, content: string): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

/** The ConfigError message loadConfig throws for `env`. */
function refusal(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    assert.instance(error, ConfigError);
    return (error as Error).message;
  }
  assert.unreachable('expected a ConfigError');
  return '';
}

const PEM = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';
const SECRET = 's'.repeat(40);
const URL = 'postgres://app:s3cret@db.example:5432/app';

// ---

const secrets = suite('loadConfig: secrets from files');

secrets('each secret may come from the file its _FILE names; the final newline is no part of it, other spaces are', () => {
  const config = loadConfig({
    JWT_SECRET_FILE: file('jwt-secret', `${SECRET}\n`),
    AUTH_PASSWORD_FILE: file('password', ' pass phrase \r\n'),
    CURSOR_SECRET_FILE: file('cursor-secret', `${'c'.repeat(32)}\n`),
    DATABASE_URL_FILE: file('database-url', `${URL}\n`),
  });
  assert.equal(config.auth.mode !== 'off' && [config.auth.keys, config.auth.account?.password], [
    { kind: 'secret', secret: SECRET },
    { kind: 'plain', value: ' pass phrase ' },
  ]);
  assert.is(config.cursorSecret, 'c'.repeat(32));
  assert.is(config.databaseUrl, URL);
  const hash = '$2b$12$mJGPb8JDOiNVBe9a2GcEbO2ERNAv25rc8eGQ5jZv7Xlo5MBxvJCtK';
  const hashed = loadConfig({ JWT_SECRET: SECRET, AUTH_PASSWORD_HASH_FILE: file('hash', `${hash}\n`) });
  assert.equal(hashed.auth.mode !== 'off' && hashed.auth.account?.password, { kind: 'bcrypt', hash });
});

secrets('the scripts (migrate, db:seed) read DATABASE_URL_FILE too', () => {
  assert.is(loadDatabaseConfig({ DATABASE_URL_FILE: file('database-url', URL) }).databaseUrl, URL);
});

secrets('both forms of one secret, an unreadable file or an empty one: one line naming the variables, never the content', () => {
  const jwt = file('jwt-secret', SECRET);
  assert.is(refusal({ ...AUTH_ENV, JWT_SECRET_FILE: jwt }), 'Set JWT_SECRET or JWT_SECRET_FILE, not both');
  assert.is(refusal({ ...AUTH_ENV, DATABASE_URL: URL, DATABASE_URL_FILE: jwt }), 'Set DATABASE_URL or DATABASE_URL_FILE, not both');
  assert.is(refusal({ ...AUTH_ENV, AUTH_PASSWORD_FILE: jwt }), 'Set AUTH_PASSWORD or AUTH_PASSWORD_FILE, not both');
  const missing = join(dir, 'missing');
  assert.is(refusal({ ...AUTH_ENV, JWT_SECRET: '', JWT_SECRET_FILE: missing }), `JWT_SECRET_FILE: cannot read ${missing} (no such file)`);
  assert.is(refusal({ ...AUTH_ENV, JWT_SECRET: '', JWT_SECRET_FILE: dir }), `JWT_SECRET_FILE: cannot read ${dir} (EISDIR)`);
  const empty = file('empty', '\n');
  assert.is(refusal({ ...AUTH_ENV, AUTH_PASSWORD: '', AUTH_PASSWORD_FILE: empty }), `AUTH_PASSWORD_FILE: ${empty} is empty`);
});

secrets.run();

// ---

const tls = suite('loadConfig: TLS to PostgreSQL');

tls("an sslmode takes libpq's meaning (uselibpqcompat), from the URL or PGSSLMODE; no sslmode leaves the URL as it is", () => {
  const url = (env: Record<string, string>) => loadConfig({ ...AUTH_ENV, ...env }).databaseUrl;
  assert.is(url({ DATABASE_URL: URL }), URL);
  assert.is(url({ DATABASE_URL: `${URL}?sslmode=require` }), `${URL}?sslmode=require&uselibpqcompat=true`);
  assert.is(url({ DATABASE_URL: URL, PGSSLMODE: 'disable' }), `${URL}?sslmode=disable&uselibpqcompat=true`);
  // The URL's own sslmode wins, as in libpq.
  assert.is(url({ DATABASE_URL: `${URL}?sslmode=verify-full`, PGSSLMODE: 'disable' }), `${URL}?sslmode=verify-full&uselibpqcompat=true`);
});

tls("the CA comes from PGSSLROOTCERT or the URL's sslrootcert, read at start; sslrootcert=system means the public CAs", () => {
  const ca = file('ca.crt', PEM);
  const url = (env: Record<string, string>) => loadConfig({ ...AUTH_ENV, ...env }).databaseUrl;
  const expected = `${URL}?sslmode=verify-full&sslrootcert=${encodeURIComponent(ca)}&uselibpqcompat=true`;
  assert.is(url({ DATABASE_URL: `${URL}?sslmode=verify-full`, PGSSLROOTCERT: ca }), expected);
  assert.is(url({ DATABASE_URL: `${URL}?sslmode=verify-full&sslrootcert=${ca}` }), expected);
  assert.is(url({ DATABASE_URL: `${URL}?sslmode=verify-full&sslrootcert=system` }), `${URL}?sslmode=verify-full&uselibpqcompat=true`);
});

tls('TLS settings that cannot work are refused in one line', () => {
  const ca = file('ca.crt', PEM);
  const notPem = file('ca.der', 'binary');
  const missing = join(dir, 'missing.crt');
  const refusals: [Record<string, string>, string][] = [
    [
      { DATABASE_URL: `${URL}?sslmode=prefer` },
      'sslmode=prefer is not supported: node-postgres cannot fall back to an unencrypted connection: use require, or disable',
    ],
    [
      { DATABASE_URL: URL, PGSSLMODE: 'no-verify' },
      "sslmode=no-verify is not supported: that is node-postgres's own name: use require (encrypted, certificate not verified), as libpq names it",
    ],
    [{ DATABASE_URL: `${URL}?sslmode=strict` }, 'sslmode=strict is not supported: use one of disable, require, verify-ca, verify-full'],
    [
      { DATABASE_URL: `${URL}?sslmode=verify-ca` },
      'sslmode=verify-ca needs the CA that signed the server certificate: set PGSSLROOTCERT to its file',
    ],
    [{ DATABASE_URL: URL, PGSSLROOTCERT: ca }, 'PGSSLROOTCERT names a CA but DATABASE_URL has no sslmode: add sslmode=verify-full'],
    [{ DATABASE_URL: `${URL}?sslmode=verify-full`, PGSSLROOTCERT: missing }, `PGSSLROOTCERT: cannot read ${missing} (no such file)`],
    [
      { DATABASE_URL: `${URL}?sslmode=verify-full&sslrootcert=${notPem}` },
      `sslrootcert in DATABASE_URL: ${notPem} holds no PEM certificate (-----BEGIN CERTIFICATE-----)`,
    ],
    [{ DATABASE_URL: `${URL}?sslmode=require&sslrootcert=system` }, 'sslrootcert=system needs sslmode=verify-full, got sslmode=require'],
    [{ DATABASE_URL: `${URL}?sslmode=require&sslcert=${missing}` }, `sslcert in DATABASE_URL: cannot read ${missing} (no such file)`],
  ];
  for (const [env, message] of refusals) assert.is(refusal({ ...AUTH_ENV, ...env }), message, JSON.stringify(env));
});

tls.run();
