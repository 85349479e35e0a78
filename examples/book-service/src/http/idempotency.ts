import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import type { Context } from 'koa';

import { sendSerialized } from './json-answer.js';

/** A write's answer as it is stored, and replayed to a retry with the same key. */
export interface StoredAnswer {
  status: number;
  /** A create's: where the new row is. */
  location?: string;
  etag: string;
  /** The JSON body, as sent. */
  body: string;
}

/** What a client may use as a key: 1 to 255 visible ASCII characters (a UUID is the usual choice). */
const KEY = /^[\x21-\x7e]{1,255}$/;

/** Expired keys (other than its own) deleted by each keyed create: a few at a time, so no delete holds many locks. */
const PURGE_BATCH = 100;

/** The request's Idempotency-Key; undefined without one, 400 when it is malformed. */
export function idempotencyKey(ctx: Context): string | undefined {
  const key = ctx.headers['idempotency-key'];
  if (key === undefined) return undefined;
  if (typeof key !== 'string' || !KEY.test(key)) ctx.throw(400, 'Idempotency-Key must be 1 to 255 visible ASCII characters');
  return key;
}

/** What makes two requests "the same": method, path, caller (the token's subject) and body as canonical JSON. */
export function fingerprint(ctx: Context): string {
  const caller = (ctx.state.user as { sub?: unknown } | undefined)?.sub ?? '';
  const request = JSON.stringify([ctx.method, ctx.path, caller, canonical(ctx.request.body)]);
  return createHash('sha256').update(request).digest('hex');
}

/** The value with every object's keys sorted, so {"a":1,"b":2} and {"b":2,"a":1} are one request. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
  );
}

/** A key stored for another request: answered 422, nothing stored. */
export class KeyReusedError extends Error {
  override name = 'KeyReusedError';
  readonly status = 422;
}

/**
 * Runs `create` once per key: the key (with the request's fingerprint) and the answer are
 * written in the create's own transaction. A retry finds the stored answer and gets it back
 * (`replayed`); a retry that arrives while the first is still running waits on the key's
 * primary key until that one commits (then replays) or rolls back (then runs itself).
 * A key older than `ttlSeconds` is free again. Five round trips: begin, claim, create, store, commit.
 */
export async function once(
  knex: Knex,
  request: { key: string; fingerprint: string; ttlSeconds: number },
  create: (trx: Knex.Transaction) => Promise<StoredAnswer>,
): Promise<{ answer: StoredAnswer; replayed: boolean }> {
  const run = async (trx: Knex.Transaction) => {
    if (!(await claim(trx, request))) return { answer: await storedAnswer(trx, request), replayed: true };
    const answer = await create(trx);
    await trx('idempotency_keys').where({ key: request.key }).update(answer);
    return { answer, replayed: false };
  };
  return knex.transaction(run);
}

/**
 * Inserts the key, or takes it over when it has expired; false when it is live (a retry). The
 * same statement deletes up to PURGE_BATCH expired keys of others, skipping rows another
 * transaction holds, so the table stays as small as the keys' lifetime and no purge needs a trip
 * of its own. The own key is left to the insert: one statement may not change a row twice.
 */
async function claim(trx: Knex.Transaction, request: { key: string; fingerprint: string; ttlSeconds: number }): Promise<boolean> {
  const { key, fingerprint, ttlSeconds } = request;
  const now = new Date();
  const expiredBefore = new Date(now.getTime() - ttlSeconds * 1000);
  const expiredOthers = trx('idempotency_keys')
    .select('key')
    .where('created_at', '<', expiredBefore)
    .whereNot('key', key)
    .orderBy('created_at')
    .limit(PURGE_BATCH)
    .forUpdate()
    .skipLocked();
  const fresh = { key, fingerprint, created_at: now, status: null, location: null, etag: null, body: null };
  const claimed = await trx
    .with('purged', trx('idempotency_keys').whereIn('key', expiredOthers).delete())
    .insert(fresh)
    .into('idempotency_keys')
    .onConflict('key')
    .merge()
    .where('idempotency_keys.created_at', '<', expiredBefore)
    .returning('key');
  return claimed.length > 0;
}

async function storedAnswer(trx: Knex.Transaction, request: { key: string; fingerprint: string }): Promise<StoredAnswer> {
  const row = await trx('idempotency_keys').where({ key: request.key }).first();
  // The claim found the key live and locked it: it is there until this transaction ends.
  if (row.fingerprint !== request.fingerprint) {
    throw new KeyReusedError(`Idempotency-Key ${request.key} was used for another request; use a new key for this one`);
  }
  return { status: row.status, location: row.location ?? undefined, etag: row.etag, body: row.body };
}

/** Sends an answer as it was stored: the first time, and to every retry with its key. */
export function answer(ctx: Context, stored: StoredAnswer): void {
  ctx.status = stored.status;
  ctx.set('ETag', stored.etag);
  if (stored.location !== undefined) ctx.set('Location', stored.location);
  sendSerialized(ctx, stored.body);
}
