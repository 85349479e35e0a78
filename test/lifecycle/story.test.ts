import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { test } from 'uvu';
import * as assert from 'uvu/assert';

import { tempDir } from '../support/helpers.js';
import { NEXT_CHANGES, NEXT_VERSION } from '../support/next-release.js';
import { ADDED_MIGRATION, updateStory, type StatusDocument } from '../support/updated-project.js';

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

test.run();
