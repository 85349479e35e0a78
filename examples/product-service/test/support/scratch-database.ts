import { readdir } from 'node:fs/promises';
import { join } from 'node:path';

import type { Knex } from 'knex';

import { type Database, openDatabase } from '../../src/db/database.js';
import { createLogger } from '../../src/logger.js';
import { testConfig } from './helpers.js';
import { releaseDatabase, reserveDatabase, sharedDatabase } from './shared-database.js';

const root = join(import.meta.dirname, '../..');

/** The project's migrations, in order (001-... and any added since), as the registry names them. */
export async function migrationNames(): Promise<string[]> {
  const files = await readdir(join(root, 'src/migrations'));
  return files.flatMap((file) => /^(\d{3}-.+)\.ts$/.exec(file)?.[1] ?? []).sort();
}

/** A migration of a newer build of this service, which this build does not have. */
export interface NewerMigration {
  name: string;
  /** The nullable column it added to the table. */
  column: string;
}

/**
 * Does to a migrated database what a newer build's next migration would (one nullable column,
 * as an optional field adds) and records it in knex_migrations as knex does, in a batch of its
 * own: the database that a rollback to this build finds.
 */
export async function applyNewerMigration(knex: Knex, table: string): Promise<NewerMigration> {
  const last = (await migrationNames()).at(-1)!;
  const name = `${String(Number(last.slice(0, 3)) + 1).padStart(3, '0')}-add-newer-build-note`;
  const column = 'newer_build_note';
  await knex.transaction(async (trx) => {
    await trx.schema.alterTable(table, (columns) => void columns.string(column, 200).nullable());
    const batch: number = await trx('knex_migrations')
      .max('batch')
      .first()
      .then((row) => Number(row?.max));
    await trx('knex_migrations').insert({ name, batch: batch + 1, migration_time: new Date() });
  });
  return { name, column };
}

export interface ScratchSchema {
  open(): Promise<Database>;
  drop(): Promise<void>;
}

/**
 * An empty schema for this process's own use, with DATABASE_URL or without: cheaper than a
 * scratchDatabase() on the embedded database, which would start a second PGlite. The embedded
 * database has a single session: while opened, the shared database sees only this schema.
 */
export async function scratchSchema(): Promise<ScratchSchema> {
  if (process.env.DATABASE_URL) return postgresSchema(process.env.DATABASE_URL);
  reserveDatabase();
  const shared = await sharedDatabase();
  const schema = scratchName();
  await shared.knex.raw('create schema ??', [schema]);
  return {
    open: async () => {
      await shared.knex.raw('set search_path to ??', [schema]);
      return { ...shared, close: async () => void (await shared.knex.raw('set search_path to default')) };
    },
    drop: async () => {
      await shared.knex.raw('drop schema ?? cascade', [schema]);
      await releaseDatabase();
    },
  };
}

const scratchName = () => `scratch_${process.pid}_${Date.now()}`;

export interface ScratchDatabase extends ScratchSchema {
  /** The variables that point a command at this database (and at no other). */
  env: Record<string, string>;
}

/** A new schema of the PostgreSQL database at `base`, for this process and for commands in child processes. */
export async function postgresSchema(base: string): Promise<ScratchDatabase> {
  const schema = scratchName();
  const admin = await openDatabase(testConfig(), createLogger('silent'));
  await admin.knex.raw('create schema ??', [schema]);
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const env = { DATABASE_URL: url.href };
  return {
    env,
    open: () => openDatabase(testConfig(env), createLogger('silent')),
    drop: async () => {
      await admin.knex.raw('drop schema ?? cascade', [schema]);
      await admin.close();
    },
  };
}
