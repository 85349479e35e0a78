import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import { migrateLatest } from '../../src/migrations/index.js';
import { applyNewerMigration, migrationNames, npmRun, scratchDatabase } from '../scratch-database.js';

// The migration npm scripts as an owner runs them, each in a process of its own; what they
// call (createMigration, migrateLatest, rollbackLast) is tested in-process in test/migrate-commands.test.ts.

const NAMES = await migrationNames();

// ---

const make = suite('npm run migrate:make');

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
    assert.equal(
      appliedLines.map((line) => line.replace(/ {2}\d{4}-\d\d-\d\dT[\d:.]+Z$/, '')),
      NAMES.map((name) => `applied  ${name}`),
    );

    for (const name of [...NAMES].reverse()) {
      const down = await npmRun('migrate:down', [], scratch.env);
      assert.is(down.code, 0, down.stderr);
      assert.match(down.stdout, `rolled back ${name}`);
    }
    assert.is(await tableExists(), false, "the first migration's down() dropped the table");
    const nothing = await npmRun('migrate:down', [], scratch.env);
    assert.is(nothing.code, 0, nothing.stderr);
    assert.match(nothing.stdout, 'no migration to roll back');

    assert.is((await npmRun('migrate', [], scratch.env)).code, 0);
    assert.is(await tableExists(), true);
  } finally {
    await scratch.drop();
  }
});

commands("migrate and migrate:status need only the database, not the service's secrets", async () => {
  const scratch = await scratchDatabase();
  // Empty values count as unset, and ./.env does not override variables that are set.
  const noSecrets = { ...scratch.env, JWT_SECRET: '', AUTH_PASSWORD: '', AUTH_PASSWORD_HASH: '', JWT_JWKS_URI: '' };
  try {
    const migrate = await npmRun('migrate', [], noSecrets);
    assert.is(migrate.code, 0, migrate.stderr);
    const status = await npmRun('migrate:status', [], noSecrets);
    assert.is(status.code, 0, status.stderr);
    assert.match(status.stdout, /^applied {2}/);
  } finally {
    await scratch.drop();
  }
});

commands("after a rollback: status marks the newer build's migration; down refuses it in one line and changes nothing", async () => {
  const scratch = await scratchDatabase();
  try {
    let db = await scratch.open();
    await migrateLatest(db);
    const { name } = await applyNewerMigration(db.knex, 'products').finally(() => db.close());

    const status = await npmRun('migrate:status', [], scratch.env);
    assert.is(status.code, 0, status.stderr);
    assert.match(status.stdout.trimEnd().split('\n').at(-1)!, new RegExp(`^applied  ${name}  \\S+  \\(not in this build\\)$`));

    const down = await npmRun('migrate:down', [], scratch.env);
    assert.is(down.code, 1);
    assert.is(
      down.stderr,
      `cannot roll back ${name}: this build does not have it (a newer build applied it); roll it back with that build\n`,
    );
    db = await scratch.open();
    const applied = await db
      .knex('knex_migrations')
      .orderBy('id')
      .pluck('name')
      .finally(() => db.close());
    assert.equal(applied, [...NAMES, name], 'nothing rolled back');
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
