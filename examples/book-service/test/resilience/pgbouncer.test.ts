import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import { dropAnswers } from '../dropping-proxy.js';
import { change, numbered, tooFew } from '../factory.js';
import { create, post, put, runnable, WRITE_HEADERS } from '../helpers.js';
import { walk } from '../list-helpers.js';
import { migrationNames } from '../scratch-database.js';
import { TEST_USERNAME } from '../tokens.js';
import { usePgBouncer } from './pgbouncer.js';
import { type Spawned, type Started, serviceOf, spawnServer, useDataDir, within } from './process.js';
import { hasTools, onPostgres } from './tools.js';

// Three replicas of the service behind a real PgBouncer in transaction mode, with the defaults
// of both: what a production deployment behind a pooler (PgBouncer, Supabase's, Neon's) runs.

const PATH = '/api/books';
const REPLICAS = 3;

const test = suite('three replicas through PgBouncer in transaction mode');
const dataDir = useDataDir(test);
const spawned: Spawned[] = [];
const replicas: Started[] = [];
test.after(async () => {
  for (const one of spawned) one.child.kill('SIGTERM');
  await Promise.all(spawned.map((one) => one.exit));
});
const pgbouncer = usePgBouncer(test);

if (onPostgres('PgBouncer') && hasTools(test, ['pgbouncer'])) {
  test('started together on an empty schema: every replica ready, each migration applied once', async () => {
    const { url } = await pgbouncer();
    spawned.push(...Array.from({ length: REPLICAS }, () => spawnServer(dataDir(), { DATABASE_URL: url })));
    // Replicas that took a session-level lock through the pooler would wait for ever.
    replicas.push(...(await within(60_000, 'every replica ready', Promise.all(spawned.map((one) => one.started)))));
    const logs = spawned.map((one) => one.logs as { msg?: string; applied?: string[] }[]);
    const applied = logs.flatMap((entries) =>
      entries.filter((entry) => entry.msg === 'migrations done').flatMap((entry) => entry.applied!),
    );
    assert.equal(applied.sort(), await migrationNames());
    // Each replica asked once with statement_timeout, was refused by the pooler and said what to do instead.
    for (const entries of logs) {
      assert.is(entries.filter((entry) => entry.msg?.startsWith('the database connection pooler refuses statement_timeout')).length, 1);
    }
  });

  test('one Idempotency-Key retried on every replica through answer-dropping proxies: one book, one answer', async () => {
    const proxies = await Promise.all(replicas.map((replica) => dropAnswers(replica.servicePort, (connection) => connection % 2 === 0)));
    try {
      const body = JSON.stringify(numbered(1));
      const answers: string[] = [];
      for (let attempt = 0; answers.length < REPLICAS * 2; attempt++) {
        assert.ok(attempt < 100, 'acknowledged within 100 attempts');
        const port = proxies[attempt % REPLICAS]!.port;
        const response = await fetch(`http://127.0.0.1:${port}${PATH}`, {
          method: 'POST',
          headers: { ...WRITE_HEADERS, 'Idempotency-Key': 'through-pgbouncer', Connection: 'close' },
          body,
        }).catch(() => undefined);
        if (response) answers.push(`${response.status} ${await response.text()}`);
      }
      assert.ok(
        proxies.some((proxy) => proxy.dropped() > 0),
        'answers were dropped',
      );
      assert.is(new Set(answers).size, 1, answers.join('\n'));
      assert.match(answers[0]!, /^201 /);
      const listed = (await (await fetch(`http://127.0.0.1:${replicas[0]!.servicePort}${PATH}`)).json()) as unknown[];
      assert.is(listed.length, 1);
    } finally {
      await Promise.all(proxies.map((proxy) => proxy.close()));
    }
  });

  runnable(test, tooFew(2))('updates racing on every replica with one If-Match: exactly one wins, the others are 412', async () => {
    const { answer, etag } = await create(serviceOf(replicas[0]!), numbered(2));
    const statuses = await Promise.all(
      Array.from({ length: REPLICAS * 4 }, async (_, n) => {
        const response = await put(serviceOf(replicas[n % REPLICAS]!), `${PATH}/${answer.id}`, change(), {
          ...WRITE_HEADERS,
          'If-Match': etag,
        });
        await response.arrayBuffer();
        return response.status;
      }),
    );
    assert.equal(statuses.sort(), [200, ...Array(REPLICAS * 4 - 1).fill(412)]);
  });

  runnable(test, tooFew(26))('a cursor walk that asks each page of another replica visits every book once, in order', async () => {
    for (let n = 3; n <= 26; n++) assert.is((await post(serviceOf(replicas[n % REPLICAS]!), PATH, numbered(n))).status, 201);
    let page = 0;
    const rotating = { api: (path: string, init?: RequestInit) => serviceOf(replicas[page++ % REPLICAS]!).api(path, init) };
    const ids = await walk(rotating as ReturnType<typeof serviceOf>, `${PATH}?pageSize=5&sort=-id`);
    // The 24 just created and the two of the tests before.
    assert.is(new Set(ids).size, 26);
    assert.equal(
      ids,
      [...ids].sort((a, b) => b - a),
    );
    assert.ok(page > REPLICAS, 'every replica served pages');
  });

  test('the token endpoint counts failed attempts once for all replicas', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt++) {
      const response = await fetch(`http://127.0.0.1:${replicas[attempt % REPLICAS]!.servicePort}/api/auth/token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username: TEST_USERNAME, password: 'not the password' }),
      });
      await response.arrayBuffer();
      statuses.push(response.status);
    }
    assert.equal(statuses, [...Array(10).fill(401), 429, 429]);
  });

  test('SIGTERM stops every replica gracefully, with exit code 0', async () => {
    for (const replica of replicas) replica.child.kill('SIGTERM');
    const exits = await Promise.all(replicas.splice(0).map((replica) => replica.exit));
    assert.equal(
      exits.map((exit) => exit.code),
      Array(REPLICAS).fill(0),
    );
  });
}

test.run();
