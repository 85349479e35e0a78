import { Agent, request } from 'node:http';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { numbered } from '../factory.js';
import { AUTHORIZATION } from '../tokens.js';
import { spawnServer, useDataDir } from './process.js';

// Graceful shutdown under load: 20 keep-alive clients keep sending while the real process gets
// SIGTERM. Readiness must turn 503 at once, no request the server accepted may fail or see a
// reset, and the process must exit 0 within SHUTDOWN_TIMEOUT_MS. On PostgreSQL when
// DATABASE_URL is set, else on the embedded database.

const CLIENTS = 20;
const SHUTDOWN_TIMEOUT_MS = 10_000;
const LOAD_BEFORE_SIGNAL_MS = 1_000;
const MAX_REQUESTS_PER_CLIENT = 2_000; // bounds the loop even if the server never stops

type Outcome = { kind: 'ok'; status: number } | { kind: 'refused' } | { kind: 'failed'; error: string };

function once(agent: Agent, port: number, method: string, path: string, body?: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const headers = body
      ? { authorization: AUTHORIZATION, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }
      : {};
    const req = request({ host: '127.0.0.1', port, method, path, agent, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve({ kind: 'ok', status: res.statusCode ?? 0 }));
      res.on('error', (error) => resolve({ kind: 'failed', error: error.message }));
    });
    req.on('error', (error: NodeJS.ErrnoException) =>
      // Refused: a new connection the closed listener did not accept; the request never reached the server.
      resolve(error.code === 'ECONNREFUSED' ? { kind: 'refused' } : { kind: 'failed', error: `${error.code ?? ''} ${error.message}` }),
    );
    req.end(body);
  });
}

const test = suite('graceful shutdown');
const dataDir = useDataDir(test);

test('SIGTERM under load: readiness 503 at once, no accepted request fails, exit 0 in time', async () => {
  const { started, exit } = spawnServer(dataDir(), {
    DATABASE_URL: process.env.DATABASE_URL ?? '',
    SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
  });
  const { child, servicePort, managementPort } = await started;
  const counts = { ok: 0, non2xx: 0, refused: 0, failed: 0 };
  const failures: string[] = [];
  let signalled = false;
  let loadBeforeSignal = 0;

  const clients = Array.from({ length: CLIENTS }, async (_, client) => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    for (let i = 0; i < MAX_REQUESTS_PER_CLIENT; i++) {
      const outcome =
        i % 3 === 0
          ? await once(agent, servicePort, 'POST', '/api/books', JSON.stringify(numbered(client * MAX_REQUESTS_PER_CLIENT + i + 1)))
          : await once(agent, servicePort, 'GET', '/api/books?pageSize=5');
      if (outcome.kind === 'refused') {
        counts.refused++;
        break; // the server stopped accepting: a real client would go to another instance
      }
      if (outcome.kind === 'failed') {
        counts.failed++;
        failures.push(outcome.error);
        break;
      }
      if (outcome.status >= 200 && outcome.status < 300) counts.ok++;
      else counts.non2xx++;
      if (!signalled) loadBeforeSignal++;
    }
    agent.destroy();
  });

  await new Promise((resolve) => setTimeout(resolve, LOAD_BEFORE_SIGNAL_MS));
  const readinessAgent = new Agent({ keepAlive: true, maxSockets: 1 });
  const before = await once(readinessAgent, managementPort, 'GET', '/health/ready');
  assert.equal(before, { kind: 'ok', status: 200 });

  const signalledAt = Date.now();
  signalled = true;
  child.kill('SIGTERM');
  // The first readiness answer after the signal is handled: poll on the open keep-alive connection.
  let readiness: Outcome = before;
  for (let i = 0; i < 200 && readiness.kind === 'ok' && readiness.status === 200; i++) {
    readiness = await once(readinessAgent, managementPort, 'GET', '/health/ready');
  }
  const readinessMs = Date.now() - signalledAt;
  readinessAgent.destroy();

  await Promise.all(clients);
  const { code, output } = await exit;
  const exitMs = Date.now() - signalledAt;
  console.log(
    `  shutdown: ${counts.ok} requests answered 2xx (${loadBeforeSignal} before SIGTERM), ${counts.non2xx} other answers, ` +
      `${counts.refused} clients refused after close, ${counts.failed} accepted requests failed; ` +
      `readiness ${readiness.kind === 'ok' ? readiness.status : readiness.kind} after ${readinessMs} ms, exit ${code} after ${exitMs} ms`,
  );
  assert.equal(readiness, { kind: 'ok', status: 503 }, 'readiness answers 503 while draining');
  assert.ok(readinessMs < 1_000, `readiness turned 503 after ${readinessMs} ms`);
  assert.equal(failures, [], 'requests failed or were reset');
  assert.is(counts.non2xx, 0);
  assert.ok(loadBeforeSignal > CLIENTS, 'the clients were busy before the signal');
  assert.is(code, 0, output);
  assert.ok(exitMs < SHUTDOWN_TIMEOUT_MS, `exited after ${exitMs} ms`);
});

test.run();
