import { Registry } from 'prom-client';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startPurging } from '../../src/book/book.purge.js';
import { purgeDeletedBooks } from '../../src/book/book.repository.js';
import { createLogger } from '../../src/logger.js';
import { numbered, tooFew } from '../support/factory.js';
import { runnable, type Service, useService } from '../support/helpers.js';
import { insertRows } from '../support/table-rows.js';

// The purge: deleted books past DELETED_RETENTION_DAYS are removed for good, in batches,
// by every replica at once without purging a row twice; the rest stay.

const DAY_MS = 86_400_000;
/** More rows than one purge statement takes, so that the purges run several batches each. */
const OLD = 1_200;
const RECENT = 100;
const LIVE = 100;

/** Stores OLD rows deleted 31 to 40 days ago, RECENT deleted yesterday and LIVE not deleted. */
async function fill(s: Service): Promise<void> {
  const now = Date.now();
  const at = new Date(now).toISOString();
  await insertRows(
    s.db.knex,
    Array.from({ length: OLD + RECENT + LIVE }, (_, i) => ({ id: i + 1, fields: numbered(i + 1), createdAt: at, updatedAt: at })),
  );
  const deletedAt = (n: number) => new Date(now - (n <= OLD ? 31 * DAY_MS + (n % 9) * DAY_MS : DAY_MS)).toISOString();
  await s.db.knex.raw(
    'update ?? set deleted_at = data.deleted_at::timestamptz from json_to_recordset(?) as data(id int, deleted_at text) where ??.id = data.id',
    ['books', JSON.stringify(Array.from({ length: OLD + RECENT }, (_, i) => ({ id: i + 1, deleted_at: deletedAt(i + 1) }))), 'books'],
  );
}

const count = async (s: Service, where: string) => Number((await s.db.knex('books').whereRaw(where).count({ n: '*' }))[0]!.n);

const test = suite('purge of deleted books');
const service = useService(test);

runnable(test, tooFew(OLD + RECENT + LIVE))(
  'two replicas purging at once remove exactly the rows deleted before the retention, each once',
  async () => {
    await fill(service());
    const before = new Date(Date.now() - 30 * DAY_MS);
    const [first, second] = await Promise.all([purgeDeletedBooks(before), purgeDeletedBooks(before)]);
    assert.is(first + second, OLD, `${first} + ${second}`);
    assert.is(await count(service(), 'deleted_at is not null'), RECENT, 'the recently deleted stay restorable');
    assert.is(await count(service(), 'deleted_at is null'), LIVE, 'the live rows stay');
    assert.is(await purgeDeletedBooks(before), 0, 'nothing is left to purge');
    assert.is(await purgeDeletedBooks(), RECENT, 'without a time, every deleted row');
  },
);

runnable(test, tooFew(OLD + RECENT + LIVE))(
  'the service purges on its own at once and on every interval, and counts it in its metrics',
  async () => {
    await fill(service());
    const registry = new Registry();
    const purging = startPurging({ retentionDays: 30, intervalSeconds: 3600 }, registry, createLogger('silent'));
    await purging.stop();
    assert.is(await count(service(), 'deleted_at is not null'), RECENT);
    const metrics = await registry.metrics();
    assert.match(metrics, new RegExp(`^books_purged_total ${OLD}$`, 'm'));
    const age = Number(/^books_oldest_deleted_age_seconds (\S+)$/m.exec(metrics)?.[1]);
    assert.ok(age > 0.9 * 86_400 && age < 1.1 * 86_400, `the oldest deleted book is a day old: ${age} s`);
  },
);

test.run();
