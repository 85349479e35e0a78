import * as assert from 'uvu/assert';
import { suite } from 'uvu';

import { openDatabase, type Database } from '../src/database.js';
import { isDatabaseUnavailable } from '../src/http/errors.js';
import { createLogger } from '../src/logger.js';
import { migrateLatest, pendingMigrations } from '../src/migrations/index.js';
import { testConfig } from './helpers.js';

const logger = createLogger('silent');

/**
 * A fresh, unmigrated database for each replica, all pointing at the same storage: on
 * PostgreSQL a new schema (chosen through search_path) of the DATABASE_URL database, so
 * each replica has its own pool; embedded, one in-memory PGlite shared by all of them.
 */
async function freshDatabases(count: number): Promise<{ replicas: Database[]; drop(): Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (!base) {
    const db = await openDatabase(testConfig(), logger);
    return { replicas: Array.from({ length: count }, () => db), drop: () => db.close() };
  }
  const schema = `migrate_test_${process.pid}_${Date.now()}`;
  const admin = await openDatabase(testConfig(), logger);
  await admin.knex.raw('create schema ??', [schema]);
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const replicas = await Promise.all(
    Array.from({ length: count }, () => openDatabase(testConfig({ DATABASE_URL: url.href }), logger)),
  );
  return {
    replicas,
    drop: async () => {
      await Promise.all(replicas.map((db) => db.close()));
      await admin.knex.raw('drop schema ?? cascade', [schema]);
      await admin.close();
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

// ---

const timeouts = suite('database timeouts');

timeouts('pooled connections carry DB_STATEMENT_TIMEOUT_MS; a query over it answers as unavailable', async () => {
  const db = await openDatabase(testConfig({ DB_STATEMENT_TIMEOUT_MS: '300' }), logger);
  try {
    if (db.kind === 'postgres') {
      const { rows } = await db.knex.raw('show statement_timeout');
      assert.is(rows[0].statement_timeout, '300ms');
      const error = await db.knex.raw('select pg_sleep(2)').catch((caught: { code?: string }) => caught);
      assert.is((error as { code?: string }).code, '57014');
      assert.ok(isDatabaseUnavailable(error), 'a cancelled statement maps to 503');
    } else {
      // PGlite runs queries in this process: the setting does not apply and must not break it.
      assert.equal((await db.knex.raw('select 1 as one')).rows, [{ one: 1 }]);
    }
  } finally {
    await db.close();
  }
});

timeouts.run();
