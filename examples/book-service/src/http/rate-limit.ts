import type { Middleware } from 'koa';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

/**
 * Allows `perMinute` requests per client address (ctx.ip) per minute; beyond that answers
 * 429 with Retry-After. Counts live in this process: with several replicas each has its own.
 */
export function rateLimit(perMinute: number): Middleware {
  const limiter = new RateLimiterMemory({ points: perMinute, duration: 60 });
  return async (ctx, next) => {
    try {
      await limiter.consume(ctx.ip);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      const retryAfterSeconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
      ctx.throw(429, `Too many requests; retry in ${retryAfterSeconds} s`, {
        headers: { 'Retry-After': String(retryAfterSeconds) },
      });
    }
    await next();
  };
}
