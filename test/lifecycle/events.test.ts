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
import { generated, writeTree } from '../support/lifecycle-fixtures.js';
import { collector } from '../support/output.js';
import { inScratchSchema, migrationTarget, registry, schemaOf, testDatabases, testKnex } from '../support/project-schema.js';

// Change events switched on and off by `update` in a project that holds rows: the outbox and its
// trigger come in a migration of their own, and go in one that refuses while events wait, on both
// databases.

const BOOK_FIELDS: FieldSpec[] = [
  { name: 'title', type: 'string', required: true, maxLength: 200 },
  { name: 'isbn', type: 'string', maxLength: 13, unique: true },
];
const book: Answers = { entity: 'Book', port: 8080, managementPort: 8081, fields: BOOK_FIELDS };
const ROWS = 10_000;

function project(answers: Answers = book): string {
  const dir = tempDir();
  writeTree(dir, generated(answers));
  return dir;
}

/** What the owner does: sets (or removes) `events` in the answers file, then runs update. */
function switchEvents(dir: string, on: boolean): { code: number; text: string } {
  const path = join(dir, 'create-item-service.json');
  const { events: _, ...answers } = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  writeFileSync(path, `${JSON.stringify(on ? { ...answers, events: 'nats' } : answers, null, 2)}\n`);
  const out = collector();
  return { code: updateCommand(dir, {}, out), text: out.text() };
}

function copy(dir: string): string {
  const to = tempDir();
  cpSync(dir, to, { recursive: true });
  return to;
}

const count = async (knex: Knex, table: string) => Number((await knex(table).count({ n: '*' }))[0]!.n);

const plan = suite('update switches change events on and off');

plan('events on, then off: a migration each, named for it; the project equals a fresh rendering of its answers; again nothing', () => {
  const dir = project();
  const on = switchEvents(dir, true);
  assert.is(on.code, 0, on.text);
  assert.match(on.text, '002-record-changes-of-books');
  assert.match(on.text, 'records every change in an outbox, which the service publishes (events)');
  const files = readTree(dir);
  assert.ok(files.has('src/events/relay.ts') && files.has('test/events/events.test.ts'), 'the relay and its tests come with it');
  assert.not.ok(files.has('src/migrations/001-store-outbox.ts'), 'an applied first migration is never added to');
  const record = parseRecord(files.get('create-item-service.json')!);
  assert.is(record.answers.events, 'nats');
  assert.equal(generated(record.answers).get('src/migrations/002-record-changes-of-books.ts'), files.get('src/migrations/002-record-changes-of-books.ts'));
  assert.is(statusCommand(dir, {}, collector()), 0, 'nothing left to update');

  const off = switchEvents(dir, false);
  assert.is(off.code, 0, off.text);
  assert.match(off.text, '003-stop-recording-changes-of-books');
  assert.match(off.text, 'the migration refuses while events wait in it');
  const after = readTree(dir);
  assert.not.ok(after.has('src/events/relay.ts'), 'no relay without events');
  assert.ok(after.has('src/migrations/002-record-changes-of-books.ts'), 'an applied migration stays');
  assert.is(statusCommand(dir, {}, collector()), 0);
});

plan('a project made with events has the outbox from its first migrations; a default one has nothing of it', () => {
  const withEvents = generated({ ...book, events: 'nats' });
  assert.ok(withEvents.has('src/migrations/001-store-outbox.ts'));
  assert.match(withEvents.get('package.json')!, '"@nats-io/jetstream"');
  const plain = generated(book);
  const mentions = [...plain].filter(([, content]) => /outbox|nats|cloudevents|asyncapi/i.test(content)).map(([path]) => path);
  assert.equal(mentions, [], 'no file of a project without events mentions them');
});

plan.run();

const data = suite('change events arrive in a service that holds rows');

for (const { label, url } of testDatabases()) {
  data(`${label}: events on keeps every row and records each later change once; off refuses while events wait, then leaves the plain schema`, async () => {
    const plain = project();
    const on = copy(plain);
    assert.is(switchEvents(on, true).code, 0);
    const off = copy(on);
    assert.is(switchEvents(off, false).code, 0);

    const knex = await testKnex(url);
    const db = migrationTarget(knex);
    try {
      await inScratchSchema(knex, `lifecycle_events_${process.pid}`, async () => {
        await (await registry(plain)).migrateLatest(db);
        const plainSchema = await schemaOf(knex);
        const now = new Date();
        const rows = Array.from({ length: ROWS }, (_, i) => ({ title: `Book ${i}`, isbn: String(i).padStart(13, '0'), created_at: now, updated_at: now }));
        for (let i = 0; i < ROWS; i += 1_000) await knex.batchInsert('books', rows.slice(i, i + 1_000));

        const started = performance.now();
        assert.equal(await (await registry(on)).migrateLatest(db), ['002-record-changes-of-books']);
        console.log(`  ${label}: events switched on over ${ROWS} rows in ${((performance.now() - started) / 1000).toFixed(2)} s`);
        assert.is(await count(knex, 'books'), ROWS, 'every row kept');
        assert.is(await count(knex, 'outbox'), 0, 'rows that were there are no change');

        // Each kind of write, one row each; a rolled-back one leaves nothing.
        const [{ id }] = await knex('books').insert({ title: 'Dune', isbn: 'x1', created_by: 'alice', updated_by: 'alice', created_at: now, updated_at: now }).returning('id');
        await knex('books').where({ id }).update({ title: 'Dune II', updated_by: 'bob' });
        await knex.transaction(async (trx) => {
          await trx('books').where({ id }).update({ title: 'never' });
          await trx.rollback();
        }).catch(() => undefined);
        await knex('books').where({ id }).whereRaw("set_config('app.actor', ?, true) is not null", ['carol']).delete();
        const recorded = await knex('outbox').orderBy('position').select('item_id', 'type', 'actor', knex.raw("data->>'title' as title"));
        assert.equal(recorded, [
          { item_id: id, type: 'created', actor: 'alice', title: 'Dune' },
          { item_id: id, type: 'updated', actor: 'bob', title: 'Dune II' },
          { item_id: id, type: 'deleted', actor: 'carol', title: 'Dune II' },
        ]);

        const refused = await (await registry(off)).migrateLatest(db).catch((error: Error) => error);
        assert.instance(refused, Error);
        assert.is(
          (refused as Error).message,
          'the outbox holds 3 events not yet published: start the service with its broker until it is empty (metric events_outbox_depth), then migrate again',
        );
        await knex('outbox').delete();
        assert.equal(await (await registry(off)).migrateLatest(db), ['003-stop-recording-changes-of-books']);
        assert.is(await count(knex, 'books'), ROWS);
        assert.equal(await schemaOf(knex), plainSchema, 'the tables, constraints and indexes the plain project has');
        await knex('books').where({ title: 'Book 1' }).update({ title: 'Book one' });
        const triggers = await knex.raw(
          "select count(*)::integer as n from pg_trigger join pg_class on pg_class.oid = tgrelid where relnamespace = current_schema()::regnamespace and tgname = 'record_change'",
        );
        assert.is(triggers.rows[0].n, 0, 'no trigger left');
      });
    } finally {
      await knex.destroy();
    }
  });
}

data.run();
