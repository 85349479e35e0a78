import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

import { createLogger } from '../../src/logger.js';
import { openDatabase } from '../../src/db/database.js';
import { testConfig } from '../support/helpers.js';
import { postgresSchema, type ScratchDatabase } from '../support/scratch-database.js';
import { AUTH_ENV } from '../support/tokens.js';
import { projectDir } from './process.js';

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
      cwd: projectDir,
      env: { ...process.env, ...AUTH_ENV, LOG_LEVEL: 'info', ...env },
      timeout: 60_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const { code, stdout, stderr } = error as { code?: number; stdout: string; stderr: string };
    return { code: typeof code === 'number' ? code : -1, stdout, stderr };
  }
}
