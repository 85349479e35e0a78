import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import { valueProblem } from '../../src/fields/field-values.js';
import { DOUBLE_DIGITS, decimalBound, DEFAULT_FIELDS, FIELD_TYPES, requiredOnCreate, type FieldSpec } from '../../src/fields/field-spec.js';
import { formatFieldsTable } from '../../src/cli/fields-table.js';
import { checkFields, validateFields } from '../../src/fields/validate-fields.js';
import { parseFieldFlags } from '../../src/fields/flag.js';
import { EVERY_TYPE } from '../support/fields-fixtures.js';

// ---

const spec = suite('the field spec');

spec('the standard fields are the item: name 1-100, description up to 500 and may be empty, price decimal(18,2) from 0.01, quantity from 1', () => {
  assert.is(validateFields(DEFAULT_FIELDS), undefined);
  assert.equal(checkFields([...DEFAULT_FIELDS]), [
    { name: 'name', type: 'string', required: true, minLength: 1, maxLength: 100, example: 'Widget' },
    { name: 'description', type: 'string', minLength: 0, maxLength: 500, example: 'A small widget', description: 'Free text' },
    { name: 'price', type: 'decimal', required: true, precision: 18, scale: 2, min: 0.01, example: 19.99 },
    { name: 'quantity', type: 'integer', required: true, min: 1, example: 3 },
  ]);
  const [name, description, price, quantity] = DEFAULT_FIELDS as [FieldSpec, FieldSpec, FieldSpec, FieldSpec];
  assert.is(valueProblem(name, ''), 'must be at least 1 characters long');
  assert.is(valueProblem(name, 'n'.repeat(100)), undefined);
  assert.is(valueProblem(name, 'n'.repeat(101)), 'must be at most 100 characters long');
  assert.is(valueProblem(description, ''), undefined);
  assert.is(valueProblem(description, 'd'.repeat(501)), 'must be at most 500 characters long');
  assert.is(valueProblem(price, 0.01), undefined);
  assert.is(valueProblem(price, 0), 'must be at least 0.01');
  assert.is(valueProblem(price, 9_999_999_999_999.99), undefined);
  assert.is(valueProblem(price, 10_000_000_000_000), 'must be at most 9999999999999.99');
  assert.is(valueProblem(price, 1.255), 'has more than 2 decimals');
  assert.is(valueProblem(quantity, 0), 'must be at least 1');
  assert.is(valueProblem(quantity, 2_147_483_648), 'must be at most 2147483647');
  assert.is(valueProblem(quantity, 1.5), 'must be an integer');
});

spec('a field of every type, with every modifier its type takes, is accepted', () => {
  assert.equal(new Set(EVERY_TYPE.map((field) => field.type)), new Set(FIELD_TYPES));
  assert.is(validateFields(EVERY_TYPE), undefined);
  assert.equal(checkFields(EVERY_TYPE), EVERY_TYPE);
});

spec('required with a default is accepted, from the answers file and from --field alike: never null, and a create may leave it out', () => {
  const status: FieldSpec = { name: 'status', type: 'enum', required: true, values: ['draft', 'published'], default: 'draft' };
  assert.equal(checkFields([status]), [status]);
  assert.equal(parseFieldFlags(['status:enum:required:values=draft|published:default=draft']), [status]);
  assert.is(requiredOnCreate(status), false);
  assert.is(requiredOnCreate({ ...status, default: undefined }), true);
  assert.is(requiredOnCreate({ ...status, required: false }), false);
});

