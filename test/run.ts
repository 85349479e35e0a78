/**
 * Runs every job of the repository (test/support/suites.ts), two at a time by default, each in a
 * process group of its own with its output kept in a log file, and ends with a table of every job
 * and its seconds, then one line `N passed, M failed` summed over all of them. A job that exits
 * non-zero, prints no uvu totals (a crashed setup) or hangs counts as failed, and the run exits 1.
 *
 *   npm test                        everything (builds first)
 *   npm test -- render sweep        only the jobs whose name holds "render" or "sweep", and what they wait for
 *   TEST_JOBS=1 npm test            one job at a time
 *   TEST_LOGS=/tmp/logs npm test    keep the logs there (default: a new folder in the system's temporary folder)
 */
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import { dropCreatedDatabases, freshDatabase } from './support/helpers.js';
import { type Job, type Outcome, withPrerequisites } from './support/runner/job.js';
import { runPool } from './support/runner/pool.js';
import { load, reportEnd, reportStart, table } from './support/runner/report.js';
import { runJob, type Started } from './support/runner/run-job.js';
import { suites } from './support/suites.js';

/**
 * The longest job (the generator's end-to-end layer) takes about 4 minutes alone, and a busy
 * machine has taken three times as long as a quiet one; a job still running after this hangs.
 * It is stopped and counted as failed, so the run still ends with its totals.
 */
const JOB_LIMIT_MS = 20 * 60_000;

const width = Number(process.env.TEST_JOBS ?? 2);
if (!Number.isInteger(width) || width < 1) throw new Error(`TEST_JOBS must be a whole number of at least 1, got ${process.env.TEST_JOBS}`);
const filters = process.argv.slice(2);
const jobs = withPrerequisites(filters.length === 0 ? suites : suites.filter((job) => filters.some((text) => job.name.includes(text))));
if (jobs.length === 0) throw new Error(`no job's name holds ${filters.map((text) => JSON.stringify(text)).join(' or ')}`);
const logs = process.env.TEST_LOGS ? resolve(process.env.TEST_LOGS) : mkdtempSync(join(tmpdir(), 'create-item-service-logs-'));
mkdirSync(logs, { recursive: true });
const serverUrl = process.env.DATABASE_URL;
const running = new Set<Started>();

// Stopped from outside (Ctrl-C, CI's timeout): the jobs' process groups go too, and the databases made for them.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    for (const job of running) job.stop();
    void dropCreatedDatabases().finally(() => process.exit(1));
  });
}

/** The job's environment: its own variables, a fresh database when it asks for one. */
async function environment(job: Job): Promise<NodeJS.ProcessEnv> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const [name, value] of Object.entries(job.env ?? {})) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  if (job.database) {
    if (!serverUrl) throw new Error('DATABASE_URL is not set (bash .ci/run starts PostgreSQL and sets it)');
    env.DATABASE_URL = await freshDatabase(serverUrl, job.database);
  }
  return env;
}

async function start(job: Job): Promise<Outcome> {
  if (job.missing && process.env.CI !== 'true') return { passed: 0, failed: 0, seconds: 0, skipped: true, note: job.missing };
  if (job.missing) return { passed: 0, failed: 1, seconds: 0, note: job.missing };
  let env: NodeJS.ProcessEnv;
  try {
    env = await environment(job);
  } catch (error) {
    return { passed: 0, failed: 1, seconds: 0, note: `setup failed: ${(error as Error).message}` };
  }
  reportStart(job);
  const log = join(logs, `${String(jobs.indexOf(job) + 1).padStart(2, '0')}-${job.name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '').toLowerCase()}.log`);
  const started = runJob(job, env, log, JOB_LIMIT_MS);
  running.add(started);
  const outcome = await started.done;
  running.delete(started);
  return outcome;
}

const began = Date.now();
console.log(`${jobs.length} jobs, ${width} at a time; logs in ${logs}; load average ${load()}`);
const outcomes = await runPool(jobs, width, start, reportEnd);
await dropCreatedDatabases();
const passed = [...outcomes.values()].reduce((sum, outcome) => sum + outcome.passed, 0);
const failed = [...outcomes.values()].reduce((sum, outcome) => sum + outcome.failed, 0);
console.log(`\n${table(jobs, outcomes, Math.round((Date.now() - began) / 1000), width)}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
