import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import { bin, readTree, root, runBin, runCli, tempDir } from '../support/helpers.js';

/** A failed run prints one line starting with "error:", exits 1, and writes nothing. */
async function assertRefused(args: string[], message: RegExp, out = ['--out', 'out']) {
  const cwd = tempDir();
  const result = await runCli([...args, ...out], cwd);
  assert.is(result.status, 1, `exit code for ${args.join(' ')}`);
  const lines = result.stderr.trim().split('\n');
  assert.match(lines[0] ?? '', /^error: /);
  assert.match(result.stderr, message);
  assert.not.match(result.stderr, /\n\s+at /, 'no stack trace');
  assert.equal(readdirSync(cwd), [], 'nothing written');
}

// ---

const errors = suite('bad input is refused with one line and nothing written');

const cases: [string[], RegExp][] = [
  [[''], /entity name is required/],
  [['2Fast'], /must start with a letter/],
  [['Über'], /must use only ASCII letters \(A-Z, a-z\) and digits, e\.g\. "Uber" for "Über": Über/],
  [['Straße'], /must use only ASCII letters/],
  [['Order!'], /only letters and digits/],
  [['X'.repeat(200)], /at most 40 characters/],
  [['Rate limit'], /would name its table rate_limits, which the service keeps for itself/],
  [['Items'], /looks plural/],
  [['Item', '--port', '0'], /service port must be from 1 to 65535/],
  [['Item', '--port', '65536'], /service port must be from 1 to 65535/],
  [['Item', '--port', 'http'], /service port must be a whole number/],
  [['Item', '--port', '80.5'], /service port must be a whole number/],
  [['Item', '--port', '-1'], /service port must be a whole number|argument missing/],
  [['Item', '--management-port', '99999'], /management port must be from 1 to 65535/],
  [['Item', '--port', '9000', '--management-port', '9000'], /must differ \(both are 9000\)/],
  [['Item', '--management-port', '8080'], /must differ \(both are 8080\)/],
  [['Item', 'Other'], /too many arguments/],
  [['Item', '--colour', 'red'], /unknown option/],
  [['Item', '--soft-delete', '--field', 'deleted:date:index'], /field name "deleted" is the list's parameter for deleted records where soft delete is on/],
  [['Item', '--events', 'kafka'], /events must be "nats" \(the broker change events go to\), got "kafka"/],
];

for (const [args, message] of cases) {
  errors(`${JSON.stringify(args).slice(0, 60)} -> ${message.source}`, () => assertRefused(args, message));
}

errors('an empty --out names the problem instead of an empty folder name', () =>
  assertRefused(['Item', '--yes'], /^error: --out needs a folder name \(it was empty\)$/m, ['--out', '']),
);

errors('the bin exits 1 with the message alone on stderr, and prints nothing on stdout', () => {
  const cwd = tempDir();
  const result = runBin(['2Fast', '--out', 'out'], cwd);
  assert.is(result.status, 1);
  assert.is(result.stderr, 'error: entity name must start with a letter: 2Fast\n');
  assert.is(result.stdout, '');
  assert.equal(readdirSync(cwd), []);
});

errors('the bin without a TTY fails at once on a missing entity instead of waiting on a prompt', () => {
  const started = Date.now();
  const result = runBin([]);
  assert.is(result.status, 1);
  assert.match(result.stderr, /^error: missing entity name/);
  assert.ok(Date.now() - started < 10_000);
});

errors.run();

// ---

const folders = suite('output folders');

folders('--soft-delete records the choice in the answers file and brings the restore and the purge', async () => {
  const cwd = tempDir();
  const result = await runCli(['OrderLine', '--yes', '--soft-delete', '--out', 'out'], cwd);
  assert.is(result.status, 0, result.stderr);
  const answers = JSON.parse(readFileSync(join(cwd, 'out/create-item-service.json'), 'utf8')) as Record<string, unknown>;
  assert.is(answers.softDelete, true);
  for (const path of ['src/order-line/order-line.restore.ts', 'src/order-line/order-line.purge.ts', 'src/cli/purge.ts']) assert.ok(existsSync(join(cwd, 'out', path)), path);
  const plain = await runCli(['OrderLine', '--yes', '--out', 'plain'], cwd);
  assert.is(plain.status, 0, plain.stderr);
  assert.not.ok('softDelete' in JSON.parse(readFileSync(join(cwd, 'plain/create-item-service.json'), 'utf8')), 'left out when off');
  assert.not.ok(existsSync(join(cwd, 'plain/src/cli/purge.ts')));
});

folders('--events nats records the broker in the answers file and brings the outbox, the relay and their tests', async () => {
  const cwd = tempDir();
  const result = await runCli(['OrderLine', '--yes', '--events', 'nats', '--out', 'out'], cwd);
  assert.is(result.status, 0, result.stderr);
  const answers = JSON.parse(readFileSync(join(cwd, 'out/create-item-service.json'), 'utf8')) as Record<string, unknown>;
  assert.is(answers.events, 'nats');
  for (const path of ['src/events/relay.ts', 'src/migrations/001-store-outbox.ts', 'test/events/events.test.ts', 'deploy/kubernetes/nats.yaml']) {
    assert.ok(existsSync(join(cwd, 'out', path)), path);
  }
});

folders('a non-empty folder is refused and left untouched', async () => {
  const cwd = tempDir();
  const out = join(cwd, 'existing');
  mkdirSync(out);
  writeFileSync(join(out, 'keep.txt'), 'mine');
  const before = statSync(join(out, 'keep.txt')).mtimeMs;
  const result = await runCli(['OrderLine', '--yes', '--out', 'existing'], cwd);
  assert.is(result.status, 1);
  assert.match(result.stderr, /^error: existing is not empty; choose another --out folder or pass --force/);
  assert.equal(readdirSync(out), ['keep.txt']);
  assert.is(readFileSync(join(out, 'keep.txt'), 'utf8'), 'mine');
  assert.is(statSync(join(out, 'keep.txt')).mtimeMs, before);
});

folders('generating again into its own project points to status and update, and a forced dry run says what it would leave', async () => {
  const cwd = tempDir();
  assert.is((await runCli(['OrderLine', '--yes', '--out', 'out'], cwd)).status, 0);
  const again = await runCli(['OrderLine', '--yes', '--out', 'out'], cwd);
  assert.is(again.status, 1);
  assert.match(again.stderr, /^error: out holds the generated OrderLine service already: in it, node \S+ status says what changed and node \S+ update brings it/);
  const dry = await runCli(['OrderLine', '--yes', '--force', '--dry-run', '--out', 'out'], cwd);
  assert.is(dry.status, 0, dry.stderr);
  assert.match(dry.stdout, /^would leave unchanged package\.json$/m);
  assert.not.match(dry.stdout, /would identical/);
});

folders('--force writes into a non-empty folder and keeps unrelated files', async () => {
  const cwd = tempDir();
  const out = join(cwd, 'existing');
  mkdirSync(out);
  writeFileSync(join(out, 'keep.txt'), 'mine');
  const result = await runCli(['OrderLine', '--yes', '--force', '--out', 'existing'], cwd);
  assert.is(result.status, 0, result.stderr);
  assert.is(readFileSync(join(out, 'keep.txt'), 'utf8'), 'mine');
  assert.ok(existsSync(join(out, 'package.json')));
});

folders('--force into a project generated for another entity is refused, and nothing is written', async () => {
  const cwd = tempDir();
  assert.is((await runCli(['OrderLine', '--yes', '--out', 'out'], cwd)).status, 0);
  const before = readTree(join(cwd, 'out'), []);
  const result = await runCli(['Invoice', '--yes', '--force', '--out', 'out'], cwd);
  assert.is(result.status, 1);
  assert.is(
    result.stderr,
    'error: out holds the generated OrderLine service (create-item-service.json); ' +
      '--force regenerates the same entity only: write Invoice into another --out folder\n',
  );
  assert.equal(readTree(join(cwd, 'out'), []), before, 'the project is untouched');
});

folders('--force regenerates the same entity, in any spelling', async () => {
  const cwd = tempDir();
  assert.is((await runCli(['OrderLine', '--yes', '--out', 'out'], cwd)).status, 0);
  const again = await runCli(['order line', '--yes', '--force', '--out', 'out'], cwd);
  assert.is(again.status, 0, again.stderr);
  assert.match(again.stdout, /0 created, 0 replaced, \d+ unchanged/);
});

folders('a file where the folder should be is refused', async () => {
  const cwd = tempDir();
  writeFileSync(join(cwd, 'out'), 'a file');
  const result = await runCli(['OrderLine', '--yes', '--out', 'out'], cwd);
  assert.is(result.status, 1);
  assert.match(result.stderr, /^error: out exists and is not a folder/);
});

folders('the bin writes the default folder ./<entity-kebab>-service, exits 0 and prints the next steps', () => {
  const cwd = tempDir();
  const result = runBin(['order line', '--yes'], cwd);
  assert.is(result.stderr, '');
  assert.is(result.status, 0, result.stderr);
  assert.equal(readdirSync(cwd), ['order-line-service']);
  assert.match(result.stdout, /cd order-line-service\n\s+npm install\n\s+npm start/);
});

folders('--dry-run lists every file and writes nothing', async () => {
  const cwd = tempDir();
  const result = await runCli(['OrderLine', '--dry-run'], cwd);
  assert.is(result.status, 0, result.stderr);
  assert.equal(readdirSync(cwd), []);
  assert.match(result.stdout, /would create package\.json/);
  assert.match(result.stdout, /would create src\/order-line\/order-line\.routes\.ts/);
  assert.match(result.stdout, /Dry run: nothing was written/);
});

folders('every spelling of an entity writes the same tree', async () => {
  const trees: Map<string, string>[] = [];
  for (const spelling of ['OrderLine', 'orderLine', 'order-line', 'order_line', 'order line']) {
    const cwd = tempDir();
    const result = await runCli([spelling, '--yes', '--out', 'out'], cwd);
    assert.is(result.status, 0, result.stderr);
    trees.push(readTree(join(cwd, 'out')));
  }
  for (const tree of trees.slice(1)) assert.equal(tree, trees[0]);
});

folders('--port and --management-port reach the generated config and answers file', async () => {
  const cwd = tempDir();
  const result = await runCli(['OrderLine', '--yes', '--port', '9090', '--management-port', '9091', '--out', 'out'], cwd);
  assert.is(result.status, 0, result.stderr);
  const answers = JSON.parse(readFileSync(join(cwd, 'out/create-item-service.json'), 'utf8'));
  assert.equal({ entity: answers.entity, port: answers.port, managementPort: answers.managementPort }, {
    entity: 'OrderLine',
    port: 9090,
    managementPort: 9091,
  });
  const config = readFileSync(join(cwd, 'out/src/config.ts'), 'utf8');
  assert.match(config, /9090/);
  assert.match(config, /9091/);
});

folders.run();

// ---

const usage = suite('help and version');

usage('--help describes every option', async () => {
  const result = await runCli(['--help']);
  assert.is(result.status, 0);
  for (const option of ['--port', '--management-port', '--out', '--yes', '--dry-run', '--force', '--version']) {
    assert.ok(result.stdout.includes(option), option);
  }
});

usage('the bin prints the package version on stdout and exits 0', () => {
  const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
  const result = runBin(['--version']);
  assert.is(result.status, 0);
  assert.is(result.stdout, `${version}\n`);
});

usage('importing the CLI module runs nothing: only the bin calls main()', () => {
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', `await import(${JSON.stringify(join(root, 'dist/cli/cli.js'))})`], {
    encoding: 'utf8',
    input: '',
    timeout: 20_000,
  });
  assert.equal([result.status, result.stdout, result.stderr], [0, '', '']);
});

usage.run();

// ---

const pipe = suite('a reader that closes early');

/** Runs the bin with its stdout piped to a reader that is gone before the CLI writes a line (`| head -0`). */
async function runIntoClosedPipe(args: string[], cwd: string) {
  const { FORCE_COLOR, ...env } = process.env;
  const child = spawn(process.execPath, [bin, ...args], { cwd, env: { ...env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.destroy();
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const [status] = (await once(child, 'close')) as [number | null];
  return { status, stderr };
}

pipe('a dry run ends quietly with exit 0, no EPIPE stack trace', async () => {
  assert.equal(await runIntoClosedPipe(['--dry-run', 'Product', '--yes'], tempDir()), { status: 0, stderr: '' });
});

pipe('generating ends quietly with exit 0, and the files are written', async () => {
  const cwd = tempDir();
  assert.equal(await runIntoClosedPipe(['Product', '--yes'], cwd), { status: 0, stderr: '' });
  assert.ok(existsSync(join(cwd, 'product-service/src/product/product.routes.ts')));
  assert.is(readTree(join(cwd, 'product-service')).size, readTree(join(root, 'examples/product-service')).size);
});

pipe.run();
