import { Joi } from '../joi.js';
import { ALL_SCOPES } from './tokens.js';

export const TOKEN_REQUEST_SCHEMA = Joi.object({
  username: Joi.string()
    .minCharacters(1)
    .maxCharacters(200)
    .required()
    .description("The built-in account's username (AUTH_USERNAME).")
    .example('admin'),
  password: Joi.string()
    .minCharacters(1)
    .maxCharacters(1_000)
    .required()
    .description("The built-in account's password (AUTH_PASSWORD).")
    .example('the AUTH_PASSWORD from .env'),
  scope: Joi.string()
    .pattern(new RegExp(`^(${ALL_SCOPES.join('|')})( (${ALL_SCOPES.join('|')}))*$`))
    .messages({ 'string.pattern.base': `"scope" must be space-separated scopes from: ${ALL_SCOPES.join(', ')}` })
    .description(`Space-separated scopes to ask for, to get a token that can do less (default: all of ${ALL_SCOPES.join(' ')}).`)
    .example(ALL_SCOPES[0]),
}).label('TokenRequest');

export const TOKEN_RESPONSE_SCHEMA = Joi.object({
  accessToken: Joi.string().required().description('A JWT to send as Authorization: Bearer <accessToken>.'),
  tokenType: Joi.string().valid('Bearer').required().description('Always Bearer: how to send the token.'),
  expiresIn: Joi.number().integer().min(1).required().description('Seconds until the token expires.').example(3600),
}).label('TokenResponse');

export interface TokenRequest {
  username: string;
  password: string;
  scope?: string;
}
