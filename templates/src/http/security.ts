import cors from '@koa/cors';
import type { Middleware } from 'koa';
import helmet from 'koa-helmet';

/**
 * The headers OWASP's REST Security Cheat Sheet asks of a JSON API, on every answer of the
 * service port: answers are not stored by caches on the way (they may hold what a token was
 * needed for), no browser sniffs them into something else or frames them, and browsers keep
 * to HTTPS. Content-Type carries its charset already (Koa's JSON and text answers do). The
 * browser-page set (referrer, opener and resource policies...) is only for the Swagger UI page.
 */
const API_HEADERS = {
  'Cache-Control': 'no-store',
  'Content-Security-Policy': "frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
};
const HSTS = 'max-age=31536000';

export function securityHeaders(): Middleware {
  return async (ctx, next) => {
    ctx.set(API_HEADERS);
    // RFC 6797 (7.2): only over HTTPS, which a proxy tells through X-Forwarded-Proto when TRUST_PROXY is on.
    if (ctx.secure) ctx.set('Strict-Transport-Security', HSTS);
    await next();
  };
}

/**
 * Helmet's headers for a browser page, as the Swagger UI page needs them, without its
 * Content-Security-Policy: the page sets a policy of its own (see docs.ts).
 */
export function pageSecurityHeaders(): Middleware {
  return helmet({ contentSecurityPolicy: false, strictTransportSecurity: false });
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
    // traceparent and tracestate: W3C trace context, which OpenTelemetry's browser instrumentation adds to each call.
    allowHeaders: ['Authorization', 'Content-Type', 'X-Request-Id', 'If-Match', 'If-None-Match', 'Idempotency-Key', 'traceparent', 'tracestate'],
    // Every header the API documents for clients: without Link a browser cannot follow the list's pages.
    exposeHeaders: ['Link', 'Location', 'X-Total-Count', 'X-Request-Id', 'Retry-After', 'WWW-Authenticate', 'ETag', 'Idempotent-Replayed'],
    maxAge: 600,
  });
}
