import type { Context } from 'koa';

/**
 * Answers with `json`, text a compiled serializer wrote (see openapi/serializer.ts): Koa would
 * otherwise run JSON.stringify over the body, calling each model's toJSON.
 */
export function sendSerialized(ctx: Context, json: string): void {
  ctx.type = 'application/json';
  ctx.body = json;
}
