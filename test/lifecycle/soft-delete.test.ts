import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import type { Knex } from 'knex';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import type { Answers } from '../../src/answers/answers.js';
import type { FieldSpec } from '../../src/fields/field-spec.js';
import { statusCommand } from '../../src/lifecycle/status-command.js';
import { updateCommand } from '../../src/lifecycle/update-command.js';
import { parseRecord } from '../../src/project-files/record.js';
import { readTree, tempDir } from '../support/helpers.js';
import { generated, previousRelease, writeTree } from '../support/lifecycle-fixtures.js';
import { collector } from '../support/output.js';
import { inScratchSchema, migrationTarget, registry, schemaOf, testDatabases, testKnex } from '../support/project-schema.js';

// Soft delete switched on and off by `update` in a project that holds rows, and the audit columns
// arriving by update in a project of the release before them: each a migration of its own, every
// row kept, on both databases.

const BOOK_FIELDS: FieldSpec[] = [
  { name: 'title', type: 'string', required: true, maxLength: 200 },
  { name: 'isbn', type: 'string', maxLength: 13, unique: true },
];
const book: Answers = { entity: 'Book', port: 8080, managementPort: 8081, fields: BOOK_FIELDS };
/** A service's worth of rows: what the closing figures are quoted for. */
const ROWS = 10_000;

function project(answers: Answers = book): string {
  const dir = tempDir();
  writeTree(dir, generated(answers));
  return dir;
}

/** What the owner does: sets `softDelete` in the answers file, then runs update. */
function switchSoftDelete(dir: string, on: boolean): { code: number; text: string } {
  const path = join(dir, 'create-item-service.json');
  const answers = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  writeFileSync(path, `${JSON.stringify({ ...answers, softDelete: on }, null, 2)}\n`);
  const out = collector();
  return { code: updateCommand(dir, {}, out), text: out.text() };
}

/** A copy of the project, to keep each step's migrations apart. */
function copy(dir: string): string {
  const to = tempDir();
  cpSync(dir, to, { recursive: true });
  return to;
}

const indexDefinition = async (knex: Knex, name: string) =>
  (await knex.raw('select indexdef from pg_indexes where schemaname = current_schema() and indexname = ?', [name])).rows[0]?.indexdef as string | undefined;

const plan = suite('update switches soft delete on and off');

plan('soft delete on, then off: a migration each, named for it; the project equals a fresh rendering of its answers; again nothing', () => {
  const dir = project();
  const on = switchSoftDelete(dir, true);
  assert.is(on.code, 0, on.text);
  assert.match(on.text, '002-add-soft-delete-to-books');
  assert.match(on.text, 'keeps deleted rows, restorable until purged (soft delete)');
  const files = readTree(dir);
  assert.ok(files.has('src/migrations/002-add-soft-delete-to-books.ts'));
  assert.ok(files.has('src/book/book.restore.ts') && files.has('src/cli/purge.ts'), 'the restore operation and the purge come with it');
  const record = parseRecord(files.get('create-item-service.json')!);
  assert.equal(
    generated(record.answers).get('src/migrations/002-add-soft-delete-to-books.ts'),
    files.get('src/migrations/002-add-soft-delete-to-books.ts'),
  );
  assert.is(statusCommand(dir, {}, collector()), 0, 'nothing left to update');

  const off = switchSoftDelete(dir, false);
  assert.is(off.code, 0, off.text);
  assert.match(off.text, '003-drop-soft-delete-from-books');
  assert.match(off.text, 'the migration refuses while deleted rows exist');
  const after = readTree(dir);
  assert.not.ok(after.has('src/book/book.restore.ts'), 'no restore without soft delete');
  assert.ok(after.has('src/migrations/002-add-soft-delete-to-books.ts'), 'an applied migration stays');
  assert.is(statusCommand(dir, {}, collector()), 0);
});

plan.run();

const data = suite('soft delete and the audit columns arrive in a service that holds rows');

