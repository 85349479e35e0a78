import { DataDirInUseError } from './data-dir-lock.js';
import { databaseMisconfiguration } from './database-misconfiguration.js';

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
  if (error instanceof DataDirInUseError) return `${error.message}: ${dataDirAdvice}`;
  return databaseMisconfiguration(error);
}
