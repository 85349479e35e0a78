import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import { statusCommand } from '../../src/lifecycle/status-command.js';
import { updateCommand } from '../../src/lifecycle/update-command.js';
import { GENERATOR_VERSION } from '../../src/version.js';
import { tempDir } from '../support/helpers.js';
import { copyExample, copyOfRelease, generated, previousRelease, product, productOfPrevious, PREVIOUS_VERSION, replaceInFile, writeTree, type Release } from '../support/lifecycle-fixtures.js';
import { collector, everything } from '../support/output.js';

const temporary: string[] = [];
function folder(): string {
  const dir = tempDir();
  temporary.push(dir);
  return dir;
}

let release: Release;
let tarball: string;
/** One cache for the run: a .tgz is unpacked and its dependencies installed once, as on an owner's machine. */
let cacheDir: string;

const update = suite('update');

update.before(() => {
  release = previousRelease();
  tarball = release.tarball;
  cacheDir = folder();
});

update.after(() => {
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});

/** A Product project as the previous release generated it, with the .env `generate` adds. */
function previousProject(): string {
  const dir = folder();
  writeTree(dir, release.generate(product));
  writeFileSync(join(dir, '.env'), 'JWT_SECRET=kept\n');
  return dir;
}

update('an unedited project becomes byte for byte what this version generates fresh from its answers (--from a folder and a .tgz)', () => {
  const fresh = generated(productOfPrevious);
  for (const from of [release.dir, tarball]) {
    const dir = previousProject();
    const output = collector();
    assert.is(updateCommand(dir, { from, cacheDir }, output), 0, output.text());
    const tree = everything(dir);
    assert.is(tree.get('.env'), 'JWT_SECRET=kept\n', '.env is never touched');
    tree.delete('.env');
    assert.equal([...tree.keys()], [...fresh.keys()], 'the same files: added, removed and renamed ones followed');
    for (const [path, content] of fresh) assert.ok(tree.get(path) === content, `${path} is what this version generates`);
  }
});

update('keeps every owner edit, merges where it can and marks exactly the conflicting hunk', () => {
  const dir = previousProject();
  const [[conflicting, released]] = release.appChanges as [[string, string]];
  replaceInFile(dir, 'src/app.ts', `${conflicting}\n`, `${released} // mine\n`);
  writeFileSync(join(dir, 'README.md'), `Owner's note at the top.\n${readFileSync(join(dir, 'README.md'), 'utf8')}`);
  writeFileSync(join(dir, 'src/config.ts'), `${readFileSync(join(dir, 'src/config.ts'), 'utf8')}// owner's config line\n`);
  writeFileSync(join(dir, release.removed), 'Notes the owner wrote.\n');
  rmSync(join(dir, 'test/support/tokens.ts'));
  writeFileSync(join(dir, 'src/extra.ts'), 'export const extra = 1;\n');
  const before = everything(dir);

  const output = collector();
  assert.is(updateCommand(dir, { from: release.dir }, output), 1, 'exit 1: a conflict is left to resolve');

  const fresh = generated(productOfPrevious);
  const expected = new Map(fresh);
  const block = ['<<<<<<< yours', `${released} // mine`, '=======', released, `>>>>>>> create-item-service ${GENERATOR_VERSION}`].join('\n');
  const appLines = (fresh.get('src/app.ts') ?? '').split('\n');
  appLines.splice(appLines.indexOf(released), 1, block);
  expected.set('src/app.ts', appLines.join('\n'));
  expected.set('README.md', `Owner's note at the top.\n${fresh.get('README.md')}`);
  expected.set('src/config.ts', before.get('src/config.ts') ?? '');
  expected.set(release.removed, 'Notes the owner wrote.\n');
  expected.delete('test/support/tokens.ts');
  expected.set('src/extra.ts', 'export const extra = 1;\n');
  expected.set('.env', 'JWT_SECRET=kept\n');
  const tree = everything(dir);
  assert.equal([...tree.keys()].sort(), [...expected.keys()].sort());
  for (const [path, content] of expected) assert.fixture(tree.get(path) ?? '(missing)', content);

  const text = output.text();
  assert.match(text, /conflict\s+src\/app\.ts .*\(1 hunk\)/);
  assert.match(text, /merge\s+README\.md/);
  assert.match(text, /keep\s+src\/config\.ts/);
  assert.match(text, new RegExp(`keep-obsolete\\s+${release.removed}`));
  assert.match(text, /stay-deleted\s+test\/support\/tokens\.ts/);
  assert.match(text, /Next steps:[\s\S]*resolve the conflict markers[\s\S]*npm test/);
  assert.not.match(text, /npm install/, 'package.json did not change');
  assert.not.ok(readdirSync(dir, { recursive: true }).some((name) => String(name).endsWith('.rej')), 'never .rej files');
});

