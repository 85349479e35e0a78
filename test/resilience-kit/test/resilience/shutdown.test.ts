import { suite } from 'uvu';

import { SHUTDOWN_ENV, sigtermUnderLoad } from './load.js';
import { usePgBouncer } from './pgbouncer.js';
import { spawnServer, useDataDir, within } from './process.js';
import { hasTools, onPostgres } from './tools.js';

// Graceful shutdown under load (see sigtermUnderLoad): on PostgreSQL when DATABASE_URL is set,
// else on the embedded database; and through PgBouncer in transaction mode.

const test = suite('graceful shutdown');
const dataDir = useDataDir(test);

test('SIGTERM under load: readiness 503 at once, no accepted request fails, exit 0 in time', async () => {
  const server = spawnServer(dataDir(), { DATABASE_URL: process.env.DATABASE_URL ?? '', ...SHUTDOWN_ENV });
  await sigtermUnderLoad(await server.started, 'shutdown');
});

const pgbouncer = usePgBouncer(test);

if (onPostgres('shutdown through PgBouncer') && hasTools(test, ['pgbouncer'])) {
  test('the same through PgBouncer in transaction mode', async () => {
    const server = spawnServer(dataDir(), { DATABASE_URL: (await pgbouncer()).url, ...SHUTDOWN_ENV });
    try {
      await sigtermUnderLoad(await within(60_000, 'the service ready', server.started), 'shutdown through PgBouncer');
    } finally {
      server.child.kill('SIGTERM');
    }
  });
}

test.run();
