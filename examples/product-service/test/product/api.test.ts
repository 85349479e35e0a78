import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import { ApiError, allProducts, type ProductItem } from '../../src/client/client.js';
// Aliased: an entity named Record would hide TypeScript's Record type below.
import { ProductModel } from '../../src/product/product.model.js';
import { READ, WRITE } from '../support/auth-helpers.js';
import { asCreate, asUpdate, clientOf, type ProductCreate } from '../support/client.js';
import { change, FIELDS, numbered, OWN_KEYS, stored, tooFew } from '../support/factory.js';
import { runnable, useService, WRITE_HEADERS } from '../support/helpers.js';
import { expectText, fieldsOf, listAll } from '../support/responses.js';
import { AUTHORIZATION, signToken } from '../support/tokens.js';

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const PATH = '/api/products';
const ITEM = '/api/products/{id}';

const test = suite('products');
const service = useService(test);

async function create(body: Record<string, unknown> = numbered()): Promise<ProductItem> {
  const { data, error, response } = await clientOf(service()).POST(PATH, { body: asCreate(body) });
  assert.is(response.status, 201, String(error));
  return data!;
}

test("the document's minimal create body is the client's create body as written, no cast: a field with a default may be left out", async () => {
  // Type-checked by npm run typecheck: openapi-typescript's defaultNonNullable would make every field with a default required.
  const minimal: ProductCreate = { name: 'Widget', price: 19.99, quantity: 3 };
  const { response, error } = await clientOf(service()).POST(PATH, { body: minimal });
  assert.is(response.status, 201, String(error));
});

test('POST creates a product and answers 201 with Location and the stored row', async () => {
  const { data, response } = await clientOf(service()).POST(PATH, { body: asCreate(numbered()) });
  assert.is(response.status, 201);
  assert.is(response.headers.get('location'), `${PATH}/1`);
  assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
  assert.ok(data);
  assert.equal(Object.keys(data).sort(), [...OWN_KEYS, ...FIELDS].sort());
  assert.is(data.id, 1);
  assert.equal(fieldsOf(data), stored(asCreate(numbered())));
  assert.match(data.createdAt, ISO_UTC);
  assert.is(data.createdAt, data.updatedAt);
  const age = Date.now() - Date.parse(data.createdAt);
  assert.ok(age >= 0 && age < 60_000, `createdAt is recent (${age} ms)`);
});

test('a query through Objection (ProductModel.query()) reads the row as the API answers it', async () => {
  const created = await create();
  const [read] = await ProductModel.query().where('id', created.id);
  assert.equal(JSON.parse(JSON.stringify(read)), created);
});

test('GET list answers an empty array, without Link, and X-Total-Count 0 only when asked', async () => {
  const { data, response } = await clientOf(service()).GET(PATH);
  assert.is(response.status, 200);
  assert.is(response.headers.get('x-total-count'), null);
  assert.is(response.headers.get('link'), null);
  assert.equal(data, []);
  const counted = await clientOf(service()).GET(PATH, { params: { query: { count: 'exact' } } });
  assert.is(counted.response.headers.get('x-total-count'), '0');
});

runnable(test, tooFew(25))('GET list pages by id with defaults page 1 and pageSize 20', async () => {
  for (let i = 1; i <= 25; i++) await create(numbered(i));
  const first = await clientOf(service()).GET(PATH, { params: { query: { count: 'exact' } } });
  assert.is(first.response.headers.get('x-total-count'), '25');
  assert.equal(
    first.data?.map((o) => o.id),
    Array.from({ length: 20 }, (_, i) => i + 1),
  );
});

runnable(test, tooFew(12))('the client walks a filtered list in its sort order (newest first, ties by id) along Link', async () => {
  const created: ProductItem[] = [];
  for (let i = 1; i <= 12; i++) created.push(await create(numbered(i)));
  const fifthCreatedAt = created[4]!.createdAt;
  const expected = created
    .filter((row) => row.createdAt >= fifthCreatedAt)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id)
    .map((row) => row.id);
  const walked: number[] = [];
  for await (const row of allProducts(clientOf(service()), { 'createdAt[gte]': fifthCreatedAt, sort: ['-createdAt'], pageSize: 3 })) {
    walked.push(row.id);
  }
  assert.equal(walked, expected);
  assert.ok(walked.length >= 8, `at least the products created from the fifth on (${walked.length})`);
});

test('a refused page stops the walk with ApiError, status and message', async () => {
  const refusedWalk = allProducts(clientOf(service()), { 'createdAt[gte]': '2026-01-01T00:00:00Z' });
  try {
    await refusedWalk.next();
    assert.unreachable('a range without its sort is refused');
  } catch (error) {
    assert.instance(error, ApiError);
    assert.is((error as ApiError).status, 400);
    assert.match((error as ApiError).message, /sort=createdAt/);
  }
});

