import { createHash } from 'node:crypto';

import SwaggerParser from '@apidevtools/swagger-parser';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import { buildOpenApiDocument } from '../src/openapi.js';
import { MAX_PRICE, productCreateSchema } from '../src/product/product.schema.js';
import { useService } from './helpers.js';

type Json = Record<string, any>;

const OPERATIONS = {
  'get /api/products': 'listProducts',
  'post /api/products': 'createProduct',
  'get /api/products/{id}': 'getProduct',
  'put /api/products/{id}': 'updateProduct',
  'delete /api/products/{id}': 'deleteProduct',
};

// ---

const document = suite('OpenAPI document');

document('is a valid OpenAPI 3.0 document', async () => {
  // validate() dereferences in place: give it a copy.
  const api = (await SwaggerParser.validate(structuredClone(buildOpenApiDocument()) as never)) as Json;
  assert.is(api.openapi, '3.0.3');
});

document('has the five product operations with their operation ids', () => {
  const paths = buildOpenApiDocument().paths as Json;
  const found = Object.fromEntries(
    Object.entries(paths).flatMap(([path, item]) =>
      Object.entries(item as Json)
        .filter(([method]) => method !== 'parameters')
        .map(([method, operation]) => [`${method} ${path}`, (operation as Json).operationId]),
    ),
  );
  assert.equal(found, OPERATIONS);
});

document('states the price bounds and two-decimal precision in every schema', () => {
  const schemas = (buildOpenApiDocument().components as Json).schemas as Json;
  for (const name of ['Product', 'ProductCreate', 'ProductUpdate']) {
    const price = schemas[name].properties.price;
    assert.is(price.multipleOf, 0.01, `${name}.price.multipleOf`);
    assert.is(price.minimum, 0.01, `${name}.price.minimum`);
    assert.is(price.maximum, MAX_PRICE, `${name}.price.maximum`);
    assert.ok(String(price.description).includes('9999999999999.99'), `${name}.price.description`);
  }
});

document('requires the same create fields as the Joi schema', () => {
  const keys = productCreateSchema.describe().keys as Record<string, { flags?: { presence?: string } }>;
  const joiRequired = Object.keys(keys).filter((key) => keys[key]?.flags?.presence === 'required');
  const schemas = (buildOpenApiDocument().components as Json).schemas as Json;
  assert.equal([...schemas.ProductCreate.required].sort(), joiRequired.sort());
});

document('documents paging, headers, the id range and the plain-text errors', () => {
  const api = buildOpenApiDocument() as Json;
  const list = api.paths['/api/products'].get;
  assert.equal(list.parameters.map((p: Json) => p.name), ['page', 'pageSize']);
  assert.ok(list.responses[200].headers['X-Total-Count']);
  assert.ok(api.paths['/api/products'].post.responses[201].headers.Location);
  assert.equal(api.components.parameters.ProductId.schema, { type: 'integer', minimum: 1, maximum: 2147483647 });
  assert.ok(/empty body/i.test(api.paths['/api/products/{id}'].put.description));
  for (const [name, response] of Object.entries(api.components.responses as Json)) {
    assert.ok(response.content['text/plain'], `${name} is text/plain`);
  }
  const create = api.paths['/api/products'].post.responses;
  assert.equal(Object.keys(create).sort(), ['201', '400', '413', '415', '500', '503']);
});

document.run();

// ---

const http = suite('documentation over HTTP');
const service = useService(http);

http('GET /openapi.json answers the document as JSON', async () => {
  const response = await service().api('/openapi.json');
  assert.is(response.status, 200);
  assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
  const body = (await response.json()) as Json;
  assert.equal(body, JSON.parse(JSON.stringify(buildOpenApiDocument())));
});

http('GET /swagger answers HTML that loads only local assets, under a CSP', async () => {
  const response = await service().api('/swagger');
  assert.is(response.status, 200);
  assert.match(response.headers.get('content-type') ?? '', /^text\/html/);
  const html = await response.text();
  assert.ok(html.includes('/openapi.json'), 'points Swagger UI at /openapi.json');

  // xmlns values are names, not requests; every other absolute URL would leave this host.
  const external = [...html.matchAll(/https?:\/\/[^\s"'<>)]+/g)]
    .map(([url]) => url)
    .filter((url) => !url.startsWith('http://www.w3.org/'));
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
