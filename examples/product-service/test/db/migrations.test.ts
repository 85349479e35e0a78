import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import type { Database } from '../../src/db/database.js';
import { migrateLatest, pendingMigrations } from '../../src/migrations/index.js';
import { migrationNames, scratchSchema } from '../support/scratch-database.js';

/**
 * A fresh, unmigrated schema for each replica, as a new database would be. On PostgreSQL each
 * replica opens a pool of its own on the schema; the embedded database has one connection, so
 * the replicas share it.
 */
async function freshDatabases(count: number): Promise<{ replicas: Database[]; drop(): Promise<void> }> {
  const scratch = await scratchSchema();
  const first = await scratch.open();
  const others = first.kind === 'embedded' ? [] : await Promise.all(Array.from({ length: count - 1 }, () => scratch.open()));
  const replicas = first.kind === 'embedded' ? Array.from({ length: count }, () => first) : [first, ...others];
  return {
    replicas,
    drop: async () => {
      await Promise.all([first, ...others].map((db) => db.close()));
      await scratch.drop();
    },
  };
}

/** Every migration of src/migrations, in order: the create migration and any added since. */
const NAMES = await migrationNames();

const test = suite('migrations');

test('three replicas migrating one fresh database at once all succeed; the table is created once', async () => {
  const { replicas, drop } = await freshDatabases(3);
  try {
    const [first] = replicas as [Database];
    assert.equal(await pendingMigrations(first.knex), NAMES);
    assert.is(NAMES[0], '001-create-products', 'the table is created first');
    // pendingMigrations only reads: it must not create knex's own tables.
    assert.is(await first.knex.schema.hasTable('knex_migrations'), false);

    const results = await Promise.allSettled(replicas.map((db) => migrateLatest(db)));
    const failures = results.filter((result) => result.status === 'rejected');
    assert.equal(failures, [], 'every replica migrates without error');
    const applied = results.flatMap((result) => (result.status === 'fulfilled' ? result.value : []));
    assert.equal(applied, NAMES, 'exactly one replica applied each migration');

    const recorded = await first.knex('knex_migrations').pluck('name');
    assert.equal(recorded, NAMES);
    assert.is(await first.knex.schema.hasTable('products'), true);
    assert.equal(await pendingMigrations(first.knex), []);
    const [lock] = await first.knex('knex_migrations_lock').select('is_locked');
    assert.is(lock.is_locked, 0, 'the knex lock is free again');
  } finally {
    await drop();
  }
});

test.run();
