import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import { createApps } from '../../src/app.js';
import { openDatabase } from '../../src/db/database.js';
import { createReadiness } from '../../src/http/health.js';
import { createLogger } from '../../src/logger.js';
import { numbered } from '../support/factory.js';
import { build, post, testConfig, useService } from '../support/helpers.js';
import { AUTHORIZATION } from '../support/tokens.js';

const ports = suite('management port');
const service = useService(ports);

ports('GET /health answers ok with the database check', async () => {
  const response = await service().management('/health');
  assert.is(response.status, 200);
  assert.equal(await response.json(), { status: 'ok', checks: { database: 'ok' } });
});

ports('GET /health/ready answers 200 once ready', async () => {
  const response = await service().management('/health/ready');
  assert.is(response.status, 200);
  assert.equal(await response.json(), { status: 'ready', checks: { database: 'ok' } });
});

ports('GET /metrics answers Prometheus text that counts API requests', async () => {
  await service().api('/api/books');
  const response = await service().management('/metrics');
  assert.is(response.status, 200);
  assert.match(response.headers.get('content-type') ?? '', /^text\/plain/);
  const text = await response.text();
  assert.match(text, /# TYPE /);
  assert.match(text, /\/api\/books/);
});

ports('the management port does not serve the book API', async () => {
  assert.is((await service().management('/api/books')).status, 404);
  const created = await service().management('/api/books', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(numbered()),
  });
  assert.is(created.status, 404);
});

ports('the service port does not serve health or metrics', async () => {
  for (const path of ['/health', '/health/live', '/health/ready', '/metrics']) {
    assert.is((await service().api(path)).status, 404, path);
  }
});

ports('management answers carry an X-Request-Id', async () => {
  const response = await service().management('/health', { headers: { 'X-Request-Id': 'probe-1' } });
  assert.is(response.headers.get('x-request-id'), 'probe-1');
});

ports('readiness answers 503 while stopping, liveness stays 200', async () => {
  // Runs last in this suite: a readiness never goes back from stopping.
  service().readiness.markStopping();
  const response = await service().management('/health/ready');
  assert.is(response.status, 503);
  assert.equal(await response.json(), { status: 'stopping' });
  assert.is((await service().management('/health')).status, 200);
});

// ---

const starting = suite('readiness while starting');
const startingService = useService(starting, { ready: false });

starting('GET /health/ready answers 503 starting before markReady', async () => {
  const response = await startingService().management('/health/ready');
  assert.is(response.status, 503);
  assert.equal(await response.json(), { status: 'starting' });
  startingService().readiness.markWaiting('database unavailable');
  const waiting = await startingService().management('/health/ready');
  assert.is(waiting.status, 503);
  assert.equal(await waiting.json(), { status: 'starting', reason: 'database unavailable' });
  startingService().readiness.markReady();
  assert.is((await startingService().management('/health/ready')).status, 200);
});

// ---

const unreachable = suite('database unreachable');

unreachable('health answers 503 and the API 503 "Service unavailable" when PostgreSQL is down', async () => {
  // Port 1 refuses at once; no database is needed for this test.
  const config = testConfig({ DATABASE_URL: 'postgres://app:app@127.0.0.1:1/none' });
  const logger = createLogger('silent');
  const db = await openDatabase(config, logger);
  const readiness = createReadiness();
  readiness.markReady();
  const apps = createApps({ db, config, logger, readiness });
  const server = apps.service.listen(0, '127.0.0.1');
  const management = apps.management.listen(0, '127.0.0.1');
  try {
    await Promise.all([new Promise((r) => server.once('listening', r)), new Promise((r) => management.once('listening', r))]);
    const url = (s: typeof server) => `http://127.0.0.1:${(s.address() as { port: number }).port}`;

    const health = await fetch(`${url(management)}/health`);
    assert.is(health.status, 503);
    assert.equal(await health.json(), { status: 'error', checks: { database: 'unavailable' } });
    assert.is((await fetch(`${url(management)}/health/ready`)).status, 503);
    // Liveness ignores the database: restarting the process would not bring PostgreSQL back.
    const live = await fetch(`${url(management)}/health/live`);
    assert.is(live.status, 200);
    assert.equal(await live.json(), { status: 'ok' });

    const list = await fetch(`${url(server)}/api/books`, { headers: { Authorization: AUTHORIZATION } });
    assert.is(list.status, 503);
    assert.is(await list.text(), 'Service unavailable');
  } finally {
    server.close();
    management.close();
    await db.close();
  }
});

unreachable('an unexpected error answers 500 with a generic text and no SQL', async () => {
  const service = await build();
  try {
    await service.db.knex.schema.renameTable('books', 'books_moved');
    const response = await post(service, '/api/books', numbered());
    assert.is(response.status, 500);
    assert.is(await response.text(), 'Internal server error');
  } finally {
    await service.db.knex.schema.renameTable('books_moved', 'books');
    await service.close();
  }
});

ports.run();
starting.run();
unreachable.run();
