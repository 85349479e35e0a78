import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { test } from 'uvu';
import * as assert from 'uvu/assert';

import { validateFieldName } from '../../src/names/field-name.js';
import { FIELD_TYPES, type FieldSpec, type FieldType } from '../../src/fields/field-spec.js';
import { linkRootModules, root, runCli, tempDir } from '../support/helpers.js';

/**
 * Field names close to what the generated code declares, imports or reads (module names, Koa and
 * test vocabulary, the model's and the schema module's names, SQL words that are not reserved).
 * Each one the validator accepts goes into one project with types in rotation; the project must
 * type-check and pass `biome check` (layout, imports, lint). The ones it refuses are covered in fields-names.test.ts.
 */
const TRICKY_FIELD_NAMES = [
  'type', 'status', 'length', 'value', 'key', 'data', 'body', 'error', 'message', 'state', 'request', 'response',
  'ctx', 'app', 'router', 'service', 'logger', 'config', 'env', 'schema', 'model', 'joi', 'fc', 'assert', 'suite',
  'test', 'row', 'rows', 'json', 'input', 'update', 'create', 'result', 'total', 'items', 'next', 'limit', 'offset',
  'path', 'url', 'headers', 'token', 'user', 'scope', 'metrics', 'health', 'label', 'title', 'text', 'date', 'number',
  'boolean', 'string', 'object', 'promise', 'map', 'set', 'name', 'description', 'price', 'quantity', 'maxPrice',
  'priceScale', 'validName', 'storable', 'isbn13', 'a', 'x1',
];

const accepted = TRICKY_FIELD_NAMES.filter((name) => validateFieldName(name) === undefined);

/** A field of the given type that needs no more than its name. */
function fieldOf(name: string, type: FieldType, position: number): FieldSpec {
  const required = position % 3 === 0;
  if (type === 'enum') return { name, type, values: ['one', 'two'], required };
  return { name, type, required } as FieldSpec;
}

test('most tricky names are accepted: the sweep has something to check', () => {
  assert.ok(accepted.length >= TRICKY_FIELD_NAMES.length - 12, `accepted only ${accepted.join(', ')}`);
});

test('a project whose fields have every accepted tricky name type-checks and lints clean', async () => {
  const fields = accepted.map((name, position) => fieldOf(name, FIELD_TYPES[position % FIELD_TYPES.length]!, position));
  const dir = tempDir();
  const out = join(dir, 'service');
  writeFileSync(join(dir, 'answers.json'), JSON.stringify({ entity: 'Record entry', fields }));
  const result = await runCli(['--answers', join(dir, 'answers.json'), '--yes', '--out', out]);
  assert.is(result.status, 0, result.stderr);
  linkRootModules(out);
  for (const [command, args] of [
    [process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.test.json']],
    [process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', 'k6']],
    [join(root, 'node_modules/.bin/biome'), ['check', '--error-on-warnings']],
  ] as const) {
    const run = spawnSync(command, args, { cwd: out, encoding: 'utf8' });
    assert.is(run.status, 0, `${args.join(' ')}: ${run.stdout}${run.stderr}`);
  }
});

test.run();
