import { ConfigError, choice, type Env, integer, isProduction, text } from '../env.js';
import { SERVICE_NAME } from '../service-name.js';

export const AUTH_MODES = ['writes', 'all', 'off'] as const;
/** What needs a token: writes only (the default), every item route, or nothing. */
export type AuthMode = (typeof AUTH_MODES)[number];

/** Tokens are issued here and signed with a shared secret, or issued by an identity provider. */
export type TokenKeys = { kind: 'secret'; secret: string } | { kind: 'jwks'; jwksUri: string };

export type Password = { kind: 'plain'; value: string } | { kind: 'bcrypt'; hash: string };

export interface Account {
  username: string;
  password: Password;
}

export type AuthConfig =
  | { mode: 'off' }
  | {
      mode: 'writes' | 'all';
      keys: TokenKeys;
      issuer: string;
      audience: string;
      /** Lifetime of the tokens POST /api/auth/token issues. */
      tokenTtlSeconds: number;
      /** The built-in account; undefined with JWKS, where the identity provider issues tokens. */
      account: Account | undefined;
      /** Attempts per client address per minute on POST /api/auth/token. */
      tokenRequestsPerMinute: number;
    };

/** Issuer and audience of the tokens this service issues to itself, unless JWT_ISSUER / JWT_AUDIENCE say otherwise. */
export const DEFAULT_TOKEN_PARTY = SERVICE_NAME;

/** HS256 keys shorter than the hash output weaken the signature (RFC 7518, section 3.2). */
export const MIN_SECRET_BYTES = 32;
export const MIN_PRODUCTION_PASSWORD_LENGTH = 12;

const BCRYPT_HASH = /^\$2[aby]\$\d{2}\$[./A-Za-z0-9]{53}$/;

/**
 * Reads the authentication settings. Refuses combinations that would leave the API open or
 * ambiguous; with NODE_ENV=production it also refuses a short secret or a short password.
 * `modes` narrows AUTH_MODE (a service that keeps tenants apart needs a token on every route), its first the default.
 */
export function loadAuthConfig(env: Env, modes: readonly AuthMode[] = AUTH_MODES): AuthConfig {
  const mode = choice(env, 'AUTH_MODE', modes, modes[0]!);
  if (mode === 'off') return { mode };

  const production = isProduction(env);
  const jwksUri = text(env, 'JWT_JWKS_URI');
  const secret = text(env, 'JWT_SECRET');
  const common = {
    mode,
    tokenTtlSeconds: integer(env, 'JWT_TTL_SECONDS', 3_600, 60, 86_400),
    tokenRequestsPerMinute: integer(env, 'AUTH_RATE_LIMIT_PER_MINUTE', 10, 1, 10_000),
  };

  if (jwksUri !== undefined) {
    if (secret !== undefined) {
      throw new ConfigError('Set JWT_SECRET or JWT_JWKS_URI, not both: tokens are verified one way');
    }
    const issuer = text(env, 'JWT_ISSUER');
    const audience = text(env, 'JWT_AUDIENCE');
    // Without both, a token the provider issued for another application would be accepted here.
    if (issuer === undefined || audience === undefined) {
      throw new ConfigError("JWT_JWKS_URI needs JWT_ISSUER and JWT_AUDIENCE (your identity provider's values)");
    }
    return { ...common, keys: { kind: 'jwks', jwksUri: jwksUrl(jwksUri, production) }, issuer, audience, account: undefined };
  }

  if (secret === undefined) {
    throw new ConfigError(
      'JWT_SECRET is not set: copy .env.example to .env and fill it in ' + '(or set AUTH_MODE=off to run without authentication)',
    );
  }
  const secretBytes = Buffer.byteLength(secret);
  if (production && secretBytes < MIN_SECRET_BYTES) {
    throw new ConfigError(
      `JWT_SECRET must be at least ${MIN_SECRET_BYTES} bytes when NODE_ENV=production (it has ${secretBytes}); ` +
        `generate one with: node -e "console.log(crypto.randomBytes(48).toString('base64url'))"`,
    );
  }
  return {
    ...common,
    keys: { kind: 'secret', secret },
    issuer: text(env, 'JWT_ISSUER') ?? DEFAULT_TOKEN_PARTY,
    audience: text(env, 'JWT_AUDIENCE') ?? DEFAULT_TOKEN_PARTY,
    account: { username: text(env, 'AUTH_USERNAME') ?? 'admin', password: password(env, production) },
  };
}

function password(env: Env, production: boolean): Password {
  const plain = env.AUTH_PASSWORD; // not trimmed: spaces may be part of a password
  const hash = text(env, 'AUTH_PASSWORD_HASH');
  if (plain && hash !== undefined) {
    throw new ConfigError('Set AUTH_PASSWORD or AUTH_PASSWORD_HASH, not both');
  }
  if (hash !== undefined) {
    if (!BCRYPT_HASH.test(hash)) {
      throw new ConfigError('AUTH_PASSWORD_HASH must be a bcrypt hash ($2b$12$...); make one with: npm run hash-password');
    }
    return { kind: 'bcrypt', hash };
  }
  if (!plain) {
    throw new ConfigError(
      'AUTH_PASSWORD (or AUTH_PASSWORD_HASH) is not set: POST /api/auth/token could not authenticate anyone. ' +
        'Copy .env.example to .env and fill it in',
    );
  }
  if (production && plain.length < MIN_PRODUCTION_PASSWORD_LENGTH) {
    throw new ConfigError(`AUTH_PASSWORD must be at least ${MIN_PRODUCTION_PASSWORD_LENGTH} characters when NODE_ENV=production`);
  }
  return { kind: 'plain', value: plain };
}

function jwksUrl(value: string, production: boolean): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`JWT_JWKS_URI is not a valid URL, got "${value}"`);
  }
  // Keys fetched over plain HTTP could be swapped by anyone on the path.
  const allowed = production ? ['https:'] : ['https:', 'http:'];
  if (!allowed.includes(url.protocol)) {
    throw new ConfigError(`JWT_JWKS_URI must be an ${production ? 'https' : 'http(s)'} URL, got "${value}"`);
  }
  return value;
}
