import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';

import { fail, withDatabase } from './command-line.js';
import type { Database } from '../db/database.js';
import type { Logger } from '../logger.js';
import { migrateLatest, migrationStatus, rollbackLast, UnknownMigrationError } from '../migrations/index.js';
import { createMigration } from '../migrations/new-migration.js';

// `npm run migrate`: applies pending migrations to the configured database and exits.
// `npm run migrate:down`: rolls back the last applied migration.
// `npm run migrate:status`: lists applied and pending migrations.
// `npm run migrate:make -- <name>`: creates the next numbered migration in src/migrations.
const USAGE = 'usage: tsx src/migrate.ts [latest | down | status | make <name>]';
const [command = 'latest', ...args] = process.argv.slice(2);

if (command === 'make') {
  const name = args.join(' ').trim();
  if (!name) fail('Name the migration: npm run migrate:make -- <name>, e.g. npm run migrate:make -- add-sku');
  try {
    const { file } = await createMigration(fileURLToPath(new URL('../migrations/', import.meta.url)), name);
    process.stdout.write(`created ${relative(process.cwd(), file)}\n`);
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
} else if (['latest', 'down', 'status'].includes(command)) {
  await withDatabase((db, logger) => run(command, db, logger));
} else {
  fail(`unknown command "${command}"\n${USAGE}`);
}

async function run(command: string, db: Database, logger: Logger): Promise<void> {
  if (command === 'latest') {
    const applied = await migrateLatest(db);
    logger.info({ applied, database: db.kind }, applied.length ? 'migrations applied' : 'already up to date');
  } else if (command === 'down') {
    let rolledBack: string | undefined;
    try {
      rolledBack = await rollbackLast(db);
    } catch (error) {
      if (!(error instanceof UnknownMigrationError)) throw error;
      // Nothing to debug: one line saying why (no stack), and the database is closed as usual.
      process.stderr.write(`${error.message}\n`);
      process.exitCode = 1;
      return;
    }
    logger.info({ rolledBack, database: db.kind }, rolledBack ? `rolled back ${rolledBack}` : 'no migration to roll back');
  } else {
    // A listing for people, on stdout: one line per migration.
    const { applied, pending } = await migrationStatus(db.knex);
    const lines = [
      ...applied.map(({ name, appliedAt, known }) => `applied  ${name}  ${appliedAt.toISOString()}${known ? '' : '  (not in this build)'}`),
      ...pending.map((name) => `pending  ${name}`),
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  }
}
