import { METHODS } from 'node:http';

import Router from '@koa/router';
import type { Knex } from 'knex';
import type { Registry } from 'prom-client';

export type ReadinessState = 'starting' | 'ready' | 'stopping';

export interface Readiness {
  readonly state: ReadinessState;
  /** While starting: what the service waits for, e.g. 'database unavailable'. */
  readonly reason: string | undefined;
  /** Stays 'starting' and records why. */
  markWaiting(reason: string): void;
  markReady(): void;
  markStopping(): void;
}

/** Tracks the process lifecycle for /health/ready: starting -> ready -> stopping. */
export function createReadiness(): Readiness {
  let state: ReadinessState = 'starting';
  let reason: string | undefined;
  return {
    get state() {
      return state;
    },
    get reason() {
      return state === 'starting' ? reason : undefined;
    },
    markWaiting(why) {
      reason = why;
    },
    markReady() {
      if (state === 'starting') state = 'ready';
    },
    markStopping() {
      state = 'stopping';
    },
  };
}

const DATABASE_CHECK_TIMEOUT_MS = 1_000;

/**
 * Management routes: GET /health (the process and its database), GET /health/live (the
 * process only: for a liveness probe, which must not restart pods while the database is
 * down), GET /health/ready (readiness: migrated, not shutting down, database answering)
 * and GET /metrics.
 */
export function createManagementRouter(knex: Knex, readiness: Readiness, registry: Registry): Router {
  // Any method the parser lets through is known: TRACE /health is a 405 with Allow, not a 501 (see operations.ts).
  const router = new Router({ methods: METHODS });

  router.get('/health', async (ctx) => {
    const database = await checkDatabase(knex);
    ctx.status = database === 'ok' ? 200 : 503;
    ctx.body = { status: database === 'ok' ? 'ok' : 'error', checks: { database } };
  });

  router.get('/health/live', (ctx) => {
    ctx.body = { status: 'ok' };
  });

  router.get('/health/ready', async (ctx) => {
    if (readiness.state !== 'ready') {
      ctx.status = 503;
      ctx.body = { status: readiness.state, reason: readiness.reason };
      return;
    }
    const database = await checkDatabase(knex);
    ctx.status = database === 'ok' ? 200 : 503;
    ctx.body = { status: database === 'ok' ? 'ready' : 'error', checks: { database } };
  });

  router.get('/metrics', async (ctx) => {
    ctx.type = registry.contentType;
    ctx.body = await registry.metrics();
  });

  return router;
}

/** 'ok' when `select 1` answers in time, else what went wrong (never the raw error text). */
async function checkDatabase(knex: Knex): Promise<'ok' | 'timeout' | 'unavailable'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(resolve, DATABASE_CHECK_TIMEOUT_MS, 'timeout');
  });
  try {
    const query = knex.raw('select 1').then(
      () => 'ok' as const,
      () => 'unavailable' as const,
    );
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
