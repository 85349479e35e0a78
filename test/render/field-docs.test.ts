import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

import type { ObjectSchema } from 'joi';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import { renderProject } from '../../src/generate/generate.js';
import { documentedField } from '../../src/views/documented-schema.js';
import { valueProblem } from '../../src/fields/field-values.js';
import { exampleValue } from '../../src/fields/field-values.js';
import { changedValue } from '../../src/fields/field-values.js';
import { badRequestExample, requestExamples } from '../../src/views/openapi-examples.js';
import { docsView } from '../../src/views/docs-views.js';
import { readmeCreateBody, readmeFieldRow, readmeNoConversion, readmeRecord } from '../../src/views/readme-views.js';
import { DEFAULT_FIELDS, type FieldSpec } from '../../src/fields/field-spec.js';
import { entityNames } from '../../src/names/entity-names.js';
import { EVERY_TYPE } from '../support/fields-fixtures.js';
import { linkRootModules, tempDir } from '../support/helpers.js';

/** A unique required email and an enum, unbounded numbers, a pattern with a slash and a pipe. */
const SUBSCRIBER: FieldSpec[] = [
  { name: 'email', type: 'email', required: true, unique: true },
  { name: 'plan', type: 'enum', values: ['free', 'pro'], required: true },
  { name: 'seats', type: 'integer' },
  { name: 'ratio', type: 'decimal', precision: 5, scale: 3 },
  { name: 'homePath', type: 'string', pattern: '^/(docs|blog)/$', example: '/docs/' },
  { name: 'note', type: 'text' },
];
/** No field required, no number. */
const SETTING: FieldSpec[] = [
  { name: 'enabled', type: 'boolean' },
  { name: 'label', type: 'string', maxLength: 20 },
];
const SPECS: [string, readonly FieldSpec[]][] = [['Product', DEFAULT_FIELDS], ['Book', EVERY_TYPE], ['Subscriber', SUBSCRIBER], ['Setting', SETTING]];

const byName = (fields: readonly FieldSpec[]) => new Map(fields.map((field) => [field.name, field]));

// ---

const examples = suite('the OpenAPI examples');

examples('every example value passes its own field\'s rules, and a change changes what it can', () => {
  for (const [entity, fields] of SPECS) {
    const field = byName(fields);
    const { create, update } = requestExamples(fields);
    for (const { key, value } of [...create, ...update]) {
      for (const [name, sent] of Object.entries(value)) {
        if (sent === null) assert.not.ok(field.get(name)?.required, `${entity} ${key}: only an optional field is cleared`);
        else assert.is(valueProblem(field.get(name)!, sent), undefined, `${entity} ${key}.${name}`);
      }
    }
    assert.ok(update.length > 0, `${entity} has an update example`);
  }
  const book = byName(EVERY_TYPE);
  assert.equal(
    ['pages', 'unitPrice', 'available', 'published', 'format', 'title'].map((name) => changedValue(book.get(name)!)),
    [321, 10.99, false, '2026-02-01', 'ebook', 'A title (updated)'],
  );
  // A code with a format changes within it.
  assert.is(changedValue({ name: 'code', type: 'string', pattern: '^[A-Z]{3}-[0-9]{4}$', maxLength: 8, example: 'ABC-1234' }), 'ABC-1235');
  // An enum of one value has no other.
  assert.is(changedValue({ name: 'kind', type: 'enum', values: ['only'] }), undefined);
  // decimal(1,1) holds 0.0 to 0.9: one unit of its last decimal, where a whole one does not fit.
  assert.is(changedValue({ name: 'ratio', type: 'decimal', precision: 1, scale: 1, min: 0, required: true }), 0.8);
  // At its maximum, a number steps down.
  assert.is(changedValue({ name: 'level', type: 'integer', min: 1, max: 3, example: 3 }), 2);
  assert.equal(requestExamples(EVERY_TYPE).update[0]?.summary, 'Change title and summary');
});

examples('the 400 example names the first two required fields, or an id a create must not send', () => {
  assert.is(badRequestExample(DEFAULT_FIELDS), '`"name" is required${PROBLEM_SEPARATOR}"price" is required`');
  assert.is(badRequestExample(EVERY_TYPE), "'\"title\" is required'");
  assert.is(badRequestExample(SETTING), "'\"id\" is not allowed'");
});

examples("the update's sentence on null names one of the entity's own optional fields, or is left out", () => {
  const sentence = (fields: readonly FieldSpec[]) => docsView(fields).clearsWithNull;
  assert.is(sentence(DEFAULT_FIELDS), "'`\"description\": null` clears the description. '");
  assert.is(sentence(SUBSCRIBER), "'`null` clears an optional field: `\"seats\": null` clears the seats. '");
  assert.is(sentence([{ name: 'title', type: 'string', required: true }]), false);
  const routes = renderProject({ entity: 'Subscriber', port: 8080, managementPort: 8081, fields: SUBSCRIBER }).get('src/subscriber/subscriber.routes.ts')!;
  assert.not.match(routes, '"description": null');
  assert.match(routes, '"seats": null');
});

