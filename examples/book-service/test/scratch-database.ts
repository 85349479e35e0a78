import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

import type { Knex } from 'knex';

import { type Database, openDatabase } from '../src/database.js';
import { createLogger } from '../src/logger.js';
import { testConfig } from './helpers.js';
import { releaseDatabase, reserveDatabase, sharedDatabase } from './shared-database.js';
import { AUTH_ENV } from './tokens.js';

const root = join(import.meta.dirname, '..');

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

export interface ScratchDatabase extends ScratchSchema {
  /** The variables that point a command at this database (and at no other). */
  env: Record<string, string>;
}

/**
 * An empty, unmigrated database for commands run in a child process: with DATABASE_URL, a new
 * schema of that database (chosen through search_path); without, the embedded database in a
 * new folder.
 */
export async function scratchDatabase(): Promise<ScratchDatabase> {
  if (process.env.DATABASE_URL) return postgresSchema(process.env.DATABASE_URL);
  const dataDir = await mkdtemp(join(tmpdir(), 'scratch-data-'));
  await cp(await emptyDataDir(), dataDir, { recursive: true });
  const env = { DATABASE_URL: '', DATA_DIR: dataDir };
  return {
    env,
    open: () => openDatabase(testConfig(env), createLogger('silent')),
    drop: () => rm(dataDir, { recursive: true, force: true }),
  };
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

async function postgresSchema(base: string): Promise<ScratchDatabase> {
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

let emptyDir: Promise<string> | undefined;

/**
 * An initialised, empty embedded data folder, made once per test process and removed when it
 * exits: initialising a data folder takes seconds, copying one a fraction of a second.
 */
function emptyDataDir(): Promise<string> {
  emptyDir ??= (async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'scratch-empty-'));
    process.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
    const db = await openDatabase(testConfig({ DATABASE_URL: '', DATA_DIR: dataDir }), createLogger('silent'));
    await db.close();
    return dataDir;
  })();
  return emptyDir;
}

export interface ScriptResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `npm run <script> -- <args>` in the project, as its owner would, with the test credentials. */
export async function npmRun(script: string, args: string[], env: Record<string, string>): Promise<ScriptResult> {
  const run = promisify(execFile);
  try {
    const { stdout, stderr } = await run('npm', ['run', '--silent', script, '--', ...args], {
      cwd: root,
      env: { ...process.env, ...AUTH_ENV, LOG_LEVEL: 'info', ...env },
      timeout: 60_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const { code, stdout, stderr } = error as { code?: number; stdout: string; stderr: string };
    return { code: typeof code === 'number' ? code : -1, stdout, stderr };
  }
}
