import { METHODS } from 'node:http';

import Router from '@koa/router';
import type { Registry } from 'prom-client';

/** GET /metrics on the management port: the registry (see metrics.ts) in Prometheus' text format. */
export function metricsEndpoint(registry: Registry): Router {
  // Any method the parser lets through is known: POST /metrics is a 405 with Allow, not a 501 (see operations.ts).
  const router = new Router({ methods: METHODS });
  router.get('/metrics', async (ctx) => {
    ctx.type = registry.contentType;
    ctx.body = await registry.metrics();
  });
  return router;
}
