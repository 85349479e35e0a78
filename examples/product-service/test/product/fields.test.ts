import type { ObjectSchema } from 'joi';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { strictValidation } from '../../src/http/validate.js';
import { productCreateSchema, productUpdateSchema } from '../../src/product/product.schema.js';
import { asCreate, asUpdate, clientOf } from '../support/client.js';
import { FIELDS, type Field, numbered, REQUIRED_FIELDS, RULES, stored, tooFew, UNIQUE_FIELDS } from '../support/factory.js';
import { post, put, runnable, useService } from '../support/helpers.js';
import { expectText, listAll } from '../support/responses.js';
import { edgeValues } from '../support/schema-edges.js';

// What each field accepts and refuses, at the edges of its rules as the document states them
// (schema-edges.ts): every accepted value reads back as the service answers it, every refused
// value is answered with 400 naming the problems the schema finds, and nothing changes.

const PATH = '/api/products';
const createRules = productCreateSchema.prefs(strictValidation);
const updateRules = productUpdateSchema.prefs(strictValidation);

/** The problems the schema finds in a body: what a 400 must name. */
function problemsIn(rules: ObjectSchema, body: Record<string, unknown>): string[] {
  const { error } = rules.validate(body);
  return error?.details.map((detail) => detail.message) ?? [];
}

/** A 400 in plain text naming each of these problems. */
async function expectProblems(response: Response, problems: string[]) {
  assert.is(response.status, 400, problems.join('; '));
  assert.match(response.headers.get('content-type') ?? '', /^text\/plain/);
  const text = await response.text();
  // A lone surrogate in a quoted value travels as U+FFFD, as UTF-8 has no other way to write it.
  for (const problem of problems) assert.ok(text.includes(problem.toWellFormed()), `${problem} in: ${text}`);
}

const fields = suite('product fields');
const service = useService(fields);
const created = async (body: Record<string, unknown> = numbered()) =>
  (await (await post(service(), PATH, body)).json()) as Record<string, unknown>;

for (const field of FIELDS as Field[]) {
  const { accepts, refuses } = edgeValues(RULES[field]);

  fields(`${field}: POST stores each value at the edge of its rules, read back as answered`, async () => {
    for (const [sent, answered] of accepts) {
      const response = await post(service(), PATH, numbered(1, { [field]: sent }));
      assert.is(response.status, 201, `${JSON.stringify(sent)}: ${await response.clone().text()}`);
      const record = (await response.json()) as Record<string, unknown>;
      assert.is(record[field], answered);
      assert.equal(await (await service().api(`${PATH}/${record.id}`)).json(), record);
      await service().reset();
    }
  });

  fields(`${field}: PUT stores each value at the edge of its rules, read back as answered`, async () => {
    const { id } = await created();
    for (const [sent, answered] of accepts) {
      const response = await put(service(), `${PATH}/${id}`, { [field]: sent });
      assert.is(response.status, 200, `${JSON.stringify(sent)}: ${await response.clone().text()}`);
      const read = (await (await service().api(`${PATH}/${id}`)).json()) as Record<string, unknown>;
      assert.is(read[field], answered);
    }
  });

  fields(`${field}: each value just outside its rules answers 400 naming the problem, on POST and PUT, and changes nothing`, async () => {
    const record = await created();
    for (const value of refuses) {
      const problems = problemsIn(createRules, numbered(1, { [field]: value }));
      assert.ok(problems.length > 0, `the schema refuses ${JSON.stringify(value)}, as the document's rules do`);
      await expectProblems(await post(service(), PATH, numbered(1, { [field]: value })), problems);
      await expectProblems(await put(service(), `${PATH}/${record.id}`, { [field]: value }), problemsIn(updateRules, { [field]: value }));
    }
    assert.equal(await listAll(service()), [record]);
  });

  if (!REQUIRED_FIELDS.includes(field)) {
    const absent = stored({})[field];
    fields(
      `${field}: a create without it stores ${JSON.stringify(absent)}${RULES[field].nullable ? '; null in an update clears it' : ''}`,
      async () => {
        const record = await created(numbered(1, { [field]: undefined }));
        assert.is(record[field], absent);
        if (!RULES[field].nullable) return;
        // Through the typed client: its update type lets an optional field be null.
        const { data: cleared } = await clientOf(service()).PUT(`${PATH}/{id}`, {
          params: { path: { id: record.id as number } },
          body: asUpdate({ [field]: null }),
        });
        assert.is(cleared?.[field as keyof typeof cleared], null);
      },
    );
  }

  if (UNIQUE_FIELDS.includes(field)) {
    runnable(fields, tooFew(3))(`${field}: a duplicate answers 409 naming the field, on POST and PUT`, async () => {
      const first = await created(numbered(1));
      const duplicate = { [field]: first[field] };
      // Through the typed client: a 409 comes back as its status and message.
      const refused = await clientOf(service()).POST(PATH, { body: asCreate(numbered(2, duplicate)) });
      assert.is(refused.response.status, 409);
      assert.match(String(refused.error), new RegExp(field));
      const second = await created(numbered(3));
      await expectText(await put(service(), `${PATH}/${second.id}`, duplicate), 409, new RegExp(field));
      assert.is((await listAll(service())).length, 2);
    });
  }
}

fields('POST {} names every missing field in one plain-text answer, or stores every default', async () => {
  const response = await post(service(), PATH, {});
  if (REQUIRED_FIELDS.length > 0) await expectText(response, 400, REQUIRED_FIELDS.map((field) => `"${field}" is required`).join('; '));
  else {
    assert.is(response.status, 201);
    const record = (await response.json()) as Record<string, unknown>;
    assert.equal(Object.fromEntries(FIELDS.map((field) => [field, record[field]])), stored({}));
  }
});

fields('every broken rule of a body is named in one answer, on POST and PUT', async () => {
  const broken = {
    ...Object.fromEntries(FIELDS.map((field) => [field, edgeValues(RULES[field]).refuses[0]])),
    [`${FIELDS.join('')}Extra`]: 'red',
  };
  const record = await created();
  await expectProblems(await post(service(), PATH, broken), problemsIn(createRules, broken));
  await expectProblems(await put(service(), `${PATH}/${record.id}`, broken), problemsIn(updateRules, broken));
  assert.equal(await listAll(service()), [record]);
});

fields.run();
