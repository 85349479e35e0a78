import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import type { FieldSpec } from '../../src/fields/field-spec.js';
import { parseRecord } from '../../src/project-files/record.js';
import { statusCommand } from '../../src/lifecycle/status-command.js';
import { updateCommand, type UpdateOptions } from '../../src/lifecycle/update-command.js';
import type { Answers } from '../../src/answers/answers.js';
import { MIGRATION_LAYOUTS, NEW_PROJECT_LAYOUT, type MigrationLayout } from '../../src/answers/migration-layout.js';
import { readTree, tempDir } from '../support/helpers.js';
import { editFields, generated, writeTree } from '../support/lifecycle-fixtures.js';
import { inScratchSchema, migrationTarget, registry, schemaOf, testKnex } from '../support/project-schema.js';
import { collector } from '../support/output.js';

const BOOK_FIELDS: FieldSpec[] = [
  { name: 'title', type: 'string', required: true, maxLength: 200 },
  { name: 'summary', type: 'text' },
  { name: 'format', type: 'enum', values: ['hardcover', 'paperback'], index: true },
  { name: 'isbn', type: 'string', maxLength: 13, unique: true },
];
const book: Answers = { entity: 'Book', port: 8080, managementPort: 8081, fields: BOOK_FIELDS };
const CREATE = 'src/migrations/001-create-books.ts';

/** A Book project as this version generates it (not a git working tree: update needs no --allow-dirty). */
function bookProject(migrationLayout: MigrationLayout = NEW_PROJECT_LAYOUT): string {
  const dir = tempDir();
  writeTree(dir, generated({ ...book, migrationLayout }));
  return dir;
}

function update(dir: string, options: UpdateOptions = {}): { code: number; out: ReturnType<typeof collector> } {
  const out = collector();
  return { code: updateCommand(dir, options, out), out };
}

/** The project a fresh generation of its own answers file gives. */
function freshFromAnswersFile(dir: string): Map<string, string> {
  return generated(parseRecord(readFileSync(join(dir, 'create-item-service.json'), 'utf8')).answers);
}

const fields = suite('update after a change of the fields');

fields('an added field gets a new migration with up and down; 001 stays; the project equals a fresh rendering; a second update does nothing', () => {
  const dir = bookProject();
  const create = readFileSync(join(dir, CREATE), 'utf8');
  editFields(dir, (list) => [...list, { name: 'pages', type: 'integer', min: 1, default: 100 }]);

  const status = collector();
  assert.is(statusCommand(dir, {}, status), 1, 'a field change is a pending update');
  assert.match(status.text(), 'update would add migration 002-add-pages-to-books, which adds pages');

  const { code, out } = update(dir);
  assert.is(code, 0, out.err.join('\n'));
  assert.match(out.text(), 'added migration 002-add-pages-to-books');
  assert.match(out.text(), 'npm run migrate');
  const migration = readFileSync(join(dir, 'src/migrations/002-add-pages-to-books.ts'), 'utf8');
  const [up, down] = migration.split('export async function down');
  assert.match(up ?? '', "table.integer('pages').nullable().defaultTo(100);");
  assert.match(down ?? '', "table.dropColumn('pages');");
  assert.is(readFileSync(join(dir, CREATE), 'utf8'), create, 'the create migration is never rewritten');
  assert.match(readFileSync(join(dir, 'src/book/book.model.ts'), 'utf8'), 'pages');
  assert.match(readFileSync(join(dir, 'src/book/book.schema.ts'), 'utf8'), 'pages');

  const disk = readTree(dir);
  assert.equal([...disk.keys()], [...freshFromAnswersFile(dir).keys()]);
  for (const [path, content] of freshFromAnswersFile(dir)) assert.is(disk.get(path), content, path);

  const again = update(dir);
  assert.is(again.code, 0);
  assert.match(again.out.text(), 'Nothing to update');
  assert.equal(readTree(dir), disk);
  assert.is(statusCommand(dir, {}, collector()), 0, 'nothing pending after the update');
});

