import SwaggerParser from '@apidevtools/swagger-parser';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import { bookExamples } from '../../src/book/book.openapi.js';
import { bookCreateSchema, LIST_KEYS } from '../../src/book/book.schema.js';
import { documentFor, type Json, OPERATIONS } from '../support/documents.js';
import { FIELDS, OWN_KEYS, RULES, UNIQUE_FIELDS } from '../support/factory.js';
import { TEXT_KEYS } from '../support/list-helpers.js';

const SCHEMA_KEYS = [
  'type',
  'format',
  'enum',
  'minimum',
  'maximum',
  'minLength',
  'maxLength',
  'pattern',
  'nullable',
  'multipleOf',
  'x-scale',
];
/** The book's schemas in the document: as answered, as created, as updated. */
const SCHEMA_NAMES = ['Book', 'BookCreate', 'BookUpdate'];
const documentedBookSchemas = () => SCHEMA_NAMES.map((name) => documentFor().components.schemas[name] as Json);

// ---

const document = suite('OpenAPI document');

document('is a valid OpenAPI 3.0 document', async () => {
  // validate() dereferences in place: give it a copy.
  const api = (await SwaggerParser.validate(structuredClone(documentFor()) as never)) as Json;
  assert.is(api.openapi, '3.0.3');
});

document('has the six book operations with their operation ids', () => {
  const paths = documentFor().paths;
  const found = Object.fromEntries(
    Object.entries(paths).flatMap(([path, item]) =>
      Object.entries(item as Json)
        .filter(([method]) => method !== 'parameters')
        .map(([method, operation]) => [`${method} ${path}`, (operation as Json).operationId]),
    ),
  );
  assert.equal(found, OPERATIONS);
});

document("states each field's type, format, bounds and nullability alike in every schema, as the tests read them", () => {
  for (const [index, { properties }] of documentedBookSchemas().entries()) {
    const name = SCHEMA_NAMES[index];
    assert.equal(
      Object.keys(properties).filter((key) => !OWN_KEYS.includes(key)),
      FIELDS,
      `${name} lists the fields`,
    );
    for (const field of FIELDS) {
      const rules = (schema: Json) =>
        Object.fromEntries(SCHEMA_KEYS.filter((key) => schema[key] !== undefined).map((key) => [key, schema[key]]));
      assert.equal(rules(properties[field]), rules(RULES[field] as Json), `${name}.${field}`);
      assert.is(properties[field].description, RULES[field].description, `${name}.${field}.description`);
    }
  }
});

document('requires on create the fields the service requires, none on update, and answers every field', () => {
  const keys = bookCreateSchema.describe().keys as Record<string, { flags?: { presence?: string } }>;
  const joiRequired = Object.keys(keys).filter((key) => keys[key]?.flags?.presence === 'required');
  const [answered, create, update] = documentedBookSchemas();
  assert.equal(create?.required ?? [], joiRequired);
  assert.is(update?.required, undefined);
  assert.equal(answered?.required, Object.keys(answered?.properties ?? {}));
  assert.equal([...(answered?.required ?? [])].sort(), [...OWN_KEYS, ...FIELDS].sort());
});

document('the full create example holds the example every schema shows for each field', () => {
  const full = bookExamples.create.full.value as Json;
  assert.equal(Object.keys(full), FIELDS);
  for (const [index, { properties }] of documentedBookSchemas().entries()) {
    for (const field of FIELDS) assert.equal(properties[field].example, full[field], `${SCHEMA_NAMES[index]}.${field}.example`);
  }
});

/** Each operation's responses, by `method path`. */
function operationResponses(api: Json): Record<string, Json> {
  return Object.fromEntries(
    Object.entries(api.paths as Json).flatMap(([path, item]) =>
      Object.entries(item as Json).map(([method, operation]) => [`${method} ${path}`, (operation as Json).responses as Json]),
    ),
  );
}

document("describes every property of every schema, the service's own and the token's too", () => {
  const undescribed = Object.entries(documentFor().components.schemas as Json).flatMap(([name, schema]) =>
    Object.entries(((schema as Json).properties ?? {}) as Json)
      .filter(([, property]) => typeof (property as Json).description !== 'string' || (property as Json).description === '')
      .map(([key]) => `${name}.${key}`),
  );
  assert.equal(undescribed, []);
});

