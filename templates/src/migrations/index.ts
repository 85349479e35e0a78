import { readdir } from 'node:fs/promises';

import type { Knex } from 'knex';

import type { Database } from '../db/database.js';

/** A migration is a file of this folder named `NNN-what-it-does.ts` (`.js` once compiled). */
const MIGRATION_FILE = /^(\d{3}-[a-z0-9-]+)\.[jt]s$/;

/**
 * The migrations are the files of this folder, in name order. Their names are recorded without
 * the extension, so a run under tsx (.ts) matches a later run of the compiled code (.js);
 * `npm run migrate:make` only has to write the file.
 */
const migrationSource: Knex.MigrationSource<string> = {
  getMigrations: async () => {
    const names = (await readdir(new URL('.', import.meta.url))).flatMap((file) => MIGRATION_FILE.exec(file)?.[1] ?? []);
    return [...new Set(names)].sort();
  },
  getMigrationName: (name) => name,
  // tsx loads the .ts file for a .js specifier, the compiled code the .js file itself.
  getMigration: (name) => import(`./${name}.js`) as Promise<Knex.Migration>,
};

const migratorConfig: Knex.MigratorConfigWithLifecycleHooks = {
  migrationSource,
  // knex calls applied migrations it does not have "corrupt" and refuses to run. After a rollback
  // to an older build they are a newer build's (see unknownMigrations): left applied, not an error.
  disableMigrationsListValidation: true,
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
  const applied = new Set(await appliedNames(knex));
  return (await migrationSource.getMigrations([])).filter((name) => !applied.has(name));
}

/**
 * Applied migrations this build does not have, in the order they ran: a newer build applied
 * them and this one was rolled back to. They stay applied (their columns and tables stay);
 * this build runs without them. Only reads.
 */
export async function unknownMigrations(knex: Knex): Promise<string[]> {
  const known = new Set(await migrationSource.getMigrations([]));
  return (await appliedNames(knex)).filter((name) => !known.has(name));
}

/** The names in knex's table, in the order they ran; none before the first migration. */
async function appliedNames(knex: Knex): Promise<string[]> {
  if (!(await knex.schema.hasTable('knex_migrations'))) return [];
  return knex('knex_migrations').orderBy('id').pluck('name');
}

/** The last applied migration is not in this build: its `down` is not here to run. */
export class UnknownMigrationError extends Error {
  override name = 'UnknownMigrationError';
}

/**
 * Rolls back the last applied migration (its `down`); returns its name, undefined when none is
 * applied. Throws an UnknownMigrationError when a newer build applied the last one.
 */
export async function rollbackLast(db: Pick<Database, 'knex' | 'withMigrationLock'>): Promise<string | undefined> {
  return db.withMigrationLock(async () => {
    const last = (await appliedNames(db.knex)).at(-1);
    if (last === undefined) return undefined;
    // knex would skip it and roll back the last migration it knows, under the newer one.
    if (!(await migrationSource.getMigrations([])).includes(last)) {
      throw new UnknownMigrationError(`cannot roll back ${last}: this build does not have it (a newer build applied it); roll it back with that build`);
    }
    await db.knex.migrate.forceFreeMigrationsLock({ migrationSource });
    // By name: knex would take the last in name order, which is not the last applied where a
    // release added a migration numbered before the owner's (001-record-who-changed after 002-add-sku).
    const [, rolledBack] = (await db.knex.migrate.down({ ...migratorConfig, name: last })) as [number, string[]];
    return rolledBack[0];
  });
}

export interface MigrationStatus {
  /** `known` is false for a migration a newer build applied (see unknownMigrations). */
  applied: { name: string; appliedAt: Date; known: boolean }[];
  pending: string[];
}

/** The applied migrations in the order they ran, and the pending ones. Only reads, like pendingMigrations. */
export async function migrationStatus(knex: Knex): Promise<MigrationStatus> {
  const hasTable = await knex.schema.hasTable('knex_migrations');
  const rows: { name: string; migration_time: Date }[] = hasTable
    ? await knex('knex_migrations').select('name', 'migration_time').orderBy('id')
    : [];
  const known = new Set(await migrationSource.getMigrations([]));
  return {
    applied: rows.map((row) => ({ name: row.name, appliedAt: new Date(row.migration_time), known: known.has(row.name) })),
    pending: await pendingMigrations(knex),
  };
}
