import type { AuthMode } from './auth.config.js';
import { SCOPES, type Scope } from './tokens.js';

/** What an operation does with the data: reads, writes (or, where soft delete is on, administers). */
export type Access = keyof typeof SCOPES;

/**
 * The scope a token needs for this access under AUTH_MODE, or undefined when no token is needed:
 * writes need a token unless AUTH_MODE=off, reads only with AUTH_MODE=all.
 * The guard enforces it and the OpenAPI document states it.
 */
export function requiredScope(mode: AuthMode, access: Access): Scope | undefined {
  if (mode === 'off' || (access === 'read' && mode !== 'all')) return undefined;
  return SCOPES[access];
}