update('running update twice changes nothing the second time, and status then reports nothing pending', () => {
  const dir = previousProject();
  writeFileSync(join(dir, 'README.md'), `Owner's note.\n${readFileSync(join(dir, 'README.md'), 'utf8')}`);
  assert.is(updateCommand(dir, { from: release.dir }, collector()), 0);
  const once = everything(dir);
  const output = collector();
  assert.is(updateCommand(dir, {}, output), 0, output.text());
  assert.equal(everything(dir), once);
  assert.is(output.text(), `Nothing to update: the project is current with create-item-service ${GENERATOR_VERSION}.`);
  assert.is(statusCommand(dir, {}, collector()), 0);
});

update('an update interrupted before its last writes is simply run again', () => {
  const [whole, interrupted] = [previousProject(), previousProject()];
  const [[conflicting, released]] = release.appChanges as [[string, string]];
  for (const dir of [whole, interrupted]) {
    replaceInFile(dir, 'src/app.ts', `${conflicting}\n`, `${released} // mine\n`);
    writeFileSync(join(dir, 'README.md'), `Owner's note.\n${readFileSync(join(dir, 'README.md'), 'utf8')}`);
  }
  const before = everything(interrupted);
  assert.is(updateCommand(whole, { from: release.dir }, collector()), 1);
  assert.is(updateCommand(interrupted, { from: release.dir }, collector()), 1);
  // As if it had stopped after src/app.ts: the merged README, a new file and the record not yet written.
  for (const path of ['README.md', 'create-item-service.json']) writeFileSync(join(interrupted, path), before.get(path) ?? '');
  rmSync(join(interrupted, release.added));
  const output = collector();
  assert.is(updateCommand(interrupted, { from: release.dir }, output), 1);
  assert.match(output.text(), /unresolved\s+src\/app\.ts/);
  assert.equal(everything(interrupted), everything(whole));
});

update('--dry-run prints the plan with the conflicts to expect and writes nothing', () => {
  const dir = previousProject();
  const [[conflicting]] = release.appChanges as [[string, string]];
  replaceInFile(dir, 'src/app.ts', conflicting, `${conflicting} // mine`);
  const before = everything(dir);
  const output = collector();
  assert.is(updateCommand(dir, { from: release.dir, dryRun: true }, output), 1);
  assert.equal(everything(dir), before);
  const text = output.text();
  assert.match(text, /conflict\s+src\/app\.ts/);
  assert.match(text, new RegExp(`create\\s+${release.added}`));
  assert.match(text, new RegExp(`delete\\s+${release.renamed.from}`));
  assert.match(text, new RegExp(`create\\s+${release.renamed.to}`));
  assert.match(text, new RegExp(`update\\s+${release.changed}`));
  assert.match(text, /Conflicts expected in 1 file: src\/app\.ts/);
  assert.match(text, /Dry run: nothing was written/);
});

update('refuses a git working tree with uncommitted changes unless --allow-dirty', () => {
  const dir = previousProject();
  const git = (...args: string[]) => spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd: dir, encoding: 'utf8' });
  git('init', '-q');
  git('add', '.');
  assert.is(git('commit', '-q', '-m', 'generated').status, 0);
  writeFileSync(join(dir, 'src/config.ts'), '// uncommitted\n');
  const before = everything(dir);
  const output = collector();
  assert.is(updateCommand(dir, { from: release.dir }, output), 2);
  assert.match(output.text(), /uncommitted changes \(1, e\.g\. "M src\/config\.ts"\).*--allow-dirty/);
  assert.equal(everything(dir), before, 'nothing written');
  assert.is(updateCommand(dir, { from: release.dir, allowDirty: true }, collector()), 0);
  assert.is(readFileSync(join(dir, 'src/config.ts'), 'utf8'), '// uncommitted\n');
});

update('without --from, an unpublished recorded version is reported in one line (npm offline here)', () => {
  const dir = previousProject();
  const output = collector();
  const env = { ...process.env, npm_config_offline: 'true' };
  assert.is(updateCommand(dir, { cacheDir: folder(), env }, output), 2);
  assert.equal(output.text().split('\n').length, 1, output.text());
  assert.match(output.text(), new RegExp(`^error: cannot fetch create-item-service@${PREVIOUS_VERSION.replaceAll('.', '\\.')} from the npm registry \\(ENOTCACHED: offline, or that version is not published\\); pass --from`));
});

