import type { Knex } from 'knex';

import type { Database } from '../database.js';

import * as createProducts from './001-create-products.js';
import * as indexProductsForLists from './001-index-products-for-lists.js';

// Names without a file extension: knex records them, and a run under tsx (.ts)
// must match a later run of the compiled code (.js).
const migrations: Record<string, Knex.Migration> = {
  '001-create-products': createProducts,
  '001-index-products-for-lists': indexProductsForLists,
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

const migratorConfig: Knex.MigratorConfigWithLifecycleHooks = {
  migrationSource,
  // A batch of migrations runs in one transaction: lift DB_STATEMENT_TIMEOUT_MS inside it,
  // a migration may legitimately take longer than any request should.
  beforeAll: async (trx) => {
    await trx.raw('set local statement_timeout = 0');
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
    const [, applied] = (await db.knex.migrate.latest(migratorConfig)) as [number, string[]];
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

/** Rolls back the last applied migration (its `down`); returns its name, undefined when none is applied. */
export async function rollbackLast(db: Pick<Database, 'knex' | 'withMigrationLock'>): Promise<string | undefined> {
  return db.withMigrationLock(async () => {
    if (!(await db.knex.schema.hasTable('knex_migrations'))) return undefined;
    await db.knex.migrate.forceFreeMigrationsLock({ migrationSource });
    const [, rolledBack] = (await db.knex.migrate.down(migratorConfig)) as [number, string[]];
    return rolledBack[0];
  });
}

export interface MigrationStatus {
  applied: { name: string; appliedAt: Date }[];
  pending: string[];
}

/** The applied migrations in the order they ran, and the pending ones. Only reads, like pendingMigrations. */
export async function migrationStatus(knex: Knex): Promise<MigrationStatus> {
  const hasTable = await knex.schema.hasTable('knex_migrations');
  const rows: { name: string; migration_time: Date }[] = hasTable
    ? await knex('knex_migrations').select('name', 'migration_time').orderBy('id')
    : [];
  return {
    applied: rows.map((row) => ({ name: row.name, appliedAt: new Date(row.migration_time) })),
    pending: await pendingMigrations(knex),
  };
}
