import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, writeFile } from 'node:fs/promises';
import { type AddressInfo, createServer } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';

import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import { npmRun } from './scratch-database.js';
import { AUTH_ENV, TEST_PASSWORD, TEST_USERNAME } from '../support/tokens.js';
import { assertRefused, projectDir, refusal, spawnServer, useDataDir, within } from './process.js';

// Start-up failures an owner can cause, each told in one line that names what to change.

const test = suite('start-up failures with a known cause');
const dataDir = useDataDir(test);
const database = { DATABASE_URL: process.env.DATABASE_URL ?? '' };

test('a port in use, a HOST of another machine: exit 1 and one line naming PORT, MANAGEMENT_PORT or HOST', async () => {
  const taken = createServer().listen(0, '127.0.0.1');
  await once(taken, 'listening');
  const { port } = taken.address() as AddressInfo;
  try {
    const cases: [Record<string, string>, string][] = [
      [{ PORT: String(port) }, `port ${port} on 127.0.0.1 is in use by another process: stop it, or set PORT to a free port`],
      [
        { MANAGEMENT_PORT: String(port) },
        `port ${port} on 127.0.0.1 is in use by another process: stop it, or set MANAGEMENT_PORT to a free port`,
      ],
      // 192.0.2.1 is reserved for documentation (RFC 5737): no machine has it.
      [
        { HOST: '192.0.2.1' },
        'HOST 192.0.2.1 is not an address of this machine: set HOST to one of its addresses, or 0.0.0.0 for all of them',
      ],
    ];
    // In memory: the runs share no data folder.
    const results = await Promise.all(cases.map(([env]) => refusal('memory://', { ...database, ...env })));
    for (const [n, result] of results.entries()) assertRefused(result, cases[n]![1]);
  } finally {
    taken.close();
  }
});

test('a data folder that cannot be written: exit 1 and one line naming DATA_DIR', async () => {
  const file = join(dataDir(), 'a-file');
  await writeFile(file, '');
  const folder = join(file, 'data');
  assertRefused(
    await refusal(folder, {}),
    `cannot write data folder ${folder} (ENOTDIR): set DATA_DIR to a folder this user may write, or DATABASE_URL`,
  );
});

test('an unexpected failure is one line on stderr too, with its message; its stack only with LOG_LEVEL=debug', async () => {
  const run = promisify(execFile);
  const fail = "import('./src/startup-error.ts').then((m) => m.exitOnStartupFailure(new Error('boom\\nmore'), 'start-up', 'unused'))";
  for (const [level, stack] of [['info', false], ['debug', true]] as const) {
    const result = await run(process.execPath, ['--import', 'tsx/esm', '-e', fail], { cwd: projectDir, env: { PATH: process.env.PATH, LOG_LEVEL: level } }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    assert.is(result.code, 1);
    assert.is(result.stdout, '');
    assert.is(result.stderr.split('\n')[0], 'start-up failed: boom', result.stderr);
    assert.is(/\n\s+at /.test(result.stderr), stack, `LOG_LEVEL=${level}: ${result.stderr}`);
  }
});

test('npm run db:seed and npm run migrate while the service holds the embedded database: one line saying to stop it first', async () => {
  const server = await within(60_000, 'the service ready', spawnServer(dataDir()).started);
  try {
    for (const script of ['db:seed', 'migrate']) {
      const result = await npmRun(script, [], { DATABASE_URL: '', DATA_DIR: dataDir() });
      assert.is(result.code, 1);
      assert.is(
        result.stderr,
        `data folder ${dataDir()} is in use by another process (pid ${server.child.pid}): ` +
          `stop the service first (npm run ${script} opens the embedded database itself), then run it again\n`,
      );
    }
  } finally {
    server.child.kill('SIGTERM');
    await server.exit;
  }
});

test('secrets from files (JWT_SECRET_FILE, AUTH_PASSWORD_FILE, DATABASE_URL_FILE): the service starts and authenticates with them', async () => {
  const secrets = join(dataDir(), 'secrets');
  await mkdir(secrets);
  // As `echo` and editors write them: with a final newline, which is no part of the secret.
  const files = { JWT_SECRET: AUTH_ENV.JWT_SECRET, AUTH_PASSWORD: TEST_PASSWORD, ...(database.DATABASE_URL && database) };
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(files)) {
    await writeFile(join(secrets, name), `${value}\n`);
    Object.assign(env, { [name]: '', [`${name}_FILE`]: join(secrets, name) });
  }
  const server = await within(60_000, 'the service ready', spawnServer(join(dataDir(), 'data'), env).started);
  try {
    const response = await fetch(`http://127.0.0.1:${server.servicePort}/api/auth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: TEST_USERNAME, password: TEST_PASSWORD }),
    });
    assert.is(response.status, 200, await response.clone().text());
  } finally {
    server.child.kill('SIGTERM');
    assert.is((await server.exit).code, 0);
  }
});

test('a secret set both ways is refused in one line, before anything starts', async () => {
  assertRefused(await refusal('memory://', { JWT_SECRET_FILE: '/run/secrets/jwt-secret' }), 'Invalid configuration: Set JWT_SECRET or JWT_SECRET_FILE, not both');
});

test.run();
