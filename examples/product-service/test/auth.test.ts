import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import jwt, { type JwtPayload } from 'jsonwebtoken';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import { createLogger } from '../src/logger.js';
import { JSON_HEADERS, productInput, testConfig, useService, type Service } from './helpers.js';
import { signToken, TEST_PASSWORD, TEST_SECRET, TEST_USERNAME } from './tokens.js';

const PATH = '/api/products';
const TOKEN_PATH = '/api/auth/token';
const REALM = 'Bearer realm="product-service"';
const READ = 'products:read';
const WRITE = 'products:write';

type Mode = 'writes' | 'all' | 'off';
type Route = { method: string; path: string; body?: string; write: boolean };

/** Every item route; PUT and DELETE aim at the row each test creates first (id 1). */
const ROUTES: Route[] = [
  { method: 'GET', path: PATH, write: false },
  { method: 'GET', path: `${PATH}/1`, write: false },
  { method: 'POST', path: PATH, body: JSON.stringify(productInput({ name: 'intruder' })), write: true },
  { method: 'PUT', path: `${PATH}/1`, body: JSON.stringify({ name: 'intruder' }), write: true },
  { method: 'DELETE', path: `${PATH}/1`, write: true },
];

const needsToken = (mode: Mode, route: Route) => mode === 'all' || (mode === 'writes' && route.write);

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);

/** A token with `alg: none` and no signature: what a forger sends. */
const unsignedToken = () =>
  `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({ scope: `${READ} ${WRITE}`, iss: 'product-service', aud: 'product-service', exp: now() + 600 })}.`;

const otherRsaKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;

