import { SCOPES } from '../auth/tokens.js';
import { PROBLEM_SEPARATOR } from '../http/errors.js';
import { JSON_LIMIT } from '../http/json-body.js';
import { SERVICE_NAME } from '../service-name.js';
import { type Json, textResponse } from './schema.js';

/**
 * An operation's 400: what it refuses, and an example of what it answers then (each operation its
 * own: docs-http.test sends each). Every broken rule is named.
 */
export function badRequest(refused: string, example: string): Json {
  return textResponse(`${refused} Every broken rule is named, separated by "${PROBLEM_SEPARATOR}".`, example);
}

/** The 400 of an operation on one product, by its id, without a body. */
export const ID_BAD_REQUEST = badRequest('The id is not a positive integer.', 'id must be a positive integer');

/** Error answers every API shares; each is plain text. */
export const ERROR_RESPONSES: Json = {
  PayloadTooLarge: textResponse(`The request body is larger than ${JSON_LIMIT}.`, 'request entity too large'),
  UnsupportedMediaType: textResponse('The request body is not application/json.', 'Content-Type must be application/json'),
  InternalServerError: textResponse('Unexpected failure; the details are logged, not sent.', 'Internal server error'),
  ServiceUnavailable: textResponse('The database cannot be reached; retry later.', 'Service unavailable'),
};

const challenge = (description: string) => ({
  'WWW-Authenticate': { description, schema: { type: 'string', example: `Bearer realm="${SERVICE_NAME}"` } },
});

/** The answers of an operation that needs a token. */
export const AUTH_RESPONSES: Json = {
  Unauthorized: {
    ...textResponse(
      'No token, a malformed Authorization header, or a token that is expired, badly signed or for another issuer or audience.',
      'Authentication required: send Authorization: Bearer <token>',
    ),
    headers: challenge('How to authenticate (RFC 6750), with the reason when a token was sent.'),
  },
  Forbidden: {
    ...textResponse('The token is valid but lacks the scope this operation needs.', `Token lacks the ${SCOPES.write} scope`),
    headers: challenge('error="insufficient_scope" and the scope needed.'),
  },
};
