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