examples('a field without words of its own is described by its name and rules', () => {
  const schema = renderProject({ entity: 'Product', port: 8080, managementPort: 8081 }).get('src/product/product.schema.ts')!;
  assert.match(schema, ".description('Name: 1 to 100 characters.')");
  assert.match(schema, ".description('Quantity: 1 to 2147483647.')");
});

examples.run();

// ---

/** The schema modules of an entity rendered from `fields`, with the root's packages, imported. */
async function renderedSchemas(entity: string, fields: readonly FieldSpec[]) {
  const dir = tempDir();
  const files = renderProject({ entity, port: 8080, managementPort: 8081, fields: [...fields] });
  const { fileBase } = entityNames(entity);
  const schemaPath = `src/${fileBase}/${fileBase}.schema.ts`;
  for (const path of [schemaPath, 'src/http/ids.ts', 'src/http/list-query.ts', 'src/http/value-rules.ts', 'src/joi.ts', 'src/openapi/schema.ts']) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), files.get(path) ?? '');
  }
  writeFileSync(join(dir, 'package.json'), '{ "type": "module" }');
  linkRootModules(dir);
  const schemas = (await import(pathToFileURL(join(dir, schemaPath)).href)) as Record<string, ObjectSchema>;
  const { jsonSchemaOf } = (await import(pathToFileURL(join(dir, 'src/openapi/schema.ts')).href)) as {
    jsonSchemaOf: (schema: ObjectSchema) => { properties: Record<string, Record<string, unknown>>; required?: string[] };
  };
  const { camelName } = entityNames(entity);
  return {
    create: jsonSchemaOf(schemas[`${camelName}CreateSchema`]!),
    update: jsonSchemaOf(schemas[`${camelName}UpdateSchema`]!),
    answered: jsonSchemaOf(schemas[`${camelName}Schema`]!),
  };
}

const SCHEMA_KEYS = ['type', 'format', 'enum', 'minimum', 'maximum', 'minLength', 'maxLength', 'pattern', 'nullable', 'multipleOf', 'x-scale'];

const documented = suite('what the OpenAPI document states of each field');

documented('the document built from the Joi schemas states exactly what the spec gives for each field', async () => {
  for (const [entity, fields] of SPECS) {
    const schemas = await renderedSchemas(entity, fields);
    for (const [which, schema] of Object.entries(schemas)) {
      for (const field of fields) {
        const property = schema.properties[field.name]!;
        const { schema: expected, says } = documentedField(field);
        const stated = Object.fromEntries(SCHEMA_KEYS.filter((key) => property[key] !== undefined).map((key) => [key, property[key]]));
        assert.equal(stated, expected, `${entity} ${which}.${field.name}`);
        for (const words of says) assert.ok(String(property.description).includes(words), `${entity} ${which}.${field.name}: ${words}`);
        assert.equal(property.example, exampleValue(field), `${entity} ${which}.${field.name}.example`);
      }
    }
    assert.equal(schemas.create.required ?? [], fields.filter((field) => field.required).map((field) => field.name), entity);
  }
});

documented('dates, date-times, UUIDs and emails have their formats; strings refused empty say so', () => {
  const book = byName(EVERY_TYPE);
  assert.equal(
    ['published', 'lastCheckedAt', 'catalogId', 'contact'].map((name) => documentedField(book.get(name)!).schema.format),
    ['date', 'date-time', 'uuid', 'email'],
  );
  // A UUID's pattern refuses capitals as the service does; format: uuid alone allows them.
  const uuid = new RegExp(String(documentedField(book.get('catalogId')!).schema.pattern));
  assert.equal(['0b5d8f3e-8b2a-4c1e-9f6d-2a7c4e1b9d30', '0B5D8F3E-8B2A-4C1E-9F6D-2A7C4E1B9D30'].map((value) => uuid.test(value)), [true, false]);
  assert.is(documentedField(book.get('isbn')!).schema.minLength, 1);
  assert.is(documentedField(book.get('summary')!).schema.minLength, undefined);
  assert.equal(documentedField(book.get('format')!).schema.enum, ['hardcover', 'paperback', 'ebook', null]);
});

documented.run();

// ---

const readme = suite('the README\'s field table and examples');

