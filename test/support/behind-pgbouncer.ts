/**
 * `node --import tsx test/support/behind-pgbouncer.ts <command...>`: runs a command (a project's
 * `npm test`) with DATABASE_URL through Debian's PgBouncer in transaction mode, as production
 * poolers run, in front of the server of DATABASE_URL, and stops it after. PgBouncer passes no
 * statement_timeout (DB_STATEMENT_TIMEOUT_MS=0); TEST_SESSION_QUERY, when set, runs on each of its
 * server connections (a tenant project's tests read the table as their tenant).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';

import { startPgBouncer } from '../resilience-kit/test/resilience/pgbouncer.js';

const [command, ...args] = process.argv.slice(2);
if (command === undefined || !process.env.DATABASE_URL) {
  process.stderr.write('usage: DATABASE_URL=... behind-pgbouncer.ts <command...>\n');
  process.exit(2);
}
const bouncer = await startPgBouncer({ connectQuery: process.env.TEST_SESSION_QUERY });
let code = 1;
try {
  const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, DATABASE_URL: bouncer.url, DB_STATEMENT_TIMEOUT_MS: '0' } });
  [code] = (await once(child, 'exit')) as [number];
} finally {
  await bouncer.stop();
}
process.exit(code);
