import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { test } from 'uvu';
import * as assert from 'uvu/assert';

import { updateCommand } from '../../src/lifecycle/update-command.js';
import { DEFAULT_FIELDS } from '../../src/fields/field-spec.js';
import { tempDir } from '../support/helpers.js';
import { generated, previousRelease, product, writeTree } from '../support/lifecycle-fixtures.js';
import { NEXT_CHANGES, NEXT_VERSION } from '../support/next-release.js';
import { collector } from '../support/output.js';
import { inScratchSchema, migrationTarget, registry, schemaOf, testDatabases, testKnex } from '../support/project-schema.js';
import { ADDED_FIELD, ADDED_MIGRATION, MOVED_EDIT, updateStory, type StatusDocument } from '../support/updated-project.js';

/** The "done when" on one project; the root run also runs this project's own tests on both databases. */
const dir = tempDir();
const story = updateStory(dir);
const stateOf = (document: StatusDocument, path: string) => document.files.find((file) => file.path === path);

test('before: owner edits are edited, the release is pending, the field change names its migration', () => {
  const { before } = story.statuses;
  assert.is(story.exitCodes.before, 1);
  assert.ok(before.updatePending);
  assert.equal(stateOf(before, 'src/app.ts'), { path: 'src/app.ts', state: 'edited', change: 'update' });
  assert.equal(stateOf(before, 'src/config.ts'), { path: 'src/config.ts', state: 'edited', change: null });
  assert.equal(stateOf(before, 'README.md'), { path: 'README.md', state: 'edited', change: 'update' });
  assert.equal(stateOf(before, ADDED_MIGRATION), { path: ADDED_MIGRATION, state: null, change: 'new' });
  assert.is(before.fieldMigration?.name, '002-add-sku-to-products');
});

test('update keeps every owner edit, marks exactly the conflicting hunk, and adds the migration', () => {
  assert.is(story.exitCodes.update, 1, story.updateOutput);
  assert.match(story.updateOutput, /conflict\s+src\/app\.ts .*\(1 hunk\)/);
  assert.match(readFileSync(join(dir, 'README.md'), 'utf8'), /^Owned by the catalogue team\.\n/);
  assert.match(readFileSync(join(dir, 'src/config.ts'), 'utf8'), /\/\/ Reviewed by the catalogue team\.\n$/);
  assert.ok(existsSync(join(dir, ADDED_MIGRATION)));
  assert.ok(existsSync(join(dir, 'src/migrations/001-create-products.ts')));
  assert.match(readFileSync(join(dir, 'src/product/product.schema.ts'), 'utf8'), /\bsku\b/);
  assert.is(readFileSync(join(dir, '.env'), 'utf8'), 'LOG_LEVEL=warn\n');
});

test('after the update the conflict keeps status at 1; resolved, nothing is pending', () => {
  const { updated, resolved } = story.statuses;
  assert.is(story.exitCodes.updated, 1);
  assert.not.ok(updated.updatePending);
  assert.is(stateOf(updated, 'src/app.ts')?.state, 'conflicted');
  assert.is(story.exitCodes.resolved, 0);
  assert.equal(stateOf(resolved, 'src/app.ts'), { path: 'src/app.ts', state: 'edited', change: null });
  assert.equal(stateOf(resolved, ADDED_MIGRATION), { path: ADDED_MIGRATION, state: 'unchanged', change: null });
  assert.ok(readFileSync(join(dir, 'src/app.ts'), 'utf8').includes(story.conflict.mine));
});

test('the next release, whose code, templates and answers file changed, updates it without a conflict', () => {
  assert.is(story.exitCodes.next, 0, story.nextOutput);
  assert.match(story.nextOutput, /update\s+src\/product\/product\.schema\.ts/);
  assert.match(story.nextOutput, /create\s+docs\/runbook\.md/);
  assert.is(story.exitCodes.nextStatus, 0, 'nothing pending for the next release');
  assert.ok(readFileSync(join(dir, 'src/app.ts'), 'utf8').includes(story.conflict.mine), 'the resolved owner line stays');
  assert.match(readFileSync(join(dir, 'README.md'), 'utf8'), /^Owned by the catalogue team\.\n/);
  assert.match(readFileSync(join(dir, 'src/config.ts'), 'utf8'), /\/\/ Reviewed by the catalogue team\.\n$/);
  const answers = JSON.parse(readFileSync(join(dir, 'create-item-service.json'), 'utf8'));
  assert.is(answers.description, NEXT_CHANGES.description, 'the new key, with its default');
  assert.is(answers.generatorVersion, NEXT_VERSION);
  assert.ok(answers.fields.some((field: { name: string }) => field.name === 'sku'), 'the added field is still there');
  assert.ok(existsSync(join(dir, ADDED_MIGRATION)));
});

