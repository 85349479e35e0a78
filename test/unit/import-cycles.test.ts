/**
 * The generator's modules import one another without a cycle (dpdm reads the imports, type-only
 * ones included): a cycle means two modules that cannot be understood, or loaded, one at a time.
 */
import { parseCircular, parseDependencyTree } from 'dpdm';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

import { root } from '../support/helpers.js';

test('no import cycle in src/', async () => {
  const tree = await parseDependencyTree('src/**/*.ts', { context: root, transform: false, skipDynamicImports: false });
  assert.ok(Object.keys(tree).length > 50, `dpdm read src/ (${Object.keys(tree).length} modules)`);
  assert.ok('src/cli/cli.ts' in tree, 'the CLI entry is among them');
  assert.equal(parseCircular(tree), []);
});

test.run();
