import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { PGlite } from '@electric-sql/pglite';
import knex from 'knex';
import ClientPgLite from 'knex-pglite';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import { benchSeedView } from '../../src/views/bench-seed-views.js';
import { columnName } from '../../src/spec/field-name.js';
import { valueProblem } from '../../src/values/field-values.js';
import { knexColumn } from '../../src/views/field-views.js';
import { DEFAULT_FIELDS, type FieldSpec } from '../../src/spec/spec.js';
import { loadTemplates, render } from '../../src/render/render.js';
import { EVERY_TYPE } from '../support/fields-fixtures.js';
import { root, tempDir } from '../support/helpers.js';

const BOOK_EXAMPLE: FieldSpec[] = (
  await import(join(root, 'examples/book-service/create-item-service.json'), {
    with: { type: 'json' },
  })
).default.fields;

/** Unique fields of every type that takes `unique`, with bounds that leave little room. */
const UNIQUE_EVERYWHERE: FieldSpec[] = [
  {
    name: 'code',
    type: 'string',
    unique: true,
    minLength: 3,
    maxLength: 12,
    pattern: '^[A-Z0-9-]+$',
    example: 'AB-1',
  },
  { name: 'notes', type: 'text', unique: true, maxLength: 20 },
  {
    name: 'email',
    type: 'email',
    unique: true,
    maxLength: 30,
    example: 'someone.long@example.com',
  },
  { name: 'seat', type: 'integer', unique: true, min: -5, max: 50_000 },
  {
    name: 'fee',
    type: 'decimal',
    unique: true,
    precision: 6,
    scale: 3,
    min: 0.5,
  },
  { name: 'day', type: 'date', unique: true },
  { name: 'at', type: 'datetime', unique: true },
  { name: 'ref', type: 'uuid', unique: true },
];

interface Fill {
  insertRows(
    db: {
      query(sql: string, values: unknown[]): Promise<{ rowCount: number | null }>;
    },
    from: number,
    count: number,
    first: Date,
  ): Promise<number>;
  fillProblem(rows: number): string | undefined;
}

const fillTemplate = loadTemplates().filter((template) => template.path === 'bench/fill.ts.hbs');

/** The generated bench/fill.ts of a service with these fields, imported. */
async function renderedFill(fields: FieldSpec[]): Promise<Fill> {
  const files = render({ entity: 'Book', port: 8080, managementPort: 8081, fields }, fillTemplate, '0.0.0');
  const file = join(tempDir(), 'fill.ts');
  writeFileSync(file, files.get('bench/fill.ts')!);
  return (await import(file)) as Fill;
}

/** One embedded PostgreSQL for the suite: starting one takes seconds. */
const pglite = new PGlite();
const db = knex({
  client: ClientPgLite,
  connection: { pglite } as knex.Knex.StaticConnectionConfig,
});

/** The books table as the migration creates it, made anew; `rows` reads it back as JSON. */
async function booksTable(fields: FieldSpec[]) {
  await db.schema.dropTableIfExists('books');
  await db.schema.createTable('books', (table) => {
    table.increments('id').primary();
    for (const field of fields) new Function('table', knexColumn(field))(table);
    table.timestamp('created_at', { useTz: true }).notNullable();
    table.timestamp('updated_at', { useTz: true }).notNullable();
  });
  return {
    client: {
      query: async (sql: string, values: unknown[]) => ({
        rowCount: (await pglite.query(sql, values)).affectedRows ?? null,
      }),
    },
    rows: async () => (await pglite.query<{ row: Record<string, unknown> }>('select to_json(books) as row from books order by id')).rows.map((r) => r.row),
  };
}

// ---

const fill = suite('the bench fill');

fill('fills the default item, the book example and a field of every type with rows that pass every rule', async () => {
  for (const fields of [DEFAULT_FIELDS as FieldSpec[], BOOK_EXAMPLE, EVERY_TYPE, UNIQUE_EVERYWHERE]) {
    const { insertRows } = await renderedFill(fields);
    const table = await booksTable(fields);
    const first = new Date('2025-12-01T00:00:00.000Z');
    assert.is(await insertRows(table.client, 0, 3_000, first), 3_000);
    const rows = await table.rows();
    assert.is(rows.length, 3_000);
    for (const [index, row] of rows.entries()) {
      for (const field of fields) {
        const value = row[columnName(field.name)];
        assert.is(valueProblem(field, value), undefined, `${field.name} = ${JSON.stringify(value)} in row ${index}`);
      }
      assert.is(Date.parse(row.created_at as string), first.getTime() + index * 1000, 'row n is created n seconds after row 0');
      assert.is(row.updated_at, row.created_at);
    }
    for (const field of fields.filter((f) => f.unique)) {
      assert.is(new Set(rows.map((row) => JSON.stringify(row[columnName(field.name)]))).size, rows.length, `${field.name} repeats no value`);
    }
    // The fields that are not unique vary too: a list sorted or filtered by them meets many values.
    for (const field of fields.filter((f) => f.type !== 'boolean' && f.type !== 'enum')) {
      assert.ok(new Set(rows.map((row) => JSON.stringify(row[columnName(field.name)]))).size >= 365, `${field.name} varies`);
    }
  }
});

fill('rows numbered on past a taken unique value are left out, not an error', async () => {
  const { insertRows } = await renderedFill(EVERY_TYPE);
  const table = await booksTable(EVERY_TYPE);
  const first = new Date('2025-12-01T00:00:00.000Z');
  assert.is(await insertRows(table.client, 0, 10, first), 10);
  assert.is(await insertRows(table.client, 5, 10, first), 5, 'rows 5 to 9 are already there');
  assert.is((await table.rows()).length, 15);
});

fill('a unique field with few values limits the fill, and says why before anything is inserted', async () => {
  const seat: FieldSpec = {
    name: 'seat',
    type: 'integer',
    unique: true,
    min: 1,
    max: 5_000,
  };
  const limited = await renderedFill([seat]);
  assert.is(limited.fillProblem(5_000), undefined);
  assert.is(limited.fillProblem(5_001), 'the fill adds to books at most 5,000 rows: seat is unique and the fill makes 5,000 values of it that pass its rules');
  const color: FieldSpec = {
    name: 'color',
    type: 'string',
    unique: true,
    pattern: '^(red|blue)$',
    example: 'red',
  };
  const fixed = await renderedFill([color]);
  assert.is(fixed.fillProblem(2), 'the fill adds to books at most 1 row: color is unique and no value but its example passes its rules');
  assert.is((await renderedFill(EVERY_TYPE)).fillProblem(1_000_000), undefined);
});

fill('a unique text field with a short maxLength cycles through the numbers that fit', () => {
  const view = benchSeedView([{ name: 'code', type: 'string', unique: true, maxLength: 4 }]);
  assert.equal(view.columns, [{ entry: `['code', "lpad((n % 10000)::text, 4, '0')"]` }]);
  assert.is(view.mostRows, '10_000');
});

fill('the default item: names and descriptions numbered after their examples, numbers within their bounds', () => {
  assert.equal(
    benchSeedView(DEFAULT_FIELDS).columns.map((column) => column.entry),
    [
      `['name', "'Widget ' || (n % 1000)::text"]`,
      `['description', "'A small widget ' || (n % 1000)::text"]`,
      `['price', '((n % 1000) + 1) * 0.25']`,
      `['quantity', '(n % 1000) + 1']`,
    ],
  );
});

fill.after(() => db.destroy());

fill.run();
