import { METHODS } from 'node:http';

import Router from '@koa/router';
import type { Knex } from 'knex';

import { databaseMisconfiguration } from '../db/database-misconfiguration.js';

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
 * The management port's health routes: GET /health (the process and its database), GET
 * /health/live (the process only: for a liveness probe, which must not restart pods while the
 * database is down) and GET /health/ready (readiness: migrated, not shutting down, database answering).
 */
export function healthRoutes(knex: Knex, readiness: Readiness): Router {
  // Any method the parser lets through is known: TRACE /health is a 405 with Allow, not a 501 (see operations.ts).
  const router = new Router({ methods: METHODS });

  router.get('/health', async (ctx) => {
    const { database, reason } = await checkDatabase(knex);
    ctx.status = database === 'ok' ? 200 : 503;
    ctx.body = { status: database === 'ok' ? 'ok' : 'error', checks: { database }, reason };
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
    const { database, reason } = await checkDatabase(knex);
    ctx.status = database === 'ok' ? 200 : 503;
    ctx.body = { status: database === 'ok' ? 'ready' : 'error', checks: { database }, reason };
  });

  return router;
}

interface DatabaseCheck {
  database: 'ok' | 'timeout' | 'unavailable';
  /** For a database that refuses this service for good (a changed password, a dropped database): what to fix. */
  reason?: string;
}

/** 'ok' when `select 1` answers in time, else what went wrong (never the raw error text, only a known cause's line). */
async function checkDatabase(knex: Knex): Promise<DatabaseCheck> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<DatabaseCheck>((resolve) => {
    timer = setTimeout(resolve, DATABASE_CHECK_TIMEOUT_MS, { database: 'timeout' });
  });
  try {
    const query = knex.raw('select 1').then(
      (): DatabaseCheck => ({ database: 'ok' }),
      (error: unknown): DatabaseCheck => ({ database: 'unavailable', reason: databaseMisconfiguration(error) }),
    );
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
