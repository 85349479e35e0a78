import { PGlite } from '@electric-sql/pglite';
import knex from 'knex';
import ClientPgLite from 'knex-pglite';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import { validateFields } from '../../src/spec/validate-fields.js';
import { valueProblem } from '../../src/values/field-values.js';
import { type LoadValue, loadValues } from '../../src/values/load-values.js';
import { DEFAULT_FIELDS, type FieldSpec } from '../../src/spec/spec.js';
import { storageView } from '../../src/views/storage-views.js';
import { storedValues } from '../../src/values/stored-values.js';
import { uniqueConstraintName, uniqueViews } from '../../src/views/unique-views.js';
import { EVERY_TYPE } from '../support/fields-fixtures.js';

/** A spec with a unique field of every type that takes `unique`, and bounds that leave little room. */
const UNIQUE_EVERYWHERE: FieldSpec[] = [
  { name: 'code', type: 'string', unique: true, minLength: 3, maxLength: 12, pattern: '^[A-Z0-9-]+$', example: 'AB-1' },
  { name: 'notes', type: 'text', unique: true, maxLength: 20 },
  { name: 'email', type: 'email', unique: true, maxLength: 30, example: 'someone.long@example.com' },
  { name: 'seat', type: 'integer', unique: true, min: -5, max: 5000 },
  { name: 'fee', type: 'decimal', unique: true, precision: 6, scale: 3, min: 0.5 },
  { name: 'day', type: 'date', unique: true },
  { name: 'at', type: 'datetime', unique: true },
  { name: 'ref', type: 'uuid', unique: true },
  { name: 'tier', type: 'enum', unique: true, values: ['a', 'b'] },
];

/** The value an expression of the load views gives for request n. */
function evaluate(expression: string, n: number): unknown {
  return (new Function('n', `return ${expression};`) as (n: number) => unknown)(n);
}

// ---

const unique = suite('unique fields and their constraints');

unique('the constraint is the name PostgreSQL stores for knex .unique(), cut at 63 bytes', async () => {
  const db = knex({ client: ClientPgLite, connection: { pglite: new PGlite() } as knex.Knex.StaticConnectionConfig });
  const long = 'a_column_name_that_runs_to_forty_letters';
  try {
    await db.schema.createTable('warehouse_order_lines', (table) => {
      table.string('catalog_id').unique();
      table.string(long).unique();
    });
    const { rows } = await db.raw<{ rows: { conname: string }[] }>("select conname from pg_constraint where conrelid = 'warehouse_order_lines'::regclass and contype = 'u' order by conname");
    assert.equal(
      rows.map((row) => row.conname),
      [uniqueConstraintName('warehouse_order_lines', long), uniqueConstraintName('warehouse_order_lines', 'catalog_id')].sort(),
    );
    assert.is(uniqueConstraintName('warehouse_order_lines', 'catalog_id'), 'warehouse_order_lines_catalog_id_unique');
    assert.is(uniqueConstraintName('warehouse_order_lines', long).length, 63);
  } finally {
    await db.destroy();
  }
});

unique('lists the unique fields in the spec order, and none for the default item', () => {
  assert.equal(uniqueViews(EVERY_TYPE, 'books'), [
    { name: 'isbn', constraint: 'books_isbn_unique' },
    { name: 'catalogId', constraint: 'books_catalog_id_unique' },
  ]);
  assert.equal(uniqueViews(DEFAULT_FIELDS, 'products'), []);
});

unique.run();

// ---

const load = suite('load test bodies');

load('the default item: the values the bench fills, numbered by n and a thousand of each', () => {
  assert.equal(loadValues(DEFAULT_FIELDS), [
    { name: 'name', expression: '`Widget ${n % 1000}`' },
    { name: 'description', expression: '`A small widget ${n % 1000}`' },
    { name: 'price', expression: '((n % 1000) + 1) * 0.25' },
    { name: 'quantity', expression: '(n % 1000) + 1' },
  ]);
});

load('every value of every field passes its rules, from the first request to the billionth', () => {
  for (const fields of [EVERY_TYPE, UNIQUE_EVERYWHERE, DEFAULT_FIELDS]) {
    const byName = new Map(fields.map((field) => [field.name, field]));
    for (const { name, expression } of loadValues(fields)) {
      for (const n of [0, 1, 2, 99, 365, 12_345, 999_999, 19_000_123, 999_999_999]) {
        const value = evaluate(expression, n);
        assert.is(valueProblem(byName.get(name)!, value), undefined, `${name} = ${JSON.stringify(value)} (n = ${n}, ${expression})`);
      }
    }
  }
});

load('a unique field repeats no value over the requests of a run, as far as its rules have values', () => {
  const spans: Record<string, number> = { seat: 5000, tier: 2 };
  for (const fields of [EVERY_TYPE, UNIQUE_EVERYWHERE]) {
    const uniqueNames = new Set(fields.filter((field) => field.unique).map((field) => field.name));
    for (const { name, expression } of loadValues(fields).filter(({ name }) => uniqueNames.has(name))) {
      const requests = Math.min(spans[name] ?? 5000, 5000);
      const values = new Set(Array.from({ length: requests }, (_, n) => JSON.stringify(evaluate(expression, n * 997))));
      assert.is(values.size, requests, `${name}: ${expression}`);
    }
  }
});

