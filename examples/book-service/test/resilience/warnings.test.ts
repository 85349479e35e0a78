import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import { spawnServer, useDataDir } from './process.js';

// A deprecated or experimental API the service (or a package it loads) uses prints a warning on
// stderr at start-up: today a line nobody reads, in the next Node.js major an error. Each run
// starts the service as `npm start` does, serves a request and stops; stderr must hold no warning.

/** Node.js prints process warnings as `(node:1234) [DEP0205] DeprecationWarning: ...`. */
const WARNING = /^\(node:\d+\) .*\b(\w+Warning)\b.*$/m;

/** Accepts every OTLP export, so the exporter has nothing to complain about. */
async function startCollector() {
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(200, { 'Content-Type': 'application/json' }).end('{}'));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

async function stderrOfOneRequest(env: Record<string, string>): Promise<string> {
  const spawned = spawnServer(dataDir(), { DATABASE_URL: process.env.DATABASE_URL ?? '', ...env });
  const server = await spawned.started;
  assert.is((await fetch(`http://127.0.0.1:${server.servicePort}/api/books`)).status, 200);
  server.child.kill('SIGTERM');
  const { code, stderr } = await server.exit;
  assert.is(code, 0, stderr);
  return stderr;
}

const test = suite('Node.js warnings');
const dataDir = useDataDir(test);

test('without tracing: no DeprecationWarning, ExperimentalWarning or other warning on stderr', async () => {
  const stderr = await stderrOfOneRequest({});
  assert.not.match(stderr, WARNING, stderr);
});

test('with tracing (OTEL_EXPORTER_OTLP_ENDPOINT): none either, although its module hook loads first', async () => {
  const collector = await startCollector();
  try {
    const stderr = await stderrOfOneRequest({ OTEL_EXPORTER_OTLP_ENDPOINT: collector.url });
    assert.not.match(stderr, WARNING, stderr);
  } finally {
    collector.close();
  }
});

test.run();
