import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import { listView } from '../../src/views/list-views.js';
import { DEFAULT_FIELDS, type FieldSpec } from '../../src/fields/field-spec.js';
import { EVERY_TYPE } from '../support/fields-fixtures.js';

const test = suite('list views');

test('the list keys are id, the timestamps, who wrote the row, then the unique and indexed fields in the spec order', () => {
  const view = listView(EVERY_TYPE, EVERY_TYPE);
  assert.equal(view.keyNames, "['id', 'createdAt', 'updatedAt', 'createdBy', 'updatedBy', 'isbn', 'pages', 'published', 'catalogId']");
  assert.equal(
    view.keys.slice(5).map(({ name, column, nullable, numeric, unique }) => ({ name, column, nullable, numeric, unique })),
    [
      { name: 'isbn', column: 'isbn', nullable: true, numeric: false, unique: true },
      { name: 'pages', column: 'pages', nullable: true, numeric: true, unique: false },
      { name: 'published', column: 'published', nullable: true, numeric: false, unique: false },
      { name: 'catalogId', column: 'catalog_id', nullable: true, numeric: false, unique: true },
    ],
  );
  assert.is(view.keyProse, '`id`, `createdAt`, `updatedAt`, `createdBy`, `updatedBy`, `isbn`, `pages`, `published` and `catalogId`');
});

test('the standard item sorts by id, the timestamps and who wrote it only; every field unindexed', () => {
  const view = listView(DEFAULT_FIELDS, DEFAULT_FIELDS);
  assert.equal(view.keys.map((key) => key.name), ['id', 'createdAt', 'updatedAt', 'createdBy', 'updatedBy']);
  assert.equal(view.indexedColumns, ['created_at', 'updated_at']);
});

test('the index migration names only the columns the table was created with', () => {
  const created: FieldSpec[] = [{ name: 'isbn', type: 'string', unique: true }];
  const now: FieldSpec[] = [...created, { name: 'pages', type: 'integer', index: true }];
  const view = listView(now, created);
  assert.equal(view.indexedColumns, ['created_at', 'updated_at', 'isbn']);
  assert.equal(view.keys.slice(5).map((key) => key.name), ['isbn', 'pages'], 'a field indexed later is still a list key');
});

test.run();