test('the next release moves a test file the owner edited: the edit lands at the new path, merged with the release\'s change, the old file gone', () => {
  const { from, to } = NEXT_CHANGES.renamed;
  assert.match(story.nextOutput, new RegExp(`move-merge\\s+${from} -> ${to}\\s+moved and changed by this version, edited by you: merged cleanly`));
  assert.match(story.nextOutput, /\d+ files? moved\. A file of your own that imports one by its old path must follow it to the new one: npm run typecheck names each\./);
  assert.not.ok(existsSync(join(dir, from)), 'the old path is removed');
  const moved = readFileSync(join(dir, to), 'utf8');
  assert.ok(moved.includes(MOVED_EDIT.to), "the owner's edit");
  assert.ok(moved.includes(NEXT_CHANGES.renamedLine.to), "the release's change");
});

/** The migration files of a rendering or of a folder, by path. */
const migrationFiles = (files: ReadonlyMap<string, string>) => new Map([...files].filter(([path]) => /^src\/migrations\/\d{3}-/.test(path)));
const migrationsOnDisk = (project: string) =>
  migrationFiles(new Map(readdirSync(join(project, 'src/migrations')).map((file) => [`src/migrations/${file}`, readFileSync(join(project, 'src/migrations', file), 'utf8')])));

/** A project this version generates, given the same field by its owner and updated: the new layout's history of the story. */
function freshProjectWithAddedField(): string {
  const fresh = tempDir();
  writeTree(fresh, generated(product));
  const answersPath = join(fresh, 'create-item-service.json');
  const answers = JSON.parse(readFileSync(answersPath, 'utf8')) as Record<string, unknown>;
  writeFileSync(answersPath, `${JSON.stringify({ ...answers, fields: [...DEFAULT_FIELDS, ADDED_FIELD] }, null, 2)}\n`);
  const output = collector();
  if (updateCommand(fresh, {}, output) !== 0) throw new Error(`the fresh project's update failed:\n${output.text()}`);
  return fresh;
}

test('the first migrations the previous release wrote stay byte for byte, and the answers file names their layout; a new project creates its table whole', () => {
  const written = migrationFiles(previousRelease().generate(product));
  assert.equal([...written.keys()], [
    'src/migrations/001-create-products.ts',
    'src/migrations/001-index-products-for-lists.ts',
    'src/migrations/001-store-idempotency-keys.ts',
    'src/migrations/001-store-rate-limits.ts',
    'src/migrations/001-version-products-for-conditional-requests.ts',
  ]);
  const onDisk = migrationsOnDisk(dir);
  // This version adds the audit columns in a migration of their own (the previous release had none).
  const audit = 'src/migrations/001-record-who-changed-products.ts';
  assert.equal([...onDisk.keys()].sort(), [...written.keys(), audit, ADDED_MIGRATION].sort());
  for (const [path, content] of written) assert.ok(onDisk.get(path) === content, `${path} is as the previous release wrote it`);
  assert.is(JSON.parse(readFileSync(join(dir, 'create-item-service.json'), 'utf8')).migrationLayout, 'stepwise');

  const fresh = migrationFiles(generated(product));
  assert.equal([...fresh.keys()], ['src/migrations/001-create-products.ts', audit, 'src/migrations/001-store-idempotency-keys.ts', 'src/migrations/001-store-rate-limits.ts']);
  assert.match(fresh.get('src/migrations/001-create-products.ts') ?? '', /table\.integer\('version'\)[\s\S]*table\.index\(\['created_at', 'id'\]\)/);
  assert.not.match(fresh.get('src/migrations/001-create-products.ts') ?? '', /exist already/);
});

test('its database and a new project\'s, given the same field, end with the same tables, columns, constraints and indexes', async () => {
  const fresh = freshProjectWithAddedField();
  const [stepwise, combined] = [await registry(dir), await registry(fresh)];
  for (const { label, url } of testDatabases()) {
    const knex = await testKnex(url);
    const db = migrationTarget(knex);
    try {
      const old = await inScratchSchema(knex, `story_stepwise_${process.pid}`, async () => ({ applied: await stepwise.migrateLatest(db), schema: await schemaOf(knex) }));
      const made = await inScratchSchema(knex, `story_combined_${process.pid}`, async () => ({ applied: await combined.migrateLatest(db), schema: await schemaOf(knex) }));
      assert.is(old.applied.length, 7, `${label}: five first migrations, the audit columns' and the added field's`);
      assert.equal(
        made.applied,
        ['001-create-products', '001-record-who-changed-products', '001-store-idempotency-keys', '001-store-rate-limits', '002-add-sku-to-products'],
        label,
      );
      assert.equal(made.schema, old.schema, label);
    } finally {
      await knex.destroy();
    }
  }
});

test.run();
