/**
 * A generated project's migrations run from its folder (its own src/migrations/index.ts, imported
 * as TypeScript), and the schema they leave: for the lifecycle tests that compare what two
 * projects' migrations, or a migration and its down, make of a database.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

import type { Knex } from 'knex';

/** What the project's registry needs of a database: the migrations lock is the test's (one process). */
export interface MigrationTarget {
  knex: Knex;
  withMigrationLock: <T>(task: () => Promise<T>) => Promise<T>;
}

/** The generated project's own migrations registry, imported from its folder. */
export interface Registry {
  migrateLatest(db: MigrationTarget): Promise<string[]>;
  rollbackLast(db: MigrationTarget): Promise<string | undefined>;
}

export async function registry(dir: string): Promise<Registry> {
  return (await import(pathToFileURL(join(dir, 'src/migrations/index.ts')).href)) as Registry;
}

export const migrationTarget = (knex: Knex): MigrationTarget => ({ knex, withMigrationLock: (task) => task() });

/**
 * A knex on a database for the test: with DATABASE_URL, on that server, one connection (so a
 * `set search_path` holds for every later query); without, an embedded PGlite in memory.
 */
export async function testKnex(url: string | undefined = process.env.DATABASE_URL): Promise<Knex> {
  const { default: knexFactory } = await import('knex');
  if (url) return knexFactory({ client: 'pg', connection: url, pool: { min: 1, max: 1 } });
  const { default: ClientPgLite } = await import('knex-pglite');
  return knexFactory({ client: ClientPgLite, connection: {} });
}

/**
 * Runs `task` in a new, empty schema of `knex` (chosen through search_path, so a project's
 * migrations create their tables and knex's own there), dropped afterwards.
 */
export async function inScratchSchema<T>(knex: Knex, name: string, task: () => Promise<T>): Promise<T> {
  await knex.raw('create schema ??', [name]);
  await knex.raw('set search_path to ??', [name]);
  try {
    return await task();
  } finally {
    await knex.raw('set search_path to default');
    await knex.raw('drop schema if exists ?? cascade', [name]);
  }
}

/**
 * Every table of the current schema as the database describes it: columns (type, length,
 * precision, nullability, default), constraints (with their definitions) and indexes, each by
 * name. Two schemas with equal descriptions accept and refuse the same rows and serve the same
 * queries from the same indexes.
 */
export async function schemaOf(knex: Knex): Promise<unknown> {
  const columns = await knex.raw(
    'select table_name, column_name, data_type, character_maximum_length, numeric_precision, numeric_scale, is_nullable, column_default ' +
      'from information_schema.columns where table_schema = current_schema() order by table_name, column_name',
  );
  const constraints = await knex.raw(
    'select conrelid::regclass::text as table_name, conname, pg_get_constraintdef(oid) as definition from pg_constraint ' +
      'where connamespace = current_schema()::regnamespace order by table_name, conname',
  );
  const indexes = await knex.raw('select tablename, indexname, indexdef from pg_indexes where schemaname = current_schema() order by tablename, indexname');
  // An index's definition names its table with the schema: two schemas compare without it.
  const [{ schema }] = (await knex.raw('select current_schema() as schema')).rows as [{ schema: string }];
  const unqualified = (indexdef: string) => indexdef.replaceAll(` ON ${schema}.`, ' ON ');
  return {
    columns: columns.rows,
    constraints: constraints.rows,
    indexes: (indexes.rows as { indexdef: string }[]).map((index) => ({ ...index, indexdef: unqualified(index.indexdef) })),
  };
}

/** Where a schema test runs: the embedded database always, and DATABASE_URL's server when it is set. */
export function testDatabases(): { label: string; url: string | undefined }[] {
  const url = process.env.DATABASE_URL;
  return [{ label: 'embedded PGlite', url: undefined }, ...(url ? [{ label: 'PostgreSQL', url }] : [])];
}
