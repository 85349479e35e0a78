import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import { statusCommand } from '../../src/lifecycle/status-command.js';
import { GENERATOR_VERSION } from '../../src/version.js';
import { tempDir } from '../support/helpers.js';
import { copyExample, generated, previousRelease, product, PREVIOUS_VERSION, writeTree, type Release } from '../support/lifecycle-fixtures.js';
import { collector } from '../support/output.js';

const temporary: string[] = [];
function folder(): string {
  const dir = tempDir();
  temporary.push(dir);
  return dir;
}

/** Runs `status --json` and returns its exit code and document. */
function statusJson(dir: string): { code: number; document: any } {
  const output = collector();
  const code = statusCommand(dir, { json: true }, output);
  assert.is(output.out.length, 1, 'one JSON document');
  return { code, document: JSON.parse(output.out[0] ?? '') };
}

let release: Release;
const status = suite('status');

status.before(() => {
  release = previousRelease();
});

status.after(() => {
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});

status('reports each state and each pending change, and exits 1 when an update is pending', () => {
  const dir = folder();
  writeTree(dir, release.generate(product));
  writeFileSync(join(dir, 'src/config.ts'), '// edited\n');
  writeFileSync(join(dir, 'src/app.ts'), '// edited\n');
  rmSync(join(dir, 'test/support/tokens.ts'));
  rmSync(join(dir, 'README.md'));
  writeFileSync(join(dir, release.added), '// the owner had a file here\n');
  writeFileSync(join(dir, '.env'), 'JWT_SECRET=x\n');

  const { code, document } = statusJson(dir);
  assert.is(code, 1);
  assert.equal(Object.keys(document), ['recordedVersion', 'generatorVersion', 'updatePending', 'files']);
  assert.is(document.recordedVersion, PREVIOUS_VERSION);
  assert.is(document.generatorVersion, GENERATOR_VERSION);
  assert.is(document.updatePending, true);
  const byPath = Object.fromEntries(document.files.map((file: any) => [file.path, [file.state, file.change]]));
  assert.equal(byPath['Dockerfile'], ['unchanged', null]);
  assert.equal(byPath['src/config.ts'], ['edited', null]);
  assert.equal(byPath['src/app.ts'], ['edited', 'update']);
  assert.equal(byPath['test/support/tokens.ts'], ['missing', null]);
  assert.equal(byPath['README.md'], ['missing', 'update']);
  assert.equal(byPath[release.removed], ['unchanged', 'obsolete']);
  assert.equal(byPath[release.renamed.from], ['unchanged', 'obsolete']);
  assert.equal(byPath[release.renamed.to], [null, 'new']);
  assert.equal(byPath[release.added], ['edited', 'new']);
  // The audit columns' migration is new in this version.
  assert.equal(byPath['src/migrations/001-record-who-changed-products.ts'], [null, 'new']);
  assert.not.ok('.env' in byPath, '.env is the owner\'s');
  assert.not.ok('create-item-service.json' in byPath, 'the answers file is the record, not a generated file');
  for (const file of document.files) assert.equal(Object.keys(file), ['path', 'state', 'change']);
  assert.equal(document.files.map((file: any) => file.path), [...document.files.map((file: any) => file.path)].sort());

  const table = collector();
  assert.is(statusCommand(dir, {}, table), 1);
  const text = table.out.join('\n');
  const unchanged = document.files.filter((file: any) => file.state === 'unchanged').length;
  const changing = document.files.filter((file: any) => file.change === 'update').length;
  assert.is(
    table.out[0],
    `${document.files.length} generated files: ${unchanged} unchanged, 3 edited by you, 2 deleted by you; update would change ${changing}, add 3, remove 2.`,
  );
  assert.match(text, /^\s+src\/app\.ts\s+edited\s+update$/m);
  assert.match(text, /^\s+src\/config\.ts\s+edited\s+-$/m);
  assert.match(text, /^\s+test\/support\/tokens\.ts\s+missing\s+-$/m);
  assert.match(text, new RegExp(`^\\s+${release.renamed.to}\\s+-\\s+new$`, 'm'));
  assert.not.match(text, /Dockerfile/, 'a file nobody changed and this version leaves alone is only counted');
  // Beside the updates: 3 new files (the audit migration among them) and 2 obsolete ones.
  assert.match(text, new RegExp(`Update pending, from create-item-service ${PREVIOUS_VERSION} to ${GENERATOR_VERSION}: ${changing + 5} files would change`));

  const all = collector();
  assert.is(statusCommand(dir, { all: true }, all), 1);
  assert.match(all.out.join('\n'), /^\s+Dockerfile\s+unchanged\s+-$/m);
  const listed = all.out.filter((line) => /^\s+\S+\s+(unchanged|edited|missing|conflicted|-)\s+\S+$/.test(line));
  assert.is(listed.length, document.files.length, '--all lists every file');
});

