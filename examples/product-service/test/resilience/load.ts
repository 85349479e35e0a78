import { Agent, request } from 'node:http';

import * as assert from 'uvu/assert';
import { CAPACITY, numbered } from '../factory.js';
import { AUTHORIZATION } from '../tokens.js';
import type { Started } from './process.js';

export type Outcome = { kind: 'ok'; status: number; body: string } | { kind: 'refused' } | { kind: 'failed'; error: string };

/** One request on `agent` (keep-alive, one socket: a client's connection), with a token when it has a body. */
export function send(agent: Agent, port: number, method: string, path: string, body?: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const headers = body
      ? { authorization: AUTHORIZATION, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }
      : {};
    const req = request({ host: '127.0.0.1', port, method, path, agent, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ kind: 'ok', status: res.statusCode ?? 0, body: text }));
      res.on('error', (error) => resolve({ kind: 'failed', error: error.message }));
    });
    req.on('error', (error: NodeJS.ErrnoException) =>
      // Refused: a new connection the closed listener did not accept; the request never reached the server.
      resolve(error.code === 'ECONNREFUSED' ? { kind: 'refused' } : { kind: 'failed', error: `${error.code ?? ''} ${error.message}` }),
    );
    req.end(body);
  });
}

const CLIENTS = 20;
const SHUTDOWN_TIMEOUT_MS = 10_000;
const LOAD_BEFORE_SIGNAL_MS = 1_000;
const MAX_REQUESTS_PER_CLIENT = 2_000; // bounds the loop even if the server never stops

/** The environment of a service that sigtermUnderLoad stops: its shutdown deadline. */
export const SHUTDOWN_ENV = { SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS) };

/**
 * Graceful shutdown under load: 20 keep-alive clients keep sending (a create for every two
 * reads) while the process gets SIGTERM. Readiness must turn 503 at once, no request the server
 * accepted may fail or see a reset, and the process must exit 0 within SHUTDOWN_TIMEOUT_MS.
 */
export async function sigtermUnderLoad(server: Started, label: string): Promise<void> {
  const { child, servicePort, managementPort, exit } = server;
  const counts = { ok: 0, non2xx: 0, refused: 0, failed: 0 };
  const failures: string[] = [];
  let signalled = false;
  let loadBeforeSignal = 0;

  const clients = Array.from({ length: CLIENTS }, async (_, client) => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    for (let i = 0; i < MAX_REQUESTS_PER_CLIENT; i++) {
      const outcome =
        i % 3 === 0
          ? await send(
              agent,
              servicePort,
              'POST',
              '/api/products',
              // Numbered round the values a unique field allows: a repeat is a 409, an answer like any other.
              JSON.stringify(numbered(((client * MAX_REQUESTS_PER_CLIENT + i) % CAPACITY.count) + 1)),
            )
          : await send(agent, servicePort, 'GET', '/api/products?pageSize=5');
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
  const before = await send(readinessAgent, managementPort, 'GET', '/health/ready');
  assert.is(before.kind === 'ok' && before.status, 200);

  const signalledAt = Date.now();
  signalled = true;
  child.kill('SIGTERM');
  // The first readiness answer after the signal is handled: poll on the open keep-alive connection.
  let readiness = before;
  for (let i = 0; i < 200 && readiness.kind === 'ok' && readiness.status === 200; i++) {
    readiness = await send(readinessAgent, managementPort, 'GET', '/health/ready');
  }
  const readinessMs = Date.now() - signalledAt;
  readinessAgent.destroy();

  await Promise.all(clients);
  const { code, output } = await exit;
  const exitMs = Date.now() - signalledAt;
  const readinessStatus = readiness.kind === 'ok' ? readiness.status : readiness.kind;
  console.log(
    `  ${label}: ${counts.ok} requests answered 2xx (${loadBeforeSignal} before SIGTERM), ${counts.non2xx} other answers, ` +
      `${counts.refused} clients refused after close, ${counts.failed} accepted requests failed; ` +
      `readiness ${readinessStatus} after ${readinessMs} ms, exit ${code} after ${exitMs} ms`,
  );
  assert.is(readinessStatus, 503, 'readiness answers 503 while draining');
  assert.ok(readinessMs < 1_000, `readiness turned 503 after ${readinessMs} ms`);
  assert.equal(failures, [], 'requests failed or were reset');
  assert.is(counts.non2xx, 0);
  assert.ok(loadBeforeSignal > CLIENTS, 'the clients were busy before the signal');
  assert.is(code, 0, output);
  assert.ok(exitMs < SHUTDOWN_TIMEOUT_MS, `exited after ${exitMs} ms`);
}