for (const { label, url } of testDatabases()) {
  data(`${label}: soft delete on keeps every row and frees unique values; off refuses while deleted rows exist, then restores the constraint`, async () => {
    const plain = project();
    const soft = copy(plain);
    assert.is(switchSoftDelete(soft, true).code, 0);
    const hard = copy(soft);
    assert.is(switchSoftDelete(hard, false).code, 0);

    const knex = await testKnex(url);
    const db = migrationTarget(knex);
    try {
      await inScratchSchema(knex, `lifecycle_soft_${process.pid}`, async () => {
        await (await registry(plain)).migrateLatest(db);
        const plainSchema = await schemaOf(knex);
        const now = new Date();
        const rows = Array.from({ length: ROWS }, (_, i) => ({ title: `Book ${i}`, isbn: String(i).padStart(13, '0'), created_at: now, updated_at: now }));
        for (let i = 0; i < ROWS; i += 1_000) await knex.batchInsert('books', rows.slice(i, i + 1_000));

        const started = performance.now();
        assert.equal(await (await registry(soft)).migrateLatest(db), ['002-add-soft-delete-to-books']);
        const seconds = (performance.now() - started) / 1000;
        console.log(`  ${label}: soft delete switched on over ${ROWS} rows in ${seconds.toFixed(2)} s`);
        assert.is(Number((await knex('books').count({ n: '*' }))[0]!.n), ROWS, 'every row kept');
        assert.match((await indexDefinition(knex, 'books_isbn_unique')) ?? '', /UNIQUE INDEX .* WHERE \(deleted_at IS NULL\)/);

        // A deleted row frees its value; two live rows still cannot share one.
        await knex('books').where({ isbn: '0000000000007' }).update({ deleted_at: now });
        await knex('books').insert({ title: 'Again', isbn: '0000000000007', created_at: now, updated_at: now });
        const twice = await knex('books').insert({ title: 'Twice', isbn: '0000000000007', created_at: now, updated_at: now }).catch((error: Error) => error);
        assert.instance(twice, Error);

        const refused = await (await registry(hard)).migrateLatest(db).catch((error: Error) => error);
        assert.instance(refused, Error);
        assert.is(
          (refused as Error).message,
          'books holds 1 deleted rows, which a table without soft delete cannot keep: remove them first with npm run db:purge -- --all, then migrate again',
        );
        assert.is(Number((await knex('books').count({ n: '*' }))[0]!.n), ROWS + 1, 'the refused migration changed nothing');

        await knex('books').whereNotNull('deleted_at').delete();
        assert.equal(await (await registry(hard)).migrateLatest(db), ['003-drop-soft-delete-from-books']);
        assert.is(Number((await knex('books').count({ n: '*' }))[0]!.n), ROWS);
        assert.equal(await schemaOf(knex), plainSchema, 'the columns, constraints and indexes the plain project has (books_isbn_unique a constraint again)');
      });
    } finally {
      await knex.destroy();
    }
  });

  data(`${label}: a project of the release before the audit columns gains them by update; its rows keep null`, async () => {
    const release = previousRelease();
    const dir = tempDir();
    writeTree(dir, release.generate(book));
    const old = copy(dir);
    const out = collector();
    assert.is(updateCommand(dir, { from: release.dir }, out), 0, out.text());
    assert.ok(readTree(dir).has('src/migrations/001-record-who-changed-books.ts'), out.text());

    const knex = await testKnex(url);
    const db = migrationTarget(knex);
    try {
      await inScratchSchema(knex, `lifecycle_audit_${process.pid}`, async () => {
        const applied = await (await registry(old)).migrateLatest(db);
        assert.not.ok(applied.includes('001-record-who-changed-books'));
        const now = new Date();
        await knex('books').insert({ title: 'Dune', isbn: '9780441013593', created_at: now, updated_at: now });
        assert.equal(await (await registry(dir)).migrateLatest(db), ['001-record-who-changed-books']);
        assert.equal(await knex('books').select('title', 'created_by', 'updated_by'), [{ title: 'Dune', created_by: null, updated_by: null }]);
        await knex('books').insert({ title: 'Emma', created_by: 'alice', updated_by: 'alice', created_at: now, updated_at: now });
        assert.is(await (await registry(dir)).rollbackLast(db), '001-record-who-changed-books');
        assert.equal((await knex('books').select('title')).length, 2, 'down drops the columns, not the rows');
      });
    } finally {
      await knex.destroy();
    }
  });
}

data.run();
