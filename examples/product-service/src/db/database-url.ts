import { ConfigError, type Env, fileText, text } from '../env.js';

/**
 * The sslmode values of libpq that node-postgres honours as libpq does. `allow` and `prefer` fall
 * back to an unencrypted connection when TLS fails, which node-postgres cannot do.
 */
const SSL_MODES = ['disable', 'require', 'verify-ca', 'verify-full'];

const OTHER_SSL_MODES: Record<string, string> = {
  allow: 'node-postgres cannot fall back between encrypted and unencrypted connections: use disable or require',
  prefer: 'node-postgres cannot fall back to an unencrypted connection: use require, or disable',
  'no-verify': "that is node-postgres's own name: use require (encrypted, certificate not verified), as libpq names it",
};

/**
 * DATABASE_URL, checked, with its TLS settings read as libpq reads them: `sslmode` from the URL or
 * PGSSLMODE, the CA from the URL's `sslrootcert` or PGSSLROOTCERT (libpq's own names: psql and
 * pg_dump in the same container read the same settings). With an sslmode, `uselibpqcompat=true`
 * is added: without it node-postgres verifies `require` like `verify-full` and prints a warning.
 * The CA file is read here, so a wrong path stops the start in one line rather than failing
 * every connection.
 */
export function databaseUrl(env: Env): string | undefined {
  const value = text(env, 'DATABASE_URL');
  if (value === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    // Never echo the value: it usually carries a password.
    throw new ConfigError('DATABASE_URL is not a valid URL (expected postgres://user:password@host:5432/database)');
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new ConfigError(`DATABASE_URL must start with postgres:// or postgresql://, got "${url.protocol}//"`);
  }
  const sslmode = url.searchParams.get('sslmode') ?? text(env, 'PGSSLMODE');
  const rootCert = url.searchParams.get('sslrootcert') ?? text(env, 'PGSSLROOTCERT');
  const rootCertSource = url.searchParams.has('sslrootcert') ? 'sslrootcert in DATABASE_URL' : 'PGSSLROOTCERT';
  if (sslmode === undefined) {
    if (rootCert === undefined) return value;
    throw new ConfigError(`${rootCertSource} names a CA but DATABASE_URL has no sslmode: add sslmode=verify-full`);
  }
  if (!SSL_MODES.includes(sslmode)) {
    const hint = OTHER_SSL_MODES[sslmode] ?? `use one of ${SSL_MODES.join(', ')}`;
    throw new ConfigError(`sslmode=${sslmode} is not supported: ${hint}`);
  }
  if (rootCert === 'system') {
    // libpq's word for the system's public CAs, which are Node.js's default: no file to read.
    if (sslmode !== 'verify-full') throw new ConfigError(`sslrootcert=system needs sslmode=verify-full, got sslmode=${sslmode}`);
    url.searchParams.delete('sslrootcert');
  } else if (rootCert !== undefined) {
    if (!fileText(rootCert, rootCertSource).includes('-----BEGIN CERTIFICATE-----')) {
      throw new ConfigError(`${rootCertSource}: ${rootCert} holds no PEM certificate (-----BEGIN CERTIFICATE-----)`);
    }
    url.searchParams.set('sslrootcert', rootCert);
  } else if (sslmode === 'verify-ca') {
    throw new ConfigError('sslmode=verify-ca needs the CA that signed the server certificate: set PGSSLROOTCERT to its file');
  }
  for (const parameter of ['sslcert', 'sslkey']) {
    const path = url.searchParams.get(parameter);
    if (path !== null) fileText(path, `${parameter} in DATABASE_URL`);
  }
  url.searchParams.set('sslmode', sslmode);
  url.searchParams.set('uselibpqcompat', 'true');
  return url.href;
}
