import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import { seedValue } from '../../src/values/bench-seed-values.js';
import { fillColumns } from '../../src/views/fill-views.js';
import { listView } from '../../src/views/list-views.js';
import { DEFAULT_FIELDS, type FieldSpec } from '../../src/spec/spec.js';
import { EVERY_TYPE } from '../support/fields-fixtures.js';

const test = suite('list views');

test('the list keys are id, the timestamps, then the unique and indexed fields in the spec order', () => {
  const view = listView(EVERY_TYPE, EVERY_TYPE);
  assert.equal(view.keyNames, "['id', 'createdAt', 'updatedAt', 'isbn', 'pages', 'published', 'catalogId']");
  assert.equal(
    view.fieldKeys.map(({ name, column, nullable, numeric, unique }) => ({ name, column, nullable, numeric, unique })),
    [
      { name: 'isbn', column: 'isbn', nullable: true, numeric: false, unique: true },
      { name: 'pages', column: 'pages', nullable: true, numeric: true, unique: false },
      { name: 'published', column: 'published', nullable: true, numeric: false, unique: false },
      { name: 'catalogId', column: 'catalog_id', nullable: true, numeric: false, unique: true },
    ],
  );
  assert.is(view.unindexed, 'title');
  assert.is(view.keyProse, '`id`, `createdAt`, `updatedAt`, `isbn`, `pages`, `published` and `catalogId`');
});

test('the standard item sorts by id and the timestamps only; every field unindexed', () => {
  const view = listView(DEFAULT_FIELDS, DEFAULT_FIELDS);
  assert.equal(view.keys.map((key) => key.name), ['id', 'createdAt', 'updatedAt']);
  assert.equal(view.indexedColumns, ['created_at', 'updated_at']);
  assert.is(view.unindexed, 'name');
});

test('the index migration names only the columns the table was created with', () => {
  const created: FieldSpec[] = [{ name: 'isbn', type: 'string', unique: true }];
  const now: FieldSpec[] = [...created, { name: 'pages', type: 'integer', index: true }];
  const view = listView(now, created);
  assert.equal(view.indexedColumns, ['created_at', 'updated_at', 'isbn']);
  assert.equal(view.fieldKeys.map((key) => key.name), ['isbn', 'pages'], 'a field indexed later is still a list key');
});

test('the fill gives every column a value of row n; optional fields are empty in every tenth row', () => {
  const fill = fillColumns(EVERY_TYPE);
  assert.equal(fill.map((column) => column.column), [
    'title', 'isbn', 'summary', 'pages', 'unit_price', 'available', 'published', 'last_checked_at', 'catalog_id', 'contact', 'format', 'created_at', 'updated_at',
  ]);
  // The bench fill's values (one model of a field's values), with nulls in optional columns.
  assert.is(fill[0]!.sql, seedValue(EVERY_TYPE[0]!).sql, 'a required field always has one');
  assert.is(fill[0]!.sql, "'A title ' || (n % 1000)::text");
  assert.is(fill[1]!.sql, `case when n % 10 = 0 then null else ${seedValue(EVERY_TYPE[1]!).sql} end`, 'a unique field has one per row');
  assert.match(fill.find((column) => column.column === 'format')!.sql, "(array['hardcover', 'paperback', 'ebook'])[n % 3 + 1]");
});

test.run();