fields('a destructive change is refused in one line naming it, nothing written; --allow-destructive applies it', () => {
  const dir = bookProject();
  editFields(dir, (list) => list.filter((field) => field.name !== 'summary').map((field) => (field.name === 'title' ? { ...field, maxLength: 100 } : field)));
  const before = readTree(dir);
  const refused = update(dir);
  assert.is(refused.code, 2);
  assert.is(refused.out.err.length, 1);
  assert.match(refused.out.err[0] ?? '', 'dropping summary loses its values');
  assert.match(refused.out.err[0] ?? '', 'varchar(200) to varchar(100)');
  assert.match(refused.out.err[0] ?? '', '--allow-destructive');
  assert.equal(readTree(dir), before, 'nothing written');

  const status = collector();
  assert.is(statusCommand(dir, {}, status), 1);
  assert.match(status.text(), 'needs --allow-destructive');

  const applied = update(dir, { allowDestructive: true });
  assert.is(applied.code, 0, applied.out.err.join('\n'));
  const [up, down] = readFileSync(join(dir, 'src/migrations/002-change-books-fields.ts'), 'utf8').split('export async function down');
  assert.match(up ?? '', "table.dropColumn('summary');");
  assert.match(up ?? '', "table.string('title', 100).notNullable().alter({ alterNullable: false });");
  assert.match(down ?? '', "table.text('summary').nullable();");
  assert.match(down ?? '', "table.string('title', 200).notNullable().alter({ alterNullable: false });");
});

fields('a required field added to a table that may hold rows is refused with the safer way', () => {
  const dir = bookProject();
  editFields(dir, (list) => [...list, { name: 'pages', type: 'integer', required: true }]);
  const refused = update(dir);
  assert.is(refused.code, 2);
  assert.match(refused.out.err[0] ?? '', 'adding required pages fails on a table that holds rows');
  assert.match(refused.out.err[0] ?? '', 'add a field optional with a default, then make it required');
});

fields('a required field with a default is added in place: the stored rows take the default', () => {
  const dir = bookProject();
  editFields(dir, (list) => [...list, { name: 'pages', type: 'integer', required: true, default: 1 }]);
  const { code, out } = update(dir);
  assert.is(code, 0, out.err.join('\n'));
  assert.match(readFileSync(join(dir, 'src/migrations/002-add-pages-to-books.ts'), 'utf8'), "table.integer('pages').notNullable().defaultTo(1);");
});

fields('renamedFrom renames the column (and its constraint) once; the answers keep the rename in its migration only', () => {
  const dir = bookProject();
  editFields(dir, (list) => list.map((field) => (field.name === 'isbn' ? { ...field, name: 'code', renamedFrom: 'isbn' } : field)));
  const { code, out } = update(dir);
  assert.is(code, 0, out.err.join('\n'));
  const [up, down] = readFileSync(join(dir, 'src/migrations/002-rename-isbn-to-code-in-books.ts'), 'utf8').split('export async function down');
  assert.match(up ?? '', "table.renameColumn('isbn', 'code');");
  assert.match(up ?? '', "['books', 'books_isbn_unique', 'books_code_unique']");
  assert.match(down ?? '', "table.renameColumn('code', 'isbn');");
  assert.not.match(up ?? '', 'dropColumn');

  const record = parseRecord(readFileSync(join(dir, 'create-item-service.json'), 'utf8'));
  assert.is(record.answers.fields?.find((field) => field.name === 'code')?.renamedFrom, undefined, 'the current fields no longer carry it');
  assert.is(record.answers.migrations?.[1]?.fields.find((field) => field.name === 'code')?.renamedFrom, 'isbn');
  const disk = readTree(dir);
  assert.match(update(dir).out.text(), 'Nothing to update', 'a rename is applied once');
  assert.equal(readTree(dir), disk);
});

