import type { AuthConfig } from '../auth/auth.config.js';
import { TOKEN_PATH } from '../auth/token.routes.js';
import { TOKEN_REQUEST_SCHEMA, TOKEN_RESPONSE_SCHEMA } from '../auth/token.schema.js';
import { ALL_SCOPES, isSecretAuth } from '../auth/tokens.js';
import { badRequest } from './responses.js';
import { errors, type Json, jsonSchemaOf, ref, textResponse } from './schema.js';

export const AUTH_TAG = { name: 'Authentication', description: 'Access tokens for the built-in account.' };

/** The bearer scheme: where tokens come from and which scopes they carry. */
export function bearerScheme(auth: Exclude<AuthConfig, { mode: 'off' }>): Json {
  const source = isSecretAuth(auth)
    ? `Get one from \`POST ${TOKEN_PATH}\` with the username and password from \`.env\`, then paste its \`accessToken\` here.`
    : 'Tokens come from your identity provider (RS256, checked against its JWKS).';
  return { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: `${source} Scopes: ${ALL_SCOPES.join(', ')}.` };
}

/** POST /api/auth/token and what it needs in components; undefined where the service issues no tokens. */
export function tokenEndpointDocument(auth: AuthConfig): { path: string; operation: Json; components: Record<string, Json> } | undefined {
  if (!isSecretAuth(auth)) return undefined;
  const operation = {
    // issue: a verb no item operation uses (an entity named Token has its own createToken).
    operationId: 'issueToken',
    tags: [AUTH_TAG.name],
    summary: 'Get an access token',
    description:
      'Trades the built-in account (AUTH_USERNAME / AUTH_PASSWORD) for a bearer token. ' +
      `Limited to ${auth.tokenRequestsPerMinute} requests per minute per client address. ` +
      'A wrong username and a wrong password get the same answer.',
    // Public: the token is what this operation gives.
    security: [],
    requestBody: {
      required: true,
      content: {
        'application/json': {
          schema: ref('schemas', 'auth.TokenRequest'),
          example: { username: 'admin', password: 'the AUTH_PASSWORD from .env' },
        },
      },
    },
    responses: {
      200: {
        description: 'A token; send it as `Authorization: Bearer <accessToken>`.',
        headers: { 'Cache-Control': { description: 'Tokens are never cached.', schema: { type: 'string', example: 'no-store' } } },
        content: { 'application/json': { schema: ref('schemas', 'auth.TokenResponse') } },
      },
      400: badRequest('A malformed JSON body, or one that breaks the rules.', '"username" is required'),
      401: {
        ...textResponse('Wrong username or password.', 'Invalid username or password'),
        headers: {
          'WWW-Authenticate': { description: 'The realm to authenticate to.', schema: { type: 'string' } },
        },
      },
      ...errors('PayloadTooLarge', 'UnsupportedMediaType', 'TooManyRequests', 'InternalServerError'),
    },
  };
  return {
    path: TOKEN_PATH,
    operation,
    components: {
      // Dotted names: an entity's schemas are plain identifiers, so an entity named TokenRequest cannot overwrite these.
      schemas: { 'auth.TokenRequest': jsonSchemaOf(TOKEN_REQUEST_SCHEMA), 'auth.TokenResponse': jsonSchemaOf(TOKEN_RESPONSE_SCHEMA) },
      responses: {
        TooManyRequests: {
          ...textResponse(
            'Too many token requests from this address; wait as long as Retry-After says.',
            'Too many requests; retry in 42 s',
          ),
          headers: { 'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer', minimum: 1 } } },
        },
      },
    },
  };
}
