import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import Router from '@koa/router';
import Koa from 'koa';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import { createMetrics } from '../../src/http/metrics.js';
import { useService, WRITE_HEADERS } from '../support/helpers.js';
import { send } from '../support/raw-http.js';

// The _count lines of the request histogram, e.g. `..._count{method="GET",route="...",status="200"} 2`.
function requestCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const line of text.split('\n')) {
    const match = /^http_request_duration_seconds_count\{(.*)\} (\d+)$/.exec(line);
    if (match) counts.set(match[1]!, Number(match[2]));
  }
  return counts;
}

const labels = (method: string, route: string, status: number) => `method="${method}",route="${route}",status="${status}"`;

// ---

const service = suite('request metrics of the service');
const running = useService(service);

service('labels requests with the route template, never the raw id or path', async () => {
  for (const path of ['/api/products/123', '/api/products/123', '/no/such/path']) {
    await (await running().api(path)).arrayBuffer();
  }
  // A Joi error passes the metrics middleware as an exception; the error handler outside makes it a 400.
  // An id in the body is refused whatever the fields are.
  const invalid = await running().api('/api/products', { method: 'POST', headers: WRITE_HEADERS, body: '{"id": 1}' });
  assert.is(invalid.status, 400);

  const response = await running().management('/metrics');
  assert.is(response.status, 200);
  assert.match(response.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4; charset=utf-8$/);
  const text = await response.text();
  assert.match(text, /# TYPE http_request_duration_seconds histogram/);
  assert.match(text, /^process_cpu_seconds_total /m, 'default metrics are collected');

  const counts = requestCounts(text);
  assert.is(counts.get(labels('GET', '/api/products/:id', 404)), 2, [...counts.keys()].join('\n'));
  assert.is(counts.get(labels('GET', 'unmatched', 404)), 1);
  assert.is(counts.get(labels('POST', '/api/products', 400)), 1, [...counts.keys()].join('\n'));

  // Only the histogram's own lines: default metrics hold numbers that may contain "123".
  const series = text.split('\n').filter((line) => line.startsWith('http_request_duration_seconds'));
  assert.ok(series.length > 0);
  assert.not.ok(
    series.some((line) => line.includes('123"')),
    'no raw id in any label',
  );
  assert.not.ok(
    series.some((line) => line.includes('/no/such/path')),
    'no unknown path in any label',
  );
});

service('a method no operation offers is a 405 with Allow on a path the API has, a 404 elsewhere', async () => {
  // fetch() refuses to send TRACE, so these go out as raw requests.
  const cases = [
    ['TRACE', '/api/products', 405, 'HEAD, GET, POST'],
    ['QUERY', '/api/products', 405, 'HEAD, GET, POST'],
    ['PATCH', '/api/products/1', 405, 'HEAD, GET, PUT, DELETE'],
    ['TRACE', '/openapi.json', 405, 'HEAD, GET'],
    ['TRACE', '/no/such/path', 404, undefined],
  ] as const;
  for (const [method, path, status, allow] of cases) {
    const response = await send(running().servicePort, method, path);
    assert.is(response.status, status, `${method} ${path}: ${response.text}`);
    assert.is(response.headers.allow, allow, `${method} ${path}`);
  }
  const counts = requestCounts(await (await running().management('/metrics')).text());
  const statuses = [...counts.keys()]
    .filter((key) => /method="(TRACE|QUERY|PATCH)"/.test(key))
    .map((key) => /status="(\d+)"/.exec(key)![1]);
  assert.equal([...new Set(statuses)].sort(), ['404', '405'], [...counts.keys()].join('\n'));
});

service.run();

// ---

const order = suite('request metrics and the error handler');

// A thrown error without a status, handled by an error handler outside or inside the metrics middleware.
async function recordFailure(errorHandlerOutside: boolean): Promise<Map<string, number>> {
  const metrics = createMetrics();
  const errorHandler: Koa.Middleware = async (ctx, next) => {
    try {
      await next();
    } catch {
      ctx.status = 503;
      ctx.body = 'unavailable';
    }
  };
  const router = new Router();
  router.get('/api/products/:id', () => {
    throw new Error('database down');
  });
  const app = new Koa();
  const outerFirst = errorHandlerOutside ? [errorHandler, metrics.middleware] : [metrics.middleware, errorHandler];
  for (const middleware of outerFirst) app.use(middleware);
  app.use(router.routes());

  const server = createServer(app.callback()).listen(0, '127.0.0.1');
  try {
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/api/products/7`);
    assert.is(response.status, 503);
    await response.arrayBuffer();
    return requestCounts(await metrics.registry.metrics());
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

order('records the status the error handler chose when it sits outside', async () => {
  assert.is((await recordFailure(true)).get(labels('GET', '/api/products/:id', 503)), 1);
});

order('records the same when the error handler sits inside', async () => {
  assert.is((await recordFailure(false)).get(labels('GET', '/api/products/:id', 503)), 1);
});

order('keeps each app in its own registry', async () => {
  const first = createMetrics();
  const second = createMetrics();
  assert.is.not(first.registry, second.registry);
  assert.match(await second.registry.metrics(), /http_request_duration_seconds/);
});

order.run();
