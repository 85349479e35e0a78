import { createHash } from 'node:crypto';

import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import { bookExamples } from '../../src/book/book.openapi.js';
import { documentFor, type Json } from '../support/documents.js';
import { answered, type Field } from '../support/factory.js';
import { del, post, put, useService } from '../support/helpers.js';

// The document and the Swagger UI as a client reaches them over HTTP; docs.test.ts reads the document itself.

const http = suite('documentation over HTTP');
const service = useService(http);

http('GET /openapi.json answers the document as JSON', async () => {
  const response = await service().api('/openapi.json');
  assert.is(response.status, 200);
  assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
  const body = (await response.json()) as Json;
  assert.equal(body, JSON.parse(JSON.stringify(documentFor())));
});

http(
  'the request examples of the document are accepted by the service as they are, and read back as sent (a date-time in UTC)',
  async () => {
    const api = documentFor();
    const examples = (path: string, method: string) => api.paths[path][method].requestBody.content['application/json'].examples as Json;
    const creates = Object.entries(examples('/api/books', 'post')) as [string, { value: Json }][];
    const updates = Object.entries(examples('/api/books/{id}', 'put')) as [string, { value: Json }][];
    assert.ok(creates.length >= 1 && updates.length >= 1, 'create and update have examples');
    for (const [name, { value }] of creates) {
      const created = await post(service(), '/api/books', value);
      const createdText = await created.text();
      assert.is(created.status, 201, `${name}: ${createdText}`);
      const stored = JSON.parse(createdText) as Json;
      for (const [field, sent] of Object.entries(value))
        assert.equal(stored[field], answered(field as Field, sent), `${name}: ${field} reads back as sent`);
      for (const [change, { value: changes }] of updates) {
        const updated = await put(service(), `/api/books/${stored.id}`, changes);
        const updatedText = await updated.text();
        assert.is(updated.status, 200, `${name}, then ${change}: ${updatedText}`);
        const body = JSON.parse(updatedText) as Json;
        for (const [field, sent] of Object.entries(changes))
          assert.equal(body[field], answered(field as Field, sent), `${name}, then ${change}: ${field}`);
      }
      // Unique values may recur in the next example.
      assert.is((await del(service(), `/api/books/${stored.id}`)).status, 204);
    }
  },
);

http('the 400 the document shows for each operation is what the service answers to that operation', async () => {
  const api = documentFor();
  const example = (path: string, method: string) => api.paths[path][method].responses[400].content['text/plain'].schema.example as string;
  // The create's: each problem it names, e.g. ["name", "required"] or ["id", "not allowed"].
  const createExample = example('/api/books', 'post');
  const problems = [...createExample.matchAll(/"(\w+)" is (required|not allowed)/g)].map(([, field, problem]) => [field!, problem]);
  assert.ok(problems.length > 0, createExample);
  const missing = problems.filter(([, problem]) => problem === 'required').map(([field]) => field);
  const extra = problems.filter(([, problem]) => problem === 'not allowed').map(([field]) => [field, 1]);
  const full = Object.entries(bookExamples.create.full.value);
  const body = Object.fromEntries([...full.filter(([field]) => !missing.includes(field)), ...extra]);
  const answers = {
    create: await post(service(), '/api/books', body),
    get: await service().api('/api/books/abc'),
    update: await put(service(), '/api/books/1', {}),
    delete: await del(service(), '/api/books/abc'),
  };
  const shown = {
    create: createExample,
    get: example('/api/books/{id}', 'get'),
    update: example('/api/books/{id}', 'put'),
    delete: example('/api/books/{id}', 'delete'),
  };
  for (const [operation, response] of Object.entries(answers)) {
    assert.is(response.status, 400, operation);
    assert.is(await response.text(), shown[operation as keyof typeof shown], operation);
  }
  const token = await post(service(), '/api/auth/token', { password: 'x' });
  assert.is(token.status, 400);
  assert.is(await token.text(), example('/api/auth/token', 'post'));
});

http("the list's 400 the document shows is what the service answers to a range without its key's sort", async () => {
  const list = documentFor().paths['/api/books'].get;
  const example = list.responses[400].content['text/plain'].schema.example as string;
  const response = await service().api('/api/books?createdAt[gte]=2026-01-01T00:00:00Z');
  assert.is(response.status, 400);
  assert.is(await response.text(), example);
});

http('GET /swagger answers HTML that loads only local assets, under a CSP', async () => {
  const response = await service().api('/swagger');
  assert.is(response.status, 200);
  assert.match(response.headers.get('content-type') ?? '', /^text\/html/);
  const html = await response.text();
  assert.ok(html.includes('/openapi.json'), 'points Swagger UI at /openapi.json');

  // xmlns values are names, not requests; every other absolute URL would leave this host.
  const external = [...html.matchAll(/https?:\/\/[^\s"'<>)]+/g)].map(([url]) => url).filter((url) => !url.startsWith('http://www.w3.org/'));
  assert.equal(external, []);
  const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map(([, url]) => url);
  assert.ok(assets.length >= 4, 'links the bundle, the preset, the stylesheet and the icon');
  for (const url of assets) assert.ok(url?.startsWith('/swagger-ui/'), `local asset ${url}`);

  const csp = response.headers.get('content-security-policy') ?? '';
  assert.match(csp, /default-src 'self'/);
  // The hash must be that of the page's one inline script, or the browser would not run it.
  const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, script]) => script ?? '');
  assert.is(inline.length, 1);
  const hash = createHash('sha256').update(inline[0]!).digest('base64');
  assert.ok(csp.includes(`script-src 'self' 'sha256-${hash}'`), csp);
  assert.not.match(csp, /unsafe-eval|googleapis|https?:/);
});

http('serves every asset the page links, with its content type and long caching', async () => {
  const html = await (await service().api('/swagger')).text();
  const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map(([, url]) => url ?? '');
  const types: Record<string, RegExp> = { js: /^text\/javascript/, css: /^text\/css/, png: /^image\/png/ };
  for (const url of [...assets, assets[0]!.replace(/[^/]+$/, 'swagger-ui.css')]) {
    const response = await service().api(url);
    assert.is(response.status, 200, url);
    const type = types[url.split('.').pop() ?? ''];
    assert.ok(type, `known extension: ${url}`);
    assert.match(response.headers.get('content-type') ?? '', type!, url);
    assert.match(response.headers.get('cache-control') ?? '', /immutable/, url);
    const size = (await response.arrayBuffer()).byteLength;
    assert.ok(size > (url.endsWith('.png') ? 500 : 10_000), `${url} has ${size} bytes`);
  }
});

http('serves neither the UI under other paths ending in /swagger nor assets of another version', async () => {
  for (const path of ['/x/swagger', '/docs/swagger', '/swagger-ui/0.0.0/swagger-ui-bundle.js']) {
    const response = await service().api(path);
    assert.is(response.status, 404, path);
  }
});

http.run();