/** Authorization header values that must all be refused with 401, and the text each gets. */
const REFUSED: [string, string | undefined, string][] = [
  ['no token', undefined, 'Authentication required: send Authorization: Bearer <token>'],
  ['a Basic header', `Basic ${Buffer.from(`${TEST_USERNAME}:${TEST_PASSWORD}`).toString('base64')}`, 'Authorization header must be "Bearer <token>"'],
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

function request(service: Service, route: Route, authorization?: string): Promise<Response> {
  const headers: Record<string, string> = route.body ? { ...JSON_HEADERS } : {};
  if (authorization !== undefined) headers.Authorization = authorization;
  return service.api(route.path, { method: route.method, headers, body: route.body });
}

async function createFirstRow(service: Service): Promise<void> {
  const response = await service.api(PATH, {
    method: 'POST',
    headers: { ...JSON_HEADERS, Authorization: `Bearer ${signToken()}` },
    body: JSON.stringify(productInput()),
  });
  assert.is(response.status, 201);
}

/** The rows as stored, to prove that a refused request changed nothing. */
const rows = (service: Service) => service.db.knex('products').select('id', 'name').orderBy('id');

async function expectRefusal(response: Response, status: number, text: string, challenge: RegExp, what: string): Promise<void> {
  assert.is(response.status, status, what);
  assert.match(response.headers.get('content-type') ?? '', /^text\/plain/, what);
  assert.is(await response.text(), text, what);
  assert.match(response.headers.get('www-authenticate') ?? '', challenge, what);
}

function getToken(service: Service, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return service.api(TOKEN_PATH, {
    method: 'POST',
    headers: { ...JSON_HEADERS, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function accessToken(service: Service, extra: Record<string, string> = {}): Promise<string> {
  const response = await getToken(service, { username: TEST_USERNAME, password: TEST_PASSWORD, ...extra });
  assert.is(response.status, 200, await response.clone().text());
  return ((await response.json()) as { accessToken: string }).accessToken;
}

// ---

for (const mode of ['writes', 'all', 'off'] as const) {
  const test = suite(`AUTH_MODE=${mode}`);
  const service = useService(test, { config: testConfig({ AUTH_MODE: mode, AUTH_RATE_LIMIT_PER_MINUTE: '1000' }) });

  for (const [what, authorization, text] of REFUSED) {
    test(`${what}: ${mode === 'off' ? 'ignored' : '401 where a token is needed'}; nothing changes`, async () => {
      await createFirstRow(service());
      const before = await rows(service());
      for (const route of ROUTES) {
        const response = await request(service(), route, authorization);
        const label = `${route.method} ${route.path}`;
        if (needsToken(mode, route)) {
          const error = authorization === undefined ? '' : text.startsWith('Authorization') ? 'invalid_request' : 'invalid_token';
          const challenge = error ? new RegExp(`^${REALM}, error="${error}"$`) : new RegExp(`^${REALM}$`);
          await expectRefusal(response, 401, text, challenge, label);
        } else {
          assert.ok(response.status < 300, `${label}: ${response.status}`);
        }
      }
      if (mode !== 'off') assert.equal(await rows(service()), before);
    });
  }

  if (mode === 'off') {
    test('AUTH_MODE=off has no token endpoint', async () => {
      const response = await getToken(service(), { username: TEST_USERNAME, password: TEST_PASSWORD });
      assert.is(response.status, 404);
    });
    test.run();
    continue;
  }

  test('happy path: a token from POST /api/auth/token creates, updates and deletes', async () => {
    const response = await getToken(service(), { username: TEST_USERNAME, password: TEST_PASSWORD });
    assert.is(response.status, 200);
    assert.is(response.headers.get('cache-control'), 'no-store');
    const body = (await response.json()) as Record<string, unknown>;
    assert.equal(Object.keys(body).sort(), ['accessToken', 'expiresIn', 'tokenType']);
    assert.is(body.tokenType, 'Bearer');
    assert.is(body.expiresIn, 3600);
    const token = body.accessToken as string;
    const { header, payload } = jwt.decode(token, { complete: true }) as { header: { alg: string }; payload: JwtPayload };
    assert.is(header.alg, 'HS256');
    assert.equal(
      { iss: payload.iss, aud: payload.aud, sub: payload.sub, scope: payload.scope, lifetime: payload.exp! - payload.iat! },
      { iss: 'product-service', aud: 'product-service', sub: TEST_USERNAME, scope: `${READ} ${WRITE}`, lifetime: 3600 },
    );

    const authorization = { Authorization: `Bearer ${token}` };
    const created = await service().api(PATH, { method: 'POST', headers: { ...JSON_HEADERS, ...authorization }, body: JSON.stringify(productInput()) });
    assert.is(created.status, 201);
    const { id } = (await created.json()) as { id: number };
    const read = await service().api(`${PATH}/${id}`, { headers: authorization });
    assert.is(read.status, 200);
    const updated = await service().api(`${PATH}/${id}`, { method: 'PUT', headers: { ...JSON_HEADERS, ...authorization }, body: '{"quantity":9}' });
    assert.is(((await updated.json()) as { quantity: number }).quantity, 9);
    assert.is((await service().api(`${PATH}/${id}`, { method: 'DELETE', headers: authorization })).status, 204);
    assert.equal(await rows(service()), []);
  });

  test('a read-only token may read (where reading needs a token) but writing answers 403', async () => {
    await createFirstRow(service());
    const token = await accessToken(service(), { scope: READ });
    assert.is((jwt.decode(token) as JwtPayload).scope, READ);
    for (const route of ROUTES) {
      const response = await request(service(), route, `Bearer ${token}`);
      const label = `${route.method} ${route.path}`;
      if (route.write) {
        await expectRefusal(response, 403, `Token lacks the ${WRITE} scope`, /error="insufficient_scope", scope="products:write"$/, label);
      } else {
        assert.is(response.status, 200, label);
      }
    }
    assert.equal(await rows(service()), [{ id: 1, name: 'Widget' }]);
  });

  test(`a token without the read scope ${mode === 'all' ? 'is refused with 403 on reads' : 'still reads: reads are public'}`, async () => {
    await createFirstRow(service());
    for (const token of [signToken({ scope: WRITE }), signToken({ scope: '' })]) {
      const response = await service().api(`${PATH}/1`, { headers: { Authorization: `Bearer ${token}` } });
      if (mode === 'all') {
        await expectRefusal(response, 403, `Token lacks the ${READ} scope`, /error="insufficient_scope", scope="products:read"$/, 'GET');
      } else {
        assert.is(response.status, 200);
      }
    }
  });

  test('wrong password and unknown user get the same 401, and no token', async () => {
    const answers = [];
    for (const credentials of [
      { username: TEST_USERNAME, password: 'wrong password' },
      { username: 'nobody', password: TEST_PASSWORD },
      { username: 'nobody', password: 'wrong password' },
      { username: TEST_USERNAME.toUpperCase(), password: TEST_PASSWORD },
      { username: TEST_USERNAME, password: `${TEST_PASSWORD} ` },
    ]) {
      const response = await getToken(service(), credentials);
      answers.push({ status: response.status, type: response.headers.get('content-type'), challenge: response.headers.get('www-authenticate'), text: await response.text() });
    }
    for (const answer of answers) {
      assert.equal(answer, { status: 401, type: 'text/plain; charset=utf-8', challenge: REALM, text: 'Invalid username or password' });
    }
  });

  test('a malformed token request answers 400 (or 415) and issues no token', async () => {
    const cases: [unknown, number, RegExp][] = [
      ['{"username": "admin",', 400, /./],
      [{ username: TEST_USERNAME }, 400, /"password" is required/],
      [{ password: TEST_PASSWORD }, 400, /"username" is required/],
      [{ username: TEST_USERNAME, password: 42 }, 400, /"password" must be a string/],
      [{ username: TEST_USERNAME, password: TEST_PASSWORD, admin: true }, 400, /"admin" is not allowed/],
      [{ username: TEST_USERNAME, password: TEST_PASSWORD, scope: 'products:admin' }, 400, /"scope" must be space-separated scopes from/],
      [[TEST_USERNAME, TEST_PASSWORD], 400, /must be a JSON object/],
    ];
    for (const [body, status, text] of cases) {
      const response = await getToken(service(), body);
      assert.is(response.status, status, JSON.stringify(body));
      assert.match(await response.text(), text);
    }
    const form = await service().api(TOKEN_PATH, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `username=${TEST_USERNAME}&password=${encodeURIComponent(TEST_PASSWORD)}`,
    });
    assert.is(form.status, 415);
  });

  test.run();
}

// ---

const remembered = suite('tokens remembered after verification');
const rememberer = useService(remembered);

const createWith = (service: Service, authorization: string) =>
  service.api(PATH, { method: 'POST', headers: { ...JSON_HEADERS, Authorization: authorization }, body: JSON.stringify(productInput()) });

remembered('a token that passed is refused as soon as it expires', async () => {
  // One to two seconds away: now() + 1 could be a few milliseconds away, late in a second.
  const exp = Math.ceil(Date.now() / 1000) + 1;
  const authorization = `Bearer ${signToken({ exp }, { expiresIn: undefined })}`;
  assert.is((await createWith(rememberer(), authorization)).status, 201);
  assert.is((await createWith(rememberer(), authorization)).status, 201);
  await new Promise((resolve) => setTimeout(resolve, exp * 1000 - Date.now() + 50));
  await expectRefusal(await createWith(rememberer(), authorization), 401, 'Token expired', /error="invalid_token"$/, 'after expiry');
  assert.is((await rows(rememberer())).length, 2);
});

remembered('a token that passed, with its signature or claims altered, is refused', async () => {
  const token = signToken();
  assert.is((await createWith(rememberer(), `Bearer ${token}`)).status, 201);
  const [header, payload, signature] = token.split('.') as [string, string, string];
  const middle = Math.floor(signature.length / 2);
  const flipped = signature[middle] === 'A' ? 'B' : 'A';
  const forgedSignature = `${header}.${payload}.${signature.slice(0, middle)}${flipped}${signature.slice(middle + 1)}`;
  const forgedClaims = `${header}.${base64url({ ...(jwt.decode(token) as JwtPayload), sub: 'mallory' })}.${signature}`;
  for (const forged of [forgedSignature, forgedClaims]) {
    await expectRefusal(await createWith(rememberer(), `Bearer ${forged}`), 401, 'Invalid token', /error="invalid_token"$/, forged);
  }
  assert.is((await rows(rememberer())).length, 1);
});

remembered.run();

// ---

const limits = suite('token endpoint rate limit');
const limited = useService(limits, { config: testConfig({ AUTH_RATE_LIMIT_PER_MINUTE: '3' }) });
const proxied = useService(limits, { config: testConfig({ AUTH_RATE_LIMIT_PER_MINUTE: '3', TRUST_PROXY: 'true' }) });

limits('the 4th request in a minute from one address answers 429 with Retry-After, even with the right password', async () => {
  for (let i = 0; i < 3; i++) {
    assert.is((await getToken(limited(), { username: TEST_USERNAME, password: 'guess' })).status, 401);
  }
  const response = await getToken(limited(), { username: TEST_USERNAME, password: TEST_PASSWORD });
  assert.is(response.status, 429);
  assert.match(response.headers.get('content-type') ?? '', /^text\/plain/);
  const retryAfter = Number(response.headers.get('retry-after'));
  assert.ok(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60, `Retry-After ${retryAfter}`);
  assert.is(await response.text(), `Too many requests; retry in ${retryAfter} s`);
  // The item API is not limited by it.
  assert.is((await limited().api(PATH)).status, 200);
});

limits('without TRUST_PROXY a forged X-Forwarded-For does not get around the limit', async () => {
  for (let i = 0; i < 5; i++) {
    await getToken(limited(), { username: TEST_USERNAME, password: 'guess' }, { 'X-Forwarded-For': `10.0.0.${i}` });
  }
  const response = await getToken(limited(), { username: TEST_USERNAME, password: TEST_PASSWORD }, { 'X-Forwarded-For': '10.9.9.9' });
  assert.is(response.status, 429);
});

limits('with TRUST_PROXY=true the limit is per client address as the proxy reports it', async () => {
  for (let i = 0; i < 3; i++) {
    await getToken(proxied(), { username: TEST_USERNAME, password: 'guess' }, { 'X-Forwarded-For': '10.0.0.1' });
  }
  assert.is((await getToken(proxied(), { username: TEST_USERNAME, password: TEST_PASSWORD }, { 'X-Forwarded-For': '10.0.0.1' })).status, 429);
  assert.is((await getToken(proxied(), { username: TEST_USERNAME, password: TEST_PASSWORD }, { 'X-Forwarded-For': '10.0.0.2' })).status, 200);
  // A client cannot escape by putting another address first: the proxy's own entry counts.
  const forged = { 'X-Forwarded-For': '203.0.113.7, 10.0.0.1' };
  assert.is((await getToken(proxied(), { username: TEST_USERNAME, password: TEST_PASSWORD }, forged)).status, 429);
});

limits.run();

// ---

const hashed = suite('AUTH_PASSWORD_HASH');
// bcrypt of TEST_PASSWORD, cost 4 to keep the test fast (made with bcryptjs.hashSync).
const HASH = '$2b$04$epRctdBCf2jsmkuyi4zZG.IVhez1r/bPlLK4jMVeuN9MEGshDQFxC';
const withHash = useService(hashed, { config: testConfig({ AUTH_PASSWORD: '', AUTH_PASSWORD_HASH: HASH }) });

hashed('the password whose bcrypt hash is configured gets a token; another does not', async () => {
  assert.is((await getToken(withHash(), { username: TEST_USERNAME, password: TEST_PASSWORD })).status, 200);
  assert.is((await getToken(withHash(), { username: TEST_USERNAME, password: HASH })).status, 401);
  assert.is((await getToken(withHash(), { username: TEST_USERNAME, password: 'wrong' })).status, 401);
});

hashed.run();

// ---

const logging = suite('secrets stay out of the logs');
const lines: string[] = [];
const logged = useService(logging, {
  config: testConfig({ LOG_LEVEL: 'trace' }),
  log: { write: (line: string) => void lines.push(line) },
});

logging('passwords and tokens sent in requests appear in no log line', async () => {
  const marker = 'pw-marker-7c1e';
  await getToken(logged(), { username: TEST_USERNAME, password: marker });
  const token = await accessToken(logged());
  await logged().api(PATH, { method: 'POST', headers: { ...JSON_HEADERS, Authorization: `Bearer ${token}` }, body: JSON.stringify(productInput()) });
  await logged().api(PATH, { method: 'POST', headers: { ...JSON_HEADERS, Authorization: 'Bearer forged.token.value' }, body: '{}' });
  assert.ok(lines.length >= 4, `${lines.length} log lines`);
  const all = lines.join('');
  for (const secret of [marker, TEST_PASSWORD, token, 'forged.token.value', TEST_SECRET]) {
    assert.not.ok(all.includes(secret), `a log line holds ${secret.slice(0, 12)}...`);
  }
});

logging('the logger redacts password and authorization fields wherever they are logged', () => {
  const captured: string[] = [];
  const logger = createLogger('info', { write: (line: string) => void captured.push(line) });
  logger.info({ password: 'p1', body: { password: 'p2' }, req: { headers: { authorization: 'Bearer t1' } }, authorization: 'Bearer t2' }, 'careless');
  const entry = captured.join('');
  for (const secret of ['p1', 'p2', 't1', 't2']) assert.not.ok(entry.includes(`"${secret}"`) || entry.includes(` ${secret}"`), entry);
  assert.ok(entry.includes('[redacted]'), entry);
});

logging.run();

// ---

const jwks = suite('JWKS: tokens from an identity provider');
const ISSUER = 'https://idp.test/';
const AUDIENCE = 'orders-api';
const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 });
let jwksServer: Server;
let jwksUri = '';

/** A token as the identity provider would sign it (RS256, kid "k1"). */
const providerToken = (claims: Record<string, unknown> = { scope: WRITE }, options: jwt.SignOptions = {}, key: KeyObject = signingKey.privateKey) =>
  jwt.sign(
    claims,
    key,
    Object.fromEntries(
      Object.entries({ algorithm: 'RS256', keyid: 'k1', issuer: ISSUER, audience: AUDIENCE, expiresIn: 300, ...options }).filter(([, value]) => value !== undefined),
    ),
  );

// The JWKS server must be listening before the service is configured with its address.
jwksServer = createServer((req, res) => {
  if (req.url !== '/.well-known/jwks.json') return void res.writeHead(404).end();
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ keys: [{ ...signingKey.publicKey.export({ format: 'jwk' }), kid: 'k1', alg: 'RS256', use: 'sig' }] }));
});
jwksServer.listen(0, '127.0.0.1');
await once(jwksServer, 'listening');
jwksUri = `http://127.0.0.1:${(jwksServer.address() as AddressInfo).port}/.well-known/jwks.json`;

