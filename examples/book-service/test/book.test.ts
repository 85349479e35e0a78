import { suite } from 'uvu';
import * as assert from 'uvu/assert';

// Aliased: an entity named Record would hide TypeScript's Record type below.
import { Book as BookModel } from '../src/book/book.model.js';
import { bookChange, bookInput, numberedBookInput, post, put, useService, WRITE_HEADERS } from './helpers.js';
import { expectText, fieldsOf, listAll } from './responses.js';
import { AUTHORIZATION } from './tokens.js';

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const PATH = '/api/books';

const test = suite('books');
const service = useService(test);

async function create(body: Record<string, unknown> = bookInput()) {
  const response = await post(service(), PATH, body);
  assert.is(response.status, 201, await response.clone().text());
  return (await response.json()) as Record<string, unknown>;
}

test('POST creates a book and answers 201 with Location and the stored row', async () => {
  const response = await post(service(), PATH, bookInput());
  assert.is(response.status, 201);
  assert.is(response.headers.get('location'), `${PATH}/1`);
  assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
  const body = (await response.json()) as Record<string, unknown>;
  assert.equal(Object.keys(body).sort(), [
    'available',
    'createdAt',
    'format',
    'id',
    'isbn',
    'pages',
    'price',
    'published',
    'title',
    'updatedAt',
    'version',
  ]);
  assert.is(body.id, 1);
  assert.equal(fieldsOf(body), bookInput());
  assert.match(String(body.createdAt), ISO_UTC);
  assert.is(body.createdAt, body.updatedAt);
  const age = Date.now() - Date.parse(String(body.createdAt));
  assert.ok(age >= 0 && age < 60_000, `createdAt is recent (${age} ms)`);
});

test('GET by id reads back exactly what was created', async () => {
  const created = await create();
  const response = await service().api(`${PATH}/${created.id}`);
  assert.is(response.status, 200);
  assert.equal(await response.json(), created);
});

test('a query through Objection (Book.query()) reads the row as the API answers it', async () => {
  const created = await create();
  const [read] = await BookModel.query().where('id', created.id as number);
  assert.equal(JSON.parse(JSON.stringify(read)), created);
});

test('GET list answers an empty array, without Link, and X-Total-Count 0 only when asked', async () => {
  const response = await service().api(PATH);
  assert.is(response.status, 200);
  assert.is(response.headers.get('x-total-count'), null);
  assert.is(response.headers.get('link'), null);
  assert.equal(await response.json(), []);
  assert.is((await service().api(`${PATH}?count=exact`)).headers.get('x-total-count'), '0');
});

test('GET list pages by id with defaults page 1 and pageSize 20', async () => {
  for (let i = 1; i <= 25; i++) await create(numberedBookInput(i));
  const first = await service().api(`${PATH}?count=exact`);
  assert.is(first.headers.get('x-total-count'), '25');
  const firstIds = ((await first.json()) as { id: number }[]).map((o) => o.id);
  assert.equal(
    firstIds,
    Array.from({ length: 20 }, (_, i) => i + 1),
  );

  const second = await service().api(`${PATH}?page=2&pageSize=10`);
  assert.is(second.headers.get('x-total-count'), null);
  assert.equal(
    ((await second.json()) as { id: number }[]).map((o) => o.id),
    [11, 12, 13, 14, 15, 16, 17, 18, 19, 20],
  );

  const beyond = await service().api(`${PATH}?page=9&count=exact`);
  assert.equal(await beyond.json(), []);
  assert.is(beyond.headers.get('x-total-count'), '25');
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
  const response = await put(service(), `${PATH}/${created.id}`, bookChange);
  assert.is(response.status, 200);
  const updated = (await response.json()) as Record<string, unknown>;
  assert.equal(
    { ...updated, version: undefined, updatedAt: undefined },
    { ...created, ...bookChange, version: undefined, updatedAt: undefined },
  );
  assert.is(updated.createdAt, created.createdAt);
  assert.match(String(updated.updatedAt), ISO_UTC);
  assert.ok(Date.parse(String(updated.updatedAt)) > Date.parse(String(created.updatedAt)), 'updatedAt moved');
  assert.equal(await (await service().api(`${PATH}/${created.id}`)).json(), updated);
});

test('PUT can change every field at once', async () => {
  const created = await create();
  const changes = {
    title: 'The Pragmatic Programmer (updated)',
    isbn: '978-0-13-595705-0',
    pages: 353,
    price: 40.99,
    format: 'ebook',
    published: '2019-09-14',
    available: false,
  };
  const updated = (await (await put(service(), `${PATH}/${created.id}`, changes)).json()) as Record<string, unknown>;
  assert.equal(
    { ...updated, version: undefined, updatedAt: undefined },
    { ...created, ...changes, version: undefined, updatedAt: undefined },
  );
});

test('PUT with an empty object answers 400 and changes nothing', async () => {
  const created = await create();
  const response = await put(service(), `${PATH}/${created.id}`, {});
  await expectText(response, 400, /at least one field/);
  assert.equal(await listAll(service()), [created]);
});

test('DELETE answers 204 with no body, then the book is gone', async () => {
  const created = await create();
  const response = await service().api(`${PATH}/${created.id}`, { method: 'DELETE', headers: { Authorization: AUTHORIZATION } });
  assert.is(response.status, 204);
  assert.is(await response.text(), '');
  assert.is((await service().api(`${PATH}/${created.id}`)).status, 404);
  assert.equal(await listAll(service()), []);
});

test('a missing id answers 404 naming the id for GET, PUT and DELETE', async () => {
  await create();
  await expectText(await service().api(`${PATH}/42`), 404, 'Book 42 not found');
  await expectText(await put(service(), `${PATH}/42`, bookChange), 404, 'Book 42 not found');
  await expectText(
    await service().api(`${PATH}/42`, { method: 'DELETE', headers: { Authorization: AUTHORIZATION } }),
    404,
    'Book 42 not found',
  );
  assert.is((await listAll(service())).length, 1);
});

test('an id that is not a positive 32-bit integer answers 400', async () => {
  for (const id of ['abc', '0', '-1', '1.5', '2147483648', '1e3', '+1', '%201', '0x10', '99999999999999999999']) {
    for (const [method, body] of [['GET'], ['PUT', JSON.stringify(bookChange)], ['DELETE']] as const) {
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
