import * as assert from 'uvu/assert';
import { suite } from 'uvu';

// Aliased: an entity named Record would hide TypeScript's Record type below.
import { Book as BookModel } from '../src/book/book.model.js';
import { MAX_PRICE, MAX_QUANTITY } from '../src/book/book.schema.js';
import { bookInput, post, put, useService, WRITE_HEADERS } from './helpers.js';
import { expectText, listAll } from './responses.js';
import { AUTHORIZATION } from './tokens.js';

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const test = suite('books');
const service = useService(test);

async function create(overrides: Record<string, unknown> = {}) {
  const response = await post(service(), '/api/books', bookInput(overrides));
  assert.is(response.status, 201, await response.clone().text());
  return (await response.json()) as Record<string, unknown>;
}

test('POST creates a book and answers 201 with Location and the stored row', async () => {
  const response = await post(service(), '/api/books', bookInput());
  assert.is(response.status, 201);
  assert.is(response.headers.get('location'), '/api/books/1');
  assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
  const body = (await response.json()) as Record<string, unknown>;
  assert.equal(Object.keys(body).sort(), ['createdAt', 'description', 'id', 'name', 'price', 'quantity', 'updatedAt']);
  assert.equal(
    { id: body.id, name: body.name, description: body.description, price: body.price, quantity: body.quantity },
    { id: 1, name: 'Widget', description: 'A small widget', price: 19.99, quantity: 3 },
  );
  assert.match(String(body.createdAt), ISO_UTC);
  assert.is(body.createdAt, body.updatedAt);
  const age = Date.now() - Date.parse(String(body.createdAt));
  assert.ok(age >= 0 && age < 60_000, `createdAt is recent (${age} ms)`);
});

test('GET by id reads back exactly what was created', async () => {
  const created = await create();
  const response = await service().api(`/api/books/${created.id}`);
  assert.is(response.status, 200);
  assert.equal(await response.json(), created);
});

test('a query through Objection (Book.query()) reads the row as the API answers it', async () => {
  const created = await create();
  const [read] = await BookModel.query().where('id', created.id as number);
  assert.equal(JSON.parse(JSON.stringify(read)), created);
});

test('price 19.99 and MAX_PRICE read back unchanged', async () => {
  for (const price of [19.99, 0.01, MAX_PRICE]) {
    const created = await create({ price });
    const read = (await (await service().api(`/api/books/${created.id}`)).json()) as { price: number };
    assert.is(read.price, price);
  }
  const raw = await (await service().api('/api/books/3')).text();
  assert.ok(raw.includes('"price":9999999999999.99'), raw);
});

test('description may be absent or null (both read back null), or empty', async () => {
  const absent = await create({ description: undefined });
  assert.is(absent.description, null);
  const nulled = await create({ description: null });
  assert.is(nulled.description, null);
  const empty = await create({ description: '' });
  assert.is(empty.description, '');
});

test('largest quantity and longest texts are accepted', async () => {
  const created = await create({ quantity: MAX_QUANTITY, name: 'n'.repeat(100), description: 'd'.repeat(500) });
  assert.is(created.quantity, MAX_QUANTITY);
  assert.is(String(created.name).length, 100);
});

test('GET list answers an empty array and X-Total-Count 0 when there are none', async () => {
  const response = await service().api('/api/books');
  assert.is(response.status, 200);
  assert.is(response.headers.get('x-total-count'), '0');
  assert.equal(await response.json(), []);
});