test('invalid paging answers 400', async () => {
  for (const query of [
    'pageSize=101',
    'pageSize=0',
    'page=0',
    'page=-1',
    'page=1.5',
    'pageSize=abc',
    'page=1&page=2',
    'page=1e3',
    'sort=',
  ]) {
    const response = await service().api(`${PATH}?${query}`);
    assert.is(response.status, 400, query);
    assert.match(response.headers.get('content-type') ?? '', /^text\/plain/);
  }
  const max = await service().api(`${PATH}?pageSize=100`);
  assert.is(max.status, 200);
});

test('PUT changes only the given fields and moves updatedAt', async () => {
  const created = await create();
  await new Promise((resolve) => setTimeout(resolve, 5));
  const { data: updated, response } = await clientOf(service()).PUT(ITEM, {
    params: { path: { id: created.id } },
    body: asUpdate(change()),
  });
  assert.is(response.status, 200);
  assert.ok(updated);
  assert.equal(
    { ...updated, version: undefined, updatedAt: undefined },
    { ...created, ...change(), version: undefined, updatedAt: undefined },
  );
  assert.is(updated.createdAt, created.createdAt);
  assert.match(updated.updatedAt, ISO_UTC);
  assert.ok(Date.parse(updated.updatedAt) > Date.parse(created.updatedAt), 'updatedAt moved');
});

test('PUT with an empty object answers 400 and changes nothing', async () => {
  const created = await create();
  const { error, response } = await clientOf(service()).PUT(ITEM, { params: { path: { id: created.id } }, body: {} });
  assert.is(response.status, 400);
  assert.match(String(error), /at least one field/);
  assert.equal(await listAll(service()), [created]);
});

runnable(test, tooFew(2))('the documented refusals reach the client as status and message: 401, 403, 412, 413, 415, 422', async () => {
  const created = await create();
  const byId = { params: { path: { id: created.id } } };
  const anonymous = await clientOf(service(), null).POST(PATH, { body: asCreate(numbered()) });
  assert.is(anonymous.response.status, 401);
  assert.match(String(anonymous.error), /token/i);
  const readOnly = await clientOf(service(), signToken({ scope: READ })).DELETE(ITEM, byId);
  assert.is(readOnly.response.status, 403);
  assert.match(String(readOnly.error), new RegExp(WRITE));
  const staleDelete = await clientOf(service()).DELETE(ITEM, { params: { ...byId.params, header: { 'If-Match': '"0"' } } });
  assert.is(staleDelete.response.status, 412);
  assert.match(String(staleDelete.error), /has changed/);
  const oversized = await clientOf(service()).PUT(ITEM, { ...byId, body: asUpdate({ ...change(), padding: 'x'.repeat(20_000) }) });
  assert.is(oversized.response.status, 413);
  assert.equal(await listAll(service()), [created]);
  const asText = await clientOf(service()).POST(PATH, { body: asCreate(numbered()), headers: { 'Content-Type': 'text/plain' } });
  assert.is(asText.response.status, 415);
  assert.match(String(asText.error), /application\/json/);
  // The same key and body from another caller (the token's subject) is another request.
  const keyed = { params: { header: { 'Idempotency-Key': 'client-test-key' } }, body: asCreate(numbered(2)) };
  assert.is((await clientOf(service()).POST(PATH, keyed)).response.status, 201);
  const reused = await clientOf(service(), signToken({}, { subject: 'another-caller' })).POST(PATH, keyed);
  assert.is(reused.response.status, 422);
  assert.match(String(reused.error), /was used for another request/);
});

test('an id that is not a positive 32-bit integer answers 400', async () => {
  // Only plain digits name an id: no sign, leading zero, exponent, other script's digits or escaped byte.
  for (const id of [
    'abc',
    '0',
    '00',
    '007',
    '-0',
    '-1',
    '1.5',
    '2147483648',
    '1e3',
    '+1',
    '%201',
    '%00',
    '%EF%BC%91',
    '0x10',
    'NaN',
    'Infinity',
    '99999999999999999999',
  ]) {
    for (const [method, body] of [['GET'], ['PUT', JSON.stringify(change())], ['DELETE']] as const) {
      const response = await service().api(`${PATH}/${id}`, {
        method,
        body,
        headers: body ? WRITE_HEADERS : { Authorization: AUTHORIZATION },
      });
      await expectText(response, 400, 'id must be a positive integer');
    }
  }
  assert.is((await service().api(`${PATH}/2147483647`)).status, 404);
});

test.run();
