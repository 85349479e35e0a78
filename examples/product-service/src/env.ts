import { readFileSync } from 'node:fs';

/** Readers for environment variables: each names the variable at fault in a ConfigError. */

export type Env = Record<string, string | undefined>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** An unset or blank variable counts as absent, so `PORT=` in a .env file means the default. */
export function text(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

export function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const value = text(env, name);
  if (value === undefined) return fallback;
  const number = /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(number) || number < min || number > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got "${value}"`);
  }
  return number;
}

export function boolean(env: Env, name: string, fallback: boolean): boolean {
  const value = text(env, name)?.toLowerCase();
  if (value === undefined) return fallback;
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  throw new ConfigError(`${name} must be true or false, got "${value}"`);
}

/** One of a fixed set of lowercase words. */
export function choice<T extends string>(env: Env, name: string, choices: readonly T[], fallback: T): T {
  const value = text(env, name)?.toLowerCase() ?? fallback;
  if (!(choices as readonly string[]).includes(value)) {
    throw new ConfigError(`${name} must be one of ${choices.join(', ')}, got "${value}"`);
  }
  return value as T;
}

export function isProduction(env: Env): boolean {
  return text(env, 'NODE_ENV') === 'production';
}

/** Secrets that may come from a file instead: `JWT_SECRET_FILE=/run/secrets/jwt-secret`, as Docker and Kubernetes mount them. */
export const SECRET_VARIABLES = ['DATABASE_URL', 'JWT_SECRET', 'CURSOR_SECRET', 'AUTH_PASSWORD', 'AUTH_PASSWORD_HASH'] as const;

/**
 * `env` with each secret whose `<NAME>_FILE` is set read from that file (the convention of the
 * official Docker images), and the `_FILE` variable removed. The newlines that end most files
 * are no part of the secret. A secret set both ways, an unreadable file or an empty one is a
 * ConfigError that names the variable and the path, never the content.
 */
export function readSecretFiles(env: Env): Env {
  const resolved = { ...env };
  for (const name of SECRET_VARIABLES) {
    const fileVariable = `${name}_FILE`;
    const path = text(env, fileVariable);
    delete resolved[fileVariable];
    if (path === undefined) continue;
    if (text(env, name) !== undefined) throw new ConfigError(`Set ${name} or ${fileVariable}, not both`);
    const value = fileText(path, fileVariable).replace(/[\r\n]+$/, '');
    if (value === '') throw new ConfigError(`${fileVariable}: ${path} is empty`);
    resolved[name] = value;
  }
  return resolved;
}

/** The text of the file at `path`, which `source` named; a ConfigError naming both when it cannot be read. */
export function fileText(path: string, source: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    const { code } = error as NodeJS.ErrnoException;
    throw new ConfigError(`${source}: cannot read ${path} (${code === 'ENOENT' ? 'no such file' : code})`);
  }
}
