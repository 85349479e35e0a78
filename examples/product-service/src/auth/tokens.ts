import { createSecretKey, type KeyObject } from 'node:crypto';

import jwt, { type JwtPayload } from 'jsonwebtoken';

import type { AuthConfig } from './auth.config.js';

/** Permissions a token can carry, space-separated in its `scope` claim (RFC 8693 style). */
export const SCOPES = { read: 'products:read', write: 'products:write' } as const;
export const ALL_SCOPES: readonly string[] = Object.values(SCOPES);

export type Scope = (typeof SCOPES)[keyof typeof SCOPES];

export interface TokenResponse {
  accessToken: string;
  tokenType: 'Bearer';
  expiresIn: number;
}

type SecretAuth = Extract<AuthConfig, { mode: 'writes' | 'all' }> & { keys: { kind: 'secret' } };

/** Signs an HS256 access token for `subject` with the given scopes and claims, issuer, audience and expiry. */
export function issueToken(
  auth: SecretAuth,
  subject: string,
  scopes: readonly string[],
  claims: Record<string, string> = {},
): TokenResponse {
  const accessToken = jwt.sign({ ...claims, scope: scopes.join(' ') }, hmacKey(auth.keys.secret), {
    algorithm: 'HS256',
    expiresIn: auth.tokenTtlSeconds,
    issuer: auth.issuer,
    audience: auth.audience,
    subject,
  });
  return { accessToken, tokenType: 'Bearer', expiresIn: auth.tokenTtlSeconds };
}

/**
 * JWT_SECRET as a key object. Given a plain string, jsonwebtoken first tries to parse it as a PEM
 * key and falls back to an HMAC secret only after that throws, on every sign and verify: under
 * load that failed parse took a third of the CPU profile of a create.
 */
export function hmacKey(secret: string): KeyObject {
  return createSecretKey(Buffer.from(secret, 'utf8'));
}

/**
 * The scopes a verified token grants: the standard space-separated `scope` claim, or the
 * `scp` claim (an array or a string) that some identity providers use instead.
 */
export function scopesOf(payload: JwtPayload): Set<string> {
  const claim: unknown = payload.scope ?? payload.scp;
  const scopes = typeof claim === 'string' ? claim.split(' ') : Array.isArray(claim) ? claim : [];
  return new Set(scopes.filter((scope): scope is string => typeof scope === 'string' && scope !== ''));
}

export function isSecretAuth(auth: AuthConfig): auth is SecretAuth {
  return auth.mode !== 'off' && auth.keys.kind === 'secret';
}
