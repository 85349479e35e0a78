import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import { readTree, runCli, tempDir } from './helpers.js';

/** A failed run prints one line starting with "error:", exits 1, and writes nothing. */
function assertRefused(args: string[], message: RegExp) {
  const cwd = tempDir();
  const result = runCli([...args, '--out', 'out'], cwd);
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
  [['Order!'], /only letters and digits/],
  [['X'.repeat(200)], /at most 40 characters/],
  [['Class'], /reserved word/],
  [['Model'], /clashes with Model in the generated code/],
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
];

for (const [args, message] of cases) {
  errors(`${JSON.stringify(args).slice(0, 60)} -> ${message.source}`, () => assertRefused(args, message));
}

errors('a missing entity without a TTY fails at once instead of waiting on a prompt', () => {
  const started = Date.now();
  const result = runCli([]);
  assert.is(result.status, 1);
  assert.match(result.stderr, /^error: missing entity name/);
  assert.ok(Date.now() - started < 10_000);
});

errors.run();

// ---

const folders = suite('output folders');

folders('a non-empty folder is refused and left untouched', () => {
  const cwd = tempDir();
  const out = join(cwd, 'existing');
  mkdirSync(out);
  writeFileSync(join(out, 'keep.txt'), 'mine');
  const before = statSync(join(out, 'keep.txt')).mtimeMs;
  const result = runCli(['OrderLine', '--yes', '--out', 'existing'], cwd);
  assert.is(result.status, 1);
  assert.match(result.stderr, /^error: existing is not empty; choose another --out folder or pass --force/);
  assert.equal(readdirSync(out), ['keep.txt']);
  assert.is(readFileSync(join(out, 'keep.txt'), 'utf8'), 'mine');
  assert.is(statSync(join(out, 'keep.txt')).mtimeMs, before);
});

folders('--force writes into a non-empty folder and keeps unrelated files', () => {
  const cwd = tempDir();
  const out = join(cwd, 'existing');
  mkdirSync(out);
  writeFileSync(join(out, 'keep.txt'), 'mine');
  const result = runCli(['OrderLine', '--yes', '--force', '--out', 'existing'], cwd);
  assert.is(result.status, 0, result.stderr);
  assert.is(readFileSync(join(out, 'keep.txt'), 'utf8'), 'mine');
  assert.ok(existsSync(join(out, 'package.json')));
});

folders('a file where the folder should be is refused', () => {
  const cwd = tempDir();
  writeFileSync(join(cwd, 'out'), 'a file');
  const result = runCli(['OrderLine', '--yes', '--out', 'out'], cwd);
  assert.is(result.status, 1);
  assert.match(result.stderr, /^error: out exists and is not a folder/);
});

folders('the default folder is ./<entity-kebab>-service', () => {
  const cwd = tempDir();
  const result = runCli(['order line', '--yes'], cwd);
  assert.is(result.status, 0, result.stderr);
  assert.equal(readdirSync(cwd), ['order-line-service']);
  assert.match(result.stdout, /cd order-line-service\n\s+npm install\n\s+npm start/);
});

folders('--dry-run lists every file and writes nothing', () => {
  const cwd = tempDir();
  const result = runCli(['OrderLine', '--dry-run'], cwd);
  assert.is(result.status, 0, result.stderr);
  assert.equal(readdirSync(cwd), []);
  assert.match(result.stdout, /would create package\.json/);
  assert.match(result.stdout, /would create src\/order-line\/order-line\.routes\.ts/);
  assert.match(result.stdout, /Dry run: nothing was written/);
});

folders('every spelling of an entity writes the same tree', () => {
  const trees = ['OrderLine', 'orderLine', 'order-line', 'order_line', 'order line'].map((spelling) => {
    const cwd = tempDir();
    const result = runCli([spelling, '--yes', '--out', 'out'], cwd);
    assert.is(result.status, 0, result.stderr);
    return readTree(join(cwd, 'out'));
  });
  for (const tree of trees.slice(1)) assert.equal(tree, trees[0]);
});

folders('--port and --management-port reach the generated config and answers file', () => {
  const cwd = tempDir();
  const result = runCli(['OrderLine', '--yes', '--port', '9090', '--management-port', '9091', '--out', 'out'], cwd);
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

const secrets = suite('the local .env');

/** KEY=value lines of a .env file. */
function readEnv(path: string): Record<string, string> {
  return Object.fromEntries(
    readFileSync(path, 'utf8')
      .split('\n')
      .filter((line) => /^[A-Z_]+=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}

secrets('a new project gets a private .env with a random secret and password, printed once', () => {
  const [first, second] = [tempDir(), tempDir()].map((cwd) => {
    const result = runCli(['OrderLine', '--yes', '--out', 'out'], cwd);
    assert.is(result.status, 0, result.stderr);
    const path = join(cwd, 'out/.env');
    assert.is(statSync(path).mode & 0o777, 0o600, '.env is readable by its owner only');
    const env = readEnv(path);
    assert.match(result.stdout, `username: ${env.AUTH_USERNAME}`);
    assert.match(result.stdout, `password: ${env.AUTH_PASSWORD}`);
    assert.not.ok(result.stdout.includes(env.JWT_SECRET!), 'the secret itself is not printed');
    return env;
  });
  assert.is(first!.AUTH_USERNAME, 'admin');
  assert.ok(Buffer.byteLength(first!.JWT_SECRET!) >= 32, 'JWT_SECRET is long enough for production');
  assert.ok(first!.AUTH_PASSWORD!.length >= 12, 'AUTH_PASSWORD is long enough for production');
  assert.is.not(first!.JWT_SECRET, second!.JWT_SECRET);
  assert.is.not(first!.AUTH_PASSWORD, second!.AUTH_PASSWORD);
});

secrets('regenerating with --force keeps the existing .env and says so', () => {
  const cwd = tempDir();
  assert.is(runCli(['OrderLine', '--yes', '--out', 'out'], cwd).status, 0);
  const before = readFileSync(join(cwd, 'out/.env'), 'utf8');
  const again = runCli(['OrderLine', '--yes', '--force', '--out', 'out'], cwd);
  assert.is(again.status, 0, again.stderr);
  assert.is(readFileSync(join(cwd, 'out/.env'), 'utf8'), before);
  assert.match(again.stdout, 'Kept the existing .env');
  assert.not.match(again.stdout, /password:/);
});

secrets('--dry-run says it would create .env and creates nothing', () => {
  const cwd = tempDir();
  const result = runCli(['OrderLine', '--dry-run', '--out', 'out'], cwd);
  assert.is(result.status, 0, result.stderr);
  assert.match(result.stdout, 'would create .env');
  assert.not.ok(existsSync(join(cwd, 'out/.env')));
});

secrets('the generated .gitignore and .dockerignore keep .env out', () => {
  const cwd = tempDir();
  assert.is(runCli(['OrderLine', '--yes', '--out', 'out'], cwd).status, 0);
  for (const file of ['.gitignore', '.dockerignore']) {
    assert.ok(readFileSync(join(cwd, 'out', file), 'utf8').split('\n').includes('.env'), file);
  }
});

secrets.run();

// ---

const usage = suite('help and version');

usage('--help describes every option', () => {
  const result = runCli(['--help']);
  assert.is(result.status, 0);
  for (const option of ['--port', '--management-port', '--out', '--yes', '--dry-run', '--force', '--version']) {
    assert.ok(result.stdout.includes(option), option);
  }
});

usage('--version prints the package version', () => {
  const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  const result = runCli(['--version']);
  assert.is(result.status, 0);
  assert.is(result.stdout.trim(), version);
});

usage.run();
