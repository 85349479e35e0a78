import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import { migrateLatest } from '../../src/migrations/index.js';
import { numbered } from '../factory.js';
import { applyNewerMigration, type NewerMigration, type ScratchDatabase, scratchDatabase } from '../scratch-database.js';
import { AUTHORIZATION } from '../tokens.js';
import { spawnServer } from './process.js';

// A rollback: this build starts on a database that a newer build migrated further, as after a
// deploy of v2 is rolled back to v1. It must serve, not crash-loop, and drop nothing.

const UNKNOWN = 'database has migrations this build does not know (applied by a newer build)';

/** The database both tests start on, migrated by this build and then by a "newer" one. */
async function migratedFurther(): Promise<{ scratch: ScratchDatabase; newer: NewerMigration }> {
  const scratch = await scratchDatabase();
  const db = await scratch.open();
  try {
    await migrateLatest(db);
    return { scratch, newer: await applyNewerMigration(db.knex, 'products') };
  } finally {
    await db.close();
  }
}

const test = suite('rollback to this build after a newer one migrated');
// Made by the first test rather than in a before hook: uvu reports a failed hook as 0 tests run.
let database: ReturnType<typeof migratedFurther> | undefined;

test.after(async () => {
  await (await database?.catch(() => undefined))?.scratch.drop();
});

for (const migrateOnStart of ['true', 'false']) {
  test(`MIGRATE_ON_START=${migrateOnStart}: ready, lists, creates and reads; the newer migration is logged once and left alone`, async () => {
    database ??= migratedFurther();
    const { scratch, newer } = await database;
    const spawned = spawnServer(scratch.env.DATA_DIR ?? '', { ...scratch.env, MIGRATE_ON_START: migrateOnStart });
    const server = await spawned.started;
    try {
      assert.is((await fetch(`http://127.0.0.1:${server.managementPort}/health/ready`)).status, 200);
      const api = `http://127.0.0.1:${server.servicePort}/api/products`;
      assert.is((await fetch(api)).status, 200);
      const created = await fetch(api, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: AUTHORIZATION },
        body: JSON.stringify(numbered()),
      });
      assert.is(created.status, 201);
      const { id } = (await created.json()) as { id: number };
      assert.is((await fetch(`${api}/${id}`)).status, 200);

      const warnings = spawned.logs.filter((entry) => entry.msg?.startsWith(UNKNOWN));
      assert.equal(
        warnings.map((entry) => entry.msg),
        [`${UNKNOWN}: ${newer.name}; left alone`],
      );
    } finally {
      server.child.kill('SIGTERM');
    }
    const { code, output } = await server.exit;
    assert.is(code, 0, output);

    const db = await scratch.open();
    try {
      assert.is(await db.knex.schema.hasColumn('products', newer.column), true, "the newer build's column is still there");
      assert.equal((await db.knex('knex_migrations').orderBy('id').pluck('name')).at(-1), newer.name);
    } finally {
      await db.close();
    }
  });
}

test.run();
