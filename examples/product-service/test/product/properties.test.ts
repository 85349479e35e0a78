import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';

import fc from 'fast-check';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import { anyBody, createBody, invalidCreate, invalidField, runs, updateBody } from '../support/arbitraries.js';
import { FIELDS, numbered, OWN_KEYS } from '../support/factory.js';
import { useService } from '../support/helpers.js';
import { assertClientError, assertNoServerError, assertRefused, type RawResponse, send, tally } from '../support/raw-http.js';
import { listAll } from '../support/responses.js';

// Property tests over HTTP: generated bodies and headers, also outside what the OpenAPI document
// describes (openapi/document-properties.test.ts fuzzes what it does, ids and query strings included). The
// service must never answer 5xx and must refuse bad input with a plain-text 4xx naming it; that valid
// input is stored exactly, model.test.ts checks.

const test = suite('product properties');
const service = useService(test);
const JSON_TYPE = { 'content-type': 'application/json' };
const PATH = '/api/products';

const call = (method: string, path: string, headers: Record<string, string | string[]> = {}, body?: string | Buffer) =>
  send(service().servicePort, method, path, headers, body);

async function createOne(): Promise<Record<string, unknown>> {
  const response = await call('POST', PATH, JSON_TYPE, JSON.stringify(numbered()));
  assert.is(response.status, 201, response.text);
  return JSON.parse(response.text) as Record<string, unknown>;
}

/**
 * The table each generated request meets: empty for the collection's path, where a create goes,
 * else the one row createOne makes (id 1). It is reset only after an accepted write or for the
 * other kind of path, so that the runs stay independent and a created body never meets a unique
 * value an earlier one stored.
 */
function tableForEachRun() {
  let state: 'empty' | 'one row' | 'changed' = 'changed';
  return {
    async prepare(path: string): Promise<void> {
      const wanted = path === PATH ? 'empty' : 'one row';
      if (state === wanted) return;
      await service().reset();
      if (wanted === 'one row') await createOne();
      state = wanted;
    },
    written(method: string, response: RawResponse): void {
      if (method !== 'GET' && response.status < 300) state = 'changed';
    },
  };
}

test('an invalid create answers 400 in plain text and stores nothing', async () => {
  await fc.assert(
    fc.asyncProperty(invalidCreate, async ({ body, key }) => {
      assertRefused(await call('POST', PATH, JSON_TYPE, JSON.stringify(body)), body, key);
    }),
    { numRuns: runs() },
  );
  assert.equal(await listAll(service()), []);
});

test('an invalid update answers 400 and changes nothing', async () => {
  const original = await createOne();
  const invalidUpdate = fc.oneof(
    fc
      .tuple(updateBody, fc.constantFrom(...FIELDS))
      .chain(([changes, key]) => invalidField[key].map((value) => ({ changes: { ...changes, [key]: value }, key }))),
    fc.tuple(updateBody, fc.constantFrom(...OWN_KEYS, 'extra')).map(([changes, key]) => ({ changes: { ...changes, [key]: 1 }, key })),
  );
  await fc.assert(
    fc.asyncProperty(invalidUpdate, async ({ changes, key }) => {
      assertRefused(await call('PUT', `${PATH}/${original.id}`, JSON_TYPE, JSON.stringify(changes)), changes, key);
    }),
    { numRuns: runs() },
  );
  assertClientError(await call('PUT', `${PATH}/${original.id}`, JSON_TYPE, '{}'), {}, 400);
  assert.equal(JSON.parse((await call('GET', `${PATH}/${original.id}`)).text), original);
});

test('no method, path, body, content type or encoding causes a 5xx', async () => {
  const table = tableForEachRun();
  // Mostly the two operations that read a body; the others must not trip over one either.
  const target = fc.oneof(
    { weight: 3, arbitrary: fc.constant({ method: 'POST', path: PATH }) },
    { weight: 3, arbitrary: fc.constant({ method: 'PUT', path: `${PATH}/1` }) },
    fc.constantFrom('POST', 'PATCH', 'DELETE', 'GET').map((method) => ({ method, path: `${PATH}/1` })),
    fc.constantFrom('PUT', 'PATCH', 'DELETE').map((method) => ({ method, path: PATH })),
  );
  const contentType = fc.oneof(
    fc.constantFrom(
      'application/json',
      'application/json; charset=utf-8',
      'APPLICATION/JSON',
      'application/json;charset="UTF-8"',
      'application/json; charset=latin1',
      'application/json; charset=utf-16le',
      'application/json; charset=foo',
      'application/json; charset="',
      'application/json;;',
      'application/json, text/plain',
      'application/merge-patch+json',
      'application/vnd.api+json',
      'text/plain',
      'text/json',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      '*/*',
      '',
      ';',
      'json',
      'application/',
      '/json',
    ),
    fc.string({ maxLength: 20 }).filter((text) => /^[\t\x20-\x7e]*$/.test(text)),
  );
  // Mostly plain JSON, so that most bodies reach the parser and the validator.
  const contentTypes = fc.oneof(
    { weight: 3, arbitrary: fc.constant(['application/json'] as string[]) },
    contentType.map((type) => [type]),
    fc.array(contentType, { minLength: 2, maxLength: 3 }),
    fc.constant([] as string[]),
  );
  const encoding = fc.option(fc.constantFrom('identity', 'gzip', 'deflate', 'br', 'GZIP', 'foo', 'gzip, gzip', 'gzip, identity', ''), {
    nil: undefined,
    freq: 2,
  });
  const compress = fc.boolean();
  const body = fc.oneof(
    createBody.map((input) => JSON.stringify(input)),
    anyBody,
  );
  await fc.assert(
    fc.asyncProperty(target, contentTypes, encoding, compress, body, async ({ method, path }, types, enc, squeeze, raw) => {
      const headers: Record<string, string | string[]> = {};
      if (types.length > 0) headers['content-type'] = types.length === 1 ? types[0]! : types;
      if (enc !== undefined) headers['content-encoding'] = enc;
      let bytes = Buffer.isBuffer(raw) ? raw : Buffer.from(raw);
      if (squeeze && enc === 'gzip') bytes = gzipSync(bytes);
      if (squeeze && enc === 'deflate') bytes = deflateSync(bytes);
      if (squeeze && enc === 'br') bytes = brotliCompressSync(bytes);
      await table.prepare(path);
      const response = await call(method, path, headers, bytes);
      assertNoServerError(response, { method, path, headers, body: bytes.toString('base64').slice(0, 200) });
      table.written(method, response);
    }),
    // Two hundred: this one property stands for the bodies and for the headers.
    { numRuns: runs(200) },
  );
  // Still serving normally afterwards.
  await service().reset();
  const after = await call('POST', PATH, JSON_TYPE, JSON.stringify(numbered()));
  assert.is(after.status, 201, after.text);
});

test.after(() => {
  console.log(`  properties: ${tally.requests} requests sent, ${tally.serverErrors} answered 5xx`);
});

test.run();
