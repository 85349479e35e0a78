import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import { assertRefused, refusal, type Spawned, spawnServer, useDataDir, within } from './process.js';
import { startTlsPostgres, type TlsPostgres } from './tls-postgres.js';
import { hasTools, onPostgres } from './tools.js';

// TLS to PostgreSQL, against a cluster of the test's own that admits TLS connections only:
// sslmode in DATABASE_URL means what libpq says it means, the CA comes from PGSSLROOTCERT, and
// every refusal is one log line that says what to change. Runs beside the DATABASE_URL suites.

const test = suite('TLS to PostgreSQL');
const dataDir = useDataDir(test);
let server: TlsPostgres | undefined;
const spawned: Spawned[] = [];

test.after(async () => {
  for (const one of spawned) one.child.kill('SIGTERM');
  await Promise.all(spawned.map((one) => one.exit));
  await server?.stop();
});

/** Starts the service with these database settings; resolves once it is ready, or rejects with its output. */
async function start(env: Record<string, string>) {
  const one = spawnServer(dataDir(), env);
  spawned.push(one);
  return { ...(await within(60_000, 'the service ready', one.started)), logs: one.logs };
}

if (onPostgres('TLS') && hasTools(test, ['initdb', 'pg_ctl', 'openssl'])) {
  test('sslmode=verify-full with the CA in PGSSLROOTCERT connects; sslmode=require encrypts without verifying; no warning either way', async () => {
    server = await startTlsPostgres();
    const verified = await start({ DATABASE_URL: `${server.url('localhost')}?sslmode=verify-full`, PGSSLROOTCERT: server.caFile });
    // The server admits TLS connections only: a ready service reached it over TLS.
    assert.is((await fetch(`http://127.0.0.1:${verified.managementPort}/health/ready`)).status, 200);
    // libpq's require: encrypted, certificate not checked (node-postgres alone would verify it, and warn).
    const encrypted = await start({ DATABASE_URL: `${server.url('127.0.0.1')}?sslmode=require` });
    for (const started of [verified, encrypted]) {
      started.child.kill('SIGTERM');
      const { code, stderr } = await started.exit;
      assert.is(code, 0);
      assert.is(stderr, '', 'nothing on stderr: no SECURITY WARNING');
    }
  });

  test('refused in one log line that says what to change: a wrong CA, a wrong host name, no TLS, an unknown role', async () => {
    const tls = server!;
    const cases: [Record<string, string>, string][] = [
      [
        { DATABASE_URL: `${tls.url('localhost')}?sslmode=verify-full`, PGSSLROOTCERT: tls.otherCaFile },
        "the database server's certificate is not signed by a trusted CA (unable to verify the first certificate); set PGSSLROOTCERT to the file of the CA that signed it",
      ],
      [
        { DATABASE_URL: `${tls.url('127.0.0.1')}?sslmode=verify-full`, PGSSLROOTCERT: tls.caFile },
        "the database server's certificate is for DNS:localhost, not for 127.0.0.1, the host in DATABASE_URL; connect with a name the certificate lists, or use sslmode=verify-ca",
      ],
      [
        { DATABASE_URL: tls.url('127.0.0.1') },
        'database refused an unencrypted connection: pg_hba.conf rejects connection for host "127.0.0.1", user "postgres", database "postgres", no encryption; add sslmode=require (or verify-full) to DATABASE_URL',
      ],
      [
        { DATABASE_URL: `${tls.url('localhost', 'postgres', 'nobody')}?sslmode=verify-full`, PGSSLROOTCERT: tls.caFile },
        'database login refused: role "nobody" does not exist; fix the user name in DATABASE_URL',
      ],
    ];
    const results = await Promise.all(cases.map(([env]) => refusal(dataDir(), env)));
    for (const [n, result] of results.entries()) assertRefused(result, cases[n]![1]);
  });

  test('a database dropped while the service runs: readiness answers 503 naming the cause', async () => {
    const tls = server!;
    await tls.sql('create database doomed');
    const running = await start({ DATABASE_URL: `${tls.url('localhost', 'doomed')}?sslmode=verify-full`, PGSSLROOTCERT: tls.caFile });
    await tls.sql('drop database doomed with (force)');
    let body: unknown;
    for (let attempt = 0; attempt < 50; attempt++) {
      const response = await fetch(`http://127.0.0.1:${running.managementPort}/health/ready`);
      body = await response.json();
      if ((body as { reason?: string }).reason !== undefined) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    assert.equal(body, {
      status: 'error',
      checks: { database: 'unavailable' },
      reason: 'database "doomed" does not exist; fix the database name in DATABASE_URL, or create the database',
    });
  });
}

test.run();
