import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import { loadConfig } from '../src/config.js';
import { buildOpenApiDocument } from '../src/openapi/document.js';
import { bookInput, post, testConfig, useService } from './helpers.js';
import { AUTH_ENV, AUTHORIZATION } from './tokens.js';

const ALLOWED = 'https://app.example';
const REFUSED = 'https://evil.example';
const LIST = '/api/books';

/** What a browser sends before a cross-origin POST with a bearer token and a JSON body. */
const preflight = (origin: string): RequestInit => ({
  method: 'OPTIONS',
  headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization,content-type' },
});

/** Response headers a browser lets every cross-origin script read (the Fetch standard's safelist). */
const SAFELISTED = new Set(['cache-control', 'content-language', 'content-length', 'content-type', 'expires', 'last-modified', 'pragma']);

/** The response headers the OpenAPI document names, in its operations' answers and its shared ones, but the safelisted. */
function documentedHeaders(): string[] {
  // biome-ignore lint/suspicious/noExplicitAny: the walk reads the document by path.
  const document = buildOpenApiDocument(testConfig().auth) as Record<string, any>;
  const operations = Object.values(document.paths).flatMap((item) => Object.values(item as object));
  const responses = [
    ...operations.flatMap((operation) => Object.values(operation.responses ?? {})),
    ...Object.values(document.components.responses),
  ];
  const names = new Set(responses.flatMap((response) => Object.keys((response as { headers?: object }).headers ?? {})));
  return [...names].filter((name) => !SAFELISTED.has(name.toLowerCase()));
}

// ---

const headers = suite('security headers');
const service = useService(headers);

headers('API answers carry the usual security headers and a policy that loads nothing', async () => {
  for (const response of [await service().api(LIST), await service().api(`${LIST}/999`), await post(service(), LIST, bookInput())]) {
    assert.is(response.headers.get('x-content-type-options'), 'nosniff');
    assert.is(response.headers.get('x-frame-options'), 'SAMEORIGIN');
    assert.match(response.headers.get('strict-transport-security') ?? '', /max-age=\d+/);
    assert.is(response.headers.get('referrer-policy'), 'no-referrer');
    assert.is(response.headers.get('cross-origin-resource-policy'), 'same-origin');
    assert.is(response.headers.get('x-powered-by'), null);
    const csp = response.headers.get('content-security-policy') ?? '';
    assert.match(csp, /default-src 'none'/);
    assert.match(csp, /frame-ancestors 'none'/);
  }
});

headers('the Swagger UI page keeps its own policy, which lets its local scripts run', async () => {
  const response = await service().api('/swagger');
  assert.is(response.status, 200);
  assert.is(response.headers.get('x-content-type-options'), 'nosniff');
  const csp = response.headers.get('content-security-policy') ?? '';
  assert.match(csp, /default-src 'self'/);
  assert.match(csp, /script-src 'self' 'sha256-/);
  assert.not.match(csp, /default-src 'none'/);
});

headers('without CORS_ORIGINS no origin may read the API', async () => {
  const response = await service().api(LIST, { headers: { Origin: ALLOWED } });
  assert.is(response.status, 200);
  assert.is(response.headers.get('access-control-allow-origin'), null);
  const answer = await service().api(LIST, preflight(ALLOWED));
  assert.is(answer.headers.get('access-control-allow-origin'), null);
});

headers.run();

// ---

const cors = suite('CORS with CORS_ORIGINS');
const corsService = useService(cors, { config: testConfig({ CORS_ORIGINS: `${ALLOWED}, http://localhost:5173` }) });

cors('an allowed origin may read answers, including the paging and location headers', async () => {
  const list = await corsService().api(LIST, { headers: { Origin: ALLOWED } });
  assert.is(list.status, 200);
  assert.is(list.headers.get('access-control-allow-origin'), ALLOWED);
  assert.match(list.headers.get('vary') ?? '', /Origin/i);
  const exposed = (list.headers.get('access-control-expose-headers') ?? '').split(',');
  for (const name of ['Link', 'Location', 'X-Total-Count', 'X-Request-Id']) assert.ok(exposed.includes(name), name);
  // Every header the document shows clients in an answer, so that a browser app may read it too.
  for (const name of documentedHeaders()) assert.ok(exposed.includes(name), `${name} is documented, so exposed`);

  const created = await post(corsService(), LIST, bookInput(), {
    'Content-Type': 'application/json',
    Authorization: AUTHORIZATION,
    Origin: 'http://localhost:5173',
  });
  assert.is(created.status, 201);
  assert.is(created.headers.get('access-control-allow-origin'), 'http://localhost:5173');
});

cors('the preflight of an allowed origin is answered with the methods and headers it may use', async () => {
  const response = await corsService().api(LIST, preflight(ALLOWED));
  assert.is(response.status, 204);
  assert.is(response.headers.get('access-control-allow-origin'), ALLOWED);
  assert.match(response.headers.get('access-control-allow-methods') ?? '', /\bPOST\b/);
  const allowed = (response.headers.get('access-control-allow-headers') ?? '').toLowerCase().split(',');
  assert.ok(allowed.includes('authorization') && allowed.includes('content-type'), allowed.join(','));
  assert.ok(Number(response.headers.get('access-control-max-age')) > 0);
});

cors('a refused origin gets no CORS header, on the request or on its preflight', async () => {
  const list = await corsService().api(LIST, { headers: { Origin: REFUSED } });
  assert.is(list.status, 200, 'the server answers; the browser withholds it');
  assert.is(list.headers.get('access-control-allow-origin'), null);
  const answer = await corsService().api(LIST, preflight(REFUSED));
  assert.is(answer.headers.get('access-control-allow-origin'), null);
  assert.is(answer.headers.get('access-control-allow-methods'), null);
});

cors.run();

// ---

const noDocs = suite('DOCS_ENABLED=false');
const quiet = useService(noDocs, { config: testConfig({ DOCS_ENABLED: 'false' }) });

noDocs('the documentation is gone (404); the API still answers', async () => {
  for (const path of ['/swagger', '/openapi.json']) {
    const response = await quiet().api(path);
    assert.is(response.status, 404, path);
  }
  assert.is((await quiet().api(LIST)).status, 200);
});

noDocs.run();

// ---

const settings = suite('CORS_ORIGINS and DOCS_ENABLED settings');

settings('documentation is on by default; origins are none by default', () => {
  const config = loadConfig(AUTH_ENV);
  assert.is(config.docsEnabled, true);
  assert.equal(config.corsOrigins, []);
  assert.equal(loadConfig({ ...AUTH_ENV, CORS_ORIGINS: '*' }).corsOrigins, ['*']);
});

settings('an entry that is not an origin is refused with the entry named', () => {
  for (const entry of ['app.example', 'https://app.example/', 'https://app.example/path', '*, https://app.example']) {
    assert.throws(() => loadConfig({ ...AUTH_ENV, CORS_ORIGINS: entry }), /CORS_ORIGINS/, entry);
  }
  assert.throws(() => loadConfig({ ...AUTH_ENV, DOCS_ENABLED: 'maybe' }), /DOCS_ENABLED must be true or false/);
});

settings.run();
