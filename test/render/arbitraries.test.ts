import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

import fc from 'fast-check';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import { arbitraryViews } from '../../src/views/arbitrary-views.js';
import { fieldDataView } from '../../src/views/field-data-views.js';
import { valueProblem } from '../../src/values/field-values.js';
import { DEFAULT_FIELDS, type FieldSpec } from '../../src/spec/spec.js';
import { loadTemplates, render } from '../../src/render/render.js';
import { EVERY_TYPE } from '../support/fields-fixtures.js';
import { linkRootModules, tempDir } from '../support/helpers.js';

const templates = loadTemplates();
/** The test modules that make the arbitraries: each field's data, the helpers it names, and what is derived from it. */
const ARBITRARY_MODULES = ['test/arbitraries.ts', 'test/field-data.ts', 'test/value-arbitraries.ts'];

/** The generated test/arbitraries.ts of an entity with these fields, imported beside the src/ it reads the schema from. */
async function generatedArbitraries(entity: string, fields: FieldSpec[]) {
  const files = render({ entity, port: 8080, managementPort: 8081, fields }, templates, '0.0.0-test');
  const dir = tempDir();
  linkRootModules(dir);
  for (const [file, text] of files) {
    if (!file.startsWith('src/') && !ARBITRARY_MODULES.includes(file)) continue;
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  const path = join(dir, 'test', 'arbitraries.ts');
  return (await import(pathToFileURL(path).href)) as {
    fieldValues: Record<string, fc.Arbitrary<unknown>>;
    invalidField: Record<string, fc.Arbitrary<unknown>>;
    createBody: fc.Arbitrary<Record<string, unknown>>;
    invalidCreate: fc.Arbitrary<{ body: Record<string, unknown>; key: string }>;
    exampleCreate: Record<string, unknown>;
  };
}

/** Whether the service refuses the value: the spec's rules, plus the schema's refusal of unpaired surrogates. */
function refused(field: FieldSpec, value: unknown): boolean {
  if (value === null) return field.required === true;
  return valueProblem(field, value) !== undefined || (typeof value === 'string' && !value.isWellFormed());
}

/** A unique email, an enum, a required date and a few optional fields: neither Book's shape nor Product's. */
const MEMBER: FieldSpec[] = [
  { name: 'email', type: 'email', required: true, unique: true, maxLength: 40 },
  { name: 'tier', type: 'enum', values: ['free', 'pro'], required: true },
  { name: 'joinedOn', type: 'date', required: true },
  { name: 'notes', type: 'text', minLength: 3 },
  { name: 'balance', type: 'decimal', precision: 6, scale: 3, min: -5 },
  { name: 'seenAt', type: 'datetime', unique: true },
  // Ranges with one value and long patterned texts: a filter with nothing to find never returns.
  { name: 'level', type: 'integer', min: 1, max: 1 },
  { name: 'rate', type: 'decimal', precision: 3, scale: 2, min: 1.5, max: 1.5 },
  { name: 'code', type: 'string', pattern: '^[a-z]+$', minLength: 50, maxLength: 60 },
];

const SAMPLES = 100;

// ---

const views = suite('the fast-check expressions of each field');

views('the standard fields read as written by hand', () => {
  const { fields, helpers, fcImport } = fieldDataView(DEFAULT_FIELDS);
  assert.equal(
    fields.map((field) => field.valid),
    [
      'storableText(1, 100)',
      "fc.oneof(fc.constant(''), fc.constant(null), storableText(1, 500))",
      'fc.integer({ min: 1, max: 999_999_999_999_999 }).map((hundredths) => hundredths / 100)',
      'fc.integer({ min: 1, max: 2_147_483_647 })',
    ],
  );
  assert.equal(
    fields.map((field) => field.validComment),
    [undefined, undefined, 'Whole hundredths: hundredths / 100 is the double closest to the decimal, exactly what a client sends.', undefined],
  );
  assert.is(fields[1]!.invalid, 'badText(500).filter(notNull)');
  assert.is(fields[0]!.documented, "{ required: true, schema: { type: 'string', minLength: 1, maxLength: 100 } }");
  assert.is(helpers, 'badText, nonNumber, notNull, outside, storableText');
  assert.is(fcImport, "import fc from 'fast-check';");
  const { defaults, exampleCreate, nestedBody } = arbitraryViews(DEFAULT_FIELDS);
  assert.is(defaults, '{}');
  assert.is(exampleCreate, "{ name: 'Widget', price: 19.99, quantity: 3 }");
  assert.is(nestedBody, '{"name":${nested},"price":19.99,"quantity":3}');
});

views('decimals count whole units of their scale; patterns, emails and enums get their own arbitraries', () => {
  const byName = new Map(fieldDataView(MEMBER).fields.map((field) => [field.name, field]));
  assert.is(byName.get('balance')!.valid, 'fc.oneof(fc.constant(null), fc.integer({ min: -5000, max: 999_999 }).map((thousandths) => thousandths / 1000))');
  assert.is(byName.get('balance')!.validComment, 'Whole thousandths: thousandths / 1000 is the double closest to the decimal, exactly what a client sends.');
  assert.is(byName.get('tier')!.valid, "fc.constantFrom('free', 'pro')");
  assert.is(byName.get('email')!.invalid, 'badEmail(40)');
  const title = fieldDataView(EVERY_TYPE).fields[0]!;
  assert.is(title.valid, 'fc.stringMatching(/^\\S.*$/).filter((text) => text.length >= 2 && text.length <= 200)');
});

views('fields whose values are all helpers import fast-check for its types only', () => {
  const { fields, helpers, fcImport } = fieldDataView([
    { name: 'due', type: 'date', required: true },
    { name: 'id2', type: 'uuid', required: true },
  ]);
  assert.equal(
    fields.map(({ valid, invalid }) => [valid, invalid]),
    [
      ['calendarDay', 'badDate'],
      ['fc.uuid()', 'badUuid'],
    ],
  );
  assert.is(helpers, 'badDate, badUuid, calendarDay');
  assert.is(fcImport, "import fc from 'fast-check';");
  assert.is(fieldDataView([{ name: 'due', type: 'date', required: true }]).fcImport, "import type fc from 'fast-check';");
});

views('a field spec without required fields has no missing-key refusals and an example of its first field', () => {
  const views = arbitraryViews([{ name: 'note', type: 'text', example: 'hello' }, { name: 'done', type: 'boolean' }]);
  assert.is(views.hasRequired, false);
  assert.is(views.exampleCreate, "{ note: 'hello' }");
  assert.is(views.defaults, '{}');
  assert.is(views.truncatedJson, "'{\"note\":\"hello\"'");
});

views('a column default is what a create that leaves the field out reads back, a date-time in UTC', () => {
  const { defaults } = arbitraryViews([
    { name: 'status', type: 'enum', values: ['draft', 'live'], default: 'draft' },
    { name: 'due', type: 'datetime', default: '2026-01-01T12:00:00+01:00' },
    { name: 'note', type: 'text' },
  ]);
  assert.is(defaults, "{ status: 'draft', due: '2026-01-01T11:00:00.000Z' }");
});

views.run();

// ---

const generated = suite('the generated arbitraries agree with the field rules');

for (const [entity, fields] of [['Product', DEFAULT_FIELDS], ['Book', EVERY_TYPE], ['Member', MEMBER]] as const) {
  generated(`${entity}: every valid value passes its field's rules, every invalid one breaks them`, async () => {
    const arbitraries = await generatedArbitraries(entity, [...fields]);
    for (const field of fields) {
      for (const value of fc.sample(arbitraries.fieldValues[field.name]!, SAMPLES)) {
        assert.not.ok(refused(field, value), `${field.name}: valid ${JSON.stringify(value)}`);
      }
      for (const value of fc.sample(arbitraries.invalidField[field.name]!, SAMPLES)) {
        // What the service receives: JSON.
        const sent = JSON.parse(JSON.stringify(value) ?? 'null') as unknown;
        assert.ok(refused(field, sent), `${field.name}: invalid ${JSON.stringify(value)}`);
      }
    }
    const byName = new Map(fields.map((field) => [field.name, field]));
    for (const body of fc.sample(arbitraries.createBody, SAMPLES)) {
      for (const field of fields) if (field.required) assert.ok(field.name in body, `${field.name} missing from ${JSON.stringify(body)}`);
      for (const [key, value] of Object.entries(body)) assert.not.ok(refused(byName.get(key)!, value), `${key} in ${JSON.stringify(body)}`);
    }
    for (const { body, key } of fc.sample(arbitraries.invalidCreate, SAMPLES)) {
      const field = byName.get(key);
      const problem = field === undefined || !(key in body) ? true : refused(field, JSON.parse(JSON.stringify(body[key]) ?? 'null'));
      assert.ok(problem, `${key} in ${JSON.stringify(body)}`);
    }
    for (const [key, value] of Object.entries(arbitraries.exampleCreate)) assert.not.ok(refused(byName.get(key)!, value), key);
  });
}

generated.run();
