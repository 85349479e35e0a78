import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ProductModel } from '../../src/product/product.model.js';
import { changedValue, FIELDS, numbered, RULES, UNIQUE_FIELDS } from '../support/factory.js';
import { type Answer, create, put, useService } from '../support/helpers.js';
import { fieldsOf } from '../support/responses.js';
import { edgeValues } from '../support/schema-edges.js';

const test = suite('product storage');
const service = useService(test);

/** Every field at the first value at the edge of its rules that is not null, as the API must answer it back. */
const FIRST = Object.fromEntries(
  FIELDS.map((field) => [field, edgeValues(RULES[field]).accepts.find(([, answered]) => answered !== null)![1]]),
);

/** Every field at the last such value, for the update: another one where the rules allow, never a unique field's first. */
const SECOND = Object.fromEntries(
  FIELDS.map((field) => {
    const last = edgeValues(RULES[field]).accepts.findLast(([, answered]) => answered !== null)![1];
    return [field, UNIQUE_FIELDS.includes(field) && last === FIRST[field] ? changedValue(field) : last];
  }),
);

async function read(id: number): Promise<Answer> {
  const response = await service().api(`/api/products/${id}`);
  assert.is(response.status, 200);
  return (await response.json()) as Answer;
}

test('a database session in another time zone reads the same instants, in UTC', async () => {
  const { answer } = await create(service(), FIRST);
  // SET LOCAL lasts for the transaction, on its connection only: the server then sends +05:30 offsets.
  const stored = await service().db.knex.transaction(async (trx) => {
    await trx.raw("set local time zone 'Asia/Kolkata'");
    return trx('products').where('id', answer.id).first('created_at', 'updated_at');
  });
  assert.equal(stored, { created_at: answer.createdAt, updated_at: answer.updatedAt });
});

test('a create and an update store every field at once, answered and read back unchanged whatever time zone the service runs in', async () => {
  const zone = process.env.TZ;
  try {
    // UTC-8, then UTC+14: a date read as local midnight would move a day either way.
    process.env.TZ = 'America/Los_Angeles';
    const { answer } = await create(service(), FIRST);
    assert.equal(fieldsOf(answer), FIRST);
    assert.equal(fieldsOf(await read(answer.id)), FIRST);
    process.env.TZ = 'Pacific/Kiritimati';
    assert.equal(fieldsOf(await read(answer.id)), FIRST);
    const response = await put(service(), `/api/products/${answer.id}`, SECOND);
    assert.is(response.status, 200, await response.clone().text());
    assert.equal(fieldsOf((await response.json()) as Record<string, unknown>), SECOND);
    assert.equal(fieldsOf(await read(answer.id)), SECOND);
  } finally {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  }
});

for (const field of FIELDS.filter((name) => RULES[name].enum !== undefined)) {
  test(`the ${field} column itself refuses a value outside its values`, async () => {
    const { answer } = await create(service(), numbered());
    const outside = `${(RULES[field].enum ?? []).join('')}!`;
    // Past the model, whose types would not let the wrong value through.
    const refusal = await service()
      .db.knex(ProductModel.tableName)
      .where('id', answer.id)
      .update(ProductModel.propertyNameToColumnName(field), outside)
      .then(
        () => 'stored',
        (error: { code?: string }) => error.code,
      );
    // 23514: check_violation.
    assert.is(refusal, '23514');
    assert.equal(await read(answer.id), answer);
  });
}

for (const field of UNIQUE_FIELDS) {
  test(`an update that keeps a product's own ${field} is no conflict`, async () => {
    const { answer } = await create(service(), numbered());
    const response = await put(service(), `/api/products/${answer.id}`, { [field]: answer[field] });
    assert.is(response.status, 200, await response.clone().text());
  });
}

test.run();