const provider = useService(jwks, {
  config: testConfig({ JWT_SECRET: '', AUTH_PASSWORD: '', JWT_JWKS_URI: jwksUri, JWT_ISSUER: ISSUER, JWT_AUDIENCE: AUDIENCE }),
});
jwks.after(() => void jwksServer.close());

const create = (authorization: string) =>
  provider().api(PATH, { method: 'POST', headers: { ...JSON_HEADERS, Authorization: authorization }, body: JSON.stringify(productInput()) });

jwks("the provider's RS256 token with the write scope creates; an scp array claim works too", async () => {
  assert.is((await create(`Bearer ${providerToken()}`)).status, 201);
  assert.is((await create(`Bearer ${providerToken({ scp: [WRITE] })}`)).status, 201);
  assert.is((await create(`Bearer ${providerToken({ scope: READ })}`)).status, 403);
});

jwks('forged, foreign, expired and confused tokens answer 401 and create nothing', async () => {
  const publicPem = signingKey.publicKey.export({ format: 'pem', type: 'spki' }).toString();
  const forged: [string, string][] = [
    ['signed by another key', providerToken(undefined, {}, otherRsaKey)],
    ['an unknown key id', providerToken(undefined, { keyid: 'k-unknown' })],
    ['another issuer', providerToken(undefined, { issuer: 'https://evil.test/' })],
    ['another audience', providerToken(undefined, { audience: 'other-api' })],
    ['expired', providerToken({ scope: WRITE, exp: now() - 60 }, { expiresIn: undefined })],
    ['no expiry', providerToken(undefined, { expiresIn: undefined })],
    ['HS256 signed with the public key (algorithm confusion)', signToken({}, { issuer: ISSUER, audience: AUDIENCE, keyid: 'k1' }, publicPem)],
    ['HS256 signed with the service default secret', signToken({}, { issuer: ISSUER, audience: AUDIENCE })],
    ['unsigned (alg: none)', unsignedToken()],
  ];
  for (const [what, token] of forged) {
    const response = await create(`Bearer ${token}`);
    assert.is(response.status, 401, what);
    assert.match(response.headers.get('www-authenticate') ?? '', /error="invalid_token"/, what);
  }
  assert.equal(await rows(provider()), []);
});

jwks('the built-in token endpoint is off', async () => {
  assert.is((await getToken(provider(), { username: TEST_USERNAME, password: TEST_PASSWORD })).status, 404);
});

jwks('an unreachable JWKS answers 503, not 401: the client did nothing wrong', async () => {
  jwksServer.close();
  jwksServer.closeAllConnections();
  // A key id not in the cache forces a fetch.
  const response = await create(`Bearer ${providerToken(undefined, { keyid: 'k2' })}`);
  assert.is(response.status, 503);
  assert.is(await response.text(), 'Service unavailable');
});

jwks.run();