document("the update's description names only the book's own fields", () => {
  const { description } = documentFor().paths['/api/books/{id}'].put;
  const named = [...(description as string).matchAll(/`"(\w+)": null`/g)].map(([, field]) => field);
  for (const field of named) assert.ok((FIELDS as string[]).includes(field!), `${field} is a field: ${description}`);
  const nullable = FIELDS.filter((field) => RULES[field].nullable);
  assert.is(named.length, nullable.length > 0 ? 1 : 0, description);
});

document('documents paging, headers, the id range and the plain-text errors', () => {
  const api = documentFor();
  const list = api.paths['/api/books'].get;
  const textKeys = TEXT_KEYS.map(({ key }) => key as string);
  const operators = (key: string) => ['gt', 'gte', 'lt', 'lte', 'in', ...(textKeys.includes(key) ? ['prefix'] : [])];
  const filters = LIST_KEYS.flatMap((key) => [key, ...operators(key).map((operator) => `${key}[${operator}]`)]);
  assert.equal(
    list.parameters.map((p: Json) => p.name),
    ['page', 'pageSize', 'after', 'sort', 'count', 'deleted', ...filters],
  );
  assert.equal(list.parameters.find((p: Json) => p.name === 'count').schema.enum, ['exact']);
  assert.match(api.components.headers.XTotalCount.description, /^Only with count=exact/);
  assert.match(api.components.headers.Link.description, /rel="next"/);
  assert.ok(list.responses[200].headers['X-Total-Count'] && list.responses[200].headers.Link);
  assert.ok(api.paths['/api/books'].post.responses[201].headers.Location);
  assert.equal(api.components.parameters.BookId.schema, { type: 'integer', minimum: 1, maximum: 2147483647 });
  assert.ok(/empty body/i.test(api.paths['/api/books/{id}'].put.description));
  assert.is(api.components.responses.BadRequest, undefined, 'each operation has its own 400');
  for (const [operation, responses] of Object.entries(operationResponses(api))) {
    const badRequest = responses['400'] as Json | undefined;
    assert.ok(badRequest, `${operation} answers 400`);
    assert.match(badRequest.description, /Every broken rule is named, separated by "; "/);
  }
  for (const [name, response] of Object.entries(api.components.responses as Json)) {
    // A 304 has no body.
    if (name !== 'NotModified') assert.ok(response.content['text/plain'], `${name} is text/plain`);
  }
  const create = api.paths['/api/books'].post.responses;
  // 409 where a unique field can collide.
  const conflict = UNIQUE_FIELDS.length > 0 ? ['409'] : [];
  assert.equal(Object.keys(create), ['201', '400', '401', '403', ...conflict, '413', '415', '422', '500', '503']);
});

document('documents the list as generated clients read it: lists comma-separated, sort by its keys, filters never null', () => {
  const list = documentFor().paths['/api/books'].get;
  const parameter = (name: string): Json => list.parameters.find((p: Json) => p.name === name);
  const keys: string[] = [...LIST_KEYS];
  const sort = parameter('sort');
  assert.equal([sort.style, sort.explode, sort.schema.type], ['form', false, 'array']);
  assert.equal(
    sort.schema.items.enum,
    keys.flatMap((key) => [key, `-${key}`]),
  );
  // sort=id,id is refused: validators read it from uniqueItems.
  assert.is(sort.schema.uniqueItems, true);
  // id and -id are distinct items, yet one key twice is refused (sort=id,-id): OpenAPI 3.0 cannot say so but in words.
  assert.match(sort.description, /each at most once/);
  for (const key of keys) {
    const { style, explode, schema } = parameter(`${key}[in]`);
    assert.equal([style, explode, schema.type], ['form', false, 'array'], key);
    // Each item follows the rule of one value, its format included (a date's).
    assert.equal(schema.items, parameter(key).schema, `${key}[in] items`);
  }
  for (const { name, schema } of list.parameters as Json[]) {
    for (const part of [schema, schema.items ?? {}]) {
      assert.not.ok(part.nullable, `${name} is never null`);
      assert.not.ok((part.enum ?? []).includes(null), `${name} has no null member`);
    }
  }
  for (const rule of [
    'one key at a time',
    'first in `sort`',
    '`page` and `after` exclude each other',
    'an offset of up to 23:59 either way',
  ]) {
    assert.ok(list.description.includes(rule), rule);
  }
  assert.match(list.responses[400].description, /a combination the list does not serve/);
  assert.match(
    parameter('createdAt[gte]').description,
    /^Only the rows whose createdAt is at least this\. A date-time has seconds and a time zone: Z, or an offset of up to 23:59 either way/,
  );
});

