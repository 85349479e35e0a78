/**
 * Runs every test suite of the repository (test/support/suites.ts) one after another, each in
 * its own process, and ends with one line `N passed, M failed` summed over all of them. A suite
 * that exits non-zero, or that prints no uvu totals (a crashed setup), counts as failed, and the
 * run exits 1.
 */
import { spawn } from 'node:child_process';

import { dropCreatedDatabases, freshDatabase } from './support/helpers.js';
import { suites } from './support/suites.js';

const databaseUrl = process.env.DATABASE_URL;

/**
 * The longest suite (the sweep) takes about 13 minutes alone; one still running after this hangs.
 * It is stopped and counted as failed, so that the run ends with its totals within CI's 90
 * minutes instead of being cut off without them (a sweep that hung before its first spec once
 * did that). The margin is wide: a busy machine once took over 25 minutes for the sweep.
 */
const SUITE_LIMIT_MS = 40 * 60_000;

interface SuiteRun {
  stdout: string;
  stderr: string;
  status: number | null;
  timedOut: boolean;
}

/** Runs `npm run <script>` in its own process group, so that a suite that hangs is stopped whole: npm, its shell and their node processes. */
function runSuite(script: string, cwd: string | undefined, env: NodeJS.ProcessEnv): Promise<SuiteRun> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', script], { cwd, env, detached: true });
    const stdout: string[] = [];
    const stderr: string[] = [];
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => stdout.push(chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => stderr.push(chunk));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      process.kill(-(child.pid as number), 'SIGKILL');
    }, SUITE_LIMIT_MS);
    child.on('error', reject);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ stdout: stdout.join(''), stderr: stderr.join(''), status, timedOut });
    });
  });
}

/**
 * uvu has no machine-readable reporter: its closing block (`Total:`, `Passed:`) is the report,
 * read once its colours are stripped. (NO_COLOR would leave it plain, but Node warns on stderr
 * wherever a test sets FORCE_COLOR for a child, and tests read stderr.)
 */
function parseTotals(colored: string): { passed: number; failed: number } | undefined {
  const output = colored.replace(/\u001b\[[0-9;]*m/g, '');
  const total = /^\s*Total:\s+(\d+)\s*$/m.exec(output);
  const passed = /^\s*Passed:\s+(\d+)\s*$/m.exec(output);
  if (!total || !passed) return undefined;
  return { passed: Number(passed[1]), failed: Number(total[1]) - Number(passed[1]) };
}

let passed = 0;
let failed = 0;
const started = Date.now();
for (const suite of suites) {
  console.log(`\n=== ${suite.name} ===`);
  const env: NodeJS.ProcessEnv = { ...process.env, ...suite.env };
  if (suite.missing && process.env.CI !== 'true') {
    console.log(`skipped (not counted): ${suite.missing}`);
    continue;
  }
  const suiteStarted = Date.now();
  try {
    if (suite.missing) throw new Error(suite.missing);
    suite.prepare?.();
    if (suite.database) {
      if (!databaseUrl) throw new Error('DATABASE_URL is not set (bash .ci/run starts PostgreSQL and sets it)');
      env.DATABASE_URL = await freshDatabase(databaseUrl, suite.database);
    }
  } catch (error) {
    console.log(`${suite.name}: setup failed, counted as one failure: ${(error as Error).message}`);
    failed += 1;
    continue;
  }
  if (env.DATABASE_URL === '') delete env.DATABASE_URL;
  const result = await runSuite(suite.script ?? 'test', suite.cwd, env);
  process.stdout.write(result.stdout);
  process.stderr.write(result.stderr);
  const totals = parseTotals(result.stdout);
  const seconds = Math.round((Date.now() - suiteStarted) / 1000);
  if (result.timedOut) {
    console.log(`${suite.name}: still running after ${SUITE_LIMIT_MS / 60_000} minutes, stopped; counted as one failure`);
    failed += 1;
    continue;
  }
  if (!totals) {
    console.log(`${suite.name}: no test totals printed (exit code ${result.status}); counted as one failure`);
    failed += 1;
    continue;
  }
  console.log(`${suite.name}: ${totals.passed} passed, ${totals.failed} failed in ${seconds} s`);
  passed += totals.passed;
  failed += totals.failed;
  if (result.status !== 0 && totals.failed === 0) {
    console.log(`${suite.name}: exited with ${result.status} although every test passed; counted as one failure`);
    failed += 1;
  }
}

await dropCreatedDatabases();
console.log(`\nall suites in ${Math.round((Date.now() - started) / 1000)} s`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
