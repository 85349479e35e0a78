import { readFile } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import { LOCK_FILE } from '../../src/data-dir-lock.js';
import { numbered } from '../factory.js';
import { AUTHORIZATION } from '../tokens.js';
import { killGroup, spawnServer, useDataDir } from './process.js';

// Embedded database safety: `npm start` killed with SIGKILL (its whole process group) in the
// middle of writes restarts at once (the lock of a dead or zombie process is taken over) with
// every acknowledged write present.

const WRITERS = 10;
const WRITES_EACH = 200; // bounds the loop; the kill comes long before
const KILL_AFTER_MS = 1_500;
const RESTART_WITHIN_MS = 15_000;

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

/** The process state (Z for a zombie) of the lock's owner, where /proc tells it. */
async function ownerState(): Promise<string> {
  const pid = (await readFile(join(dataDir(), LOCK_FILE), 'utf8')).trim();
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
  return stat === undefined ? 'gone' : stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
}

test("SIGKILL of npm start's process group during writes: a restart takes the lock over, is ready within 15 s and finds every acknowledged write", async () => {
  const first = await spawnServer(dataDir(), {}, 'npm start').started;
  const acknowledged = new Map<number, Fields>();
  let killed = false;
  const writers = Array.from({ length: WRITERS }, async (_, writer) => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    for (let i = 0; i < WRITES_EACH && !killed; i++) {
      const fields = numbered(writer * WRITES_EACH + i + 1);
      const id = await create(agent, first.servicePort, fields);
      if (id !== undefined) acknowledged.set(id, fields);
    }
    agent.destroy();
  });
  await new Promise((resolve) => setTimeout(resolve, KILL_AFTER_MS));
  killGroup(first.child);
  const killedAt = Date.now();
  killed = true;
  await Promise.all(writers);
  await first.exit;

  // The killed service left its lock behind; its process is gone, or a zombie until something
  // reaps it (a container's PID 1 may never do so): either way the restart takes the lock.
  const owner = await ownerState();
  const restarted = spawnServer(dataDir());
  const again = await restarted.started;
  const readyAfterMs = Date.now() - killedAt;
  console.log(`  embedded: ready ${readyAfterMs} ms after SIGKILL of npm start's group (lock owner then: ${owner})`);
  assert.ok(readyAfterMs < RESTART_WITHIN_MS, `ready after ${readyAfterMs} ms`);
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
