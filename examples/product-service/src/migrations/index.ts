import type { Knex } from 'knex';

import type { Database } from '../database.js';

import * as createProducts from './001-create-products.js';

// Names without a file extension: knex records them, and a run under tsx (.ts)
// must match a later run of the compiled code (.js).
const migrations: Record<string, Knex.Migration> = {
  '001-create-products': createProducts,
};

const migrationSource: Knex.MigrationSource<string> = {
  getMigrations: async () => Object.keys(migrations).sort(),
  getMigrationName: (name) => name,
  getMigration: async (name) => {
    const migration = migrations[name];
    if (!migration) throw new Error(`Unknown migration ${name}`);
    return migration;
  },
};

/**
 * Applies every pending migration; returns the names applied in this run. Safe to call from
 * several replicas at once: they take turns under the database's migration lock, and the
 * later ones find nothing left to do.
 */
export async function migrateLatest(db: Pick<Database, 'knex' | 'withMigrationLock'>): Promise<string[]> {
  return db.withMigrationLock(async () => {
    // We hold the lock, so a set knex lock flag can only be left by a migrator that died.
    await db.knex.migrate.forceFreeMigrationsLock({ migrationSource });
    const [, applied] = (await db.knex.migrate.latest({
      migrationSource,
      // All pending migrations run in one transaction: lift DB_STATEMENT_TIMEOUT_MS inside it,
      // a migration may legitimately take longer than any request should.
      beforeAll: async (trx) => {
        await trx.raw('set local statement_timeout = 0');
      },
    })) as [number, string[]];
    return applied;
  });
}

/**
 * Names of the migrations not yet applied. Only reads: with MIGRATE_ON_START=false the
 * service must not create knex's tables itself (and race other replicas doing so).
 */
export async function pendingMigrations(knex: Knex): Promise<string[]> {
  const names = await migrationSource.getMigrations([]);
  if (!(await knex.schema.hasTable('knex_migrations'))) return names;
  const applied = new Set<string>(await knex('knex_migrations').pluck('name'));
  return names.filter((name) => !applied.has(name));
}
