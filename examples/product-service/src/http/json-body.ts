import type { Middleware } from 'koa';
import bodyParser from 'koa-bodyparser';

export const JSON_LIMIT = '16kb';

/**
 * Middleware chain that parses a JSON object body into ctx.request.body. Other content
 * types -> 415, malformed JSON -> 400, anything but an object -> 400, over JSON_LIMIT -> 413.
 */
export function jsonBody(): Middleware[] {
  return [
    async (ctx, next) => {
      if (!ctx.is('application/json')) ctx.throw(415, 'Content-Type must be application/json');
      await next();
    },
    bodyParser({ enableTypes: ['json'], jsonLimit: JSON_LIMIT, strict: true }),
    async (ctx, next) => {
      const body = ctx.request.body;
      if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        ctx.throw(400, 'Request body must be a JSON object');
      }
      await next();
    },
  ];
}
