import { PGlite } from '@electric-sql/pglite';
import knex from 'knex';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import { entityShape } from '../../src/views/entity-views.js';
import { valueProblem } from '../../src/fields/field-values.js';
import { literal, numberLiteral } from '../../src/code/code-text.js';
import { fieldViews } from '../../src/views/field-views.js';
import { joiDeclaration } from '../../src/views/joi-views.js';
import { exampleValue } from '../../src/fields/field-values.js';
import { exampleLines, requestExamples } from '../../src/views/openapi-examples.js';
import { DEFAULT_FIELDS, type FieldSpec } from '../../src/fields/field-spec.js';
import { entityNames } from '../../src/names/entity-names.js';
import { EVERY_TYPE } from '../support/fields-fixtures.js';

/** The SQL of a createTable whose body is the views' column calls, as the migration runs them. */
function createTableSql(table: string, columnCalls: string[]): string {
  const body = new Function('table', columnCalls.join('\n')) as (table: unknown) => void;
  return knex({ client: 'pg' }).schema.createTable(table, body).toString();
}

/** The raw row's part of the entity's shape. */
function pickRow({ rowOmitted, rowColumns }: { rowOmitted: string; rowColumns: string }) {
  return { rowOmitted, rowColumns };
}

// ---

const views = suite('what the templates print for each field');

views('the standard fields give the item\'s migration, model types and row types', () => {
  assert.equal(
    fieldViews(DEFAULT_FIELDS).map(({ name, column, knexColumn, tsType, rowType }) => ({ name, column, knexColumn, tsType, rowType })),
    [
      { name: 'name', column: 'name', knexColumn: "table.string('name', 100).notNullable();", tsType: 'string', rowType: undefined },
      { name: 'description', column: 'description', knexColumn: "table.string('description', 500).nullable();", tsType: 'string | null', rowType: undefined },
      { name: 'price', column: 'price', knexColumn: 'table.decimal(\'price\', 18, 2).notNullable();', tsType: 'number', rowType: 'string' },
      { name: 'quantity', column: 'quantity', knexColumn: "table.integer('quantity').notNullable();", tsType: 'number', rowType: undefined },
    ],
  );
});

views('the model turns NUMERIC into a number and timestamptz into ISO text, and types raw rows by column (a date is text)', () => {
  const standard = fieldViews(DEFAULT_FIELDS);
  assert.equal(standard.flatMap((view) => view.fromDatabase), [
    "// The schema's MAX_PRICE keeps every stored price exact as a double.",
    "if (typeof json.price === 'string') json.price = Number(json.price);",
  ]);
  assert.equal(pickRow(entityShape(standard, entityNames('Product'))), {
    rowOmitted: "'price' | 'createdAt' | 'updatedAt' | 'createdBy' | 'updatedBy'",
    rowColumns: 'price: string; created_at: string; updated_at: string; created_by: string | null; updated_by: string | null',
  });
  const book = fieldViews(EVERY_TYPE);
  // timestamptz comes as ISO text from the database module's type parser: nothing left for the model.
  assert.equal(book.find((view) => view.name === 'lastCheckedAt')?.fromDatabase, []);
  assert.equal(entityShape(book, entityNames('Book')).rowColumns.split('; '), [
    'unit_price: string | null',
    'last_checked_at: string | null',
    'catalog_id: string | null',
    'created_at: string',
    'updated_at: string',
    'created_by: string | null',
    'updated_by: string | null',
  ]);
  // With soft delete, a raw row holds when and by whom it was deleted too.
  assert.equal(entityShape(book, entityNames('Book'), true).rowColumns.split('; ').slice(-2), ['deleted_at: string | null', 'deleted_by: string | null']);
});

views('names become columns, labels and constants', () => {
  const [view] = fieldViews([{ name: 'lastCheckedAt', type: 'datetime' }]);
  assert.equal([view!.column, view!.label, view!.constantName], ['last_checked_at', 'last checked at', 'LAST_CHECKED_AT']);
});

