import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import { type Answer, create, post, put, useService } from './helpers.js';
import { expectText, listAll } from './responses.js';

const test = suite('book storage');
const service = useService(test);

/** A value of every field, none of them its default where the rules allow, as the API must answer it back. */
const FIRST = {
  title: 'The Pragmatic Programmer «é» 😀 "q" \'s\'',
  isbn: '978-0-13-595705-9',
  pages: 2_147_483_647,
  price: 99_999_999.99,
  format: 'hardcover',
  published: '2024-02-29',
  available: false,
};

/** Another value of every field, for the update. */
const SECOND = {
  title: 'The Pragmatic Programmer',
  isbn: '0000000001',
  pages: 1,
  price: 0,
  format: 'ebook',
  published: '1999-12-31',
  available: true,
};

/** FIRST without its unique fields: what an update may copy from it without a conflict. */
const FIRST_SHARED = Object.fromEntries(Object.entries(FIRST).filter(([key]) => !['isbn'].includes(key)));

/** The fields of an answer, without id, createdAt and updatedAt. */
function fieldsOf(body: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.keys(FIRST).map((key) => [key, body[key]]));
}

/** Creates a book with these fields and gives the answer. */
const createFrom = async (fields: Record<string, unknown>) => (await create(service(), fields)).answer;

async function read(id: number): Promise<Answer> {
  const response = await service().api(`/api/books/${id}`);
  assert.is(response.status, 200);
  return (await response.json()) as Answer;
}

test('a create stores every field, and both its answer and a read give each back unchanged', async () => {
  const created = await createFrom(FIRST);
  assert.equal(fieldsOf(created), FIRST);
  assert.equal(fieldsOf(await read(created.id)), FIRST);
});

test('an update stores every field, and both its answer and a read give each back unchanged', async () => {
  const { id } = await createFrom(FIRST);
  const response = await put(service(), `/api/books/${id}`, SECOND);
  assert.is(response.status, 200, await response.clone().text());
  assert.equal(fieldsOf((await response.json()) as Record<string, unknown>), SECOND);
  assert.equal(fieldsOf(await read(id)), SECOND);
});

test('a database session in another time zone reads the same instants, in UTC', async () => {
  const created = await createFrom(FIRST);
  // SET LOCAL lasts for the transaction, on its connection only: the server then sends +05:30 offsets.
  const stored = await service().db.knex.transaction(async (trx) => {
    await trx.raw("set local time zone 'Asia/Kolkata'");
    return trx('books').where('id', created.id).first('created_at', 'updated_at');
  });
  assert.equal(stored, { created_at: created.createdAt, updated_at: created.updatedAt });
});

test('dates and times read back the same whatever time zone the service runs in', async () => {
  const zone = process.env.TZ;
  try {
    // UTC-8 and UTC+14: a date read as local midnight would move a day either way.
    for (const [timeZone, fields] of [
      ['America/Los_Angeles', FIRST],
      ['Pacific/Kiritimati', SECOND],
    ] as const) {
      process.env.TZ = timeZone;
      const { id } = await createFrom(fields);
      assert.equal(fieldsOf(await read(id)), fields, timeZone);
    }
  } finally {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  }
});

test('the format column itself refuses a value outside the format values', async () => {
  const { id } = await createFrom(FIRST);
  const refusal = await service()
    .db.knex('books')
    .where('id', id)
    .update('format', 'other')
    .then(
      () => undefined,
      (error: { code?: string }) => error.code,
    );
  // 23514: check_violation.
  assert.is(refusal, '23514');
  assert.equal(fieldsOf(await read(id)), FIRST);
});

test("a create repeating another book's isbn answers 409 and stores nothing", async () => {
  const first = await createFrom(FIRST);
  const response = await post(service(), '/api/books', { ...SECOND, isbn: FIRST.isbn });
  await expectText(response, 409, 'a book with this isbn already exists');
  assert.equal(await listAll(service()), [first]);
});

test("an update to another book's isbn answers 409 and changes nothing", async () => {
  await createFrom(FIRST);
  const second = await createFrom(SECOND);
  const response = await put(service(), `/api/books/${second.id}`, { ...FIRST_SHARED, isbn: FIRST.isbn });
  await expectText(response, 409, 'a book with this isbn already exists');
  assert.equal(await read(second.id), second);
});

test("an update that keeps a book's own isbn is no conflict", async () => {
  const { id } = await createFrom(FIRST);
  const response = await put(service(), `/api/books/${id}`, { isbn: FIRST.isbn });
  assert.is(response.status, 200, await response.clone().text());
});

test.run();
