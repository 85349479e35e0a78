/**
 * The owner's loop as the READMEs and the CLI print it: generate, edit the answers file, commit,
 * status, update, review with git diff, commit. Every command the CLI and the generated README
 * print is run as printed, from the project, in a shell.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import { bin, runBin, tempDir } from '../support/helpers.js';

// An owner whose git knows who they are, whatever this machine's configuration.
Object.assign(process.env, { GIT_AUTHOR_NAME: 'Owner', GIT_AUTHOR_EMAIL: 'owner@example.com', GIT_COMMITTER_NAME: 'Owner', GIT_COMMITTER_EMAIL: 'owner@example.com' });

function run(command: string, cwd: string): { status: number | null; output: string } {
  // Without uvu's FORCE_COLOR beside the NO_COLOR a child may get (Node warns about the pair).
  const { FORCE_COLOR: _, ...env } = process.env;
  const result = spawnSync('sh', ['-c', command], { cwd, encoding: 'utf8', env, timeout: 120_000 });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

function git(cwd: string, command: string): string {
  const result = run(`git ${command}`, cwd);
  assert.is(result.status, 0, `git ${command}: ${result.output}`);
  return result.output;
}

/** What the CLI printed to run the generator later: the lines under "Later, ...". */
function printedGeneratorCommands(stdout: string): string[] {
  const later = stdout.slice(stdout.indexOf('\nLater, in '));
  return [...later.matchAll(/^ {2}(.+ (?:status|update))$/gm)].map(([, command]) => command!);
}

/** The commands of the generated README's update loop, as its code block shows them. */
function readmeLoop(project: string): string[] {
  const readme = readFileSync(join(project, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Keeping this service current'));
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
  return block
    .split('\n')
    .map((line) => line.replace(/\s+# .*$/, '').trim())
    .filter((line) => line !== '');
}

/** A clone of the generator, as far as npm and git see one: a repository that ignores the services made in it, its command linked by `npm ci`. */
function clone(): string {
  const dir = tempDir('create-item-service-clone-');
  git(dir, 'init -q');
  writeFileSync(join(dir, '.gitignore'), '/*-service/\nnode_modules\n');
  mkdirSync(join(dir, 'node_modules/.bin'), { recursive: true });
  symlinkSync(bin, join(dir, 'node_modules/.bin/create-item-service'));
  return dir;
}

function addSku(project: string): void {
  const path = join(project, 'create-item-service.json');
  const answers = JSON.parse(readFileSync(path, 'utf8')) as { fields: object[] };
  answers.fields.push({ name: 'sku', type: 'string', maxLength: 20 });
  writeFileSync(path, `${JSON.stringify(answers, null, 2)}\n`);
}

const loop = suite("the owner's loop, run as printed");

loop("inside the generator's clone: a repository of its own, and the README's loop runs line by line with npx", () => {
  const cwd = clone();
  const generated = runBin(['OrderLine', '--yes'], cwd);
  assert.is(generated.status, 0, generated.stderr);
  const project = join(cwd, 'order-line-service');
  assert.match(generated.stdout, 'Made it a git repository with a first commit');
  assert.equal(printedGeneratorCommands(generated.stdout), ['npx create-item-service status', 'npx create-item-service update']);
  assert.is(git(project, 'rev-parse --show-toplevel').trim(), project);

  // What a first npm install leaves: an untracked lock file, which git diff never shows, so it holds nothing up.
  writeFileSync(join(project, 'package-lock.json'), '{}\n');
  addSku(project);
  const dirty = run('npx create-item-service update', project);
  assert.is(dirty.status, 2, dirty.output);
  assert.match(dirty.output, 'create-item-service.json has an uncommitted edit: commit it first (git commit -am');
  assert.match(dirty.output, 'or pass --allow-dirty');

  const commands = readmeLoop(project);
  assert.equal(commands.slice(0, 4), [
    'git commit -am "Add sku to the fields"',
    'npx create-item-service status',
    'npx create-item-service update',
    'git diff',
  ]);
  // The tests' own steps (migrate, typecheck, test) need an install: the root suite's update story runs them.
  for (const command of commands.filter((line) => !line.startsWith('npm run'))) {
    const result = run(command, project);
    const expected = command.endsWith(' status') ? 1 : 0;
    assert.is(result.status, expected, `${command}\n${result.output}`);
    if (command.endsWith(' update')) assert.match(result.output, 'added migration 002-add-sku-to-order-lines');
    if (command === 'git diff') assert.match(result.output, /^\+.*\bsku\b/m, 'git diff shows what update changed');
  }
  assert.is(git(project, 'status --porcelain'), '', 'the loop ends committed, the lock file too (git add -A)');
  assert.is(git(project, 'log --format=%s').split('\n').filter(Boolean).length, 3);
});

loop('outside a clone: the CLI prints the path of the generator that made the project, and it runs as printed', () => {
  const cwd = tempDir();
  const generated = runBin(['Invoice', '--yes'], cwd);
  assert.is(generated.status, 0, generated.stderr);
  const project = join(cwd, 'invoice-service');
  const [status, update] = printedGeneratorCommands(generated.stdout);
  assert.is(status, `node ${bin} status`);
  addSku(project);
  const statusRun = run(status!, project);
  assert.is(statusRun.status, 1, statusRun.output);
  assert.match(statusRun.output, `Run node ${bin} update (--dry-run to preview).`, 'status names the same command');
  git(project, 'commit -qam "Add sku"');
  const updateRun = run(update!, project);
  assert.is(updateRun.status, 0, updateRun.output);
  assert.match(git(project, 'diff --stat'), 'src/invoice/invoice.schema.ts');
});

loop("inside another repository's work tree: no repository of its own, and the CLI says why", () => {
  const cwd = tempDir();
  git(cwd, 'init -q');
  const generated = runBin(['Invoice', '--yes'], cwd);
  assert.is(generated.status, 0, generated.stderr);
  assert.match(generated.stdout, `No git repository of its own: the folder is inside the git work tree of ${cwd}: commit it there.`);
  assert.is(git(join(cwd, 'invoice-service'), 'rev-parse --show-toplevel').trim(), cwd);
});

loop('--no-git makes no repository', () => {
  const cwd = tempDir();
  const generated = runBin(['Invoice', '--yes', '--no-git'], cwd);
  assert.is(generated.status, 0, generated.stderr);
  assert.not.match(generated.stdout, /git repository/);
  assert.is(run('git rev-parse --show-toplevel', join(cwd, 'invoice-service')).status, 128);
});

loop.run();
