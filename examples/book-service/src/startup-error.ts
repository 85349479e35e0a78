import { DataDirInUseError } from './db/data-dir-lock.js';
import { databaseMisconfiguration } from './db/database-misconfiguration.js';
import { ConfigError } from './env.js';

/** A start-up failure whose cause is known: its message says what happened and what to change. */
export class StartupError extends Error {
  override name = 'StartupError';
}

/**
 * The one line for a failure the owner can fix (a stack trace would tell nothing more), or
 * undefined for an unexpected one. `dataDirAdvice` ends the line of a data folder in use.
 */
export function knownCause(error: unknown, dataDirAdvice: string): string | undefined {
  if (error instanceof StartupError) return error.message;
  if (error instanceof ConfigError) return `Invalid configuration: ${error.message}`;
  if (error instanceof DataDirInUseError) return `${error.message}: ${dataDirAdvice}`;
  return databaseMisconfiguration(error);
}

/**
 * Every failure to start (the service, migrate, db:seed) in one voice: one plain line on stderr
 * and exit code 1, whatever the cause. An unexpected one says its message, and its stack only
 * where LOG_LEVEL asks for detail.
 */
export function exitOnStartupFailure(error: unknown, what: string, dataDirAdvice: string): never {
  const message = error instanceof Error ? error.message : String(error);
  const line = knownCause(error, dataDirAdvice) ?? `${what} failed: ${message.split('\n')[0]}`;
  const detail = /^(debug|trace)$/i.test(process.env.LOG_LEVEL ?? '') && error instanceof Error ? `${error.stack}\n` : '';
  process.stderr.write(`${line}\n${detail}`);
  process.exit(1);
}
