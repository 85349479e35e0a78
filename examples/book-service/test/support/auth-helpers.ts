import { generateKeyPairSync } from 'node:crypto';

import * as assert from 'uvu/assert';

import { change, numbered } from './factory.js';
import { JSON_HEADERS, type Service } from './helpers.js';
import { signToken, TEST_PASSWORD, TEST_USERNAME } from './tokens.js';

// What the authentication tests share: the routes, the tokens a forger sends, and requests.

export const PATH = '/api/books';
export const TOKEN_PATH = '/api/auth/token';
export const REALM = 'Bearer realm="book-service"';
export const READ = 'books:read';
export const WRITE = 'books:write';

export type Mode = 'writes' | 'all' | 'off';
export type Route = { method: string; path: string; body?: string; write: boolean };

/**
 * Every item route; PUT and DELETE aim at the row each test creates first (id 1). The create comes
 * last, with that row's own values: where the service lets the delete through, it freed them, so
 * the create succeeds even when a unique field has a single value.
 */
export const ROUTES: Route[] = [
  { method: 'GET', path: PATH, write: false },
  { method: 'GET', path: `${PATH}/1`, write: false },
  { method: 'PUT', path: `${PATH}/1`, body: JSON.stringify(change()), write: true },
  { method: 'DELETE', path: `${PATH}/1`, write: true },
  { method: 'POST', path: PATH, body: JSON.stringify(numbered(1)), write: true },
];

export const needsToken = (mode: Mode, route: Route) => mode === 'all' || (mode === 'writes' && route.write);

export const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
export const now = () => Math.floor(Date.now() / 1000);

/** A token with `alg: none` and no signature: what a forger sends. */
export const unsignedToken = () =>
  `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({ scope: `${READ} ${WRITE}`, iss: 'book-service', aud: 'book-service', exp: now() + 600 })}.`;

export const otherRsaKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;

/** Authorization header values that must all be refused with 401, and the text each gets. */
export const REFUSED: [string, string | undefined, string][] = [
  ['no token', undefined, 'Authentication required: send Authorization: Bearer <token>'],
  [
    'a Basic header',
    `Basic ${Buffer.from(`${TEST_USERNAME}:${TEST_PASSWORD}`).toString('base64')}`,
    'Authorization header must be "Bearer <token>"',
  ],
  ['Bearer without a token', 'Bearer', 'Authorization header must be "Bearer <token>"'],
  ['a token without the Bearer scheme', signToken(), 'Authorization header must be "Bearer <token>"'],
  ['a token that is not a JWT', 'Bearer not-a-jwt', 'Invalid token'],
  ['a token signed with another secret', `Bearer ${signToken({}, {}, 'another-secret-of-more-than-32-bytes-000')}`, 'Invalid token'],
  ['an unsigned token (alg: none)', `Bearer ${unsignedToken()}`, 'Invalid token'],
  ['an HS512 token (only HS256 is configured)', `Bearer ${signToken({}, { algorithm: 'HS512' })}`, 'Invalid token'],
  ['an RS256 token from an unknown key', `Bearer ${signToken({}, { algorithm: 'RS256' }, otherRsaKey as never)}`, 'Invalid token'],
  ['an expired token', `Bearer ${signToken({ exp: now() - 60 }, { expiresIn: undefined })}`, 'Token expired'],
  ['a token without expiry', `Bearer ${signToken({}, { expiresIn: undefined })}`, 'Invalid token: it has no expiry'],
  ['a token from another issuer', `Bearer ${signToken({}, { issuer: 'someone-else' })}`, 'Invalid token'],
  ['a token for another audience', `Bearer ${signToken({}, { audience: 'another-service' })}`, 'Invalid token'],
];

export function request(service: Service, route: Route, authorization?: string): Promise<Response> {
  const headers: Record<string, string> = route.body ? { ...JSON_HEADERS } : {};
  // An empty header is no token, as its absence is.
  headers.Authorization = authorization ?? '';
  return service.api(route.path, { method: route.method, headers, body: route.body });
}

export async function createFirstRow(service: Service): Promise<void> {
  const response = await service.api(PATH, {
    method: 'POST',
    headers: { ...JSON_HEADERS, Authorization: `Bearer ${signToken()}` },
    body: JSON.stringify(numbered()),
  });
  assert.is(response.status, 201);
}

/** The rows as stored, to prove that a refused request changed nothing. */
/** The stored books a client can read: the rows not deleted. */
export const rows = (service: Service) => service.db.knex('books').whereNull('deleted_at').select('*').orderBy('id');

export async function expectRefusal(response: Response, status: number, text: string, challenge: RegExp, what: string): Promise<void> {
  assert.is(response.status, status, what);
  assert.match(response.headers.get('content-type') ?? '', /^text\/plain/, what);
  assert.is(await response.text(), text, what);
  assert.match(response.headers.get('www-authenticate') ?? '', challenge, what);
}

export function getToken(service: Service, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return service.api(TOKEN_PATH, {
    method: 'POST',
    headers: { ...JSON_HEADERS, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

export async function accessToken(service: Service, extra: Record<string, string> = {}): Promise<string> {
  const response = await getToken(service, { username: TEST_USERNAME, password: TEST_PASSWORD, ...extra });
  assert.is(response.status, 200, await response.clone().text());
  return ((await response.json()) as { accessToken: string }).accessToken;
}
