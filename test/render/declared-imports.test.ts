/**
 * Every package a generated project imports or runs in a script is one its package.json declares:
 * an import that resolves only because another dependency happens to install it breaks on the
 * next update of that dependency, and one that resolves only in the root's node_modules (which the
 * tests' projects borrow) breaks the owner's first `npm install`. Checked on the examples and on
 * the catalog entry with every field type; every project the root run links is checked too.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { test } from 'uvu';
import * as assert from 'uvu/assert';

import { renderProject } from '../../src/generate/generate.js';
import { assertDeclaredPackages, undeclaredPackages } from '../support/declared-packages.js';
import { EVERY_TYPE_AND_MODIFIER } from '../support/fields-fixtures.js';
import { root, tempDir } from '../support/helpers.js';

const bin = join(root, 'node_modules/.bin');
const product = renderProject({ entity: 'Product', port: 8080, managementPort: 8081 });

for (const [label, files] of [
  ['Product', product],
  ['catalog entry (every type)', renderProject({ entity: 'catalog entry', port: 8080, managementPort: 8081, fields: EVERY_TYPE_AND_MODIFIER })],
] as const) {
  test(`${label}: every imported package and every script's command is declared in package.json`, () => {
    assert.equal(undeclaredPackages(files, bin), []);
  });
}

test('an import of a package the project does not declare is found, though the root has it installed', () => {
  const files = new Map(product);
  files.set('src/slug.ts', "import { kebabCase } from 'change-case';\nexport const slug = kebabCase;\n");
  files.set('test/slug.test.ts', "const { test } = await import('uvu');\nimport type { Options } from '@stoplight/prism-cli/dist/x';\n");
  assert.equal(undeclaredPackages(files, bin), ['src/slug.ts: change-case', 'test/slug.test.ts: @stoplight/prism-cli']);
});

test("a script's command or --import from a package the project does not declare is found", () => {
  const files = new Map(product);
  const manifest = JSON.parse(files.get('package.json')!) as { scripts: Record<string, string> };
  manifest.scripts.docs = 'redocly lint docs/openapi.json && node --import pino-pretty x.ts';
  files.set('package.json', JSON.stringify(manifest));
  assert.equal(undeclaredPackages(files, bin), ['package.json: @redocly/cli']);
});

test('a project folder that imports what it does not declare is refused in one line, before the run links it', () => {
  const dir = tempDir();
  mkdirSync(join(dir, 'src'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'p', dependencies: { koa: '^3.0.0' } }));
  writeFileSync(join(dir, 'src/app.ts'), "import Koa from 'koa';\nimport semver from 'semver';\n");
  assert.throws(() => assertDeclaredPackages(dir), (error: Error) => error.message === `${dir} uses packages its package.json does not declare: src/app.ts: semver`);
});

test.run();
