import { Model } from 'objection';

import { IN_MEMORY, loadDatabaseConfig } from '../../src/config.js';
import { type Database, openDatabase } from '../../src/db/database.js';
import { createLogger } from '../../src/logger.js';
import { migrateLatest } from '../../src/migrations/index.js';

// uvu runs every test file in one process. Starting an in-memory PGlite takes seconds, so the
// suites share one database (or one PostgreSQL pool), migrated once; each test empties the table.
// It opens on first use and closes when its last user releases it, so the process can exit.

let opened: Promise<Database> | undefined;
let users = 0;

/**
 * Counts one more user of the shared database until the matching releaseDatabase(). A suite
 * reserves while its file loads, so the database stays open from the first suite to the last.
 */
export function reserveDatabase(): void {
  users++;
}

/** Releases one reservation; the last one closes the database. */
export async function releaseDatabase(): Promise<void> {
  users--;
  if (users > 0 || !opened) return;
  const closing = opened;
  opened = undefined;
  // A database that failed to open has nothing to close; its error was thrown to its users.
  await closing.then(
    (db) => db.close(),
    () => undefined,
  );
}

/**
 * The shared database: in-memory PGlite, or PostgreSQL when DATABASE_URL is set; opened and
 * migrated on first use. Against PostgreSQL the tests empty its tables: give them a database of their own.
 */
export async function sharedDatabase(): Promise<Database> {
  opened ??= open();
  const db = await opened;
  // openDatabase binds the Objection models to the database it opens: a test that opened one of
  // its own (an unreachable server, a fresh schema) left them bound to that.
  Model.knex(db.knex);
  return db;
}

async function open(): Promise<Database> {
  // Only the database settings are read here: no secrets needed.
  const { LOG_LEVEL = 'silent', DATABASE_URL } = process.env;
  const config = loadDatabaseConfig({ DATABASE_URL, DATA_DIR: IN_MEMORY, LOG_LEVEL });
  const db = await openDatabase(config, createLogger(config.logLevel));
  try {
    await migrateLatest(db);
    return db;
  } catch (error) {
    await db.close();
    throw error;
  }
}