update('refuses a --from of another version, or one that does not render what the project recorded', () => {
  const dir = previousProject();
  const output = collector();
  assert.is(updateCommand(dir, { from: join(release.dir, '..', 'nowhere') }, output), 2);
  const current = folder();
  writeFileSync(join(current, 'package.json'), JSON.stringify({ version: GENERATOR_VERSION }));
  assert.is(updateCommand(dir, { from: current }, output), 2);
  assert.match(output.text(), new RegExp(`holds create-item-service ${GENERATOR_VERSION}, but the project was generated by ${PREVIOUS_VERSION}`));

  const altered = copyOfRelease(release);
  writeFileSync(join(altered, 'templates/src/env.ts'), '// not what was released\n');
  const before = everything(dir);
  assert.is(updateCommand(dir, { from: altered }, output), 2);
  assert.match(output.text(), /does not render what the project recorded \(1 of \d+ files differ, e\.g\. src\/env\.ts\): the project was generated by another build/);
  assert.match(output.text(), /Pass --from that very build, or generate afresh into another folder/);
  assert.equal(everything(dir), before);

  // A package folder that is not built (a source checkout, or templates alone) cannot render its base.
  const unbuilt = folder();
  writeFileSync(join(unbuilt, 'package.json'), JSON.stringify({ version: PREVIOUS_VERSION }));
  assert.is(updateCommand(dir, { from: unbuilt }, output), 2);
  assert.match(output.text(), /has no bin\/create-item-service\.js and dist\/ to render with/);
});

update('a changed answer is carried into every file, keeping the owner edits (same version, no --from)', () => {
  const dir = folder();
  writeTree(dir, generated(product));
  writeFileSync(join(dir, 'src/config.ts'), `// owner's line\n${readFileSync(join(dir, 'src/config.ts'), 'utf8')}`);
  const answersFile = JSON.parse(readFileSync(join(dir, 'create-item-service.json'), 'utf8'));
  writeFileSync(join(dir, 'create-item-service.json'), JSON.stringify({ ...answersFile, port: 9090 }, null, 2));
  assert.is(statusCommand(dir, {}, collector()), 1, 'the changed answer is a pending update');
  assert.is(updateCommand(dir, {}, collector()), 0);
  const fresh = generated({ ...product, port: 9090 });
  const tree = everything(dir);
  for (const [path, content] of fresh) {
    if (path !== 'src/config.ts') assert.ok(tree.get(path) === content, `${path} renders port 9090`);
  }
  assert.ok(tree.get('src/config.ts')?.startsWith("// owner's line\n"));
  assert.is(tree.get('src/config.ts'), `// owner's line\n${fresh.get('src/config.ts')}`, 'merged: the new port and the owner line');
  assert.is(statusCommand(dir, {}, collector()), 0);
});

update('the committed example is brought forward to exactly what this version generates, record included', () => {
  const copy = folder();
  copyExample(copy);
  const output = collector();
  assert.is(updateCommand(copy, {}, output), 0, output.text());
  const fresh = generated(product);
  const tree = everything(copy);
  assert.equal([...tree.keys()], [...fresh.keys()]);
  for (const [path, content] of fresh) assert.ok(tree.get(path) === content, `${path} is what this version generates`);
});

// The time is printed, not asserted: on a shared machine a timed assertion fails for the load, not the code.
update('updating the example with owner edits keeps them, from a .tgz release and at the same version', () => {
  const previous = previousProject();
  const copy = folder();
  copyExample(copy);
  for (const [dir, from, label] of [[previous, tarball, `${PREVIOUS_VERSION} -> ${GENERATOR_VERSION}, --from .tgz`], [copy, undefined, 'the committed example, same version']] as const) {
    for (const path of ['src/app.ts', 'src/config.ts', 'README.md', 'test/support/helpers.ts']) {
      writeFileSync(join(dir, path), `// owner's line in ${path}\n${readFileSync(join(dir, path), 'utf8')}`);
    }
    // Unpacking the .tgz and installing its dependencies happens once per version (the first test did it).
    const started = performance.now();
    assert.is(updateCommand(dir, { from, cacheDir }, collector()), 0);
    const elapsed = performance.now() - started;
    console.log(`  update of the Product example (${label}, 4 owner edits): ${elapsed.toFixed(0)} ms`);
    assert.match(readFileSync(join(dir, 'src/app.ts'), 'utf8'), /^\/\/ owner's line in src\/app\.ts\n/);
  }
  assert.ok(existsSync(join(previous, release.added)));
});

update.run();
