import cors from '@koa/cors';
import type { Middleware } from 'koa';
import helmet from 'koa-helmet';

/**
 * The headers a security review expects on every answer of the service port. The API answers
 * JSON and plain text, so its Content-Security-Policy allows nothing to load; the Swagger UI
 * page replaces it with a policy of its own (see docs.ts).
 */
export function securityHeaders(): Middleware {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], baseUri: ["'none'"], formAction: ["'none'"] },
    },
  });
}

/**
 * CORS for the origins in CORS_ORIGINS: their browsers may call the API, send a bearer token
 * and read the paging and location headers. Other origins get no CORS headers, so their
 * browsers refuse the answer; a preflight from them reaches the router like any OPTIONS request.
 */
export function corsPolicy(origins: readonly string[]): Middleware {
  const allowed = new Set(origins);
  const any = allowed.has('*');
  return cors({
    origin: (ctx) => {
      const origin = ctx.get('Origin');
      if (any) return '*';
      return allowed.has(origin) ? origin : '';
    },
    allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'],
    allowHeaders: ['Authorization', 'Content-Type', 'X-Request-Id', 'If-Match', 'If-None-Match', 'Idempotency-Key'],
    // Every header the API documents for clients: without Link a browser cannot follow the list's pages.
    exposeHeaders: ['Link', 'Location', 'X-Total-Count', 'X-Request-Id', 'Retry-After', 'WWW-Authenticate', 'ETag', 'Idempotent-Replayed'],
    maxAge: 600,
  });
}
