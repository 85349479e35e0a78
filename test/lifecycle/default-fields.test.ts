/**
 * A default project's answers file lists the standard fields, so adding one is one edit, and
 * status and update name every rule, example and description the owner changed.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import { canonicalField, DEFAULT_FIELDS, type FieldSpec } from '../../src/fields/field-spec.js';
import { statusCommand } from '../../src/lifecycle/status-command.js';
import { updateCommand, type UpdateOptions } from '../../src/lifecycle/update-command.js';
import { tempDir } from '../support/helpers.js';
import { editFields, generated, writeTree } from '../support/lifecycle-fixtures.js';
import { collector } from '../support/output.js';

function update(dir: string, options: UpdateOptions = {}): { code: number; out: ReturnType<typeof collector> } {
  const out = collector();
  return { code: updateCommand(dir, options, out), out };
}

const standard = suite('the standard fields, listed in the answers file');

standard('a default project lists its fields: adding one is one edit, and every other rule, example and description stays', () => {
  const dir = tempDir();
  writeTree(dir, generated({ entity: 'OrderLine', port: 8080, managementPort: 8081 }));
  const schemaPath = join(dir, 'src/order-line/order-line.schema.ts');
  const before = readFileSync(schemaPath, 'utf8');
  editFields(dir, (list) => {
    assert.equal(list, DEFAULT_FIELDS.map(canonicalField), 'the standard fields, with their examples and descriptions');
    return [...list, { name: 'sku', type: 'string' }];
  });
  const status = collector();
  assert.is(statusCommand(dir, {}, status), 1);
  assert.match(status.text(), 'update would add migration 002-add-sku-to-order-lines, which adds sku.');
  assert.not.match(status.text(), 'Rules edited', 'nothing but the new field changes');
  const { code, out } = update(dir);
  assert.is(code, 0, out.text());
  const after = readFileSync(schemaPath, 'utf8');
  for (const kept of [".example('Widget')", '.example(19.99)', '.example(3)', "'Free text; "]) {
    assert.ok(before.includes(kept) && after.includes(kept), kept);
  }
  assert.match(after, 'const sku = ');
});

standard('status and update list every rule, example and description the owner changed, beside the migration', () => {
  const dir = tempDir();
  writeTree(dir, generated({ entity: 'OrderLine', port: 8080, managementPort: 8081 }));
  // As the README's prose reads: the standard fields without their examples and descriptions.
  editFields(dir, (list) =>
    list.map((field) => {
      const { example: _, description: __, ...rest } = field;
      return rest as FieldSpec;
    }),
  );
  const status = collector();
  assert.is(statusCommand(dir, {}, status), 1, 'a rule change alone is a pending update');
  const lines = [
    'name: example "Widget" -> none (one is made up)',
    'description: example "A small widget" -> none (one is made up); description "Free text" -> none',
    'price: example 19.99 -> none (one is made up)',
    'quantity: example 3 -> none (one is made up)',
  ];
  for (const line of lines) assert.match(status.text(), `\n  ${line}`);
  const dry = update(dir, { dryRun: true });
  for (const line of lines) assert.match(dry.out.text(), `\n  ${line}`);
  const done = update(dir);
  assert.is(done.code, 0, done.out.text());
  assert.match(done.out.text(), 'Rules edited in create-item-service.json, now in the schemas and the document:');
  assert.match(done.out.text(), lines[0] ?? '');
});

standard.run();
