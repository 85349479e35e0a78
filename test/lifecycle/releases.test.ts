/**
 * Updates across real packed releases that changed the generator's code and templates:
 * N (previousRelease) -> N+1 (this version) -> N+2 (nextRelease). Each step's base is rendered
 * by the recorded release's own package, as an owner's update would.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import fc from 'fast-check';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import { canonicalField, DEFAULT_FIELDS, type FieldSpec } from '../../src/fields/field-spec.js';
import { updateCommand } from '../../src/lifecycle/update-command.js';
import { GENERATOR_VERSION } from '../../src/version.js';
import { root, tempDir } from '../support/helpers.js';
import { generated, previousRelease, product, productOfPrevious, replaceInFile, writeTree } from '../support/lifecycle-fixtures.js';
import { NEXT_CHANGES, NEXT_VERSION, nextRelease } from '../support/next-release.js';
import { collector, everything } from '../support/output.js';

const previous = previousRelease();
const next = nextRelease();
const cacheDir = tempDir();

/** A Product project as release N's own command generated it, with the .env generation adds. */
function projectOfN(): string {
  const dir = tempDir();
  writeTree(dir, previous.generate(product));
  writeFileSync(join(dir, '.env'), 'JWT_SECRET=kept\n');
  return dir;
}

/** N+1 -> N+2: the next release's own command, with this version's package (the repository, built) as the base. */
function updateWithNext(dir: string): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, [join(next.dir, 'bin/create-item-service.js'), 'update', dir, '--from', root], { encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

function assertTree(dir: string, expected: ReadonlyMap<string, string>, label: string): void {
  const tree = everything(dir);
  assert.equal([...tree.keys()].sort(), [...expected.keys()].sort(), `${label}: the same files`);
  for (const [path, content] of expected) assert.ok(tree.get(path) === content, `${label}: ${path}`);
}

const chain = suite('update across releases that changed code');

chain('the releases differ in code-written output, not only in templates', () => {
  const [n, n1, n2] = [previous.generate(product), generated(product), next.generate(product)];
  const openapi = 'src/product/product.openapi.ts';
  assert.ok(n.get(openapi) !== n1.get(openapi), 'an OpenAPI example written by openapi-examples.ts');
  assert.ok(n1.get('src/product/product.schema.ts')?.includes(NEXT_CHANGES.reworded.from));
  assert.ok(n2.get('src/product/product.schema.ts')?.includes(NEXT_CHANGES.reworded.to), 'a description written by joi-views.ts');
  assert.match(n2.get('create-item-service.json') ?? '', /"description": "Product service"/, 'the answers file has a new key');
});

chain('an unedited project takes N -> N+1 -> N+2, each step byte for byte a fresh rendering of its version', () => {
  const dir = projectOfN();
  const output = collector();
  assert.is(updateCommand(dir, { from: previous.tarball, cacheDir }, output), 0, output.text());
  assertTree(dir, new Map(generated(productOfPrevious)).set('.env', 'JWT_SECRET=kept\n'), GENERATOR_VERSION);
  const step = updateWithNext(dir);
  assert.is(step.status, 0, step.output);
  assertTree(dir, new Map(next.generate(productOfPrevious)).set('.env', 'JWT_SECRET=kept\n'), NEXT_VERSION);
});

chain('a project of N lists no fields: update writes the standard ones into it, unchanged, and then adding one is one edit', () => {
  const dir = projectOfN();
  const answersFile = () => JSON.parse(readFileSync(join(dir, 'create-item-service.json'), 'utf8')) as { fields?: FieldSpec[] };
  assert.is(answersFile().fields, undefined, 'release N wrote no fields');
  const schema = readFileSync(join(dir, 'src/product/product.schema.ts'), 'utf8');

  // An owner who lists only the new field is told what the missing list meant.
  const withOnlySku: { fields?: FieldSpec[] } = { ...answersFile(), fields: [{ name: 'sku', type: 'string' }] };
  writeFileSync(join(dir, 'create-item-service.json'), JSON.stringify(withOnlySku));
  const refused = collector();
  assert.is(updateCommand(dir, { from: previous.tarball, cacheDir }, refused), 2);
  assert.match(refused.err.join('\n'), 'listed no fields, which means the standard ones (name, description, price, quantity)');
  delete withOnlySku.fields;
  writeFileSync(join(dir, 'create-item-service.json'), JSON.stringify(withOnlySku));

  const output = collector();
  assert.is(updateCommand(dir, { from: previous.tarball, cacheDir }, output), 0, output.text());
  assert.equal(answersFile().fields, DEFAULT_FIELDS.map(canonicalField), 'the standard fields, examples and descriptions as they were');
  assert.not.match(output.text(), 'Rules edited');
  const updatedSchema = readFileSync(join(dir, 'src/product/product.schema.ts'), 'utf8');
  for (const example of [".example('Widget')", '.example(19.99)', '.example(3)', "'Free text; "]) {
    assert.ok(schema.includes(example) && updatedSchema.includes(example), example);
  }

  const edited = answersFile();
  edited.fields?.push({ name: 'sku', type: 'string' });
  writeFileSync(join(dir, 'create-item-service.json'), JSON.stringify(edited));
  const added = collector();
  assert.is(updateCommand(dir, { cacheDir }, added), 0, added.text());
  assert.match(added.text(), 'added migration 002-add-sku-to-products, which adds sku.');
});

chain('owner edits survive both steps; exactly the conflicting hunks are marked', () => {
  const dir = projectOfN();
  const openapi = 'src/product/product.openapi.ts';
  const mineSummary = "    full: { summary: 'Every field, as the catalogue team sends it', value: everyField },";
  replaceInFile(dir, openapi, "    full: { summary: 'Every field', value: everyField },", mineSummary);
  writeFileSync(join(dir, 'README.md'), `Owned by the catalogue team.\n${readFileSync(join(dir, 'README.md'), 'utf8')}`);
  writeFileSync(join(dir, 'src/product/product.schema.ts'), `// Reviewed by the catalogue team.\n${readFileSync(join(dir, 'src/product/product.schema.ts'), 'utf8')}`);
  const mineComment = `${NEXT_CHANGES.serverComment.from} (see the runbook)`;
  replaceInFile(dir, 'src/server.ts', NEXT_CHANGES.serverComment.from, mineComment);
  rmSync(join(dir, 'test/support/tokens.ts'));
  writeFileSync(join(dir, 'src/extra.ts'), 'export const extra = 1;\n');

  const output = collector();
  assert.is(updateCommand(dir, { from: previous.tarball, cacheDir }, output), 1, output.text());
  assert.match(output.text(), /conflict\s+src\/product\/product\.openapi\.ts .*\(1 hunk\)/);
  assert.equal(output.text().match(/^\s*conflict\s/gm)?.length, 1, 'one file in conflict');
  const released = "    full: { summary: 'All fields', value: everyField },";
  const block = ['<<<<<<< yours', mineSummary, '=======', released, `>>>>>>> create-item-service ${GENERATOR_VERSION}`].join('\n');
  const text = readFileSync(join(dir, openapi), 'utf8');
  assert.ok(text.includes(block), text);
  writeFileSync(join(dir, openapi), text.replace(block, mineSummary));

  const step = updateWithNext(dir);
  assert.is(step.status, 1, step.output);
  assert.match(step.output, /conflict\s+src\/server\.ts .*\(1 hunk\)/);
  assert.equal(step.output.match(/^\s*conflict\s/gm)?.length, 1, step.output);
  const server = readFileSync(join(dir, 'src/server.ts'), 'utf8');
  assert.ok(server.includes(['<<<<<<< yours', mineComment, '=======', NEXT_CHANGES.serverComment.to, `>>>>>>> create-item-service ${NEXT_VERSION}`].join('\n')), server);

  const fresh = next.generate(productOfPrevious);
  const owned = new Set([openapi, 'README.md', 'src/product/product.schema.ts', 'src/server.ts', 'test/support/tokens.ts']);
  const tree = everything(dir);
  for (const [path, content] of fresh) if (!owned.has(path)) assert.ok(tree.get(path) === content, `${path} is the next release's`);
  assert.ok(tree.get(openapi)?.includes(mineSummary));
  assert.match(tree.get('README.md') ?? '', /^Owned by the catalogue team\.\n/);
  const schema = tree.get('src/product/product.schema.ts') ?? '';
  assert.ok(schema.startsWith('// Reviewed by the catalogue team.\n') && schema.includes(NEXT_CHANGES.reworded.to), 'merged: the owner line and the new words');
  assert.not.ok(existsSync(join(dir, 'test/support/tokens.ts')), 'what the owner deleted stays deleted');
  assert.is(tree.get('src/extra.ts'), 'export const extra = 1;\n');
  assert.is(tree.get('.env'), 'JWT_SECRET=kept\n');
  assert.ok(existsSync(join(dir, NEXT_CHANGES.added)) && !existsSync(join(dir, NEXT_CHANGES.removed)));
  assert.ok(existsSync(join(dir, NEXT_CHANGES.renamed.to)) && !existsSync(join(dir, NEXT_CHANGES.renamed.from)));
});

// ---

const RUNS = 25;
const property = suite(`no owner line is lost across a release that changed code (property, ${RUNS} runs)`);

property('random owner edits on a project of N, updated to this version', () => {
  const base = previous.generate(product);
  const paths = [...base.keys()].filter((path) => path !== 'create-item-service.json');
  const fresh = generated(productOfPrevious);
  const edit = fc.record({
    path: fc.constantFrom(...paths),
    kind: fc.constantFrom('insert' as const, 'change' as const, 'delete-file' as const),
    at: fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }),
  });
  let runs = 0;
  fc.assert(
    fc.property(fc.uniqueArray(edit, { minLength: 1, maxLength: 6, selector: (e) => e.path }), (edits) => {
      runs += 1;
      const dir = tempDir();
      writeTree(dir, base);
      const ownerLines = new Map<string, string>();
      const deleted = new Set<string>();
      edits.forEach(({ path, kind, at }, index) => {
        if (kind === 'delete-file') {
          rmSync(join(dir, path));
          deleted.add(path);
          return;
        }
        const lines = (base.get(path) ?? '').split('\n');
        const line = Math.floor(at * lines.length);
        const mine = `owner line ${index} ${kind}`;
        if (kind === 'insert') lines.splice(line, 0, mine);
        else lines[line] = `${lines[line] ?? ''} ${mine}`;
        writeFileSync(join(dir, path), lines.join('\n'));
        ownerLines.set(path, mine);
      });
      const output = collector();
      const code = updateCommand(dir, { from: previous.tarball, cacheDir }, output);
      assert.ok(code === 0 || code === 1, output.text());
      const tree = everything(dir);
      for (const [path, mine] of ownerLines) assert.ok(tree.get(path)?.includes(mine), `${path} keeps "${mine}"\n${output.text()}`);
      for (const path of deleted) assert.not.ok(tree.has(path), `${path} stays deleted`);
      for (const [path, content] of fresh) {
        if (!ownerLines.has(path) && !deleted.has(path)) assert.ok(tree.get(path) === content, `${path}, unedited, is this version's`);
      }
      rmSync(dir, { recursive: true, force: true });
    }),
    { numRuns: RUNS, seed: 20261124 },
  );
  console.log(`  ${runs} cases (seed 20261124), each a project of ${previous.version} with up to 6 owner edits`);
});

chain.run();
property.run();
