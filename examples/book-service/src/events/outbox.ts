import type { Knex } from 'knex';

import { type BookJson, BookModel } from '../book/book.model.js';
import type { Change, RecordedChange } from './change-event.js';

// The outbox and the relay's lease are made by the migration that records changes: see migrations/.

/**
 * The `limit` changes recorded first, in that order. Each row is read back as a row of books
 * (jsonb_populate_record), so the model answers it exactly as the API does. The outbox's own
 * columns come under camelCase names, which no column of books (snake_case) can have.
 */
export async function oldestChanges(knex: Knex, limit: number): Promise<RecordedChange[]> {
  const rows: Record<string, unknown>[] = await knex
    .select({ eventId: 'event.id', eventType: 'event.type', eventActor: 'event.actor', eventRecordedAt: 'event.recorded_at' }, 'item.*')
    .from('outbox as event')
    .joinRaw('cross join lateral jsonb_populate_record(null::??, event.data) as item', [BookModel.tableName])
    .orderBy('event.position')
    .limit(limit);
  return rows.map(({ eventId, eventType, eventActor, eventRecordedAt, ...row }) => ({
    id: eventId as string,
    change: eventType as Change,
    actor: eventActor as string | null,
    recordedAt: eventRecordedAt as string,
    item: BookModel.fromDatabaseJson(row).toJSON() as BookJson,
  }));
}

/** Whether any change waits. */
export async function anyChange(knex: Knex): Promise<boolean> {
  return (await knex('outbox').select('position').first()) !== undefined;
}

/** Removes the changes published (by their ids). */
export async function forgetChanges(knex: Knex, ids: readonly string[]): Promise<void> {
  // One array parameter: one statement text whatever the batch's size, not one placeholder per id.
  await knex('outbox')
    .whereRaw('id = any(?::uuid[])', [[...ids]])
    .delete();
}

/** How many changes wait, and when the oldest was recorded (undefined when none waits). */
export async function outboxDepth(knex: Knex): Promise<{ depth: number; oldest: string | undefined }> {
  const [row] = await knex('outbox').select(knex.raw('count(*)::integer as depth'), knex.raw('min(recorded_at) as oldest'));
  return { depth: row.depth, oldest: row.oldest ?? undefined };
}

/** The lease's one row: one relay at a time publishes, so that each book's events leave in order. */
const LEASE = 'relay';

/**
 * Takes the relay's lease for `holder`, or extends it, for `seconds`; false while another holder's
 * lease runs. A relay that dies stops extending it, and another takes over once it ran out.
 */
export async function holdLease(knex: Knex, holder: string, seconds: number): Promise<boolean> {
  const until = knex.raw('now() + make_interval(secs => ?)', [seconds]);
  const held = await knex('outbox_relay')
    .insert({ name: LEASE, holder, expires_at: until })
    .onConflict('name')
    .merge()
    .where((lease) => lease.where('outbox_relay.holder', holder).orWhere('outbox_relay.expires_at', '<', knex.fn.now()))
    .returning('holder');
  return held.length > 0;
}

/** Gives the lease up (a relay that stops), so that another replica takes over at once. */
export async function releaseLease(knex: Knex, holder: string): Promise<void> {
  await knex('outbox_relay').where({ name: LEASE, holder }).delete();
}
