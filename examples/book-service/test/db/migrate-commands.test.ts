import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

import type { Knex } from 'knex';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import type { Database } from '../../src/db/database.js';
import {
  migrateLatest,
  migrationStatus,
  pendingMigrations,
  rollbackLast,
  UnknownMigrationError,
  unknownMigrations,
} from '../../src/migrations/index.js';
import { createMigration, migrationSlug } from '../../src/migrations/new-migration.js';
import { applyNewerMigration, migrationNames, scratchSchema } from '../support/scratch-database.js';

const MIGRATIONS = join(import.meta.dirname, '../../src/migrations');
const NAMES = await migrationNames();
const next = (step: number) => String(Number(NAMES.at(-1)!.slice(0, 3)) + step).padStart(3, '0');

/**
 * A copy of src (the migrations' registry and migrations, and what a migration imports: a refusal
 * is a StartupError) without the tooling, to create migrations in; its migrations folder. Remove its parent.
 */
async function migrationsCopy(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'migrations-'));
  await cp(dirname(MIGRATIONS), root, { recursive: true, filter: (path) => !path.endsWith('new-migration.ts') });
  return join(root, 'migrations');
}

async function applied(knex: Knex): Promise<string[]> {
  return knex('knex_migrations').orderBy('id').pluck('name');
}

// ---

const make = suite('creating a migration');

make('names: words, camelCase and snake_case become a kebab-case name; nothing usable is refused', () => {
  assert.is(migrationSlug('Add SKU'), 'add-sku');
  assert.is(migrationSlug('addSkuIndex'), 'add-sku-index');
  assert.is(migrationSlug('drop_old_column'), 'drop-old-column');
  for (const name of ['', '!!!', '42', '-']) assert.is(migrationSlug(name), undefined, name);
});

make("creates the next numbered migration with up and down, which the folder's registry runs both ways", async () => {
  const dir = await migrationsCopy();
  const scratch = await scratchSchema();
  let db: Database | undefined;
  try {
    const first = await createMigration(dir, 'add sku');
    const second = await createMigration(dir, 'create books');
    const made = [`${next(1)}-add-sku`, `${next(2)}-create-books`];
    assert.equal([first.name, second.name], made);
    const created = await readFile(first.file, 'utf8');
    assert.match(created, /export async function up\(knex: Knex\): Promise<void>/);
    assert.match(created, /export async function down\(knex: Knex\): Promise<void>/);
    assert.match(created, /alterTable\('books'/);

    // The copied registry finds both new migrations in its folder and drives a real database.
    const registry = (await import(join(dir, 'index.ts'))) as typeof import('../../src/migrations/index.js');
    db = await scratch.open();
    assert.equal(await registry.migrateLatest(db), [...NAMES, ...made]);
    assert.is(await registry.rollbackLast(db), made[1]);
    assert.equal(await applied(db.knex), [...NAMES, made[0]]);
    assert.equal((await registry.migrationStatus(db.knex)).pending, [made[1]]);
  } finally {
    await db?.close();
    await scratch.drop();
    await rm(dirname(dir), { recursive: true, force: true });
  }
});

make('refuses a name it cannot use and writes nothing', async () => {
  const dir = await migrationsCopy();
  try {
    const before = await readdir(dir);
    const error = await createMigration(dir, '!!!').catch((caught: Error) => caught);
    assert.instance(error, Error);
    assert.match((error as Error).message, /cannot name a migration/);
    assert.equal(await readdir(dir), before);
  } finally {
    await rm(dirname(dir), { recursive: true, force: true });
  }
});

make.run();

// ---

const newer = suite('a database a newer build migrated further (a rollback)');

newer('its migrations are left applied and reported, not called corrupt; migrate:down refuses to pass over them', async () => {
  const scratch = await scratchSchema();
  const db = await scratch.open();
  try {
    await migrateLatest(db);
    const { name, column } = await applyNewerMigration(db.knex, 'books');

    assert.equal(await migrateLatest(db), [], 'migrating again applies nothing and throws nothing');
    assert.equal(await pendingMigrations(db.knex), []);
    assert.equal(await unknownMigrations(db.knex), [name]);
    const status = await migrationStatus(db.knex);
    assert.equal(
      status.applied.map((migration) => [migration.name, migration.known]),
      [...NAMES.map((known) => [known, true]), [name, false]],
    );

    const error = await rollbackLast(db).catch((caught: Error) => caught);
    assert.instance(error, UnknownMigrationError);
    assert.is(
      (error as Error).message,
      `cannot roll back ${name}: this build does not have it (a newer build applied it); roll it back with that build`,
    );
    assert.equal(await applied(db.knex), [...NAMES, name], 'nothing rolled back');
    assert.is(await db.knex.schema.hasColumn('books', column), true, 'the newer column is still there');
  } finally {
    await db.close();
    await scratch.drop();
  }
});

newer.run();
