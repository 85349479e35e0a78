import { METHODS } from 'node:http';

import Router, { type RouterMiddleware } from '@koa/router';
import type { Middleware } from 'koa';

import type { Access } from '../auth/access.js';
import type { Guard } from '../auth/guard.js';
import type { Json } from '../openapi/schema.js';

/**
 * One operation of an API, as the router mounts it and as the OpenAPI document describes it.
 * Whether it needs a token follows from its `access` (auth/access.ts): the guard enforces that,
 * and the document states it, so `doc` carries no `security`.
 */
export interface Operation {
  method: 'get' | 'post' | 'put' | 'delete';
  /** Whether it reads or writes: the scope a token needs for it, and under which AUTH_MODE. */
  access: Access;
  /** Below the router's prefix, in the router's syntax: '/' or '/:id'. */
  path: string;
  /** The OpenAPI operation object: operationId, summary, parameters, requestBody, responses. */
  doc: Json & { operationId: string; responses: Json };
  /** What runs after the guard: body parsing, then the handler. */
  handlers: RouterMiddleware[];
  /**
   * An access some requests need beyond `access` (a parameter that shows more): the handler
   * checks it with the guard, and the document offers a token for it and lists 401 and 403.
   */
  alsoAccess?: Access;
}

/** What the write operations take from the configuration (REQUIRE_IF_MATCH, IDEMPOTENCY_KEY_TTL_SECONDS). */
export interface WriteRules {
  requireIfMatch: boolean;
  idempotencyKeyTtlSeconds: number;
}

/** An API the service serves: its operations under one path prefix, and what its document needs. */
export interface Api {
  prefix: string;
  tag: { name: string; description: string };
  operations: readonly Operation[];
  /** OpenAPI components the operations refer to (schemas, parameters, headers, responses). */
  components: Record<string, Json>;
}

/**
 * A router that serves `api`, each operation behind the check its access calls for (public ones
 * behind none). `scope`, where tenancy is on, runs the last handler in the request's transaction:
 * after the check and the body's parsing, so a slow client holds no database connection.
 */
export function apiRouter(api: Api, guard: Guard, scope?: Middleware): Router {
  // Every method Node's parser lets through counts as known, so that allowedMethods() answers TRACE or
  // QUERY on a path of the API with 405 and Allow; with the router's default list it answers 501.
  const router = new Router({ prefix: api.prefix, methods: METHODS });
  for (const { method, path, access, handlers } of api.operations) {
    const check = guard[access];
    const scoped = scope ? [...handlers.slice(0, -1), scope, ...handlers.slice(-1)] : handlers;
    router[method](path, ...(check ? [check, ...scoped] : scoped));
  }
  return router;
}
