import type { Knex } from 'knex';

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

/** Applies every pending migration; returns the names applied in this run. */
export async function migrateLatest(knex: Knex): Promise<string[]> {
  const [, applied] = (await knex.migrate.latest({ migrationSource })) as [number, string[]];
  return applied;
}

