/**
 * The generator's modules import one another without a cycle (dpdm reads the imports, type-only
 * ones included): a cycle means two modules that cannot be understood, or loaded, one at a time.
 * The same holds for its folders (`src/fields`, `src/views`, ...): each one's files may import the
 * folders below it, never one above, so that a folder can be read with only those below in mind.
 */
import { type DependencyTree, parseCircular, parseDependencyTree } from 'dpdm';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

import { root } from '../support/helpers.js';

const tree = await parseDependencyTree('src/**/*.ts', { context: root, transform: false, skipDynamicImports: false });

/** `src/fields/types/text.ts` -> `src/fields`; a file directly in src/ is a folder of its own. */
const folderOf = (file: string) => file.split('/').slice(0, 2).join('/');

/** Each folder's imports of other folders, each with the first file import that makes it. */
function folderImports(files: DependencyTree): Map<string, Map<string, string>> {
  const imports = new Map<string, Map<string, string>>();
  for (const [file, dependencies] of Object.entries(files)) {
    for (const { id } of dependencies ?? []) {
      if (id === null || !id.startsWith('src/') || folderOf(id) === folderOf(file)) continue;
      const from = imports.get(folderOf(file)) ?? new Map<string, string>();
      if (!from.has(folderOf(id))) from.set(folderOf(id), `${file} -> ${id}`);
      imports.set(folderOf(file), from);
    }
  }
  return imports;
}

/** The folder cycles, each as the file imports that make it; each found once, from its least folder. */
function folderCycles(imports: Map<string, Map<string, string>>): string[][] {
  const cycles: string[][] = [];
  const visit = (start: string, path: string[], reasons: string[]) => {
    for (const [next, reason] of imports.get(path.at(-1)!) ?? []) {
      if (next === start) cycles.push([...reasons, reason]);
      else if (next > start && !path.includes(next)) visit(start, [...path, next], [...reasons, reason]);
    }
  };
  for (const folder of [...imports.keys()].sort()) visit(folder, [folder], []);
  return cycles;
}

test('no import cycle in src/', () => {
  assert.ok(Object.keys(tree).length > 50, `dpdm read src/ (${Object.keys(tree).length} modules)`);
  assert.ok('src/cli/cli.ts' in tree, 'the CLI entry is among them');
  assert.equal(parseCircular(tree), []);
});

test('no import cycle between the folders of src/', () => {
  const imports = folderImports(tree);
  assert.ok(imports.get('src/views')?.has('src/fields'), 'the views import the fields: the folders were read');
  assert.equal(folderCycles(imports), []);
});

test('a folder cycle is found and named by the imports that make it', () => {
  const made = { 'src/a/x.ts': [{ id: 'src/b/y.ts' }], 'src/b/y.ts': [{ id: 'src/a/z.ts' }], 'src/a/z.ts': [] } as unknown as DependencyTree;
  assert.equal(folderCycles(folderImports(made)), [['src/a/x.ts -> src/b/y.ts', 'src/b/y.ts -> src/a/z.ts']]);
});

test.run();
