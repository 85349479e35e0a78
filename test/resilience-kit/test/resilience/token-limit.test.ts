import * as assert from 'uvu/assert';
import { suite } from 'uvu';

import { scratchDatabase } from './scratch-database.js';
import { TEST_USERNAME } from '../support/tokens.js';
import { spawnServer, useDataDir, type Started } from './process.js';

// The token endpoint allows 10 attempts per address per minute. On PostgreSQL the count is one
// for the whole service: spread over two processes on one database, the 11th attempt is refused
// by both, and a restarted process still refuses. The embedded database has one process, which
// counts in memory.

const LIMIT = 10;
const ATTEMPTS = 15;

async function wrongPassword(server: Started): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${server.servicePort}/api/auth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: TEST_USERNAME, password: 'not the password' }),
  });
  await response.arrayBuffer();
  return response.status;
}

async function stop(server: Started): Promise<void> {
  server.child.kill('SIGTERM');
  assert.is((await server.exit).code, 0);
}

const test = suite('token endpoint limit');
const dataDir = useDataDir(test);

if (process.env.DATABASE_URL) {
  test('two processes on one PostgreSQL database share one limit, and a restart keeps it', async () => {
    const scratch = await scratchDatabase();
    const servers: Started[] = [];
    try {
      // One after the other: the first applies the migrations.
      servers.push(await spawnServer(dataDir(), scratch.env).started);
      servers.push(await spawnServer(dataDir(), scratch.env).started);
      const statuses: number[] = [];
      for (let attempt = 0; attempt < ATTEMPTS; attempt++) statuses.push(await wrongPassword(servers[attempt % 2]!));
      assert.equal(statuses, [...Array(LIMIT).fill(401), ...Array(ATTEMPTS - LIMIT).fill(429)]);

      await stop(servers.shift()!);
      servers.unshift(await spawnServer(dataDir(), scratch.env).started);
      assert.equal(await Promise.all(servers.map(wrongPassword)), [429, 429]);
    } finally {
      for (const server of servers) server.child.kill('SIGTERM');
      await Promise.all(servers.map((server) => server.exit));
      await scratch.drop();
    }
  });
} else {
  test('on the embedded database the process counts in memory: the 11th attempt in a minute is 429', async () => {
    const server = await spawnServer(dataDir()).started;
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < ATTEMPTS; attempt++) statuses.push(await wrongPassword(server));
      assert.equal(statuses, [...Array(LIMIT).fill(401), ...Array(ATTEMPTS - LIMIT).fill(429)]);
    } finally {
      await stop(server);
    }
  });
}

test.run();