status('edits alone leave nothing pending: exit 0', () => {
  const dir = folder();
  writeTree(dir, generated(product));
  writeFileSync(join(dir, 'src/config.ts'), '// edited\n');
  const { code, document } = statusJson(dir);
  assert.is(code, 0);
  assert.is(document.updatePending, false);
  assert.ok(document.files.every((file: any) => file.change === null));
  assert.equal(document.files.filter((file: any) => file.state !== 'unchanged').map((file: any) => file.path), ['src/config.ts']);
  const table = collector();
  assert.is(statusCommand(dir, {}, table), 0);
  const files = document.files.length;
  assert.equal(table.out, [
    `${files} generated files: ${files - 1} unchanged, 1 edited by you.`,
    '',
    '  file           state       pending',
    '  src/config.ts  edited      -',
    '',
    `Up to date with create-item-service ${GENERATOR_VERSION}. (--all lists every file)`,
  ]);
});

status('a fresh project\'s status is two lines: the count, and up to date', () => {
  const dir = folder();
  writeTree(dir, generated(product));
  const table = collector();
  assert.is(statusCommand(dir, {}, table), 0);
  const files = statusJson(dir).document.files.length;
  assert.equal(table.out, [`${files} generated files: ${files} unchanged.`, `Up to date with create-item-service ${GENERATOR_VERSION}. (--all lists every file)`]);
});

status('the example (made by this version, before the record existed) reads as up to date', () => {
  const dir = folder();
  copyExample(dir);
  writeFileSync(join(dir, 'README.md'), `Owner's note.\n${readFileSync(join(dir, 'README.md'), 'utf8')}`);
  const { code, document } = statusJson(dir);
  assert.is(code, 0, JSON.stringify(document));
  assert.equal(document.files.filter((file: any) => file.state !== 'unchanged').map((file: any) => file.path), ['README.md']);
});

status('exit 2 with a clear message when the project cannot be read', () => {
  const cases: Array<[string, (dir: string) => void, RegExp]> = [
    ['no answers file', () => {}, /has no create-item-service\.json: run this in a project made by create-item-service/],
    ['not JSON', (dir) => writeFileSync(join(dir, 'create-item-service.json'), '{ "entity": '), /create-item-service\.json: not valid JSON/],
    ['bad answer', (dir) => writeFileSync(join(dir, 'create-item-service.json'), JSON.stringify({ entity: 'Product', port: 0, managementPort: 8081, generatorVersion: '1.0.0' })), /port must be from 1 to 65535/],
    ['no version', (dir) => writeFileSync(join(dir, 'create-item-service.json'), JSON.stringify(product)), /has no "generatorVersion"/],
    [
      'an old project of another version',
      (dir) => writeFileSync(join(dir, 'create-item-service.json'), JSON.stringify({ ...product, generatorVersion: PREVIOUS_VERSION })),
      /records no file hashes .*run create-item-service update --from/,
    ],
  ];
  for (const [name, prepare, message] of cases) {
    const dir = folder();
    prepare(dir);
    const table = collector();
    assert.is(statusCommand(dir, {}, table), 2, name);
    assert.equal(table.out, [], name);
    assert.match(table.err.join('\n'), message, name);
    const { code, document } = statusJson(dir);
    assert.is(code, 2, name);
    assert.match(document.error, message, name);
  }
});

status.run();
