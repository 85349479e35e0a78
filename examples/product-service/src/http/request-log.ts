import type { Middleware } from 'koa';
import { nanoid } from 'nanoid';

import { actorOf } from '../auth/actor.js';
import type { Logger } from '../logger.js';

// Printable ASCII only and bounded, so a client cannot inject log lines or bloat them.
const ACCEPTABLE_REQUEST_ID = /^[\x21-\x7e]{1,128}$/;

/** The active trace's id: none unless tracing is on (src/tracing.ts installs its own). */
let currentTraceId: () => string | undefined = () => undefined;

/** Puts the trace id `source` returns in each access line, so a line leads to its trace. */
export function logTraceIds(source: () => string | undefined): void {
  currentTraceId = source;
}

/**
 * Gives each request an id (the client's X-Request-Id when sane, else a new one: 21 URL-safe
 * characters, 126 random bits against a UUID's 122, in 15 fewer bytes of every answer's headers),
 * echoes it in the response and logs one compact line when the response is ready.
 * The management app passes 'debug' so probes every few seconds do not flood the log.
 */
export function requestLog(logger: Logger, level: 'info' | 'debug' = 'info'): Middleware {
  // The line's fields are fixed and none is secret, so it skips the logger's redaction,
  // which took half the time of writing a line.
  const accessLog = logger.child({}, { redact: [] });
  return async (ctx, next) => {
    const started = performance.now();
    const offered = ctx.get('X-Request-Id');
    const requestId = ACCEPTABLE_REQUEST_ID.test(offered) ? offered : nanoid();
    ctx.state.requestId = requestId;
    ctx.set('X-Request-Id', requestId);
    try {
      await next();
    } finally {
      accessLog[level]({
        method: ctx.method,
        // The route template (/api/products/:id) groups requests; the raw path only when none matched.
        route: matchedRoute(ctx) ?? ctx.path,
        status: ctx.status,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
        requestId,
        // Who made the request, where a token was checked: the subject a write records as its author.
        subject: actorOf(ctx) ?? undefined,
        traceId: currentTraceId(),
      });
    }
  };
}

/** Set by @koa/router on the context; not part of Koa's own types. */
function matchedRoute(ctx: object): string | undefined {
  const route = (ctx as { _matchedRoute?: unknown })._matchedRoute;
  return typeof route === 'string' ? route : undefined;
}
