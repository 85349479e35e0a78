import type { Middleware } from 'koa';
import bodyParser from 'koa-bodyparser';

export const JSON_LIMIT = '16kb';

/**
 * Middleware that parses a JSON object body into ctx.request.body. Other content types -> 415,
 * no body, malformed JSON or an undecodable Content-Encoding -> 400, anything but an object -> 400,
 * over JSON_LIMIT -> 413.
 */
export function jsonBodyParser(): Middleware {
  const parse = bodyParser({ enableTypes: ['json'], jsonLimit: JSON_LIMIT, strict: true });
  return async (ctx, next) => {
    const type = ctx.is('application/json');
    // No body at all has no type to tell (type-is answers null), and no object to read.
    if (type === null) ctx.throw(400, 'Request body must be a JSON object');
    if (!type) ctx.throw(415, 'Content-Type must be application/json');
    // Parse with a no-op `next`, so only errors of the parsing itself are caught here.
    try {
      await parse(ctx, async () => undefined);
    } catch (error) {
      // A corrupt gzip/deflate/br body fails inside zlib with no HTTP status: the client's fault, not ours.
      if (typeof (error as { status?: unknown }).status !== 'number') {
        ctx.throw(400, 'Request body could not be decoded');
      }
      throw error;
    }
    const body = ctx.request.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      ctx.throw(400, 'Request body must be a JSON object');
    }
    await next();
  };
}
