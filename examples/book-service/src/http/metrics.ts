import type Koa from 'koa';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';

// Requests of a fast JSON API take milliseconds; the top buckets catch slow database calls.
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

// Label for requests no route matched, so unknown paths cannot create new time series.
const UNMATCHED = 'unmatched';

// Default gauges whose names end in _total, a suffix Prometheus reserves for counters:
// `promtool check metrics` rejects them, so they are not exported.
const MISNAMED_DEFAULTS = ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total'];

/**
 * Creates a registry with the default Node.js metrics and a request-duration histogram,
 * plus the middleware that fills it. A new registry per call keeps apps built in tests apart.
 * Mount the middleware before the routers; the error handler may sit outside or inside it.
 */
export function createMetrics(): { registry: Registry; middleware: Koa.Middleware } {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  for (const name of MISNAMED_DEFAULTS) registry.removeSingleMetric(name);

  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Duration of HTTP requests in seconds, by method, route template and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: BUCKETS,
    registers: [registry],
  });

  // One child per method, route and status: the labels are checked and hashed once, not per request.
  type Observer = ReturnType<typeof duration.labels>;
  const observers = new Map<string, Map<string, Map<number, Observer>>>();
  const observerOf = (method: string, route: string, status: number): Observer => {
    const byRoute = observers.get(method) ?? observers.set(method, new Map()).get(method)!;
    const byStatus = byRoute.get(route) ?? byRoute.set(route, new Map()).get(route)!;
    return byStatus.get(status) ?? byStatus.set(status, duration.labels({ method, route, status })).get(status)!;
  };
  const observe = (ctx: Koa.Context, started: number) => {
    // The router sets _matchedRoute to the route template (/api/books/:id), never the raw path.
    const route = (ctx as { _matchedRoute?: string | RegExp })._matchedRoute;
    observerOf(ctx.method, route === undefined ? UNMATCHED : String(route), ctx.res.statusCode).observe(
      (performance.now() - started) / 1000,
    );
  };

  const middleware: Koa.Middleware = async (ctx, next) => {
    // Timed here rather than with startTimer(), which allocates a closure, two hrtime pairs and a merged label object.
    const started = performance.now();
    try {
      await next();
    } catch (error) {
      // Only once the response is done is the status final: an error handler outside this
      // middleware turns the error into the reply.
      ctx.res.once('close', () => observe(ctx, started));
      throw error;
    }
    // Answered without an error: the status is final now, and no listener is needed.
    observe(ctx, started);
  };

  return { registry, middleware };
}
