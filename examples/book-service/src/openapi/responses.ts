import { SCOPES } from '../auth/tokens.js';
import { PROBLEM_SEPARATOR } from '../http/errors.js';
import { JSON_LIMIT } from '../http/json-body.js';
import { SERVICE_NAME } from '../service-name.js';
import { type Json, textResponse } from './schema.js';

/** Error answers every API shares; each is plain text. */
export const ERROR_RESPONSES: Json = {
  BadRequest: textResponse(
    'Invalid request: a malformed JSON body, an id that is not a positive integer, or a body or query that ' +
      `breaks the rules. Every broken rule is named, separated by "${PROBLEM_SEPARATOR}".`,
    `"title" is required${PROBLEM_SEPARATOR}"isbn" is required`,
  ),
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
