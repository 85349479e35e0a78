import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import { type Answer, create, put, useService } from './helpers.js';

const test = suite('product storage');
const service = useService(test);

/** A value of every field, none of them its default where the rules allow, as the API must answer it back. */
const FIRST = {
  name: 'Widget «é» 😀 "q" \'s\'',
  description: 'A small widget «é» 😀 "q" \'s\'',
  price: 9_999_999_999_999.99,
  quantity: 2_147_483_647,
};

/** Another value of every field, for the update. */
const SECOND = {
  name: 'Widget',
  description: 'A small widget',
  price: 0.01,
  quantity: 1,
};

/** The fields of an answer, without id, createdAt and updatedAt. */
function fieldsOf(body: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.keys(FIRST).map((key) => [key, body[key]]));
}

/** Creates a product with these fields and gives the answer. */
const createFrom = async (fields: Record<string, unknown>) => (await create(service(), fields)).answer;

async function read(id: number): Promise<Answer> {
  const response = await service().api(`/api/products/${id}`);
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
  const response = await put(service(), `/api/products/${id}`, SECOND);
  assert.is(response.status, 200, await response.clone().text());
  assert.equal(fieldsOf((await response.json()) as Record<string, unknown>), SECOND);
  assert.equal(fieldsOf(await read(id)), SECOND);
});

test('a database session in another time zone reads the same instants, in UTC', async () => {
  const created = await createFrom(FIRST);
  // SET LOCAL lasts for the transaction, on its connection only: the server then sends +05:30 offsets.
  const stored = await service().db.knex.transaction(async (trx) => {
    await trx.raw("set local time zone 'Asia/Kolkata'");
    return trx('products').where('id', created.id).first('created_at', 'updated_at');
  });
  assert.equal(stored, { created_at: created.createdAt, updated_at: created.updatedAt });
});

test.run();
