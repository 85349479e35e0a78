import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import jwt from 'jsonwebtoken';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import { getToken, now, otherRsaKey, PATH, READ, rows, unsignedToken, WRITE } from '../support/auth-helpers.js';
import { numbered } from '../support/factory.js';
import { JSON_HEADERS, testConfig, useService } from '../support/helpers.js';
import { signToken, TEST_PASSWORD, TEST_USERNAME } from '../support/tokens.js';

// ---

const jwks = suite('JWKS: tokens from an identity provider');
const ISSUER = 'https://idp.test/';
/** Who the provider's tokens are for: what a write records as its author. */
const PROVIDER_SUBJECT = 'auth0|5f7c8ec7c33c6c004bbafe82';
const AUDIENCE = 'orders-api';
const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 });
let jwksServer: Server;
let jwksUri = '';

/** A token as the identity provider would sign it (RS256, kid "k1"). */
const providerToken = (
  claims: Record<string, unknown> = { scope: WRITE },
  options: jwt.SignOptions = {},
  key: KeyObject = signingKey.privateKey,
) =>
  jwt.sign(
    claims,
    key,
    Object.fromEntries(
      Object.entries({
        algorithm: 'RS256',
        keyid: 'k1',
        issuer: ISSUER,
        audience: AUDIENCE,
        subject: PROVIDER_SUBJECT,
        expiresIn: 300,
        ...options,
      }).filter(([, value]) => value !== undefined),
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

/** A product created with the token given. */
const create = (authorization: string) =>
  provider().api(PATH, {
    method: 'POST',
    headers: { ...JSON_HEADERS, Authorization: authorization },
    body: JSON.stringify(numbered()),
  });

// Created, then deleted with another token: a table that holds a single product passes too.
jwks("the provider's RS256 token with the write scope creates; an scp array claim deletes", async () => {
  const created = await create(`Bearer ${providerToken()}`);
  assert.is(created.status, 201);
  const { id, createdBy } = (await created.json()) as { id: number; createdBy: unknown };
  assert.is(createdBy, PROVIDER_SUBJECT, "the provider's subject is recorded as the author");
  const deleted = await provider().api(`${PATH}/${id}`, {
    method: 'DELETE',
    headers: { Authorization: `Bearer ${providerToken({ scp: [WRITE] })}` },
  });
  assert.is(deleted.status, 204);
  assert.is((await create(`Bearer ${providerToken({ scope: READ })}`)).status, 403);
  assert.equal(await rows(provider()), []);
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
    [
      'HS256 signed with the public key (algorithm confusion)',
      signToken({}, { issuer: ISSUER, audience: AUDIENCE, keyid: 'k1' }, publicPem),
    ],
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
