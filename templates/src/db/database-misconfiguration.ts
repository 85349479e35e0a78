/**
 * Database errors that no retry can cure: a wrong password, database or TLS setting. Each is told
 * in one line naming the cause and what to change; every other error (connection refused, a
 * timeout, a server shutting down) is left to the caller's backoff.
 */

// node:tls codes for a certificate chain that does not lead to a trusted CA.
const UNTRUSTED_CERTIFICATE = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'CERT_UNTRUSTED',
  'CERT_SIGNATURE_FAILURE',
]);
const OUTDATED_CERTIFICATE = new Set(['CERT_HAS_EXPIRED', 'CERT_NOT_YET_VALID']);

interface DriverError {
  code?: unknown;
  message?: unknown;
  severity?: unknown;
  host?: unknown;
  cert?: { subjectaltname?: string; subject?: { CN?: string } };
  nativeError?: unknown;
  errors?: unknown;
}

/**
 * The one line for a database error an owner must fix in the configuration or on the server, or
 * undefined when the error may pass by itself (or is not about the connection at all). Looks
 * inside the errors knex and Objection wrap, and inside the AggregateError of a dual-stack connect.
 */
export function databaseMisconfiguration(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const found = describe(error as DriverError);
  if (found !== undefined) return found;
  const { nativeError, errors } = error as DriverError;
  if (nativeError !== undefined && nativeError !== error) return databaseMisconfiguration(nativeError);
  return Array.isArray(errors) ? errors.map(databaseMisconfiguration).find((line) => line !== undefined) : undefined;
}

function describe(error: DriverError): string | undefined {
  const code = typeof error.code === 'string' ? error.code : undefined;
  const message = typeof error.message === 'string' ? error.message : '';
  // PgBouncer answers its refusals with SQLSTATE 08P01, like a lost connection: its words tell them apart.
  if (code === '28P01' || (code === '08P01' && /authentication failed/.test(message))) {
    return `database login refused: ${message}; fix the user name or password in DATABASE_URL`;
  }
  if (code === '28000') {
    if (/no encryption/.test(message)) {
      return `database refused an unencrypted connection: ${message}; add sslmode=require (or verify-full) to DATABASE_URL`;
    }
    if (/^role ".*" does not exist/.test(message)) return `database login refused: ${message}; fix the user name in DATABASE_URL`;
    return `database refused the connection: ${message}; fix the host, user or database in DATABASE_URL, or let the server's pg_hba.conf admit them`;
  }
  if (code === '3D000' || (code === '08P01' && /^(database ".*" does not exist|no such database)/.test(message))) {
    return `${message}; fix the database name in DATABASE_URL, or create the database`;
  }
  const parameter = code === '08P01' ? /^unsupported startup parameter: (.+)$/.exec(message)?.[1] : undefined;
  if (parameter !== undefined) {
    return `the connection pooler refused the startup parameter ${parameter} (${message}); remove it from DATABASE_URL, or have the pooler ignore it`;
  }
  // A setting in the URL's options that the server refused while starting the session.
  if (error.severity === 'FATAL' && (code === '42704' || code === '22023')) {
    return `database refused a setting: ${message}; fix the options in DATABASE_URL`;
  }
  if (code === '42501') {
    return `the database user lacks a privilege: ${message}; grant it, or migrate as a user that has it (MIGRATE_ON_START=false, then npm run migrate)`;
  }
  if (code === undefined && message === 'The server does not support SSL connections') {
    return 'the database server does not offer TLS, but sslmode in DATABASE_URL requires it; turn ssl on in the server, or set sslmode=disable on a trusted network';
  }
  return code === undefined ? undefined : describeCertificate(code, message, error);
}

function describeCertificate(code: string, message: string, error: DriverError): string | undefined {
  // node:tls ends some messages with advice about Node.js flags; the variable to set is ours to name.
  const reason = message.split(';')[0];
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') {
    const names = error.cert?.subjectaltname ?? error.cert?.subject?.CN ?? 'other names';
    return (
      `the database server's certificate is for ${names}, not for ${String(error.host)}, the host in DATABASE_URL; ` +
      'connect with a name the certificate lists, or use sslmode=verify-ca'
    );
  }
  if (UNTRUSTED_CERTIFICATE.has(code)) {
    return `the database server's certificate is not signed by a trusted CA (${reason}); set PGSSLROOTCERT to the file of the CA that signed it`;
  }
  if (OUTDATED_CERTIFICATE.has(code)) return `the database server's certificate is not valid now (${reason}); renew it on the server`;
  return undefined;
}