test('GET list pages by id with defaults page 1 and pageSize 20', async () => {
  for (let i = 1; i <= 25; i++) await create({ name: `Item ${i}` });
  const first = await service().api('/api/books');
  assert.is(first.headers.get('x-total-count'), '25');
  const firstIds = ((await first.json()) as { id: number }[]).map((o) => o.id);
  assert.equal(firstIds, Array.from({ length: 20 }, (_, i) => i + 1));

  const second = await service().api('/api/books?page=2&pageSize=10');
  assert.is(second.headers.get('x-total-count'), '25');
  assert.equal(((await second.json()) as { id: number }[]).map((o) => o.id), [11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);

  const beyond = await service().api('/api/books?page=9');
  assert.equal(await beyond.json(), []);
  assert.is(beyond.headers.get('x-total-count'), '25');
});

test('invalid paging answers 400', async () => {
  for (const query of ['pageSize=101', 'pageSize=0', 'page=0', 'page=-1', 'page=1.5', 'pageSize=abc', 'page=1&page=2', 'sort=name']) {
    const response = await service().api(`/api/books?${query}`);
    assert.is(response.status, 400, query);
    assert.match(response.headers.get('content-type') ?? '', /^text\/plain/);
  }
  const max = await service().api('/api/books?pageSize=100');
  assert.is(max.status, 200);
});

test('PUT changes only the given fields and moves updatedAt', async () => {
  const created = await create();
  await new Promise((resolve) => setTimeout(resolve, 5));
  const response = await put(service(), `/api/books/${created.id}`, { price: 5.5 });
  assert.is(response.status, 200);
  const updated = (await response.json()) as Record<string, unknown>;
  assert.equal({ ...updated, updatedAt: undefined }, { ...created, price: 5.5, updatedAt: undefined });
  assert.is(updated.createdAt, created.createdAt);
  assert.match(String(updated.updatedAt), ISO_UTC);
  assert.ok(Date.parse(String(updated.updatedAt)) > Date.parse(String(created.updatedAt)), 'updatedAt moved');
  assert.equal(await (await service().api(`/api/books/${created.id}`)).json(), updated);
});

test('PUT can set every field, and clear description to empty', async () => {
  const created = await create();
  const changes = { name: 'Gadget', description: '', price: 1.5, quantity: 7 };
  const updated = (await (await put(service(), `/api/books/${created.id}`, changes)).json()) as Record<string, unknown>;
  assert.equal({ ...updated, updatedAt: undefined }, { ...created, ...changes, updatedAt: undefined });
});

test('PUT with "description": null clears the description', async () => {
  const created = await create();
  const response = await put(service(), `/api/books/${created.id}`, { description: null });
  assert.is(response.status, 200, await response.clone().text());
  const updated = (await response.json()) as Record<string, unknown>;
  assert.equal({ ...updated, updatedAt: undefined }, { ...created, description: null, updatedAt: undefined });
  assert.equal(await (await service().api(`/api/books/${created.id}`)).json(), updated);
});

test('PUT with an empty object answers 400 and changes nothing', async () => {
  const created = await create();
  const response = await put(service(), `/api/books/${created.id}`, {});
  await expectText(response, 400, /at least one field/);
  assert.equal(await listAll(service()), [created]);
});

test('DELETE answers 204 with no body, then the book is gone', async () => {
  const created = await create();
  const response = await service().api(`/api/books/${created.id}`, { method: 'DELETE', headers: { Authorization: AUTHORIZATION } });
  assert.is(response.status, 204);
  assert.is(await response.text(), '');
  assert.is((await service().api(`/api/books/${created.id}`)).status, 404);
  assert.equal(await listAll(service()), []);
});

test('a missing id answers 404 naming the id for GET, PUT and DELETE', async () => {
  await create();
  await expectText(await service().api('/api/books/42'), 404, 'Book 42 not found');
  await expectText(await put(service(), '/api/books/42', { quantity: 2 }), 404, 'Book 42 not found');
  await expectText(await service().api('/api/books/42', { method: 'DELETE', headers: { Authorization: AUTHORIZATION } }), 404, 'Book 42 not found');
  assert.is((await listAll(service())).length, 1);
});

test('an id that is not a positive 32-bit integer answers 400', async () => {
  for (const id of ['abc', '0', '-1', '1.5', '2147483648', '1e3', '+1', '%201', '0x10', '99999999999999999999']) {
    for (const [method, body] of [['GET'], ['PUT', '{"quantity":2}'], ['DELETE']] as const) {
      const response = await service().api(`/api/books/${id}`, {
        method,
        body,
        headers: body ? WRITE_HEADERS : { Authorization: AUTHORIZATION },
      });
      await expectText(response, 400, 'id must be a positive integer');
    }
  }
  assert.is((await service().api('/api/books/2147483647')).status, 404);
});

// ---

const invalid = suite('book validation');
const validationService = useService(invalid);

const invalidCreates: [string, Record<string, unknown>, RegExp][] = [
  ['name missing', { name: undefined }, /"name" is required/],
  ['price missing', { price: undefined }, /"price" is required/],
  ['quantity missing', { quantity: undefined }, /"quantity" is required/],
  ['unknown field', { colour: 'red' }, /"colour" is not allowed/],
  ['id given', { id: 7 }, /"id" is not allowed/],
  ['price with three decimals (not rounded)', { price: 1.255 }, /"price" must have no more than 2 decimal places/],
  ['price 0', { price: 0 }, /"price" must be greater than or equal to 0.01/],
  ['negative price', { price: -1 }, /"price"/],
  ['price above MAX_PRICE', { price: 10_000_000_000_000 }, /"price" must be less than or equal to/],
  ['price as a string', { price: '19.99' }, /"price" must be a number/],
  ['quantity 0', { quantity: 0 }, /"quantity" must be greater than or equal to 1/],
  ['quantity 1.5', { quantity: 1.5 }, /"quantity" must be an integer/],
  ['quantity "3"', { quantity: '3' }, /"quantity" must be a number/],
  ['quantity 2147483648', { quantity: 2_147_483_648 }, /"quantity" must be less than or equal to 2147483647/],
  ['name of 101 characters', { name: 'n'.repeat(101) }, /"name" length must be less than or equal to 100/],
  ['empty name', { name: '' }, /"name" is not allowed to be empty/],
  ['name null', { name: null }, /"name" must be a string/],
  ['description of 501 characters', { description: 'd'.repeat(501) }, /"description" length must be less than or equal to 500/],
  ['NUL in name', { name: 'Wid\u0000get' }, /"name" must not contain NUL/],
  ['lone surrogate in description', { description: 'x\ud800' }, /"description" must not contain/],
];

for (const [title, overrides, message] of invalidCreates) {
  invalid(`POST rejects ${title} with 400 and stores nothing`, async () => {
    const response = await post(validationService(), '/api/books', bookInput(overrides));
    assert.is(response.status, 400);
    assert.match(response.headers.get('content-type') ?? '', /^text\/plain/);
    assert.match(await response.text(), message);
    assert.equal(await listAll(validationService()), []);
  });
}

invalid('POST {} names every missing field in one plain-text answer', async () => {
  const response = await post(validationService(), '/api/books', {});
  await expectText(response, 400, '"name" is required; "price" is required; "quantity" is required');
});

invalid('every broken rule of a body is named, on POST and PUT', async () => {
  const broken = { name: '', price: 1.255, quantity: 0, colour: 'red' };
  const expected =
    '"name" is not allowed to be empty; "price" must have no more than 2 decimal places; ' +
    '"quantity" must be greater than or equal to 1; "colour" is not allowed';
  await expectText(await post(validationService(), '/api/books', broken), 400, expected);
  const created = (await (await post(validationService(), '/api/books', bookInput())).json()) as { id: number };
  await expectText(await put(validationService(), `/api/books/${created.id}`, broken), 400, expected);
  assert.equal(await listAll(validationService()), [created]);
});

invalid('PUT applies the same field rules and changes nothing on failure', async () => {
  const created = (await (await post(validationService(), '/api/books', bookInput())).json()) as { id: number };
  for (const [title, overrides, message] of invalidCreates) {
    if (overrides.name === undefined && 'name' in overrides) continue; // "missing" is fine for an update
    if (overrides.price === undefined && 'price' in overrides) continue;
    if (overrides.quantity === undefined && 'quantity' in overrides) continue;
    const response = await put(validationService(), `/api/books/${created.id}`, { name: 'Changed', ...overrides });
    assert.is(response.status, 400, title);
    assert.match(await response.text(), message, title);
  }
  const [stored] = await listAll(validationService());
  assert.is(stored?.name, 'Widget');
  assert.is(stored?.updatedAt, stored?.createdAt);
});

test.run();
invalid.run();
