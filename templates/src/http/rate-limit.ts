import type { Knex } from 'knex';
import type { Middleware } from 'koa';
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';

/**
 * Allows `perMinute` requests per client address (ctx.ip) per minute; beyond that answers
 * 429 with Retry-After. With `store` (PostgreSQL) the counts live in its rate_limits table:
 * one limit for every replica, kept across restarts. Without (the embedded database, one
 * process) they live in this process.
 */
export function rateLimit(perMinute: number, store?: Knex): Middleware {
  const limiter = createLimiter(perMinute, store);
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

function createLimiter(perMinute: number, store: Knex | undefined): RateLimiterAbstract {
  const limits = { points: perMinute, duration: 60 };
  if (store === undefined) return new RateLimiterMemory(limits);
  return new RateLimiterPostgres({
    ...limits,
    storeClient: unnamedStatements(store),
    storeType: 'pool',
    // Created by a migration (001-store-rate-limits), not by the limiter racing other replicas.
    tableName: 'rate_limits',
    tableCreated: true,
    keyPrefix: 'token',
    // While PostgreSQL is away, each process counts on its own rather than refusing every login.
    insuranceLimiter: new RateLimiterMemory(limits),
  });
}

/**
 * The limiter's store: knex's pool, with the limiter's statements sent unnamed. It names them, to
 * prepare each once per connection, but a transaction pooler (PgBouncer) hands every statement to
 * whichever server connection is free, where one prepared on another does not exist.
 */
function unnamedStatements(knex: Knex) {
  return {
    query: async ({ text, values }: { text: string; values?: unknown[] }) => {
      const connection = await knex.client.acquireConnection();
      try {
        return await connection.query({ text, values });
      } finally {
        await knex.client.releaseConnection(connection);
      }
    },
  };
}
