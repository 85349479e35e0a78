import * as assert from 'uvu/assert';
import { suite } from 'uvu';

import { openDatabase, type Database } from '../src/database.js';
import { createLogger } from '../src/logger.js';
import { migrateLatest, pendingMigrations } from '../src/migrations/index.js';
import { testConfig } from './helpers.js';
import { releaseDatabase, reserveDatabase, sharedDatabase } from './shared-database.js';

const logger = createLogger('silent');

/**
 * A fresh, unmigrated schema of the shared database for each replica, as a new database would
 * be. On PostgreSQL each replica gets a pool of its own that selects the schema through
 * search_path; the embedded database has one connection, so the replicas share it, with the
 * schema selected on it until drop().
 */
async function freshDatabases(count: number): Promise<{ replicas: Database[]; drop(): Promise<void> }> {
  const schema = `migrate_test_${process.pid}_${Date.now()}`;
  reserveDatabase();
  const shared = await sharedDatabase();
  await shared.knex.raw('create schema ??', [schema]);
  const dropSchema = async () => {
    await shared.knex.raw('drop schema ?? cascade', [schema]);
    await releaseDatabase();
  };
  if (shared.kind === 'embedded') {
    await shared.knex.raw('set search_path to ??', [schema]);
    return {
      replicas: Array.from({ length: count }, () => shared),
      drop: async () => {
        await shared.knex.raw('reset search_path');
        await dropSchema();
      },
    };
  }
  const url = new URL(process.env.DATABASE_URL!);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const replicas = await Promise.all(
    Array.from({ length: count }, () => openDatabase(testConfig({ DATABASE_URL: url.href }), logger)),
  );
  return {
    replicas,
    drop: async () => {
      await Promise.all(replicas.map((db) => db.close()));
      await dropSchema();
    },
  };
}

const test = suite('migrations');

test('three replicas migrating one fresh database at once all succeed; the table is created once', async () => {
  const { replicas, drop } = await freshDatabases(3);
  try {
    const [first] = replicas as [Database];
    assert.equal(await pendingMigrations(first.knex), ['001-create-products']);
    // pendingMigrations only reads: it must not create knex's own tables.
    assert.is(await first.knex.schema.hasTable('knex_migrations'), false);

    const results = await Promise.allSettled(replicas.map((db) => migrateLatest(db)));
    const failures = results.filter((result) => result.status === 'rejected');
    assert.equal(failures, [], 'every replica migrates without error');
    const applied = results.flatMap((result) => (result.status === 'fulfilled' ? result.value : []));
    assert.equal(applied, ['001-create-products'], 'exactly one replica applied the migration');

    const recorded = await first.knex('knex_migrations').pluck('name');
    assert.equal(recorded, ['001-create-products']);
    assert.is(await first.knex.schema.hasTable('products'), true);
    assert.equal(await pendingMigrations(first.knex), []);
    const [lock] = await first.knex('knex_migrations_lock').select('is_locked');
    assert.is(lock.is_locked, 0, 'the knex lock is free again');
  } finally {
    await drop();
  }
});

test.run();
