import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Written next to the rendered files, never part of them: the templates stay deterministic. */
export const ENV_FILE = '.env';

export interface LocalSecrets {
  jwtSecret: string;
  username: string;
  password: string;
  /** Where tenants are kept apart: the built-in account's tenant (AUTH_TENANT), without which the service does not start. */
  tenant?: string;
}

/** The built-in account's tenant in a new project's .env. */
const LOCAL_TENANT = 'local';

/**
 * Random secrets for a new project: a 48-byte JWT_SECRET (HS256 wants at least 32) and a
 * 24-character password; with `tenancy`, the account's tenant too.
 */
export function createSecrets({ tenancy = false } = {}): LocalSecrets {
  return {
    jwtSecret: randomBytes(48).toString('base64url'),
    username: 'admin',
    password: randomBytes(18).toString('base64url'),
    ...(tenancy && { tenant: LOCAL_TENANT }),
  };
}

export function envFileContent(secrets: LocalSecrets): string {
  return [
    '# Local settings read by `npm start`. Git-ignored: keep it out of version control.',
    '# Written by create-item-service with random values; see README.md, Authentication.',
    `JWT_SECRET=${secrets.jwtSecret}`,
    `AUTH_USERNAME=${secrets.username}`,
    `AUTH_PASSWORD=${secrets.password}`,
    ...(secrets.tenant === undefined ? [] : ["# The tenant the account's tokens name; its records are seen by its tokens only.", `AUTH_TENANT=${secrets.tenant}`]),
    '',
  ].join('\n');
}

/**
 * Creates `.env` in `outDir`, readable by its owner only. An existing one is kept untouched
 * (regenerating must not change a developer's password or secret): returns 'kept'.
 */
export function writeEnvFile(outDir: string, secrets: LocalSecrets): 'created' | 'kept' {
  try {
    // 'wx' fails when the file exists, so there is no window between checking and writing.
    writeFileSync(join(outDir, ENV_FILE), envFileContent(secrets), { mode: 0o600, flag: 'wx' });
    return 'created';
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return 'kept';
    throw error;
  }
}
