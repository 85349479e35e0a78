import Router from '@koa/router';
import type { Knex } from 'knex';

import { jsonBodyParser } from '../http/json-body.js';
import { rateLimit } from '../http/rate-limit.js';
import { validator } from '../http/validate.js';
import { SERVICE_NAME } from '../service-name.js';
import type { AuthConfig } from './auth.config.js';
import { checkCredentials } from './credentials.js';
import { TOKEN_REQUEST_SCHEMA, type TokenRequest } from './token.schema.js';
import { ALL_SCOPES, isSecretAuth, issueToken } from './tokens.js';

export const TOKEN_PATH = '/api/auth/token';

const validateTokenRequest = validator<TokenRequest>(TOKEN_REQUEST_SCHEMA);

/**
 * POST /api/auth/token: trades the built-in account's username and password for an access
 * token, which also holds `claims` (a tenant's). Rate-limited per client address, in `limitStore` when given (PostgreSQL: one limit for every replica). Wrong user and wrong password get the same 401.
 * Not mounted when tokens come from an identity provider (JWKS) or AUTH_MODE=off.
 */
export function tokenEndpoint(auth: AuthConfig, limitStore?: Knex, claims: Record<string, string> = {}): Router {
  const router = new Router();
  if (!isSecretAuth(auth) || auth.account === undefined) return router;
  const account = auth.account;

  router.post(TOKEN_PATH, rateLimit(auth.tokenRequestsPerMinute, limitStore), jsonBodyParser(), async (ctx) => {
    const { username, password, scope } = validateTokenRequest(ctx.request.body);
    if (!(await checkCredentials(account, username, password))) {
      ctx.throw(401, 'Invalid username or password', {
        headers: { 'WWW-Authenticate': `Bearer realm="${SERVICE_NAME}"` },
      });
    }
    // Tokens are credentials: no cache may keep them (RFC 6749, section 5.1).
    ctx.set('Cache-Control', 'no-store');
    ctx.body = issueToken(auth, username, scope ? [...new Set(scope.split(' '))] : ALL_SCOPES, claims);
  });

  return router;
}
