import { Agent, request } from 'node:http';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import { numberedBookInput } from '../helpers.js';
import { AUTHORIZATION } from '../tokens.js';
import { spawnServer, useDataDir } from './process.js';

// Embedded database safety: the service killed with SIGKILL in the middle of writes restarts at
// once (the lock of a dead process is taken over) with every acknowledged write present.

const WRITERS = 10;
const WRITES_EACH = 200; // bounds the loop; the kill comes long before
const KILL_AFTER_MS = 1_500;

type Fields = Record<string, unknown>;

function create(agent: Agent, port: number, fields: Fields): Promise<number | undefined> {
  const body = JSON.stringify(fields);
  return new Promise((resolve) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/books',
        agent,
        headers: { authorization: AUTHORIZATION, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve(res.statusCode === 201 ? (JSON.parse(text) as { id: number }).id : undefined));
        res.on('error', () => resolve(undefined));
      },
    );
    req.on('error', () => resolve(undefined));
    req.end(body);
  });
}

const test = suite('embedded database safety');
const dataDir = useDataDir(test);

test('SIGKILL during writes: an immediate restart takes the dead lock over and finds every acknowledged write', async () => {
  const first = await spawnServer(dataDir()).started;
  const acknowledged = new Map<number, Fields>();
  let killed = false;
  const writers = Array.from({ length: WRITERS }, async (_, writer) => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    for (let i = 0; i < WRITES_EACH && !killed; i++) {
      const fields = numberedBookInput(writer * WRITES_EACH + i + 1);
      const id = await create(agent, first.servicePort, fields);
      if (id !== undefined) acknowledged.set(id, fields);
    }
    agent.destroy();
  });
  await new Promise((resolve) => setTimeout(resolve, KILL_AFTER_MS));
  first.child.kill('SIGKILL');
  killed = true;
  await Promise.all(writers);
  await first.exit;

  // The killed process left its lock behind; its process is gone, so the restart may take it.
  const restarted = spawnServer(dataDir());
  const again = await restarted.started;
  try {
    const found = new Map<number, Fields>();
    for (let page = 1; page <= 100; page++) {
      const rows = (await (await fetch(`http://127.0.0.1:${again.servicePort}/api/books?page=${page}&pageSize=100`)).json()) as Fields[];
      for (const row of rows) found.set(row.id as number, row);
      if (rows.length < 100) break;
    }
    const lost = [...acknowledged].filter(([id, fields]) =>
      Object.entries(fields).some(([field, value]) => found.get(id)?.[field] !== value),
    );
    console.log(
      `  embedded: ${acknowledged.size} writes acknowledged before SIGKILL, ${acknowledged.size - lost.length} found after restart (${found.size} rows in all)`,
    );
    assert.ok(acknowledged.size > 0, 'some writes were acknowledged before the kill');
    assert.equal(lost, [], 'acknowledged writes lost');
  } finally {
    again.child.kill('SIGTERM');
  }
  assert.is((await restarted.exit).code, 0);
});

test.run();
