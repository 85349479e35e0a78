import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import { clientOf } from '../support/client.js';
import { documentFor, type Json } from '../support/documents.js';
import { change, numbered } from '../support/factory.js';
import { create, post, put, type Service, testConfig, useService, WRITE_HEADERS } from '../support/helpers.js';
import { expectText } from '../support/responses.js';
import { AUTHORIZATION } from '../support/tokens.js';

// Conditional requests: every answer names the product's version in a strong ETag; If-Match makes
// PUT and DELETE write only that version (412 otherwise, nothing changed), If-None-Match makes
// GET answer 304. Without the headers, nothing differs from a service that has none.

const PATH = '/api/products';

const read = (s: Service, id: number, headers: Record<string, string> = {}) => s.api(`${PATH}/${id}`, { headers });
const remove = (s: Service, id: number, headers: Record<string, string> = {}) =>
  s.api(`${PATH}/${id}`, { method: 'DELETE', headers: { Authorization: AUTHORIZATION, ...headers } });
const withIfMatch = (etag: string) => ({ ...WRITE_HEADERS, 'If-Match': etag });

const test = suite('conditional requests');
const service = useService(test);

test('POST, GET and PUT answer a strong ETag, the version, raised by every update', async () => {
  const {
    answer: { id },
    etag,
  } = await create(service());
  assert.is(etag, '"1"');
  const got = await read(service(), id);
  assert.is(got.headers.get('etag'), '"1"');
  assert.is(((await got.json()) as { version: number }).version, 1);
  const updated = await put(service(), `${PATH}/${id}`, change());
  assert.is(updated.status, 200);
  assert.is(updated.headers.get('etag'), '"2"');
  assert.is(((await updated.json()) as { version: number }).version, 2);
  assert.is((await read(service(), id)).headers.get('etag'), '"2"');
});

test('PUT with the current ETag updates; with an older one it is 412 naming the product, and nothing changes', async () => {
  const {
    answer: { id },
    etag,
  } = await create(service());
  const updated = await put(service(), `${PATH}/${id}`, change(), withIfMatch(etag));
  assert.is(updated.status, 200, await updated.clone().text());
  const before = await (await read(service(), id)).json();
  const stale = await put(service(), `${PATH}/${id}`, numbered(), withIfMatch(etag));
  await expectText(stale, 412, `Product ${id} has changed: its ETag is now "2"`);
  assert.equal(await (await read(service(), id)).json(), before);
});

test('If-Match lists several tags, * matches any version, a weak or foreign tag matches none', async () => {
  const {
    answer: { id },
  } = await create(service());
  assert.is((await put(service(), `${PATH}/${id}`, change(), withIfMatch('"7", "1"'))).status, 200);
  assert.is((await put(service(), `${PATH}/${id}`, change(), withIfMatch('*'))).status, 200);
  for (const tag of ['W/"3"', '"x3"', 'nonsense', '"0"', '"99999999999"']) {
    assert.is((await put(service(), `${PATH}/${id}`, change(), withIfMatch(tag))).status, 412, tag);
  }
  assert.is((await read(service(), id)).headers.get('etag'), '"3"');
});

test('a missing product is 404 with or without If-Match', async () => {
  for (const ifMatch of [{}, { 'If-Match': '"1"' }, { 'If-Match': '*' }] as Record<string, string>[]) {
    assert.is((await put(service(), `${PATH}/999`, change(), { ...WRITE_HEADERS, ...ifMatch })).status, 404);
    assert.is((await remove(service(), 999, ifMatch)).status, 404);
  }
});

test('DELETE with an older ETag is 412 and the product stays; with the current one it is 204', async () => {
  const {
    answer: { id },
    etag,
  } = await create(service());
  await put(service(), `${PATH}/${id}`, change());
  await expectText(await remove(service(), id, { 'If-Match': etag }), 412, `Product ${id} has changed: its ETag is now "2"`);
  assert.is((await read(service(), id)).status, 200);
  assert.is((await remove(service(), id, { 'If-Match': '"2"' })).status, 204);
  assert.is((await read(service(), id)).status, 404);
});

test('GET with If-None-Match: 304 without a body while it matches; after an update 200 with the new ETag', async () => {
  const {
    answer: { id },
    etag,
  } = await create(service());
  for (const tag of [etag, `W/${etag}`, '*', `"9", ${etag}`]) {
    const unchanged = await read(service(), id, { 'If-None-Match': tag });
    assert.is(unchanged.status, 304, tag);
    assert.is(unchanged.headers.get('etag'), etag);
    assert.is(await unchanged.text(), '');
  }
  await put(service(), `${PATH}/${id}`, change());
  const changed = await read(service(), id, { 'If-None-Match': etag });
  assert.is(changed.status, 200);
  assert.is(changed.headers.get('etag'), '"2"');
  assert.is(((await changed.json()) as { id: number }).id, id);
  assert.is((await read(service(), 999, { 'If-None-Match': etag })).status, 404);
});

test('the typed client reads a 304 as neither data nor error, and a changed product as data', async () => {
  const {
    answer: { id },
    etag,
  } = await create(service());
  const get = (tag: string) =>
    clientOf(service()).GET('/api/products/{id}', { params: { path: { id } }, headers: { 'If-None-Match': tag } });
  const unchanged = await get(etag);
  assert.equal([unchanged.response.status, unchanged.data, unchanged.error], [304, undefined, undefined]);
  await put(service(), `${PATH}/${id}`, change());
  const changed = await get(etag);
  assert.is(changed.response.status, 200);
  assert.is(changed.data?.id, id);
});

test("the version is the service's: a body that sets it is refused", async () => {
  const created = await post(service(), PATH, { ...numbered(), version: 5 });
  assert.is(created.status, 400);
  const {
    answer: { id },
  } = await create(service());
  assert.is((await put(service(), `${PATH}/${id}`, { version: 5 })).status, 400);
});

test.run();

// ---

const required = suite('REQUIRE_IF_MATCH=true');
const strict = useService(required, { config: testConfig({ REQUIRE_IF_MATCH: 'true' }) });

required('PUT and DELETE without If-Match are 428 and change nothing; with it they work', async () => {
  const {
    answer: { id },
    etag,
  } = await create(strict());
  const message = 'This service requires If-Match: send the ETag of your last read (or *)';
  await expectText(await put(strict(), `${PATH}/${id}`, change()), 428, message);
  await expectText(await remove(strict(), id), 428, message);
  assert.is((await read(strict(), id)).headers.get('etag'), etag);
  assert.is((await put(strict(), `${PATH}/${id}`, change(), withIfMatch(etag))).status, 200);
  assert.is((await remove(strict(), id, { 'If-Match': '*' })).status, 204);
});

required('/openapi.json states If-Match as required, so clients generated from it send it', async () => {
  const document = (await (await strict().api('/openapi.json')).json()) as Json;
  assert.is(document.components.parameters.IfMatch.required, true);
  assert.is(documentFor().components.parameters.IfMatch.required, false, 'optional where the service does not require it');
});

required.run();
