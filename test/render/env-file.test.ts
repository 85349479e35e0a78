import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import { runCli, tempDir } from '../support/helpers.js';

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

secrets('a new project gets a private .env with a random secret and password, printed once', async () => {
  const [first, second] = await Promise.all([tempDir(), tempDir()].map(async (cwd) => {
    const result = await runCli(['OrderLine', '--yes', '--out', 'out'], cwd);
    assert.is(result.status, 0, result.stderr);
    const path = join(cwd, 'out/.env');
    assert.is(statSync(path).mode & 0o777, 0o600, '.env is readable by its owner only');
    const env = readEnv(path);
    assert.match(result.stdout, `username: ${env.AUTH_USERNAME}`);
    assert.match(result.stdout, `password: ${env.AUTH_PASSWORD}`);
    assert.not.ok(result.stdout.includes(env.JWT_SECRET!), 'the secret itself is not printed');
    return env;
  }));
  assert.is(first!.AUTH_USERNAME, 'admin');
  assert.ok(Buffer.byteLength(first!.JWT_SECRET!) >= 32, 'JWT_SECRET is long enough for production');
  assert.ok(first!.AUTH_PASSWORD!.length >= 12, 'AUTH_PASSWORD is long enough for production');
  assert.is.not(first!.JWT_SECRET, second!.JWT_SECRET);
  assert.is.not(first!.AUTH_PASSWORD, second!.AUTH_PASSWORD);
});

secrets('a project that keeps tenants apart gets the account\'s tenant too, without which it would not start', async () => {
  const cwd = tempDir();
  const result = await runCli(['Invoice', '--yes', '--tenant-claim', 'org_id', '--out', 'out'], cwd);
  assert.is(result.status, 0, result.stderr);
  assert.is(readEnv(join(cwd, 'out/.env')).AUTH_TENANT, 'local');
  assert.match(result.stdout, 'tenant:   local (AUTH_TENANT)');
  const single = await runCli(['Invoice', '--yes', '--out', 'single'], cwd);
  assert.is(readEnv(join(cwd, 'single/.env')).AUTH_TENANT, undefined);
  assert.not.match(single.stdout, 'AUTH_TENANT');
});

secrets('regenerating with --force keeps the existing .env and says so', async () => {
  const cwd = tempDir();
  assert.is((await runCli(['OrderLine', '--yes', '--out', 'out'], cwd)).status, 0);
  const before = readFileSync(join(cwd, 'out/.env'), 'utf8');
  const again = await runCli(['OrderLine', '--yes', '--force', '--out', 'out'], cwd);
  assert.is(again.status, 0, again.stderr);
  assert.is(readFileSync(join(cwd, 'out/.env'), 'utf8'), before);
  assert.match(again.stdout, 'Kept the existing .env');
  assert.not.match(again.stdout, /password:/);
});

secrets('--dry-run says it would create .env and creates nothing', async () => {
  const cwd = tempDir();
  const result = await runCli(['OrderLine', '--dry-run', '--out', 'out'], cwd);
  assert.is(result.status, 0, result.stderr);
  assert.match(result.stdout, 'would create .env');
  assert.not.ok(existsSync(join(cwd, 'out/.env')));
});

secrets('the generated .gitignore and .dockerignore keep .env out', async () => {
  const cwd = tempDir();
  assert.is((await runCli(['OrderLine', '--yes', '--out', 'out'], cwd)).status, 0);
  for (const file of ['.gitignore', '.dockerignore']) {
    assert.ok(readFileSync(join(cwd, 'out', file), 'utf8').split('\n').includes('.env'), file);
  }
});

secrets.run();
