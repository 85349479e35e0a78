import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

import * as assert from 'uvu/assert';
import { suite } from 'uvu';

import { productInput } from './helpers.js';

interface Started {
  child: ChildProcess;
  servicePort: number;
  managementPort: number;
  exit: Promise<{ code: number | null; output: string }>;
}

/** Runs src/server.ts like `npm start` does, on ephemeral ports and the embedded database in dataDir. */
function startServer(dataDir: string, env: Record<string, string> = {}): { started: Promise<Started>; exit: Started['exit'] } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    env: {
      PATH: process.env.PATH,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: '0',
      MANAGEMENT_PORT: '0',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exit = new Promise<{ code: number | null; output: string }>((resolve) =>
    child.once('exit', (code) => resolve({ code, output })),
  );
  const started = new Promise<Started>((resolve, reject) => {
    const ports: Record<string, number> = {};
    createInterface({ input: child.stdout! }).on('line', (line) => {
      output += `${line}\n`;
      const entry = JSON.parse(line) as { msg?: string; port?: number };
      if (entry.msg === 'service listening') ports.service = entry.port!;
      if (entry.msg === 'management listening') ports.management = entry.port!;
      if (entry.msg === 'ready') {
        resolve({ child, servicePort: ports.service!, managementPort: ports.management!, exit });
      }
    });
    exit.then(({ code }) => reject(new Error(`server exited with ${code} before ready:\n${output}`)));
  });
  // A process expected to fail never gets ready: keep that rejection from going unhandled.
  started.catch(() => undefined);
  return { started, exit };
}

const test = suite('server process');
let dataDir = '';

test.before(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'product-service-'));
});

test.after(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

test('starts, refuses a second process on the same data folder, stops on SIGTERM with 0, keeps data', async () => {
  const first = await startServer(dataDir).started;
  try {
    const ready = await fetch(`http://127.0.0.1:${first.managementPort}/health/ready`);
    assert.is(ready.status, 200);
    const created = await fetch(`http://127.0.0.1:${first.servicePort}/api/products`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(productInput()),
    });
    assert.is(created.status, 201);

    const second = await startServer(dataDir).exit;
    assert.is(second.code, 1);
    assert.match(second.output, `data folder ${dataDir} is in use by another process`);
  } finally {
    first.child.kill('SIGTERM');
  }
  const stopped = await first.exit;
  assert.is(stopped.code, 0, stopped.output);
  assert.match(stopped.output, '"msg":"stopped"');

  // The lock is released on a clean stop, and the data survived the restart.
  const again = await startServer(dataDir).started;
  try {
    const list = await fetch(`http://127.0.0.1:${again.servicePort}/api/products`);
    assert.is(((await list.json()) as unknown[]).length, 1);
  } finally {
    again.child.kill('SIGTERM');
  }
  assert.is((await again.exit).code, 0);
});

test('an invalid configuration exits 1 with one clear line on stderr', async () => {
  const { exit } = startServer(dataDir, { PORT: 'eighty' });
  const { code, output } = await exit;
  assert.is(code, 1);
  assert.is(output, 'Invalid configuration: PORT must be an integer from 0 to 65535, got "eighty"\n');
});

test.run();