document('states the date-times the service takes as validators read them: format date-time, narrowed by a pattern', () => {
  const list = documentFor().paths['/api/books'].get;
  const [{ properties: answered }] = documentedBookSchemas() as [Json];
  for (const schema of [answered.createdAt, answered.updatedAt, list.parameters.find((p: Json) => p.name === 'createdAt[gte]').schema]) {
    assert.is(schema.format, 'date-time');
    const pattern = new RegExp(schema.pattern);
    // Every offset RFC 3339 allows, and at most milliseconds.
    for (const taken of [
      '2026-01-01T12:00:00Z',
      '2026-01-01T12:00:00.123+23:59',
      '2026-01-01T12:00:00-23:59',
      '9999-12-31T23:59:59.999Z',
    ]) {
      assert.ok(pattern.test(taken), taken);
    }
    // No time zone, no seconds, more than milliseconds, or an instant outside the years 0001-9999 in UTC.
    for (const refused of [
      '2026-01-01T12:00:00',
      '2026-01-01T12:00Z',
      '2026-01-01T12:00:00.0001Z',
      '9999-12-31T23:30:00-00:45',
      '0001-01-01T00:30:00+01:00',
      '0000-06-01T00:00:00Z',
    ]) {
      assert.not.ok(pattern.test(refused), refused);
    }
  }
});

document('"Try it out" in Swagger UI fills in no optional parameter: none has an example the reader would send unasked', () => {
  const api = documentFor();
  const resolved = (parameter: Json): Json =>
    parameter.$ref === undefined ? parameter : api.components.parameters[String(parameter.$ref).split('/').at(-1)!];
  const filledIn: string[] = [];
  for (const [path, item] of Object.entries(api.paths as Json)) {
    for (const [method, operation] of Object.entries(item as Json)) {
      for (const parameter of ((operation.parameters ?? []) as Json[]).map(resolved)) {
        // Swagger UI fills a parameter in from these, in this order (a list's items are left empty); a
        // default is what the service does without the parameter anyway.
        const example = Object.values(parameter.examples ?? {})[0] ?? parameter.example ?? parameter.schema?.example;
        if (!parameter.required && example !== undefined) filledIn.push(`${method} ${path} ${parameter.name}: ${JSON.stringify(example)}`);
      }
    }
  }
  assert.equal(filledIn, []);
});

document('every example of a number with x-scale has at most that many decimals, as the service requires', () => {
  const api = documentFor();
  const create = api.components.schemas.BookCreate.properties as Json;
  const checked: string[] = [];
  const visit = (node: unknown, where: string): void => {
    if (node === null || typeof node !== 'object') return;
    const { 'x-scale': scale, example } = node as Json;
    if (scale !== undefined && typeof example === 'number') {
      assert.is(Number(example.toFixed(scale)), example, `${where}: ${example} has at most ${scale} decimals`);
      checked.push(where);
    }
    for (const [key, child] of Object.entries(node)) visit(child, `${where}.${key}`);
  };
  visit(api, 'document');
  // The request examples sit apart from the schemas: each scaled field's value in each of them.
  for (const [kind, examples] of Object.entries(bookExamples)) {
    for (const [name, { value }] of Object.entries(examples as Record<string, { value: Json }>)) {
      for (const [field, property] of Object.entries(create)) {
        const scale = (property as Json)['x-scale'];
        if (scale !== undefined && typeof value[field] === 'number')
          assert.is(Number(value[field].toFixed(scale)), value[field], `${kind}.${name}.${field}`);
      }
    }
  }
  assert.ok(checked.length > 0 || !JSON.stringify(api).includes('x-scale'), 'some example was checked');
});

document.run();
