import jwt, { type SignOptions } from 'jsonwebtoken';

import { DEFAULT_TOKEN_PARTY } from '../../src/auth/auth.config.js';
import { ALL_SCOPES } from '../../src/auth/tokens.js';

export const TEST_SECRET = 'test-secret-of-more-than-32-bytes-0123456789';
export const TEST_USERNAME = 'admin';
export const TEST_PASSWORD = 'correct horse battery staple';

/** The settings every test service runs with (AUTH_MODE is the default, writes). */
export const AUTH_ENV = { JWT_SECRET: TEST_SECRET, AUTH_USERNAME: TEST_USERNAME, AUTH_PASSWORD: TEST_PASSWORD };

/**
 * Signs a token the way the service does (HS256, its issuer and audience, one hour, every
 * scope); tests override claims, options (undefined removes a default) or the secret to build
 * the tokens an attacker would.
 */
export function signToken(claims: Record<string, unknown> = {}, options: SignOptions = {}, secret: string = TEST_SECRET): string {
  const merged: SignOptions = {
    algorithm: 'HS256',
    issuer: DEFAULT_TOKEN_PARTY,
    audience: DEFAULT_TOKEN_PARTY,
    subject: TEST_USERNAME,
    expiresIn: 3_600,
    ...options,
  };
  // `expiresIn: undefined` means "no expiry"; jsonwebtoken wants the key absent for that.
  const defined = Object.fromEntries(Object.entries(merged).filter(([, value]) => value !== undefined));
  return jwt.sign({ scope: ALL_SCOPES.join(' '), ...claims }, secret, defined);
}

/** An Authorization header value with every scope, for tests about other things than authentication. */
export const AUTHORIZATION = `Bearer ${signToken()}`;