spec('each type accepts its own values and refuses others', () => {
  const byName = new Map(EVERY_TYPE.map((field) => [field.name, field]));
  const cases: [string, unknown[], unknown[]][] = [
    ['title', ['ab', 'A title'], ['a', ' leading space', 42, null, 'x\u0000y']],
    ['summary', ['', 'x'.repeat(100_000)], [1]],
    ['pages', [1, 10_000], [0, 10_001, 1.5, '3']],
    ['unitPrice', [0, 99_999_999.99, 0.1], [-0.01, 100_000_000, 0.001, Number.NaN]],
    ['available', [true, false], ['true', 0]],
    ['published', ['2024-02-29', '2026-12-31'], ['2026-02-29', '2026-13-01', '2026-1-1', '2026-01-01T00:00:00Z']],
    ['lastCheckedAt', ['2026-01-01T12:00:00Z', '2026-01-01T12:00:00.123+02:00'], ['2026-01-01', '2026-01-01T12:00Z', '2026-01-01T12:00:00.1234Z', '2026-01-01 12:00:00Z', '2026-02-30T00:00:00Z']],
    ['catalogId', ['0b5d8f3e-8b2a-4c1e-9f6d-2a7c4e1b9d30'], ['0b5d8f3e8b2a4c1e9f6d2a7c4e1b9d30', 'abc']],
    ['contact', ['a@example.com'], ['example.com', 'a@b', `${'a'.repeat(120)}@example.com`]],
    ['format', ['ebook'], ['audiobook', 'EBOOK']],
  ];
  for (const [name, good, bad] of cases) {
    const field = byName.get(name)!;
    for (const value of good) assert.is(valueProblem(field, value), undefined, `${name} refused ${JSON.stringify(value)}`);
    for (const value of bad) assert.ok(valueProblem(field, value), `${name} accepted ${JSON.stringify(value)}`);
  }
});

spec('a decimal holds what reads back exactly as a double: at most 15 significant digits', () => {
  assert.is(decimalBound(18, 2), 9_999_999_999_999.99);
  assert.is(decimalBound(10, 2), 99_999_999.99);
  assert.is(decimalBound(3, 3), 0.999);
  assert.is(decimalBound(18, 0), 999_999_999_999_999);
  assert.is(decimalBound(18, 15), 0.999999999999999);
  // Scales past 15 are refused (field-refusals.test.ts): only leading zeros would be left.
  for (let precision = 1; precision <= 18; precision++) {
    for (let scale = 0; scale <= Math.min(precision, DOUBLE_DIGITS); scale++) {
      const bound = decimalBound(precision, scale);
      const digits = bound.toFixed(scale).replace('.', '').replace(/^0+/, '');
      assert.ok(/^9+$/.test(digits) && digits.length <= DOUBLE_DIGITS, `decimal(${precision},${scale}): ${bound.toFixed(scale)}`);
      assert.is(Number(bound.toFixed(scale)), bound, `${precision},${scale}`);
      assert.ok(bound + 10 ** -scale > bound, `decimal(${precision},${scale}): one unit more is another double`);
    }
  }
});

spec.run();

// ---

const table = suite('the --dry-run table');

table('lists each field with its type, whether it is required and its rules', () => {
  assert.is(
    formatFieldsTable(DEFAULT_FIELDS),
    [
      'field        type     required  rules',
      'name         string   yes       1 to 100 characters',
      'description  string   no        at most 500 characters; may be empty',
      'price        decimal  yes       decimal(18,2); 0.01 to 9999999999999.99',
      'quantity     integer  yes       1 to 2147483647',
    ].join('\n'),
  );
});

table('shows uniqueness, indexes, defaults, patterns and enum values', () => {
  const lines = formatFieldsTable(EVERY_TYPE).split('\n');
  assert.is(lines.length, EVERY_TYPE.length + 1);
  const row = (name: string) => lines.find((line) => line.startsWith(`${name} `)) ?? '';
  assert.match(row('isbn'), /^isbn\s+string\s+no\s+1 to 255 characters; pattern \^\[0-9-\]\{10,17\}\$; unique$/);
  assert.match(row('summary'), /text\s+no\s+any length; may be empty; default ""$/);
  assert.match(row('pages'), /1 to 10000; indexed; default 100$/);
  assert.match(row('format'), /one of hardcover, paperback, ebook; default "paperback"$/);
  assert.match(row('available'), /boolean\s+no\s+default true$/);
});

table.run();
