import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import { loadConfig } from '../../src/config.js';
import { buildOpenApiDocument } from '../../src/openapi/document.js';
import { numbered } from '../support/factory.js';
import { post, testConfig, useService } from '../support/helpers.js';
import { AUTH_ENV, AUTHORIZATION } from '../support/tokens.js';

const ALLOWED = 'https://app.example';
const REFUSED = 'https://evil.example';
const LIST = '/api/products';

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

headers("API answers carry OWASP's REST set of security headers and nothing for browser pages", async () => {
  for (const response of [await service().api(LIST), await service().api(`${LIST}/999`), await post(service(), LIST, numbered())]) {
    assert.is(response.headers.get('cache-control'), 'no-store');
    assert.is(response.headers.get('content-security-policy'), "frame-ancestors 'none'");
    assert.is(response.headers.get('x-content-type-options'), 'nosniff');
    assert.match(response.headers.get('content-type') ?? '', /; charset=utf-8$/);
    // Over plain HTTP a browser ignores it; RFC 6797 says not to send it.
    assert.is(response.headers.get('strict-transport-security'), null);
    for (const name of ['x-powered-by', 'x-frame-options', 'referrer-policy', 'cross-origin-opener-policy', 'vary']) {
      assert.is(response.headers.get(name), null, name);
    }
  }
});

headers('the Swagger UI page keeps its own policy, which lets its local scripts run, and the page headers', async () => {
  const response = await service().api('/swagger');
  assert.is(response.status, 200);
  assert.is(response.headers.get('x-content-type-options'), 'nosniff');
  assert.is(response.headers.get('x-frame-options'), 'SAMEORIGIN');
  assert.is(response.headers.get('referrer-policy'), 'no-referrer');
  assert.is(response.headers.get('cross-origin-resource-policy'), 'same-origin');
  const csp = response.headers.get('content-security-policy') ?? '';
  assert.match(csp, /default-src 'self'/);
  assert.match(csp, /script-src 'self' 'sha256-/);
  assert.match(csp, /frame-ancestors 'none'/);
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

  const created = await post(corsService(), LIST, numbered(), {
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
  for (const header of ['authorization', 'content-type', 'if-match', 'idempotency-key', 'traceparent', 'tracestate']) {
    assert.ok(allowed.includes(header), `${header} in ${allowed.join(',')}`);
  }
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

const https = suite('behind a TLS proxy (TRUST_PROXY=true)');
const proxied = useService(https, { config: testConfig({ TRUST_PROXY: 'true' }) });

https('answers the proxy forwards from HTTPS tell browsers to keep to HTTPS; plain ones do not', async () => {
  const secure = await proxied().api(LIST, { headers: { 'X-Forwarded-Proto': 'https' } });
  assert.match(secure.headers.get('strict-transport-security') ?? '', /^max-age=\d{7,}/);
  const plain = await proxied().api(LIST, { headers: { 'X-Forwarded-Proto': 'http' } });
  assert.is(plain.headers.get('strict-transport-security'), null);
});

https.run();

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