views('every type has its own column and TypeScript type', () => {
  const byName = new Map(fieldViews(EVERY_TYPE).map((view) => [view.name, view]));
  const expected: [string, string, string][] = [
    ['title', "table.string('title', 200).notNullable();", 'string'],
    ['isbn', "table.string('isbn', 255).nullable().unique();", 'string | null'],
    ['summary', "table.text('summary').nullable().defaultTo('');", 'string | null'],
    ['pages', "table.integer('pages').nullable().defaultTo(100).index();", 'number | null'],
    ['unitPrice', "table.decimal('unit_price', 10, 2).nullable().defaultTo(9.99);", 'number | null'],
    ['available', "table.boolean('available').nullable().defaultTo(true);", 'boolean | null'],
    ['published', "table.date('published').nullable().defaultTo('2026-01-31').index();", 'string | null'],
    ['lastCheckedAt', "table.timestamp('last_checked_at', { useTz: true }).nullable().defaultTo('2026-01-01T12:00:00.000Z');", 'string | null'],
    ['catalogId', "table.uuid('catalog_id').nullable().unique();", 'string | null'],
    ['contact', "table.string('contact', 120).nullable().defaultTo('books@example.com');", 'string | null'],
    ['format', "table.enum('format', ['hardcover', 'paperback', 'ebook']).nullable().defaultTo('paperback');", "'hardcover' | 'paperback' | 'ebook' | null"],
  ];
  for (const [name, knexColumn, tsType] of expected) {
    assert.is(byName.get(name)?.knexColumn, knexColumn, name);
    assert.is(byName.get(name)?.tsType, tsType, name);
  }
});

views('literals survive quotes and backslashes', () => {
  assert.is(literal("it's a \\d"), "'it\\'s a \\\\d'");
  assert.is(eval(literal("it's a \\d\nnext")), "it's a \\d\nnext");
});

views('the columns of every type create a table in PostgreSQL that stores the defaults and keeps its constraints', async () => {
  const db = new PGlite();
  try {
    await db.exec(createTableSql('books', fieldViews(EVERY_TYPE).map((view) => view.knexColumn)));
    await db.exec("insert into books (title, catalog_id) values ('A title', '0b5d8f3e-8b2a-4c1e-9f6d-2a7c4e1b9d30')");
    const { rows } = await db.query<Record<string, unknown>>('select * from books');
    assert.is(rows.length, 1);
    const row = rows[0]!;
    assert.equal(
      { summary: row.summary, pages: row.pages, unit_price: row.unit_price, available: row.available, format: row.format, contact: row.contact },
      { summary: '', pages: 100, unit_price: '9.99', available: true, format: 'paperback', contact: 'books@example.com' },
    );
    assert.is((row.last_checked_at as Date).toISOString(), '2026-01-01T12:00:00.000Z');
    // The enum's check constraint and the unique index hold.
    let refused = 0;
    for (const sql of [
      "insert into books (title, format) values ('B', 'audiobook')",
      "insert into books (title, catalog_id) values ('C', '0b5d8f3e-8b2a-4c1e-9f6d-2a7c4e1b9d30')",
      'insert into books (isbn) values (null)',
    ]) {
      await db.exec(sql).catch(() => (refused += 1));
    }
    assert.is(refused, 3, 'a value outside the enum, a duplicate unique value and a missing required title are refused');
  } finally {
    await db.close();
  }
});

views.run();

// ---

const joi = suite('what the schema module prints for each field');

joi('numbers are written with digit groups from five integer digits on', () => {
  assert.equal(
    [9_999_999_999_999.99, 2_147_483_647, 10_000, 1000, 0.01, -2_147_483_648, 19.99].map(numberLiteral),
    ['9_999_999_999_999.99', '2_147_483_647', '10_000', '1000', '0.01', '-2_147_483_648', '19.99'],
  );
});

joi('a field without an example gets one that passes its own rules', () => {
  // A pattern needs its example: no value can be made up for any regular expression.
  for (const field of EVERY_TYPE.filter((spec) => spec.type !== 'string' || spec.pattern === undefined)) {
    const { example: _given, ...withoutExample } = field;
    assert.is(valueProblem(withoutExample as FieldSpec, exampleValue(withoutExample as FieldSpec)), undefined, field.name);
  }
  assert.is(exampleValue({ name: 'code', type: 'string', minLength: 10 }), 'Codexxxxxx');
  assert.is(exampleValue({ name: 'size', type: 'integer', min: 5, max: 9 }), 5);
});