readme('the item\'s rows read as before', () => {
  assert.equal(DEFAULT_FIELDS.map(readmeFieldRow), [
    '| `name` | Required on create. 1 to 100 characters. |',
    '| `description` | Optional, at most 500 characters. Reads back as `null` when absent or sent as `null`; `null` in an update clears it. |',
    '| `price` | Required on create. A number from 0.01 to 9999999999999.99 with at most 2 decimals (every accepted price reads back exactly). |',
    '| `quantity` | Required on create. An integer from 1 to 2147483647. |',
  ]);
  assert.is(
    readmeRecord(DEFAULT_FIELDS),
    '{ "id": 1, "version": 1, "name": "Widget", "description": "A small widget", "price": 19.99,\n' +
      '  "quantity": 3, "createdAt": "2026-01-01T12:00:00.000Z", "updatedAt": "2026-01-01T12:00:00.000Z",\n' +
      '  "createdBy": "admin", "updatedBy": "admin" }',
  );
  assert.is(readmeCreateBody(DEFAULT_FIELDS), '\'{"name":"Widget","price":19.99,"quantity":3}\'');
  assert.is(readmeNoConversion(DEFAULT_FIELDS), 'Nothing is converted or rounded (`"price": 1.255` and `"quantity": "3"` are refused).');
});

readme('every field\'s row states its rules, a pipe in a pattern escaped so the table keeps two columns', () => {
  const rows = new Map(SUBSCRIBER.map((field) => [field.name, readmeFieldRow(field)]));
  assert.is(rows.get('email'), '| `email` | Required on create. An email address of at most 255 characters. Unique: a duplicate is answered with 409. |');
  assert.is(rows.get('plan'), '| `plan` | Required on create. One of `free` or `pro`. |');
  assert.is(rows.get('ratio'), '| `ratio` | Optional, a number from -99.999 to 99.999 with at most 3 decimals (every accepted ratio reads back exactly). Reads back as `null` when absent or sent as `null`; `null` in an update clears it. |');
  assert.is(rows.get('homePath')?.split(/(?<!\\)\|/).length, 4, rows.get('homePath'));
  const book = new Map(EVERY_TYPE.map((field) => [field.name, readmeFieldRow(field)]));
  assert.match(book.get('format')!, /Left out on create: `"paperback"`; `null` stores none, and in an update clears it\./);
  const status = readmeFieldRow({ name: 'status', type: 'enum', required: true, values: ['draft', 'published'], default: 'draft' });
  assert.is(status, '| `status` | Required, one of `draft` or `published`; left out on create: `"draft"`. Never `null`. |');
  assert.match(book.get('lastCheckedAt')!, /time zone/);
});

readme('the record holds every field\'s example and wraps at 100 characters', () => {
  for (const [entity, fields] of SPECS) {
    const record = readmeRecord(fields);
    for (const line of record.split('\n')) assert.ok(line.length <= 100, `${entity}: ${line}`);
    const parsed = JSON.parse(record) as Record<string, unknown>;
    const own = ['createdAt', 'updatedAt', 'createdBy', 'updatedBy'];
    assert.equal(Object.keys(parsed), ['id', 'version', ...fields.map((field) => field.name), ...own], entity);
    for (const field of fields) assert.equal(parsed[field.name], exampleValue(field), `${entity}.${field.name}`);
  }
});

readme('the curl body is the shell\'s quoting of a valid create', () => {
  const quoted: FieldSpec[] = [{ name: 'motto', type: 'string', required: true, example: "it's fine" }];
  for (const [entity, fields] of [...SPECS, ['Motto', quoted] as const]) {
    const echoed = spawnSync('bash', ['-c', `printf %s ${readmeCreateBody(fields)}`], { encoding: 'utf8' }).stdout;
    const body = JSON.parse(echoed) as Record<string, unknown>;
    const field = byName(fields);
    for (const [name, value] of Object.entries(body)) assert.is(valueProblem(field.get(name)!, value), undefined, `${entity}.${name}`);
    for (const required of fields.filter((spec) => spec.required)) assert.ok(required.name in body, `${entity} sends ${required.name}`);
  }
});

readme('the values the conversion sentence names are refused by their fields', () => {
  const share: FieldSpec[] = [{ name: 'share', type: 'decimal', precision: 3, scale: 3 }];
  const whole: FieldSpec[] = [{ name: 'whole', type: 'decimal', precision: 5, scale: 0, min: 100 }];
  for (const [entity, fields] of [...SPECS, ['Share', share] as const, ['Whole', whole] as const]) {
    const sentence = readmeNoConversion(fields);
    const named = [...sentence.matchAll(/`"(\w+)": ([^`]+)`/g)];
    assert.ok(named.length > 0, sentence);
    for (const [, name, value] of named) assert.ok(valueProblem(byName(fields).get(name!)!, JSON.parse(value!)), `${entity}: ${name}: ${value}`);
  }
  assert.is(readmeNoConversion(SETTING), 'Nothing is converted (`"enabled": "true"` is refused).');
});

readme.run();
