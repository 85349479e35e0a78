import jwt, { type JwtPayload } from 'jsonwebtoken';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ALL_SCOPES } from '../../src/auth/tokens.js';
import {
  accessToken,
  createFirstRow,
  expectRefusal,
  getToken,
  type Mode,
  needsToken,
  PATH,
  READ,
  REALM,
  REFUSED,
  ROUTES,
  request,
  rows,
  TOKEN_PATH,
  WRITE,
} from '../support/auth-helpers.js';
import { change, numbered } from '../support/factory.js';
import { JSON_HEADERS, testConfig, useService } from '../support/helpers.js';
import { signToken, TEST_PASSWORD, TEST_USERNAME } from '../support/tokens.js';

// A service that keeps tenants apart takes all only: every request names its tenant.
const MODES: Mode[] = ['writes', 'all', 'off'];
for (const mode of MODES) {
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
      { iss: 'book-service', aud: 'book-service', sub: TEST_USERNAME, scope: ALL_SCOPES.join(' '), lifetime: 3600 },
    );

    const authorization = { Authorization: `Bearer ${token}` };
    const created = await service().api(PATH, {
      method: 'POST',
      headers: { ...JSON_HEADERS, ...authorization },
      body: JSON.stringify(numbered()),
    });
    assert.is(created.status, 201);
    const { id } = (await created.json()) as { id: number };
    const read = await service().api(`${PATH}/${id}`, { headers: authorization });
    assert.is(read.status, 200);
    const updated = await service().api(`${PATH}/${id}`, {
      method: 'PUT',
      headers: { ...JSON_HEADERS, ...authorization },
      body: JSON.stringify(change()),
    });
    assert.is(updated.status, 200);
    const before = (await read.json()) as Record<string, unknown>;
    assert.equal(
      { ...((await updated.json()) as Record<string, unknown>), version: undefined, updatedAt: undefined },
      { ...before, ...change(), version: undefined, updatedAt: undefined },
    );
    assert.is((await service().api(`${PATH}/${id}`, { method: 'DELETE', headers: authorization })).status, 204);
    assert.equal(await rows(service()), []);
  });

  test('a read-only token may read (where reading needs a token) but writing answers 403', async () => {
    await createFirstRow(service());
    const before = await rows(service());
    const token = await accessToken(service(), { scope: READ });
    assert.is((jwt.decode(token) as JwtPayload).scope, READ);
    for (const route of ROUTES) {
      const response = await request(service(), route, `Bearer ${token}`);
      const label = `${route.method} ${route.path}`;
      if (route.write) {
        await expectRefusal(response, 403, `Token lacks the ${WRITE} scope`, /error="insufficient_scope", scope="books:write"$/, label);
      } else {
        assert.is(response.status, 200, label);
      }
    }
    assert.equal(await rows(service()), before);
  });

  test(`a token without the read scope ${mode === 'all' ? 'is refused with 403 on reads' : 'still reads: reads are public'}`, async () => {
    await createFirstRow(service());
    for (const token of [signToken({ scope: WRITE }), signToken({ scope: '' })]) {
      const response = await service().api(`${PATH}/1`, { headers: { Authorization: `Bearer ${token}` } });
      if (mode === 'all') {
        await expectRefusal(response, 403, `Token lacks the ${READ} scope`, /error="insufficient_scope", scope="books:read"$/, 'GET');
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
      answers.push({
        status: response.status,
        type: response.headers.get('content-type'),
        challenge: response.headers.get('www-authenticate'),
        text: await response.text(),
      });
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
      [{ username: TEST_USERNAME, password: TEST_PASSWORD, scope: 'books:delete' }, 400, /"scope" must be space-separated scopes from/],
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
