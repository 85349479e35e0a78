import jwt, { type JwtPayload } from 'jsonwebtoken';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import { createLogger } from '../../src/logger.js';
import { accessToken, base64url, expectRefusal, getToken, PATH, rows } from '../support/auth-helpers.js';
import { numbered } from '../support/factory.js';
import { JSON_HEADERS, type Service, testConfig, useService } from '../support/helpers.js';
import { signToken, TEST_PASSWORD, TEST_SECRET, TEST_USERNAME } from '../support/tokens.js';

// The token endpoint and what surrounds it: remembered tokens, the rate limit, password hashes, logs.

const remembered = suite('tokens remembered after verification');
const rememberer = useService(remembered);

/** A product created with the token given. */
const createWith = (service: Service, authorization: string) =>
  service.api(PATH, {
    method: 'POST',
    headers: { ...JSON_HEADERS, Authorization: authorization },
    body: JSON.stringify(numbered()),
  });

remembered('a token that passed is refused as soon as it expires', async () => {
  // One to two seconds away: now() + 1 could be a few milliseconds away, late in a second.
  const exp = Math.ceil(Date.now() / 1000) + 1;
  const authorization = `Bearer ${signToken({ exp }, { expiresIn: undefined })}`;
  // Used twice while valid, the second time remembered: a create, then its delete.
  const created = await createWith(rememberer(), authorization);
  assert.is(created.status, 201);
  const { id } = (await created.json()) as { id: number };
  assert.is((await rememberer().api(`${PATH}/${id}`, { method: 'DELETE', headers: { Authorization: authorization } })).status, 204);
  await new Promise((resolve) => setTimeout(resolve, exp * 1000 - Date.now() + 50));
  await expectRefusal(await createWith(rememberer(), authorization), 401, 'Token expired', /error="invalid_token"$/, 'after expiry');
  assert.equal(await rows(rememberer()), []);
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
  assert.is(
    (await getToken(proxied(), { username: TEST_USERNAME, password: TEST_PASSWORD }, { 'X-Forwarded-For': '10.0.0.1' })).status,
    429,
  );
  assert.is(
    (await getToken(proxied(), { username: TEST_USERNAME, password: TEST_PASSWORD }, { 'X-Forwarded-For': '10.0.0.2' })).status,
    200,
  );
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
  await logged().api(PATH, {
    method: 'POST',
    headers: { ...JSON_HEADERS, Authorization: `Bearer ${token}` },
    body: JSON.stringify(numbered()),
  });
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
  logger.info(
    { password: 'p1', body: { password: 'p2' }, req: { headers: { authorization: 'Bearer t1' } }, authorization: 'Bearer t2' },
    'careless',
  );
  const entry = captured.join('');
  for (const secret of ['p1', 'p2', 't1', 't2']) assert.not.ok(entry.includes(`"${secret}"`) || entry.includes(` ${secret}"`), entry);
  assert.ok(entry.includes('[redacted]'), entry);
});

logging.run();