fields('renamedFrom must name a field the table has', () => {
  const dir = bookProject();
  editFields(dir, (list) => [...list, { name: 'pages', type: 'integer', renamedFrom: 'pageCount' }]);
  const refused = update(dir);
  assert.is(refused.code, 2);
  assert.match(refused.out.err[0] ?? '', 'renamedFrom "pageCount" names no field of the previous fields (title, summary, format, isbn)');
});

fields("the new migration is numbered after the owner's own migrations", () => {
  const dir = bookProject();
  writeFileSync(join(dir, 'src/migrations/002-add-sku.ts'), 'export {};\n');
  editFields(dir, (list) => [...list, { name: 'pages', type: 'integer' }]);
  assert.is(update(dir).code, 0);
  assert.ok(readTree(dir).has('src/migrations/003-add-pages-to-books.ts'));
});

fields.run();

const database = suite('a field migration on a database that holds rows, in either migration layout');

/** The first migrations of each layout, as a Book project's registry applies them. */
const FIRST_MIGRATIONS: Record<MigrationLayout, string[]> = {
  combined: ['001-create-books', '001-record-who-changed-books', '001-store-idempotency-keys', '001-store-rate-limits'],
  stepwise: [
    '001-create-books',
    '001-index-books-for-lists',
    '001-record-who-changed-books',
    '001-store-idempotency-keys',
    '001-store-rate-limits',
    '001-version-books-for-conditional-requests',
  ],
};

for (const layout of MIGRATION_LAYOUTS) {
  database(`${layout}: migrate, insert, update, migrate: the row survives with the default; down gives back the old schema (names of constraints and indexes too); latest again`, async () => {
    const old = bookProject(layout);
    const updated = tempDir();
    cpSync(old, updated, { recursive: true });
    editFields(updated, (list) => [
      ...list
        .filter((field) => field.name !== 'summary')
        .map((field) => (field.name === 'format' ? { ...field, name: 'cover', renamedFrom: 'format', values: ['hardcover', 'paperback', 'ebook'] } : field)),
      // Required with a default: the stored rows take the default, so NOT NULL holds at once.
      { name: 'pages', type: 'integer', required: true, default: 100, index: true },
    ]);
    assert.is(update(updated, { allowDestructive: true }).code, 0);

    const knex = await testKnex();
    const db = migrationTarget(knex);
    try {
      await inScratchSchema(knex, `lifecycle_fields_${layout}_${process.pid}`, async () => {
        const before = await registry(old);
        const after = await registry(updated);
        assert.equal(await before.migrateLatest(db), FIRST_MIGRATIONS[layout]);
        const oldSchema = await schemaOf(knex);
        const now = new Date();
        await knex('books').insert({ title: 'Dune', summary: 'Sand', format: 'paperback', isbn: '9780441013593', created_at: now, updated_at: now });

        assert.equal(await after.migrateLatest(db), ['002-change-books-fields']);
        const [row] = await knex('books').select('*');
        assert.equal({ title: row.title, cover: row.cover, isbn: row.isbn, pages: row.pages }, { title: 'Dune', cover: 'paperback', isbn: '9780441013593', pages: 100 });
        assert.not.ok('summary' in row, 'summary was dropped');
        await knex('books').insert({ title: 'Emma', cover: 'ebook', created_at: now, updated_at: now });
        const unknown = await knex('books').insert({ title: 'Odd', cover: 'scroll', created_at: now, updated_at: now }).catch((error: Error) => error);
        assert.instance(unknown, Error, 'the renamed check constraint still refuses a value outside the enum');
        await knex('books').where({ title: 'Emma' }).delete();

        assert.is(await after.rollbackLast(db), '002-change-books-fields');
        assert.equal(await schemaOf(knex), oldSchema, 'down gives back exactly the old columns, constraints and indexes');
        const [back] = await knex('books').select('title', 'format');
        assert.equal(back, { title: 'Dune', format: 'paperback' });

        assert.equal(await after.migrateLatest(db), ['002-change-books-fields']);
        assert.equal((await knex('books').select('pages'))[0], { pages: 100 });
      });
    } finally {
      await knex.destroy();
    }
  });
}

database.run();
