import { buildOpenApiDocument } from '../../src/openapi/document.js';
import { testConfig } from './helpers.js';

// What the document tests share: the document as each configuration builds it, and its operations.

// biome-ignore lint/suspicious/noExplicitAny: the tests walk the OpenAPI document by path; their assertions check the shape.
export type Json = Record<string, any>;

/** The document as a configuration with these settings builds it; without any, the default (AUTH_MODE=writes, built-in tokens). */
export const documentFor = (env: Record<string, string> = {}) => buildOpenApiDocument(testConfig(env).auth) as Json;

/** Bearer tokens from an identity provider's key set, instead of the built-in ones. */
export const JWKS_ENV = {
  JWT_SECRET: '',
  JWT_JWKS_URI: 'https://idp.example/jwks.json',
  JWT_ISSUER: 'https://idp.example/',
  JWT_AUDIENCE: 'orders',
};

/** Each operation's id, by method and path. */
export const OPERATIONS = {
  'post /api/auth/token': 'issueToken',
  'get /api/books': 'listBooks',
  'post /api/books': 'createBook',
  'get /api/books/{id}': 'getBook',
  'put /api/books/{id}': 'updateBook',
  'delete /api/books/{id}': 'deleteBook',
  'post /api/books/{id}/restore': 'restoreBook',
};
