import type { JwtPayload } from 'jsonwebtoken';
import { koaJwtSecret } from 'jwks-rsa';
import type { Context, Middleware } from 'koa';
import koaJwt from 'koa-jwt';
import { LRUCache } from 'lru-cache';

import type { Logger } from '../logger.js';
import { SERVICE_NAME } from '../service-name.js';
import { type Access, requiredScope } from './access.js';
import { MAX_SUBJECT_LENGTH } from './actor.js';
import type { AuthConfig } from './auth.config.js';
import { hmacKey, SCOPES, type Scope, scopesOf } from './tokens.js';

/** The check for each access (the routes that read, those that write, ...); undefined where none is needed. */
export type Guard = Record<Access, Middleware | undefined>;

const ACCESSES = Object.keys(SCOPES) as Access[];

/** What a verified token must also show beyond its scope, e.g. its tenant (db/tenant-scope.ts); throws to refuse it. */
export type TokenCheck = (ctx: Context, payload: JwtPayload) => void;

/** A token that passed verification: its claims and the scopes they grant. */
interface Verified {
  payload: JwtPayload;
  scopes: ReadonlySet<string>;
}

const REALM = SERVICE_NAME;
const BEARER_HEADER = /^Bearer +([^\s]+)$/i;

// A client sends the same token with every request until it expires, and verifying it cost a
// quarter of the CPU time of a create (npm run bench). So a token that passed is remembered, by its
// exact text, until it expires but at most a minute (a key rotated out of a JWKS stops working soon).
const REMEMBERED_TOKENS = 10_000;
const REMEMBER_MS = 60_000;

/**
 * Builds the checks AUTH_MODE asks for. A route that needs a token verifies it with koa-jwt
 * (only the configured algorithm, issuer and audience; an `exp` claim is required) and then
 * checks the token's scope: no or a bad token -> 401, a token without the scope -> 403.
 */
export function createGuard(auth: AuthConfig, logger: Logger, check?: TokenCheck): Guard {
  if (auth.mode === 'off') return guardOf(() => undefined);

  const verify = koaJwt({
    secret:
      auth.keys.kind === 'secret'
        ? // koa-jwt hands the secret to jsonwebtoken unchanged; its types predate key objects.
          (hmacKey(auth.keys.secret) as unknown as koaJwt.Secret)
        : koaJwtSecret({ jwksUri: auth.keys.jwksUri, cache: true, rateLimit: true, jwksRequestsPerMinute: 10, timeout: 5_000 }),
    algorithms: auth.keys.kind === 'secret' ? ['HS256'] : ['RS256'],
    issuer: auth.issuer,
    audience: auth.audience,
    debug: true, // the reason goes to the debug log; clients get the generic texts below
  });

  // With its scopes, so a remembered token is not parsed again either.
  const verified = new LRUCache<string, Verified>({ max: REMEMBERED_TOKENS });

  async function authenticate(ctx: Context): Promise<Verified> {
    const header = ctx.get('Authorization');
    if (header === '') {
      challenge(ctx, 'Authentication required: send Authorization: Bearer <token>');
    }
    const token = BEARER_HEADER.exec(header)?.[1];
    if (token === undefined) {
      challenge(ctx, 'Authorization header must be "Bearer <token>"', 'invalid_request');
    }
    const remembered = verified.get(token);
    if (remembered) {
      ctx.state.user = remembered.payload;
      return remembered;
    }
    try {
      // A no-op `next`: only failures of the verification itself are caught here.
      await verify(ctx, async () => undefined);
    } catch (error) {
      const cause = (error as { originalError?: { name?: string; message?: string; isEndpointUnavailable?: boolean } }).originalError;
      // The identity provider's keys cannot be fetched: our outage, not the client's fault.
      if (cause?.isEndpointUnavailable) ctx.throw(503, 'JWKS endpoint unavailable', { cause });
      logger.debug({ reason: cause?.message, requestId: ctx.state.requestId }, 'token refused');
      challenge(ctx, cause?.name === 'TokenExpiredError' ? 'Token expired' : 'Invalid token', 'invalid_token');
    }
    const payload = ctx.state.user as JwtPayload;
    if (typeof payload.exp !== 'number') {
      challenge(ctx, 'Invalid token: it has no expiry', 'invalid_token');
    }
    // Never a ttl of 0 or less: lru-cache would keep such an entry for good. Frozen, because later
    // requests with this token get the same object.
    const accepted: Verified = { payload: Object.freeze(payload), scopes: scopesOf(payload) };
    const ttl = Math.min(REMEMBER_MS, payload.exp * 1000 - Date.now());
    if (ttl > 0) verified.set(token, accepted, { ttl });
    return accepted;
  }

  const requireScope =
    (scope: Scope): Middleware =>
    async (ctx, next) => {
      const { payload, scopes } = await authenticate(ctx);
      if (!scopes.has(scope)) {
        ctx.throw(403, `Token lacks the ${scope} scope`, {
          headers: { 'WWW-Authenticate': `Bearer realm="${REALM}", error="insufficient_scope", scope="${scope}"` },
        });
      }
      // Every write records who made it (auth/actor.ts).
      if (scope === SCOPES.write && !usableSubject(payload.sub)) {
        ctx.throw(403, `Token has no subject (a sub claim of 1 to ${MAX_SUBJECT_LENGTH} characters): writes record who made them`);
      }
      check?.(ctx, payload);
      await next();
    };

  return guardOf((access) => {
    const scope = requiredScope(auth.mode, access);
    return scope === undefined ? undefined : requireScope(scope);
  });
}

function guardOf(check: (access: Access) => Middleware | undefined): Guard {
  return Object.fromEntries(ACCESSES.map((access) => [access, check(access)])) as Guard;
}

function usableSubject(subject: unknown): boolean {
  return typeof subject === 'string' && subject !== '' && [...subject].length <= MAX_SUBJECT_LENGTH;
}

/** A 401 with the RFC 6750 challenge, so clients learn that and how to authenticate. */
function challenge(ctx: Context, message: string, error?: 'invalid_request' | 'invalid_token'): never {
  const value = error ? `Bearer realm="${REALM}", error="${error}"` : `Bearer realm="${REALM}"`;
  ctx.throw(401, message, { headers: { 'WWW-Authenticate': value } });
}
