import SwaggerParser from '@apidevtools/swagger-parser';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import { documentFor, type Json, JWKS_ENV, OPERATIONS } from '../support/documents.js';

// What the document says of tokens and scopes under each AUTH_MODE and with an identity provider.

const document = suite('OpenAPI document: security');

/** Each operation's security requirement names, e.g. { 'post /api/products': ['bearerAuth'] }. */
function security(api: Json): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(api.paths as Json).flatMap(([path, item]) =>
      Object.entries(item as Json)
        .filter(([method]) => method !== 'parameters')
        .map(([method, operation]) => [`${method} ${path}`, ((operation as Json).security ?? []).flatMap(Object.keys)]),
    ),
  );
}

document('AUTH_MODE=writes: writes need a bearer token and list 401/403; reads stay open; the token endpoint is documented', async () => {
  // The default document, validated in docs.test.ts.
  const api = documentFor();
  assert.equal(api.components.securitySchemes, {
    bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: api.components.securitySchemes.bearerAuth.description },
  });
  assert.equal(security(api), {
    'post /api/auth/token': [],
    'get /api/products': [],
    'post /api/products': ['bearerAuth'],
    'get /api/products/{id}': [],
    'put /api/products/{id}': ['bearerAuth'],
    'delete /api/products/{id}': ['bearerAuth'],
  });
  assert.is(api.paths['/api/products/{id}'].get.responses[401], undefined);
  assert.ok(api.paths['/api/products/{id}'].delete.responses[403]);
  const token = api.paths['/api/auth/token'].post;
  assert.equal(Object.keys(token.responses), ['200', '400', '401', '413', '415', '429', '500']);
  assert.equal(api.components.schemas['auth.TokenRequest'].required, ['username', 'password']);
  assert.ok(api.components.responses.TooManyRequests.headers['Retry-After']);
});

document('AUTH_MODE=all: every item operation needs a token', async () => {
  const api = documentFor({ AUTH_MODE: 'all' });
  await SwaggerParser.validate(structuredClone(api) as never);
  const needs = Object.entries(security(api))
    .filter(([, names]) => names.includes('bearerAuth'))
    .map(([operation]) => operation);
  assert.equal(
    needs,
    Object.keys(OPERATIONS).filter((operation) => operation.includes('products')),
  );
  assert.match(api.paths['/api/products'].get.description, /products:read/);
});

document('AUTH_MODE=off: no security scheme, no token endpoint, no 401', async () => {
  const api = documentFor({ AUTH_MODE: 'off' });
  await SwaggerParser.validate(structuredClone(api) as never);
  assert.is(api.components.securitySchemes, undefined);
  assert.is(api.paths['/api/auth/token'], undefined);
  assert.not.match(JSON.stringify(api.paths), /"401"/);
});

document('JWKS: bearer tokens from the identity provider, no built-in token endpoint', async () => {
  const api = documentFor(JWKS_ENV);
  await SwaggerParser.validate(structuredClone(api) as never);
  assert.is(api.paths['/api/auth/token'], undefined);
  assert.match(api.components.securitySchemes.bearerAuth.description, /identity provider/);
  assert.equal(security(api)['post /api/products'], ['bearerAuth']);
});

document(
  'in every AUTH_MODE, each operation states its security, public ones as []; servers are relative; a license is named',
  async () => {
    for (const env of [{}, { AUTH_MODE: 'all' }, { AUTH_MODE: 'off' }, JWKS_ENV] as Record<string, string>[]) {
      const api = documentFor(env);
      const where = JSON.stringify(env);
      assert.equal(api.servers, [{ url: '/' }], where);
      assert.is(api.info.license.name, 'MIT', where);
      for (const [path, item] of Object.entries(api.paths as Json)) {
        for (const [method, operation] of Object.entries(item as Json)) {
          const requirement = (operation as Json).security;
          assert.ok(Array.isArray(requirement), `${method} ${path} under ${where} states its security`);
          const takesToken = requirement.length > 0;
          // A token is needed, or optional ({} first: some requests need one).
          assert.is(takesToken, 'bearerAuth' in (requirement.at(-1) ?? {}), `${method} ${path} under ${where}`);
          // The token endpoint answers 401 to a wrong password, token or not.
          if (path !== '/api/auth/token')
            assert.is(takesToken, '401' in (operation as Json).responses, `401 iff a token is taken: ${method} ${path} ${where}`);
        }
      }
    }
  },
);

document.run();
