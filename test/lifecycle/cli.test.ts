import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import { GENERATOR_VERSION } from '../../src/version.js';
import { runBin, runCli, tempDir } from '../support/helpers.js';

const cli = suite('status and update on the command line');

/** A freshly generated project in a folder of its own. */
async function project(): Promise<string> {
  const cwd = tempDir();
  const result = await runCli(['Invoice', '--yes', '--out', 'invoice-service'], cwd);
  assert.is(result.status, 0, result.stderr);
  return join(cwd, 'invoice-service');
}

cli('status of a fresh project exits 0 and lists every file as unchanged', async () => {
  const dir = await project();
  const result = await runCli(['status', dir, '--json']);
  assert.is(result.status, 0, result.stderr);
  const document = JSON.parse(result.stdout) as { updatePending: boolean; files: { path: string; state: string; change: null }[] };
  assert.is(document.updatePending, false);
  assert.ok(document.files.length > 20);
  assert.ok(document.files.every((file) => file.state === 'unchanged' && file.change === null));
});

cli('status names an edited file without making the exit code non-zero', async () => {
  const dir = await project();
  const readme = join(dir, 'README.md');
  writeFileSync(readme, `${readFileSync(readme, 'utf8')}\nOur own notes.\n`);
  const result = await runCli(['status'], dir);
  assert.is(result.status, 0, result.stderr);
  assert.match(result.stdout, /^\s+README\.md\s+edited\s+-$/m);
});

cli('status outside a generated project exits 2 with one line', () => {
  const result = runBin(['status']);
  assert.is(result.status, 2);
  assert.match(result.stderr, /^error: .*create-item-service\.json/);
});

cli('update --dry-run is the subcommand\'s own option: it plans and writes nothing', async () => {
  const dir = await project();
  const answersFile = join(dir, 'create-item-service.json');
  const answers = JSON.parse(readFileSync(answersFile, 'utf8')) as Record<string, unknown>;
  writeFileSync(answersFile, `${JSON.stringify({ ...answers, port: 9090 }, null, 2)}\n`);
  const before = readFileSync(join(dir, 'src/config.ts'), 'utf8');
  const result = await runCli(['update', '--dry-run', dir]);
  assert.is(result.status, 0, result.stderr);
  assert.match(result.stdout, /src\/config\.ts/);
  assert.is(readFileSync(join(dir, 'src/config.ts'), 'utf8'), before);
});

cli('update carries a changed port into the generated files', async () => {
  const dir = await project();
  const answersFile = join(dir, 'create-item-service.json');
  const answers = JSON.parse(readFileSync(answersFile, 'utf8')) as Record<string, unknown>;
  writeFileSync(answersFile, `${JSON.stringify({ ...answers, port: 9090 }, null, 2)}\n`);
  const pending = await runCli(['status', dir]);
  assert.is(pending.status, 1);
  assert.match(pending.stdout, new RegExp(`^Update pending, to the answers edited in create-item-service\\.json \\(create-item-service ${GENERATOR_VERSION}\\): \\d+ files would change`, 'm'));
  const result = await runCli(['update', dir, '--allow-dirty']);
  assert.is(result.status, 0, result.stderr + result.stdout);
  assert.match(result.stdout, new RegExp(`^Updated to the answers edited in create-item-service\\.json \\(create-item-service ${GENERATOR_VERSION}\\):$`, 'm'));
  assert.not.match(result.stdout, new RegExp(`${GENERATOR_VERSION} to ${GENERATOR_VERSION}`));
  assert.match(readFileSync(join(dir, 'src/config.ts'), 'utf8'), /9090/);
  const after = await runCli(['status', dir]);
  assert.is(after.status, 0, after.stdout);
});

cli('an entity called Status still generates when spelled with a capital', async () => {
  const cwd = tempDir();
  const result = await runCli(['Status', '--yes', '--dry-run'], cwd);
  assert.is(result.status, 0, result.stderr);
  assert.match(result.stdout, /status-service/);
});

cli.run();