load('a decimal of every precision and scale varies from request to request, within its bounds', () => {
  // decimal(18,15) from 0 reaches 0.999999999999999: counting 0.25s once rounded up to 1 there, so its
  // values fell back to the example and the project's k6 body and bench left n unused (sweep seed 20261127, spec 113).
  // A unique decimal(16,16) has 10^16 - 1 units, past what a double counts by one: rendering it never ended.
  let checked = 0;
  for (let precision = 1; precision <= 18; precision++) {
    for (let scale = 0; scale <= precision; scale++) {
      for (const modifiers of [{ min: 0 }, { min: 0.01 }, {}, { unique: true }, { unique: true, min: 0 }]) {
        const field: FieldSpec = { name: 'amount', type: 'decimal', precision, scale, ...modifiers };
        const named = `decimal(${precision},${scale}) ${JSON.stringify(modifiers)}`;
        // Specs the generator refuses up front (a min of 0.01 without two decimals, a unique decimal(1,0)) render nothing.
        if (validateFields([field]) !== undefined) continue;
        checked += 1;
        const [{ expression }] = loadValues([field]) as [LoadValue];
        const values = [0, 1, 2, 3, 999_999_999].map((n) => evaluate(expression, n));
        for (const value of values) assert.is(valueProblem(field, value), undefined, `${named}: ${JSON.stringify(value)} (${expression})`);
        assert.ok(new Set(values).size > 1, `${named} varies: ${expression}`);
      }
    }
  }
  assert.ok(checked > 800, `${checked} decimal specs checked`);
});

load('an integer varies from request to request within its bounds, however wide its range', () => {
  // A unique integer up to 999,999,999 once counted n on without a modulo: past its max at the numbers a k6 run reaches.
  for (const max of [10, 100_000, 123_456_789, 999_999_999, 2_147_483_647]) {
    for (const modifiers of [{}, { min: 0 }, { min: 1 }, { unique: true }, { unique: true, min: 1 }]) {
      const field: FieldSpec = { name: 'count', type: 'integer', max, ...modifiers };
      const [{ expression }] = loadValues([field]) as [LoadValue];
      const values = [0, 1, 2, 3, 999_999_999].map((n) => evaluate(expression, n));
      for (const value of values) assert.is(valueProblem(field, value), undefined, `max ${max} ${JSON.stringify(modifiers)}: ${value} (${expression})`);
      assert.ok(new Set(values).size > 1, `max ${max} ${JSON.stringify(modifiers)} varies: ${expression}`);
    }
  }
});

load('a pattern that no numbered text fits keeps the example', () => {
  const color: FieldSpec = { name: 'color', type: 'string', unique: true, pattern: '^(red|blue)$', example: 'red' };
  assert.equal(loadValues([color]), [{ name: 'color', expression: "'red'" }]);
});

load.run();

// ---

const stored = suite('values the storage test stores');

stored('two values per field, both valid, differing from each other and from the default', () => {
  for (const field of [...EVERY_TYPE, ...UNIQUE_EVERYWHERE, ...DEFAULT_FIELDS]) {
    const [first, second] = storedValues(field);
    assert.is(valueProblem(field, first), undefined, `${field.name}: ${JSON.stringify(first)}`);
    assert.is(valueProblem(field, second), undefined, `${field.name}: ${JSON.stringify(second)}`);
    assert.is.not(first, second, field.name);
    assert.is.not(first, field.default, field.name);
  }
});

stored('numbers are stored at their bounds, text with accents, an emoji and quotes', () => {
  const [name, , price, quantity] = DEFAULT_FIELDS.map(storedValues);
  assert.equal(name, ['Widget «é» 😀 "q" \'s\'', 'Widget']);
  assert.equal(price, [9_999_999_999_999.99, 0.01]);
  assert.equal(quantity, [2_147_483_647, 1]);
});

stored('the storage view checks offsets and enum columns only where the spec has them', () => {
  const product = storageView(DEFAULT_FIELDS);
  assert.equal([product.hasTime, product.datetimes, product.enums], [false, [], []]);
  assert.equal(product.first, [
    '  name: \'Widget «é» 😀 "q" \\\'s\\\'\',',
    '  description: \'A small widget «é» 😀 "q" \\\'s\\\'\',',
    '  price: 9_999_999_999_999.99,',
    '  quantity: 2_147_483_647,',
  ]);
  const book = storageView(EVERY_TYPE);
  assert.ok(book.hasTime);
  assert.equal(book.datetimes, [{ name: 'lastCheckedAt', label: 'last checked at' }]);
  assert.equal(book.enums, [{ name: 'format', label: 'format', column: 'format', outside: 'other' }]);
});

stored.run();
