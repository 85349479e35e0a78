import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { Knex } from 'knex';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import type { Database } from '../src/database.js';
import { createMigration, migrationSlug } from '../src/migrations/new-migration.js';
import { npmRun, scratchDatabase } from './scratch-database.js';

const MIGRATIONS = join(import.meta.dirname, '../src/migrations');
/** The project's migrations, in order: 001-create-products and any added since. */
const NAMES = (await readdir(MIGRATIONS)).flatMap((file) => /^(\d{3}-.+)\.ts$/.exec(file)?.[1] ?? []).sort();
const next = (step: number) => String(Number(NAMES.at(-1)!.slice(0, 3)) + step).padStart(3, '0');

/** A copy of src/migrations (the registry and the migrations, not the tooling) to create migrations in. */
async function migrationsCopy(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'migrations-'));
  await cp(MIGRATIONS, dir, { recursive: true, filter: (path) => !path.endsWith('new-migration.ts') });
  return dir;
}

async function applied(knex: Knex): Promise<string[]> {
  return knex('knex_migrations').orderBy('id').pluck('name');
}

// ---

const make = suite('npm run migrate:make');

make('names: words, camelCase and snake_case become a kebab-case name; nothing usable is refused', () => {
  assert.is(migrationSlug('Add SKU'), 'add-sku');
  assert.is(migrationSlug('addSkuIndex'), 'add-sku-index');
  assert.is(migrationSlug('drop_old_column'), 'drop-old-column');
  for (const name of ['', '!!!', '42', '-']) assert.is(migrationSlug(name), undefined, name);
});

make('creates the next numbered migration with up and down, registered in index.ts, and it runs both ways', async () => {
  const dir = await migrationsCopy();
  const scratch = await scratchDatabase();
  let db: Database | undefined;
  try {
    const first = await createMigration(dir, 'add sku');
    const second = await createMigration(dir, 'create products');
    const made = [`${next(1)}-add-sku`, `${next(2)}-create-products`];
    assert.equal([first.name, second.name], made);
    const created = await readFile(first.file, 'utf8');
    assert.match(created, /export async function up\(knex: Knex\): Promise<void>/);
    assert.match(created, /export async function down\(knex: Knex\): Promise<void>/);
    assert.match(created, /alterTable\('products'/);

    // The copied registry, with both new migrations, drives a real database.
    const registry = (await import(join(dir, 'index.ts'))) as typeof import('../src/migrations/index.js');
    db = await scratch.open();
    assert.equal(await registry.migrateLatest(db), [...NAMES, ...made]);
    assert.is(await registry.rollbackLast(db), made[1]);
    assert.equal(await applied(db.knex), [...NAMES, made[0]]);
    assert.equal((await registry.migrationStatus(db.knex)).pending, [made[1]]);
  } finally {
    await db?.close();
    await scratch.drop();
    await rm(dir, { recursive: true, force: true });
  }
});

make('refuses a name it cannot use and writes nothing', async () => {
  const dir = await migrationsCopy();
  try {
    const before = await readdir(dir);
    const index = await readFile(join(dir, 'index.ts'), 'utf8');
    const error = await createMigration(dir, '!!!').catch((caught: Error) => caught);
    assert.instance(error, Error);
    assert.match((error as Error).message, /cannot name a migration/);
    assert.equal(await readdir(dir), before);
    assert.is(await readFile(join(dir, 'index.ts'), 'utf8'), index);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

make('the npm script without a name says how to call it', async () => {
  const result = await npmRun('migrate:make', [], {});
  assert.is(result.code, 1);
  assert.match(result.stderr, /npm run migrate:make -- <name>/);
});

make.run();

// ---

const commands = suite('npm run migrate:status, migrate:down and migrate');

commands('status lists pending then applied migrations; down rolls back the last one each time; migrate re-applies them', async () => {
  const scratch = await scratchDatabase();
  const tableExists = async () => {
    const db = await scratch.open();
    try {
      return await db.knex.schema.hasTable('products');
    } finally {
      await db.close();
    }
  };
  try {
    const fresh = await npmRun('migrate:status', [], scratch.env);
    assert.is(fresh.code, 0, fresh.stderr);
    assert.is(fresh.stdout, NAMES.map((name) => `pending  ${name}\n`).join(''));

    const migrate = await npmRun('migrate', [], scratch.env);
    assert.is(migrate.code, 0, migrate.stderr);
    const status = await npmRun('migrate:status', [], scratch.env);
    const appliedLines = status.stdout.trimEnd().split('\n');
    assert.equal(appliedLines.map((line) => line.replace(/ {2}\d{4}-\d\d-\d\dT[\d:.]+Z$/, '')), NAMES.map((name) => `applied  ${name}`));

    for (const name of [...NAMES].reverse()) {
      const down = await npmRun('migrate:down', [], scratch.env);
      assert.is(down.code, 0, down.stderr);
      assert.match(down.stdout, `rolled back ${name}`);
    }
    assert.is(await tableExists(), false, 'the first migration\'s down() dropped the table');
    const nothing = await npmRun('migrate:down', [], scratch.env);
    assert.is(nothing.code, 0, nothing.stderr);
    assert.match(nothing.stdout, 'no migration to roll back');

    assert.is((await npmRun('migrate', [], scratch.env)).code, 0);
    assert.is(await tableExists(), true);
  } finally {
    await scratch.drop();
  }
});

commands('an unknown command is refused with the usage', async () => {
  const result = await npmRun('migrate', ['sideways'], {});
  assert.is(result.code, 1);
  assert.match(result.stderr, /unknown command "sideways"/);
});

commands.run();
