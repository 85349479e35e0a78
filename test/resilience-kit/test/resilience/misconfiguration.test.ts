import { suite } from 'uvu';

import { usePgBouncer } from './pgbouncer.js';
import { assertRefused, refusal, useDataDir } from './process.js';
import { hasTools, onPostgres } from './tools.js';

// A database setting no retry can cure stops the start at once: exit code 1 and one line on
// stderr that names the cause and what to change, without a stack trace. (An unreachable server is
// retried instead: server.test.ts. TLS refusals: tls.test.ts.)

const test = suite('database misconfigurations at start');
const dataDir = useDataDir(test);

/** DATABASE_URL with one part changed. */
function databaseUrl(change: (url: URL) => void): string {
  const url = new URL(process.env.DATABASE_URL!);
  change(url);
  return url.href;
}

if (onPostgres('database misconfigurations')) {
  test('a wrong password, an unknown database', async () => {
    const user = decodeURIComponent(new URL(process.env.DATABASE_URL!).username);
    const cases: [string, string][] = [
      [
        databaseUrl((url) => {
          url.password = 'not-the-password';
        }),
        `database login refused: password authentication failed for user "${user}"; fix the user name or password in DATABASE_URL`,
      ],
      [
        databaseUrl((url) => {
          url.pathname = '/no_such_database';
        }),
        'database "no_such_database" does not exist; fix the database name in DATABASE_URL, or create the database',
      ],
    ];
    const results = await Promise.all(cases.map(([url]) => refusal(dataDir(), { DATABASE_URL: url })));
    for (const [n, result] of results.entries()) assertRefused(result, cases[n]![1]);
  });
}

const pgbouncer = usePgBouncer(test);

if (onPostgres('misconfigurations through PgBouncer') && hasTools(test, ['pgbouncer'])) {
  test('through PgBouncer, which answers every refusal with SQLSTATE 08P01: a parameter it does not pass, a wrong password, no TLS', async () => {
    const bouncer = await pgbouncer();
    const cases: [string, string][] = [
      [
        bouncer.urlFor((url) => url.searchParams.set('options', '-c search_path=other')),
        'the connection pooler refused the startup parameter options (unsupported startup parameter: options); remove it from DATABASE_URL, or have the pooler ignore it',
      ],
      [
        bouncer.urlFor((url) => url.searchParams.set('sslmode', 'require')),
        'the database server does not offer TLS, but sslmode in DATABASE_URL requires it; turn ssl on in the server, or set sslmode=disable on a trusted network',
      ],
    ];
    // PgBouncer checks passwords when the server of DATABASE_URL has one (it trusts its clients when not).
    if (new URL(bouncer.url).password) {
      cases.push([
        bouncer.urlFor((url) => {
          url.password = 'not-the-password';
        }),
        'database login refused: SASL authentication failed; fix the user name or password in DATABASE_URL',
      ]);
    }
    const results = await Promise.all(cases.map(([url]) => refusal(dataDir(), { DATABASE_URL: url })));
    for (const [n, result] of results.entries()) assertRefused(result, cases[n]![1]);
  });
}

test.run();