joi('the standard fields print the item\'s schema declarations', () => {
  const declarations = DEFAULT_FIELDS.map(joiDeclaration);
  assert.is(
    declarations[0],
    "const name = Joi.string().minCharacters(1).maxCharacters(100).custom(storableText).messages(textMessages).example('Widget').description('Name: 1 to 100 characters.');",
  );
  assert.is(declarations[3], "const quantity = Joi.number().integer().min(1).max(MAX_QUANTITY).example(3).description('Quantity: 1 to 2147483647.');");
  // One statement each: the project's formatter breaks a long chain (see formatFiles).
  assert.match(declarations[1]!, /^const description = Joi.string\(\)\.allow\('', null\)\.maxCharacters\(500\)/);
});

joi('required with a default: never null, NOT NULL with the default, and a create may leave it out', () => {
  const status: FieldSpec = { name: 'status', type: 'enum', required: true, values: ['draft', 'published'], default: 'draft' };
  assert.is(
    joiDeclaration(status),
    "const status = Joi.string().valid('draft', 'published').example('draft').description('Leaving it out on create stores \"draft\", and null is refused.');",
  );
  const [view] = fieldViews([status]);
  assert.is(view?.knexColumn, "table.enum('status', ['draft', 'published']).notNullable().defaultTo('draft');");
  assert.is(view?.tsType, "'draft' | 'published'");
  assert.is(view?.requiredOnCreate, false);
  const shape = entityShape(fieldViews([{ name: 'title', type: 'string', required: true }, status]), entityNames('Post'));
  assert.is(shape.createType, "Pick<PostModel, 'title'> & Partial<Pick<PostModel, 'status'>>");
  const { create, update } = requestExamples([{ name: 'title', type: 'string', required: true }, status]);
  assert.equal(create.map(({ key, value }) => [key, Object.keys(value)]), [['full', ['title', 'status']], ['minimal', ['title']]]);
  assert.not.ok(update.some(({ value }) => Object.values(value).includes(null)), 'no example clears a field that is never null');
  const optional = joiDeclaration({ ...status, required: false });
  assert.match(optional, /\.allow\(null\)/);
  assert.match(optional, /Leaving it out on create stores "draft", null stores none, and null in an update clears it\./);
});

joi('the schema module\'s entity-level parts follow the fields', () => {
  const product = entityShape(fieldViews(DEFAULT_FIELDS), entityNames('Product'));
  assert.is(product.int4Columns, 'the id column and quantity are both');
  assert.is(product.createType, "Pick<ProductModel, 'name' | 'price' | 'quantity'> & Partial<Pick<ProductModel, 'description'>>");
  assert.is(product.updateKeys, '{ name, description, price, quantity }');
  const book = entityShape(fieldViews(EVERY_TYPE), entityNames('Book'));
  assert.is(book.int4Columns, 'the id column and pages are both');
  assert.match(book.updateKeys, /^\{ title, isbn, /);
  const counter = entityShape(fieldViews([{ name: 'hits', type: 'integer' }, { name: 'misses', type: 'integer' }, { name: 'active', type: 'boolean' }]), entityNames('Counter'));
  assert.is(counter.int4Columns, 'the id column, hits and misses are all');
  assert.is(counter.createType, "Partial<Pick<CounterModel, 'hits' | 'misses' | 'active'>>");
});

joi('the request examples use one value per field: all fields, the required ones, a change to other values and a clear', () => {
  const { create, update } = requestExamples(DEFAULT_FIELDS);
  assert.equal(create.map(exampleLines), [
    "    full: { summary: 'All fields', value: { name: 'Widget', description: 'A small widget', price: 19.99, quantity: 3 } },",
    "    minimal: { summary: 'Required fields only', value: { name: 'Widget', price: 19.99, quantity: 3 } },",
  ]);
  assert.equal(update.map(exampleLines), [
    "    price: { summary: 'Change price and quantity', value: { price: 20.99, quantity: 4 } },",
    "    clearDescription: { summary: 'Clear the description', value: { description: null } },",
  ]);
  const allRequired = requestExamples([{ name: 'code', type: 'string', required: true, unique: true }, { name: 'size', type: 'integer', required: true }]);
  assert.equal(allRequired.create.map((example) => example.key), ['full']);
  assert.equal(allRequired.update, [{ key: 'size', summary: 'Change size', value: { size: 2 } }]);
});

joi.run();
