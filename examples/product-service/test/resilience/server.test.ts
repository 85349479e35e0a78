import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { numbered } from '../factory.js';
import { AUTH_ENV, AUTHORIZATION, TEST_PASSWORD } from '../tokens.js';
import { type LogEntry, spawnServer, useDataDir } from './process.js';

/** Resolves with the first log entry that matches, or rejects after timeoutMs. */
async function waitForLog(logs: LogEntry[], match: (entry: LogEntry) => boolean, timeoutMs = 10_000): Promise<LogEntry> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const entry = logs.find(match);
    if (entry) return entry;
    if (Date.now() > deadline) throw new Error(`no matching log line within ${timeoutMs} ms: ${JSON.stringify(logs)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const test = suite('server process');
const dataDir = useDataDir(test);

test('starts on loopback, refuses a second process on the same data folder, stops on SIGTERM with 0, keeps data', async () => {
  const spawned = spawnServer(dataDir());
  const first = await spawned.started;
  try {
    // No HOST set: both ports listen on loopback only.
    const listening = spawned.logs.filter((entry) => entry.msg?.endsWith(' listening'));
    assert.equal(
      listening.map((entry) => entry.host),
      ['127.0.0.1', '127.0.0.1'],
    );

    const ready = await fetch(`http://127.0.0.1:${first.managementPort}/health/ready`);
    assert.is(ready.status, 200);
    const created = await fetch(`http://127.0.0.1:${first.servicePort}/api/products`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: AUTHORIZATION },
      body: JSON.stringify(numbered()),
    });
    assert.is(created.status, 201);

    const second = await spawnServer(dataDir()).exit;
    assert.is(second.code, 1);
    assert.match(second.output, `data folder ${dataDir()} is in use by another process (pid ${first.child.pid})`);
  } finally {
    first.child.kill('SIGTERM');
  }
  const stopped = await first.exit;
  assert.is(stopped.code, 0, stopped.output);
  assert.match(stopped.output, '"msg":"stopped"');

  // The lock is released on a clean stop, and the data survived the restart.
  const again = await spawnServer(dataDir()).started;
  try {
    const list = await fetch(`http://127.0.0.1:${again.servicePort}/api/products`);
    assert.is(((await list.json()) as unknown[]).length, 1);
  } finally {
    again.child.kill('SIGTERM');
  }
  assert.is((await again.exit).code, 0);
});

test('MIGRATE_ON_START=false starts on an already migrated database', async () => {
  const server = await spawnServer(dataDir(), { MIGRATE_ON_START: 'false' }).started;
  try {
    assert.is((await fetch(`http://127.0.0.1:${server.managementPort}/health/ready`)).status, 200);
    assert.is((await fetch(`http://127.0.0.1:${server.servicePort}/api/products`)).status, 200);
  } finally {
    server.child.kill('SIGTERM');
  }
  const { code, output } = await server.exit;
  assert.is(code, 0);
  assert.not.match(output, 'migrations done');
});

test('an unreachable database: stays up, not ready, retries with growing delays; SIGTERM exits 0', async () => {
  // Port 1 on 127.0.0.1 refuses at once.
  const server = spawnServer(dataDir(), { DATABASE_URL: 'postgres://app:app@127.0.0.1:1/none' });
  const { port } = await waitForLog(server.logs, (entry) => entry.msg === 'management listening');
  await waitForLog(server.logs, (entry) => entry.msg === 'database unavailable, retrying' && entry.attempt === 4);
  const ready = await fetch(`http://127.0.0.1:${port}/health/ready`);
  assert.is(ready.status, 503);
  assert.equal(await ready.json(), { status: 'starting', reason: 'database unavailable' });
  assert.is((await fetch(`http://127.0.0.1:${port}/health/live`)).status, 200);
  assert.is(server.child.exitCode, null, 'still running');

  const delays = server.logs
    .filter((entry) => entry.msg === 'database unavailable, retrying')
    .map((entry) => (entry as { retryInMs: number }).retryInMs);
  for (let i = 1; i < delays.length; i++) assert.ok(delays[i]! > delays[i - 1]!, `delays grow: ${delays}`);

  server.child.kill('SIGTERM');
  const { code, output } = await server.exit;
  assert.is(code, 0, output);
});

test('an invalid configuration exits 1 with one clear line on stderr', async () => {
  const { exit } = spawnServer(dataDir(), { PORT: 'eighty' });
  const { code, output } = await exit;
  assert.is(code, 1);
  assert.is(output, 'Invalid configuration: PORT must be an integer from 0 to 65535, got "eighty"\n');
});

test.run();

// ---

const startup = suite('production start-up refusals');
const productionDir = useDataDir(startup);

const PRODUCTION = { NODE_ENV: 'production', DATABASE_URL: 'postgres://app:app@127.0.0.1:1/none' };
const refusals: [string, Record<string, string>, string][] = [
  ['no JWT_SECRET', { ...PRODUCTION, JWT_SECRET: '' }, 'Invalid configuration: JWT_SECRET is not set: copy .env.example to .env'],
  [
    'a 31-byte JWT_SECRET',
    { ...PRODUCTION, JWT_SECRET: 'x'.repeat(31) },
    'Invalid configuration: JWT_SECRET must be at least 32 bytes when NODE_ENV=production (it has 31)',
  ],
  ['no password', { ...PRODUCTION, AUTH_PASSWORD: '' }, 'Invalid configuration: AUTH_PASSWORD (or AUTH_PASSWORD_HASH) is not set'],
  [
    'a short password',
    { ...PRODUCTION, AUTH_PASSWORD: 'admin123' },
    'Invalid configuration: AUTH_PASSWORD must be at least 12 characters when NODE_ENV=production',
  ],
];

for (const [what, env, message] of refusals) {
  startup(`NODE_ENV=production with ${what}: exits 1 before listening, saying why`, async () => {
    const exit = await spawnServer(productionDir(), env).exit;
    assert.is(exit.code, 1);
    assert.ok(exit.output.includes(message), exit.output);
    assert.not.match(exit.output, /listening/);
    for (const secret of [TEST_PASSWORD, 'admin123', AUTH_ENV.JWT_SECRET]) assert.not.ok(exit.output.includes(secret), exit.output);
  });
}

startup.run();
